//! Hashing for the dynamic programmes' state keys (the strip and the
//! frontier): packed integers, hashed by one multiplication.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for the state keys (the standard SipHash costs more
/// than the work it guards here).
#[derive(Default)]
pub struct StateHasher(u64);

impl Hasher for StateHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // A product's low bits depend on the key's low bits only, and the
        // table picks buckets by the low bits: fold the high half in.
        self.0 ^ self.0 >> 32
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<StateHasher>>;
