//! Byte-parallel arithmetic on a word of eight cells, byte `k` the cell of
//! move `k` (SWAR: "SIMD within a register").

/// The low bit of each byte.
pub const LOW: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
pub const HIGH: u64 = 0x8080_8080_8080_8080;
/// The degree bits of each byte.
pub const DEGREE: u64 = LOW * super::CELL_DEGREE as u64;
const SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Each bit `k` of a byte spread to the high bit of byte `k`.
pub const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut k = 0;
        while k < 8 {
            if i >> k & 1 == 1 {
                table[i] |= 0x80 << (8 * k);
            }
            k += 1;
        }
        i += 1;
    }
    table
};

/// The high bit of each byte of `x` that is zero (exactly: no borrow
/// runs from one byte into the next).
#[inline]
pub fn zero_bytes(x: u64) -> u64 {
    !(((x & SEVEN) + SEVEN) | x | SEVEN)
}

/// Bit `k` set for each byte `k` of `x` whose high bit is set.
#[inline]
pub fn pack(x: u64) -> u8 {
    ((x >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The moves to free squares among the cells `n`: bit `k` for byte `k`.
#[inline]
pub fn open(n: u64) -> u8 {
    pack(!n & HIGH)
}

/// The moves to free squares with one free neighbour among the cells `n`.
#[inline]
pub fn open_ones(n: u64) -> u8 {
    pack(zero_bytes((n & DEGREE) ^ LOW) & !n & HIGH)
}

/// How many bytes of `x` have their high bit set (the only bits set).
#[inline]
pub fn count(x: u64) -> u32 {
    ((x >> 7).wrapping_mul(LOW) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_by_byte() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Many zero bytes, and every kind of byte.
            let v = x & (x >> 3) & (x >> 5) | (x & 0x00ff_0000_ff00_0080);
            let bytes = v.to_le_bytes();
            let zeros: u64 = (0..8)
                .map(|k| ((bytes[k] == 0) as u64) << (8 * k + 7))
                .sum();
            assert_eq!(zero_bytes(v), zeros, "{v:016x}");
            let high = v & HIGH;
            let packed: u8 = (0..8).map(|k| ((bytes[k] >= 0x80) as u8) << k).sum();
            assert_eq!(pack(high), packed, "{v:016x}");
            assert_eq!(count(high), packed.count_ones(), "{v:016x}");
            assert_eq!(SPREAD[packed as usize], high, "{v:016x}");
        }
    }
}
