//! Cards as bit indices 0..27 (suit * 7 + rank - 3), hands as `u32` masks, and scoring.

/// The whole 28-card deck as a bit mask.
pub const ALL_CARDS: u32 = (1 << 28) - 1;

const SUIT_LETTERS: [char; 4] = ['O', 'C', 'E', 'B'];

/// The value of one suit's 7-bit rank mask: the sum of its four highest ranks.
const fn suit_value(bits: u32) -> u8 {
    let mut sum = 0u8;
    let mut taken = 0;
    let mut i = 7;
    while i > 0 {
        i -= 1;
        if bits >> i & 1 == 1 && taken < 4 {
            sum += (i + 3) as u8;
            taken += 1;
        }
    }
    sum
}

const fn suit_table() -> [u8; 128] {
    let mut out = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        out[b] = suit_value(b as u32);
        b += 1;
    }
    out
}

/// Per 7-bit suit mask, its value: built at compile time (one lookup per suit when scoring).
pub static SUIT_VALUES: [u8; 128] = suit_table();

/// A hand's value: the best suit total, at most four cards counted (R11).
#[inline]
pub fn value_of_mask(mask: u32) -> u8 {
    let a = SUIT_VALUES[(mask & 127) as usize];
    let b = SUIT_VALUES[(mask >> 7 & 127) as usize];
    let c = SUIT_VALUES[(mask >> 14 & 127) as usize];
    let d = SUIT_VALUES[(mask >> 21 & 127) as usize];
    a.max(b).max(c).max(d)
}

/// `"9O"` for card index 7 * 0 + 6.
pub fn card_text(index: u8) -> String {
    let rank = index % 7 + 3;
    format!("{}{}", rank, SUIT_LETTERS[(index / 7) as usize])
}

/// The card indices of a mask, ascending (canonical order).
pub fn indices(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1; // clear the lowest bit
        Some(i)
    })
}

/// The `k`-th lowest set bit of `mask` as a one-bit mask (0 if there is none).
#[inline]
pub fn nth_bit(mut mask: u32, k: u32) -> u32 {
    for _ in 0..k {
        mask &= mask.wrapping_sub(1);
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_suit_counts_four_cards() {
        // 9O 8O 7O 6O 5O: 30, the fifth card does not count
        let oros = 0b11111 << 2;
        assert_eq!(value_of_mask(oros), 30);
        // 3O 4O 3C 4C 8E: a lone card counts, 8
        let mask = 1 | 2 | 1 << 7 | 1 << 8 | 1 << (14 + 5);
        assert_eq!(value_of_mask(mask), 8);
        assert_eq!(value_of_mask(0), 0);
        assert_eq!(card_text(6), "9O");
        assert_eq!(card_text(27), "9B");
    }
}
