//! Observation vectors in Rust, element for element those of `golfo.ext.features`:
//! [`Encoder::observation`] is `ObservationEncoder(rules, players, private=, public=,
//! history=)` and [`Encoder::info_state`] is `InfoStateEncoder(rules, players, hands=,
//! raises=)` (the view's vector, then one block per hand, lossless).  The layout is the
//! Python encoders'; `tests/native/test_observe.py` checks both on random states.  Values
//! are worked out in `f64` as Python does and stored as the cell type (`f64` gives Python's
//! floats exactly, `f32` the same values rounded, as NumPy would).
//!
//! Also here: `info_state_string` (`golfo.ext.features.info_state_string`) and a census of
//! distinct strings and vectors over random games (the one-to-one check of the lossless
//! vector on a million states).

use std::collections::HashSet;
use std::fmt::Write;
use std::hash::{Hash, Hasher};

use crate::bugs::{self, Bug};
use crate::game::{Entry, Game};
use crate::rules::Rules;
use crate::state::{Action, Actor, Phase};

/// A cell of an output vector: `f64` (Python's floats) or `f32` (NumPy's float32).
pub trait Cell: Copy {
    const ZERO: Self;
    fn of(x: f64) -> Self;
}

impl Cell for f64 {
    const ZERO: f64 = 0.0;
    #[inline]
    fn of(x: f64) -> f64 {
        x
    }
}

impl Cell for f32 {
    const ZERO: f32 = 0.0;
    #[inline]
    fn of(x: f64) -> f32 {
        x as f32
    }
}

/// Where each piece of the view's vector starts (`ObservationEncoder.slices`); `usize::MAX`
/// for a piece the encoder leaves out.
#[derive(Clone, Copy, Debug, Default)]
struct Pieces {
    seat: usize,
    hand: usize,
    phase: usize,
    to_act: usize,
    dealer: usize,
    mano: usize,
    dealt_in: usize,
    folded: usize,
    out: usize,
    stacks: usize,
    bets: usize,
    committed: usize,
    hand_sizes: usize,
    stock: usize,
    discards: usize,
    discard_counts: usize,
    hand_number: usize,
    rebuys: usize,
    betting: usize,
}

/// Where each piece of a hand's block starts (`InfoStateEncoder.block_slices`).
#[derive(Clone, Copy, Debug, Default)]
struct Block {
    started: usize,
    received: usize,
    discarded: usize,
    discard_counts: usize,
    discards: usize,
    passes: usize,
    calls: usize,
    folds: usize,
    raises: usize,
    ended: usize,
    payoffs: usize,
    shown: usize,
    size: usize,
}

/// The lossless part: `hands` blocks of `raises` bet and raise slots.
#[derive(Clone, Copy, Debug)]
struct Info {
    hands: usize,
    raises: usize,
    received_scale: f64,
    base: usize,
    block: Block,
}

/// An encoder of observation vectors for one rule set and table size.
#[derive(Clone, Debug)]
pub struct Encoder {
    n: usize,
    /// Per card index, its place in the deck (255: not in the deck).
    places: [u8; 28],
    hand_size: f64,
    deck_size: f64,
    discard_rounds: usize,
    first_deal: usize,
    before: [u8; 2],
    n_before: usize,
    scale: f64,
    hands: f64,
    private: bool,
    public: bool,
    history: bool,
    p: Pieces,
    info: Option<Info>,
    size: usize,
}

const NONE: usize = usize::MAX;

impl Encoder {
    /// `ObservationEncoder(rules, players, private=, public=, history=)`, with `scale`
    /// its `chip_bound(rules, players)` (given: golfo works it out, and refuses rules
    /// without one).
    pub fn observation(
        rules: &Rules,
        players: u8,
        scale: f64,
        private: bool,
        public: bool,
        history: bool,
    ) -> Encoder {
        let n = players as usize;
        let variant = rules.variant;
        let deck = variant.deck();
        let mut places = [255u8; 28];
        for (k, c) in crate::cards::indices(deck).enumerate() {
            places[c as usize] = k as u8;
        }
        let deck_len = deck.count_ones() as usize;
        let [n1, n2] = variant.deal_sizes();
        let rounds = variant.betting_rounds();
        let mut before = [0u8; 2];
        let mut n_before = 0;
        for &r in rounds.iter().filter(|&&r| r <= 2) {
            before[n_before] = r;
            n_before += 1;
        }
        if n_before == 0 {
            before[0] = rounds[0];
            n_before = 1;
        }
        let history = history && public;
        let mut p = Pieces {
            seat: NONE,
            hand: NONE,
            phase: NONE,
            to_act: NONE,
            dealer: NONE,
            mano: NONE,
            dealt_in: NONE,
            folded: NONE,
            out: NONE,
            stacks: NONE,
            bets: NONE,
            committed: NONE,
            hand_sizes: NONE,
            stock: NONE,
            discards: NONE,
            discard_counts: NONE,
            hand_number: NONE,
            rebuys: NONE,
            betting: NONE,
        };
        let mut at = 0;
        let mut take = |size: usize| {
            let start = at;
            at += size;
            start
        };
        let discard_rounds = variant.discard_rounds() as usize;
        if private {
            p.seat = take(n);
            p.hand = take(deck_len);
        }
        if public {
            p.phase = take(Phase::ALL.len());
            p.to_act = take(n + 1);
            p.dealer = take(n);
            p.mano = take(n);
            p.dealt_in = take(n);
            p.folded = take(n);
            p.out = take(n);
            p.stacks = take(n);
            p.bets = take(n);
            p.committed = take(n);
            p.hand_sizes = take(n);
            p.stock = take(1);
            p.discards = take(deck_len);
            p.discard_counts = take(discard_rounds * n);
            p.hand_number = take(1);
            p.rebuys = take(n);
        }
        if history {
            p.betting = take(4 * n * 4);
        }
        Encoder {
            n,
            places,
            hand_size: (n1 + n2) as f64,
            deck_size: deck_len as f64,
            discard_rounds,
            first_deal: n1 as usize,
            before,
            n_before,
            scale,
            hands: rules.hands.unwrap_or(1) as f64,
            private,
            public,
            history,
            p,
            info: None,
            size: at,
        }
    }

    /// `InfoStateEncoder(rules, players, hands=hands, raises=raises)` (`hands` and
    /// `raises` as it works them out), `scale` the chip bound.
    pub fn info_state(
        rules: &Rules,
        players: u8,
        scale: f64,
        hands: usize,
        raises: usize,
    ) -> Encoder {
        let mut enc = Encoder::observation(rules, players, scale, true, true, false);
        let n = enc.n;
        let deck_len = enc.deck_size as usize;
        let rounds = enc.discard_rounds;
        let mut at = 0;
        let mut take = |size: usize| {
            let start = at;
            at += size;
            start
        };
        let mut block = Block {
            started: take(1),
            received: take(deck_len),
            discarded: take(rounds * n),
            discard_counts: take(rounds * n),
            discards: take(deck_len),
            passes: take(4 * n),
            calls: take(4 * n),
            folds: take(2 * n),
            raises: take(raises * (n + 2)),
            ended: take(1),
            payoffs: take(n),
            shown: take(deck_len),
            size: 0,
        };
        block.size = at;
        enc.info = Some(Info {
            hands,
            raises,
            received_scale: enc.hand_size * (1 + rounds) as f64,
            base: enc.size,
            block,
        });
        enc.size += hands * block.size;
        enc
    }

    /// The length of a vector.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.n
    }

    /// The vector of `seat` (`None`: a spectator) in `game`, into `out` (`size()` cells).
    pub fn encode<C: Cell>(&self, game: &Game, seat: Option<u8>, out: &mut [C]) {
        let out = &mut out[..self.size];
        out.fill(C::ZERO);
        let start = hand_start(&game.log);
        self.view(game, seat, &game.log[start..], out);
        if let Some(info) = &self.info {
            self.blocks(info, game, seat, out);
        }
    }

    #[inline]
    fn place(&self, card: u8) -> usize {
        self.places[card as usize] as usize
    }

    /// `ObservationEncoder.encode(view(state, seat))`; `events` the hand's log.
    fn view<C: Cell>(&self, game: &Game, seat: Option<u8>, events: &[Entry], out: &mut [C]) {
        let c = &game.core;
        let n = self.n;
        let p = &self.p;
        let one = C::of(1.0);
        if self.private {
            if let Some(s) = seat {
                out[p.seat + s as usize] = one;
                for card in crate::cards::indices(c.hands[s as usize]) {
                    out[p.hand + self.place(card)] = one;
                }
            }
        }
        if !self.public {
            return;
        }
        out[p.phase + c.phase as usize] = one;
        match c.to_act {
            Actor::Chance => out[p.to_act + n] = one,
            Actor::Seat(s) => out[p.to_act + s as usize] = one,
            Actor::Nobody => {}
        }
        out[p.dealer + c.dealer as usize] = one;
        if c.n_dealt > 0 {
            out[p.mano + c.mano() as usize] = one;
        }
        for &s in c.dealt() {
            out[p.dealt_in + s as usize] = one;
        }
        for s in 0..n {
            if c.folded >> s & 1 == 1 {
                out[p.folded + s] = one;
            }
            if c.out >> s & 1 == 1 {
                out[p.out + s] = one;
            }
        }
        for s in 0..n {
            out[p.stacks + s] = C::of(c.stacks[s] as f64 / self.scale);
            out[p.bets + s] = C::of(c.bets[s] as f64 / self.scale);
            out[p.committed + s] = C::of(c.committed[s] as f64 / self.scale);
            out[p.hand_sizes + s] = C::of(c.hands[s].count_ones() as f64 / self.hand_size);
            out[p.rebuys + s] = C::of((c.rebuys[s] as f64 / self.hands).min(1.0));
        }
        out[p.stock] = C::of(c.stock.count_ones() as f64 / self.deck_size);
        let face_up = face_up(game);
        let mut rounds = [0usize; 4];
        for e in events {
            if let Action::Discard(_, mask) = e.action {
                let actor = e.actor as usize;
                let mask = mask.unwrap_or(0);
                if face_up || seat == Some(actor as u8) {
                    for card in crate::cards::indices(mask) {
                        out[p.discards + self.place(card)] = one;
                    }
                }
                if rounds[actor] < self.discard_rounds {
                    out[p.discard_counts + rounds[actor] * n + actor] =
                        C::of(mask.count_ones() as f64 / self.hand_size);
                }
                rounds[actor] += 1;
            }
        }
        out[p.hand_number] = C::of((c.hand_number as f64 / self.hands).min(1.0));
        if self.history {
            self.betting(c.n_dealt as usize, events, out);
        }
    }

    /// The betting round (0..3) of a betting action (`features._round_index`).
    #[inline]
    fn round_index(&self, most: u8, dealt: usize, first_deal: usize) -> usize {
        if most > 0 {
            1 + most as usize
        } else if self.n_before == 1 {
            self.before[0] as usize - 1
        } else if dealt <= first_deal {
            0
        } else {
            1
        }
    }

    /// `ObservationEncoder._betting`: per betting round and seat, passed, called, folded,
    /// the largest amount bet or raised to.
    fn betting<C: Cell>(&self, n_dealt: usize, events: &[Entry], out: &mut [C]) {
        let n = self.n;
        let first_deal = self.first_deal * n_dealt;
        let mut dealt = 0;
        let mut discarded = [0u8; 4];
        let mut most = [0i64; 16];
        let one = C::of(1.0);
        for e in events {
            let (seat, kind) = match e.action {
                Action::Deal(_) => {
                    dealt += 1;
                    continue;
                }
                Action::Discard(..) => {
                    discarded[e.actor as usize] += 1;
                    continue;
                }
                Action::Pass(s) => (s, 0),
                Action::Call(s) => (s, 1),
                Action::Fold(s) => (s, 2),
                Action::Bet(s, a) | Action::Raise(s, a) => (s, 3 + a.max(0)),
                _ => continue,
            };
            let top = *discarded.iter().max().unwrap_or(&0);
            let rnd = self.round_index(top, dealt, first_deal);
            let cell = rnd * n + seat as usize;
            if kind < 3 {
                out[self.p.betting + cell * 4 + kind as usize] = one;
            } else {
                most[cell] = most[cell].max(kind - 3);
            }
        }
        for (cell, &amount) in most.iter().enumerate().take(4 * n) {
            if amount > 0 {
                out[self.p.betting + cell * 4 + 3] = C::of(amount as f64 / self.scale);
            }
        }
    }

    /// `InfoStateEncoder`'s blocks: the hand in play first, then the ones before it.
    fn blocks<C: Cell>(&self, info: &Info, game: &Game, seat: Option<u8>, out: &mut [C]) {
        let log = &game.log;
        let last = log.iter().filter(|e| e.action == Action::NextHand).count();
        let mut end = log.len();
        for b in 0..info.hands.min(last + 1) {
            let number = last - b;
            let start = hand_start(&log[..end]);
            let at = info.base + b * info.block.size;
            let result = game.results.get(number);
            let dealt_in = match result {
                Some(r) => r.n_dealt as usize,
                None => game.core.n_dealt as usize,
            };
            self.hand(info, at, game, seat, &log[start..end], dealt_in, out);
            if let Some(r) = result {
                let k = &info.block;
                out[at + k.ended] = C::of(1.0);
                for s in 0..self.n {
                    out[at + k.payoffs + s] = C::of(r.payoffs[s] as f64 / self.scale);
                    let code = C::of((s + 1) as f64 / self.n as f64);
                    for card in crate::cards::indices(r.shown[s]) {
                        out[at + k.shown + self.place(card)] = code;
                    }
                }
            }
            if start == 0 {
                break;
            }
            end = start - 1; // before this hand's NextHand
        }
    }

    /// `InfoStateEncoder._hand`: one hand's events into its block at `at`.
    #[allow(clippy::too_many_arguments)]
    fn hand<C: Cell>(
        &self,
        info: &Info,
        at: usize,
        game: &Game,
        seat: Option<u8>,
        events: &[Entry],
        n_dealt: usize,
        out: &mut [C],
    ) {
        let k = &info.block;
        let n = self.n;
        let rounds = self.discard_rounds;
        let slots = info.raises;
        let first_deal = self.first_deal * n_dealt;
        let face_up = face_up(game);
        let one = C::of(1.0);
        out[at + k.started] = one;
        let mut received = 0;
        let mut dealt = 0;
        let mut discarded = [0u8; 4];
        let mut bets = [0usize; 4];
        let mut made = 0;
        let mut calls = [0usize; 16];
        for e in events {
            let (s, kind, amount) = match e.action {
                Action::Deal(card) => {
                    dealt += 1;
                    if let (Some(c), true) = (card, seat == Some(e.actor as u8)) {
                        received += 1;
                        out[at + k.received + self.place(c)] =
                            C::of(received as f64 / info.received_scale);
                    }
                    continue;
                }
                Action::Discard(_, mask) => {
                    let actor = e.actor as usize;
                    let r = discarded[actor] as usize;
                    if r < rounds {
                        let cell = r * n + actor;
                        let mask = mask.unwrap_or(0);
                        out[at + k.discarded + cell] = one;
                        out[at + k.discard_counts + cell] =
                            C::of(mask.count_ones() as f64 / self.hand_size);
                        if face_up || seat == Some(actor as u8) {
                            let code = C::of((cell + 1) as f64 / (rounds * n) as f64);
                            for card in crate::cards::indices(mask) {
                                out[at + k.discards + self.place(card)] = code;
                            }
                        }
                    }
                    discarded[actor] += 1;
                    continue;
                }
                Action::Pass(s) => (s as usize, 0, 0),
                Action::Call(s) => (s as usize, 1, 0),
                Action::Fold(s) => (s as usize, 2, 0),
                Action::Bet(s, a) | Action::Raise(s, a) => (s as usize, 3, a),
                _ => continue,
            };
            let top = *discarded.iter().max().unwrap_or(&0);
            let rnd = self.round_index(top, dealt, first_deal);
            match kind {
                0 => out[at + k.passes + rnd * n + s] = one,
                1 => calls[rnd * n + s] += 1,
                2 => {
                    out[at + k.folds + 2 * s] = C::of((rnd + 1) as f64 / 4.0);
                    out[at + k.folds + 2 * s + 1] = C::of(bets[rnd] as f64 / slots as f64);
                }
                _ => {
                    bets[rnd] += 1;
                    if made < slots {
                        let cell = at + k.raises + made * (n + 2);
                        out[cell] = C::of((rnd + 1) as f64 / 4.0);
                        out[cell + 1 + s] = one;
                        out[cell + 1 + n] = C::of(amount as f64 / self.scale);
                    }
                    made += 1;
                }
            }
        }
        for (i, &count) in calls.iter().enumerate().take(4 * n) {
            if count > 0 {
                out[at + k.calls + i] = C::of(count as f64 / slots as f64);
            }
        }
    }
}

/// Whether every seat sees the discards' cards (as `game::view_events` decides).
#[inline]
fn face_up(game: &Game) -> bool {
    game.core.rules.discards_face_up || bugs::on(Bug::FaceDownDiscardShown)
}

/// The index of the first entry of the hand in play: just after the last `NextHand`.
#[inline]
pub fn hand_start(log: &[Entry]) -> usize {
    log.iter()
        .rposition(|e| e.action == Action::NextHand)
        .map_or(0, |i| i + 1)
}

/// `"9O"` for card 6, without an allocation.
pub(crate) fn push_card(out: &mut String, card: u8) {
    out.push((b'3' + card % 7) as char);
    out.push(['O', 'C', 'E', 'B'][(card / 7) as usize]);
}

/// Append one redacted event as `seat` sees it (`golfo.ext.features.event_string`).
pub fn push_event(out: &mut String, e: &Entry, seat: Option<u8>, face_up: bool) {
    let mine = seat == Some(e.actor as u8) && e.actor >= 0;
    push_action(out, e.action, e.actor, mine, face_up);
}

/// Append `action`'s token, taken by `actor` (the receiver of a deal): a deal's card and a
/// discard's cards shown when the event is the viewer's own (`mine`), discards also when
/// they are dealt face up.  The one writer of the tokens of information-state strings,
/// here and in the solver's tree (`solve::tree`).
pub(crate) fn push_action(out: &mut String, action: Action, actor: i8, mine: bool, face_up: bool) {
    match action {
        Action::Deal(card) => {
            let _ = write!(out, "d{actor}");
            if let (true, Some(c)) = (mine, card) {
                out.push(':');
                push_card(out, c);
            }
        }
        Action::Discard(_, mask) => {
            let mask = mask.unwrap_or(0);
            if face_up || mine {
                let _ = write!(out, "x{actor}:");
                for c in crate::cards::indices(mask) {
                    push_card(out, c);
                }
            } else {
                let _ = write!(out, "x{actor}#{}", mask.count_ones());
            }
        }
        Action::Pass(s) => {
            let _ = write!(out, "p{s}");
        }
        Action::Call(s) => {
            let _ = write!(out, "c{s}");
        }
        Action::Fold(s) => {
            let _ = write!(out, "f{s}");
        }
        Action::Bet(s, a) => {
            let _ = write!(out, "b{s}:{a}");
        }
        Action::Raise(s, a) => {
            let _ = write!(out, "r{s}:{a}");
        }
        Action::NextHand => out.push('/'),
        Action::EndGame => out.push_str("end"),
    }
}

fn push_result(out: &mut String, game: &Game, number: usize) {
    let r = &game.results[number];
    let n = game.core.players as usize;
    out.push_str(" =");
    for (s, p) in r.payoffs[..n].iter().enumerate() {
        if s > 0 {
            out.push(',');
        }
        let _ = write!(out, "{p:+}");
    }
    for s in 0..n {
        if r.shown[s] != 0 {
            let _ = write!(out, " s{s}:");
            for c in crate::cards::indices(r.shown[s]) {
                push_card(out, c);
            }
        }
    }
}

/// `golfo.ext.features.info_state_string(state, seat)`, into `out` (cleared first).
pub fn info_state_string(game: &Game, seat: Option<u8>, out: &mut String) {
    out.clear();
    match seat {
        Some(s) => {
            let _ = write!(out, "p{s}");
        }
        None => out.push_str("pub"),
    }
    let face_up = face_up(game);
    let mut hand = 0;
    for e in &game.log {
        if matches!(e.action, Action::NextHand | Action::EndGame) {
            push_result(out, game, hand);
            hand += 1;
        }
        out.push(' ');
        push_event(out, e, seat, face_up);
    }
    if game.results.len() > hand {
        push_result(out, game, hand);
    }
}

/// What [`census`] counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    pub states: u64,
    pub strings: u64,
    pub vectors: u64,
    pub pairs: u64,
}

/// A 128-bit digest of `bytes`: two SipHash-1-3 digests with different keys.
fn digest(bytes: &[u8]) -> u128 {
    let half = |key: u64| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut h);
        h.write(bytes);
        h.finish()
    };
    (half(1) as u128) << 64 | half(2) as u128
}

/// Random games from `start` (chance and every seat at random, [`crate::play::random_action`],
/// game k seeded with `seed + k`) until `states` states have been seen: at every state, each
/// seat's information-state string and `encoder`'s vector (for `InfoStateEncoder`'s, only
/// the states of the hands its blocks cover: a game longer than that, by extra hands on a
/// tie, is out of its one-to-one scope).  The counts of distinct strings,
/// vectors and (string, vector) pairs (vectors and strings by 128-bit hashes): the encoder is
/// one-to-one on the sample when the three are equal.
pub fn census(encoder: &Encoder, start: &Game, states: u64, seed: u64, max_hands: i64) -> Census {
    let n = start.core.players;
    let mut strings: HashSet<u128> = HashSet::new();
    let mut vectors: HashSet<u128> = HashSet::new();
    let mut pairs: HashSet<(u128, u128)> = HashSet::new();
    let mut text = String::new();
    let mut vec = vec![0f32; encoder.size()];
    let mut bytes: Vec<u8> = Vec::with_capacity(4 * vec.len());
    let mut seen = 0;
    let mut k = 0;
    while seen < states {
        let mut game = start.clone();
        let mut rng = crate::play::SplitMix64(seed.wrapping_add(k));
        k += 1;
        loop {
            // states of hands beyond the encoder's blocks are out of its one-to-one scope
            let beyond = encoder
                .info
                .is_some_and(|info| game.core.hand_number as usize > info.hands);
            for s in (0..n).filter(|_| !beyond) {
                info_state_string(&game, Some(s), &mut text);
                encoder.encode(&game, Some(s), &mut vec);
                bytes.clear();
                for x in &vec {
                    bytes.extend_from_slice(&x.to_bits().to_le_bytes());
                }
                let a = digest(text.as_bytes());
                let b = digest(&bytes);
                strings.insert(a);
                vectors.insert(b);
                pairs.insert((a, b));
                seen += 1;
            }
            if game.core.phase == Phase::End || seen >= states {
                break;
            }
            match crate::play::random_action(&game.core, &mut rng, max_hands) {
                Some(a) => game.play(a).expect("a random action is legal"),
                None => break,
            }
        }
    }
    Census {
        states: seen,
        strings: strings.len() as u64,
        vectors: vectors.len() as u64,
        pairs: pairs.len() as u64,
    }
}
