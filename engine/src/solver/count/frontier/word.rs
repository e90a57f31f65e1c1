//! The integer a state is packed in, nibble `j` (bits `4j` to `4j + 3`) for
//! window slot `j` (what a nibble holds: the table above `T` in
//! `frontier.rs`):
//!
//! ```text
//! word   boards    slots           nibbles 0 in every state
//! u64    w <= 7    0 ..= 2w + 1    2w + 2 ..= 15 (none 7 wide)
//! u128   w = 8     0 ..= 17        18 ..= 31
//! ```
//!
//! Both take the same bit tricks; the narrower is kept where it fits, as
//! it halves the tables' memory.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

pub(super) trait Word:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    /// `x` in every nibble (`x` at most 15).
    fn splat(x: u64) -> Self;
    /// A small value as a word.
    fn of(x: u64) -> Self;
    /// The low 64 bits.
    fn low(self) -> u64;
    fn trailing_zeros(self) -> u32;
    /// The bits folded into 64, for picking a part by key.
    fn fold(self) -> u64;
    /// The low bits of `x`.
    fn truncate(x: u128) -> Self;
    /// How many bits are set, when they are all at bits `4j` and at most
    /// 15 (without a popcount instruction in the baseline instruction set,
    /// a multiplication adds them up in the top nibble).
    fn nibble_count(self) -> u32;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline]
    fn splat(x: u64) -> u64 {
        x.wrapping_mul(0x1111_1111_1111_1111)
    }
    #[inline]
    fn of(x: u64) -> u64 {
        x
    }
    #[inline]
    fn low(self) -> u64 {
        self
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline]
    fn fold(self) -> u64 {
        self
    }
    #[inline]
    fn truncate(x: u128) -> u64 {
        x as u64
    }
    #[inline]
    fn nibble_count(self) -> u32 {
        (self.wrapping_mul(Self::splat(1)) >> 60) as u32
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    #[inline]
    fn splat(x: u64) -> u128 {
        u128::from(x).wrapping_mul(0x1111_1111_1111_1111_1111_1111_1111_1111)
    }
    #[inline]
    fn of(x: u64) -> u128 {
        u128::from(x)
    }
    #[inline]
    fn low(self) -> u64 {
        self as u64
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn fold(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).rotate_left(29)
    }
    #[inline]
    fn truncate(x: u128) -> u128 {
        x
    }
    #[inline]
    fn nibble_count(self) -> u32 {
        (self.wrapping_mul(Self::splat(1)) >> 124) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_words_agree_on_the_low_nibbles() {
        assert_eq!(
            <u64 as Word>::splat(3).low(),
            <u128 as Word>::splat(3).low()
        );
        assert_eq!(<u128 as Word>::splat(15), u128::MAX);
        assert_eq!(<u128 as Word>::of(7).trailing_zeros(), 0);
        assert_eq!((<u128 as Word>::of(1) << 100).fold(), 2);
        let bits = (1u128 << 4) | (1 << 68) | (1 << 124);
        assert_eq!(bits.nibble_count(), 3);
        assert_eq!((bits as u64).nibble_count(), 1);
    }
}
