//! A variant of El Golfo (issue 34), as `golfo.Rules`' variant settings name it: the deck
//! (ranks and suits), the deals, the discard and betting rounds played, the cards counted in
//! a suit, fixed-limit betting, the most raises of a round, the table sizes; and what follows
//! from them (`golfo.variant.Shape`): the deck as a mask, the phase after each phase played,
//! the best value, the fewest seats a game goes on with.  Built once, with the rules, so that
//! the reducer reads tables instead of working them out at every step; kept once per process
//! and referred to (`&'static`), so that the state (`Core`, copied at every node of a perft)
//! carries a pointer, not the tables.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::state::Phase;

/// Per number of cards counted (1..5, at `[counted - 1]`) and per 7-bit suit mask, the sum of
/// its `counted` highest ranks: built at compile time.
static SUIT_VALUES: [[u8; 128]; 5] = {
    let mut out = [[0u8; 128]; 5];
    let mut c = 0;
    while c < 5 {
        let mut b = 0;
        while b < 128 {
            let mut sum = 0u8;
            let mut taken = 0;
            let mut i = 7;
            while i > 0 {
                i -= 1;
                if b >> i & 1 == 1 && taken <= c {
                    sum += (i + 3) as u8;
                    taken += 1;
                }
            }
            out[c][b] = sum;
            b += 1;
        }
        c += 1;
    }
    out
};

/// The best total of at most `counted` cards (1..5) of one suit of `mask`: a hand's value
/// when `counted` cards of a suit count.
#[inline]
pub fn value_counting(mask: u32, counted: u8) -> u8 {
    let table = &SUIT_VALUES[(counted as usize).clamp(1, 5) - 1];
    let a = table[(mask & 127) as usize];
    let b = table[(mask >> 7 & 127) as usize];
    let c = table[(mask >> 14 & 127) as usize];
    let d = table[(mask >> 21 & 127) as usize];
    a.max(b).max(c).max(d)
}

/// A variant: its settings and the tables that follow from them.  Build one with
/// [`Variant::new`] (or take [`Variant::EL_GOLFO`]); the fields are read through methods, so
/// that the tables always agree with the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    ranks: u8,
    suits: u8,
    deal_sizes: [u8; 2],
    discard_rounds: u8,
    betting_rounds: u8,
    cards_counted: u8,
    bet_sizes: Option<[i64; 4]>,
    max_raises: Option<i64>,
    table_sizes: u8,
    deck: u32,
    after: [Phase; 11],
    best_value: u8,
    limited: bool,
}

/// Why settings make no variant that can be played (golfo's `RulesError`; golfo checks
/// first, so the bindings never see one from rules golfo made).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError(pub String);

impl Variant {
    /// El Golfo's own: 28 cards, deals of 2 and 3, two discard rounds, four betting rounds,
    /// four cards counted, no limit, 3 or 4 seats.
    pub const EL_GOLFO: Variant = Variant {
        ranks: 0x7F,
        suits: 0xF,
        deal_sizes: [2, 3],
        discard_rounds: 2,
        betting_rounds: 0xF,
        cards_counted: 4,
        bet_sizes: None,
        max_raises: None,
        table_sizes: 1 << 3 | 1 << 4,
        deck: (1 << 28) - 1,
        after: [
            Phase::Bet1,
            Phase::Deal2,
            Phase::Bet2,
            Phase::Discard1,
            Phase::Bet3,
            Phase::Discard2,
            Phase::Bet4,
            Phase::Showdown,
            Phase::Showdown,
            Phase::Showdown,
            Phase::Showdown,
        ],
        best_value: 30,
        limited: false,
    };

    /// The variant of these settings, as `golfo.Rules` takes them: `ranks` some of 3..9,
    /// `suits` suit indices 0..3, `betting_rounds` some of 1..4, `table_sizes` some of 2..4;
    /// [`VariantError`] for settings golfo refuses (the same checks, shorter words).  The
    /// variant is kept for the life of the process, one copy of each (interned).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        ranks: &[u8],
        suits: &[u8],
        deal_sizes: [u8; 2],
        discard_rounds: u8,
        betting_rounds: &[u8],
        cards_counted: u8,
        bet_sizes: Option<[i64; 4]>,
        max_raises: Option<i64>,
        table_sizes: &[u8],
    ) -> Result<&'static Variant, VariantError> {
        let fail = |what: &str| Err(VariantError(what.to_string()));
        let set = |items: &[u8], low: u8, high: u8| -> Option<u8> {
            let mut mask = 0u8;
            for &x in items {
                if !(low..=high).contains(&x) || mask >> (x - low) & 1 == 1 {
                    return None;
                }
                mask |= 1 << (x - low);
            }
            (mask != 0).then_some(mask)
        };
        let Some(rank_mask) = set(ranks, 3, 9) else {
            return fail("ranks: distinct, 3..9, at least one");
        };
        let Some(suit_mask) = set(suits, 0, 3) else {
            return fail("suits: distinct, 0..3, at least one");
        };
        let Some(rounds) = set(betting_rounds, 1, 4) else {
            return fail("betting_rounds: distinct, 1..4, at least one");
        };
        let Some(sizes) = set(table_sizes, 2, 4) else {
            return fail("table_sizes: distinct, 2..4, at least one");
        };
        let [n1, n2] = deal_sizes;
        if n1 < 1 || n1 + n2 > 5 {
            return fail("deal_sizes: the first >= 1, five cards at most");
        }
        if discard_rounds > 2 || !(1..=5).contains(&cards_counted) {
            return fail("discard_rounds 0..2, cards_counted 1..5");
        }
        if bet_sizes.is_some_and(|s| s.iter().any(|&x| x < 1)) || max_raises.is_some_and(|m| m < 0)
        {
            return fail("bet_sizes >= 1, max_raises >= 0");
        }
        // the phases played, in order (golfo.variant.Shape.of)
        let played = |p: Phase| match p {
            Phase::Deal2 => n2 > 0,
            Phase::Discard1 => discard_rounds >= 1,
            Phase::Discard2 => discard_rounds >= 2,
            _ if p.betting_round() > 0 => rounds >> (p.betting_round() - 1) & 1 == 1,
            _ => true,
        };
        let mut phases = [Phase::Showdown; 9];
        let mut n = 0;
        for &p in &Phase::ALL[..9] {
            if played(p) {
                phases[n] = p;
                n += 1;
            }
        }
        let mut after = [Phase::Showdown; 11]; // indexed by any phase: no bounds check
        for k in 1..n {
            let (a, b) = (phases[k - 1], phases[k]);
            if a.betting_round() > 0 && b.betting_round() > 0 {
                return fail("two betting rounds follow each other with nothing between them");
            }
            after[a as usize] = b;
        }
        let mut deck = 0u32;
        for s in 0..4 {
            if suit_mask >> s & 1 == 1 {
                deck |= (rank_mask as u32) << (7 * s);
            }
        }
        let seats = (7 - sizes.leading_zeros() as u8 + 2).min(3) as u32; // the largest, at most 3
        let need = seats * (n1 + n2) as u32 + (discard_rounds > 0) as u32;
        if deck.count_ones() < need {
            return fail("the deck is too small for the deals");
        }
        let counted = cards_counted.min(n1 + n2).min(rank_mask.count_ones() as u8) as usize;
        let best = SUIT_VALUES[counted - 1][rank_mask as usize];
        Ok(intern(Variant {
            ranks: rank_mask,
            suits: suit_mask,
            deal_sizes,
            discard_rounds,
            betting_rounds: rounds,
            cards_counted,
            bet_sizes,
            max_raises,
            table_sizes: sizes << 2,
            deck,
            after,
            best_value: best,
            limited: bet_sizes.is_some() || max_raises.is_some(),
        }))
    }

    /// The deck as a mask of card indices: the stock when a hand starts.
    #[inline]
    pub fn deck(&self) -> u32 {
        self.deck
    }

    /// Cards dealt to each seat in the first and second deal (0: no second deal).
    #[inline]
    pub fn deal_sizes(&self) -> [u8; 2] {
        self.deal_sizes
    }

    /// The phase played after `phase` (a phase of a hand that these rules play).
    #[inline]
    pub fn after(&self, phase: Phase) -> Phase {
        self.after[phase as usize]
    }

    /// The size of every bet and raise in betting round `round` (1..4), if fixed-limit.
    #[inline]
    pub fn bet_size(&self, round: usize) -> Option<i64> {
        self.bet_sizes.map(|sizes| sizes[round - 1])
    }

    /// Whether a round's bets are limited beyond El Golfo's (fixed limits or most raises):
    /// one test on the hot path of the presets, which are not.
    #[inline]
    pub fn limited(&self) -> bool {
        self.limited
    }

    /// Whether the betting is fixed-limit.
    #[inline]
    pub fn fixed_limit(&self) -> bool {
        self.bet_sizes.is_some()
    }

    /// The most raises in one betting round, the opening bet not counted (`None`: no limit).
    #[inline]
    pub fn max_raises(&self) -> Option<i64> {
        self.max_raises
    }

    /// A hand's value: the best suit total, at most `cards_counted` cards of a suit (R11).
    #[inline]
    pub fn value(&self, mask: u32) -> u8 {
        value_counting(mask, self.cards_counted)
    }

    /// The best value a hand of the variant can have (a *trabuco* when mano wins with it).
    #[inline]
    pub fn best_value(&self) -> u8 {
        self.best_value
    }

    /// The fewest seats a game goes on with: the smallest table size (R17).
    #[inline]
    pub fn min_players(&self) -> u8 {
        self.table_sizes.trailing_zeros() as u8
    }

    /// Whether `players` is one of the table sizes.
    #[inline]
    pub fn seats_allowed(&self, players: u8) -> bool {
        players < 8 && self.table_sizes >> players & 1 == 1
    }

    /// The ranks (3..9), ascending.
    pub fn ranks(&self) -> Vec<u8> {
        (0..7)
            .filter(|r| self.ranks >> r & 1 == 1)
            .map(|r| r + 3)
            .collect()
    }

    /// The suit indices (0..3), ascending.
    pub fn suits(&self) -> Vec<u8> {
        (0..4).filter(|s| self.suits >> s & 1 == 1).collect()
    }

    /// Discard rounds played, 0..2.
    pub fn discard_rounds(&self) -> u8 {
        self.discard_rounds
    }

    /// The discard ids of `golfo.ext.codec.discard_ids(rules)`: one per subset of a hand
    /// (`2 ** hand size`, 32 in El Golfo), none when no discard round is played.
    pub fn discard_ids(&self) -> i64 {
        if self.discard_rounds > 0 {
            1 << (self.deal_sizes[0] + self.deal_sizes[1])
        } else {
            0
        }
    }

    /// The betting rounds played (1..4), ascending.
    pub fn betting_rounds(&self) -> Vec<u8> {
        (0..4)
            .filter(|k| self.betting_rounds >> k & 1 == 1)
            .map(|k| k + 1)
            .collect()
    }

    /// The most cards of one suit that count.
    pub fn cards_counted(&self) -> u8 {
        self.cards_counted
    }

    /// The table sizes (2..4), ascending.
    pub fn table_sizes(&self) -> Vec<u8> {
        (2..5).filter(|&n| self.seats_allowed(n)).collect()
    }
}

/// Every variant made so far, one copy of each: a hundred bytes per distinct variant for the
/// life of the process (a program makes a handful; a property test a few thousand).
static INTERNED: OnceLock<Mutex<HashMap<Variant, &'static Variant>>> = OnceLock::new();

fn intern(variant: Variant) -> &'static Variant {
    if variant == Variant::EL_GOLFO {
        return &Variant::EL_GOLFO;
    }
    let all = INTERNED.get_or_init(Default::default);
    let mut all = all.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    all.entry(variant)
        .or_insert_with(|| Box::leak(Box::new(variant)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el_golfo() -> &'static Variant {
        Variant::new(
            &[3, 4, 5, 6, 7, 8, 9],
            &[0, 1, 2, 3],
            [2, 3],
            2,
            &[1, 2, 3, 4],
            4,
            None,
            None,
            &[3, 4],
        )
        .unwrap()
    }

    #[test]
    fn el_golfo_is_its_settings() {
        assert_eq!(*el_golfo(), Variant::EL_GOLFO);
        assert_eq!(Variant::EL_GOLFO.min_players(), 3);
        assert!(!Variant::EL_GOLFO.seats_allowed(2));
        assert_eq!(Variant::EL_GOLFO.discard_ids(), 32);
        assert_eq!(Variant::EL_GOLFO.value(0b11111 << 2), 30);
        assert_eq!(
            Variant::EL_GOLFO.value(1 | 2 | 1 << 7 | 1 << 8 | 1 << 19),
            8
        );
    }

    #[test]
    fn mini_skips_phases_and_counts_its_cards() {
        // golfo.MINI: 8 and 9 of oros and copas, one card, rounds 1 and 3, one discard
        let mini = Variant::new(
            &[8, 9],
            &[0, 1],
            [1, 0],
            1,
            &[1, 3],
            4,
            Some([1, 1, 2, 2]),
            Some(0),
            &[2, 3],
        )
        .unwrap();
        assert_eq!(mini.deck().count_ones(), 4);
        assert_eq!(mini.after(Phase::Deal1), Phase::Bet1);
        assert_eq!(mini.after(Phase::Bet1), Phase::Discard1);
        assert_eq!(mini.after(Phase::Discard1), Phase::Bet3);
        assert_eq!(mini.after(Phase::Bet3), Phase::Showdown);
        assert_eq!(mini.best_value(), 9);
        assert_eq!(mini.min_players(), 2);
        assert_eq!(mini.discard_ids(), 2); // stand pat, change the card
        let two = Variant::new(
            &[9, 3, 4],
            &[0, 1, 2, 3],
            [3, 0],
            0,
            &[1],
            2,
            None,
            None,
            &[2],
        )
        .unwrap();
        assert_eq!(two.value(0b1111111 << 14), 17); // 9 + 8 of espadas, two counted
        assert_eq!(two.best_value(), 13); // 9 + 4: the deck has 3, 4 and 9
        assert_eq!(two.discard_ids(), 0); // no discard round
    }

    #[test]
    fn unplayable_settings_are_refused() {
        let one = |ranks: &[u8], deal: [u8; 2], rounds: &[u8]| {
            Variant::new(ranks, &[0], deal, 1, rounds, 4, None, None, &[2]).is_err()
        };
        assert!(one(&[3, 4], [1, 0], &[1])); // 2 cards: 2 seats of one, and one to draw
        assert!(!one(&[3, 4, 5], [1, 0], &[1]));
        assert!(!one(&[3, 4, 5, 6, 7, 8, 9], [1, 1], &[1, 2, 3]));
        assert!(one(&[3, 4, 5, 6, 7, 8, 9], [1, 0], &[1, 2])); // rounds 1 and 2 adjacent
        assert!(one(&[3, 3, 4], [1, 0], &[1]));
        assert!(one(&[2, 3, 4], [1, 0], &[1]));
    }
}
