//! A path read before its board is known, kept as the steps between its
//! squares: a byte a step where both parts lie in -7..=7 (every knight's
//! move, and most leapers'), else an escape byte and two variable-length
//! numbers. 10^8 knight's squares take 100 MB here, against 1.6 GB as
//! pairs of 64-bit numbers.

/// The byte that says two variable-length numbers follow.
const ESCAPE: u8 = 0xff;

/// Squares `[row, col]` in order, kept as steps.
#[derive(Default)]
pub struct Steps {
    bytes: Vec<u8>,
    first: Option<[i64; 2]>,
    last: [i64; 2],
    len: usize,
}

impl Steps {
    pub fn push(&mut self, row: i64, col: i64) {
        self.len += 1;
        let Some(_) = self.first else {
            self.first = Some([row, col]);
            self.last = [row, col];
            return;
        };
        // Wrapping: any two numbers of 64 bits have a step between them.
        let dr = row.wrapping_sub(self.last[0]);
        let dc = col.wrapping_sub(self.last[1]);
        self.last = [row, col];
        if (-7..=7).contains(&dr) && (-7..=7).contains(&dc) {
            self.bytes.push(((dr + 7) * 15 + dc + 7) as u8);
        } else {
            self.bytes.push(ESCAPE);
            varint(&mut self.bytes, zigzag(dr));
            varint(&mut self.bytes, zigzag(dc));
        }
    }

    /// The squares in order.
    pub fn squares(&self) -> impl Iterator<Item = [i64; 2]> + '_ {
        let mut at = 0;
        let mut here = self.first;
        let mut left = self.len;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            let square = here?;
            if left > 0 {
                let (dr, dc) = match self.bytes[at] {
                    ESCAPE => {
                        at += 1;
                        let dr = unzigzag(read_varint(&self.bytes, &mut at));
                        let dc = unzigzag(read_varint(&self.bytes, &mut at));
                        (dr, dc)
                    }
                    b => {
                        at += 1;
                        (i64::from(b / 15) - 7, i64::from(b % 15) - 7)
                    }
                };
                here = Some([square[0].wrapping_add(dr), square[1].wrapping_add(dc)]);
            }
            Some(square)
        })
    }

    /// Bytes held for the steps.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.bytes.len()
    }
}

fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    (n >> 1) as i64 ^ -((n & 1) as i64)
}

/// Seven bits a byte, the high bit set on all but the last.
fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn read_varint(bytes: &[u8], at: &mut usize) -> u64 {
    let mut n = 0u64;
    let mut shift = 0;
    loop {
        let b = bytes[*at];
        *at += 1;
        n |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return n;
        }
        shift += 7;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_comes_back_in_order() {
        let squares: Vec<[i64; 2]> = vec![
            [0, 0],
            [2, 1],
            [-5, 9],
            [i64::MAX, i64::MIN],
            [i64::MIN, i64::MAX],
            [7, -7],
            [0, 0],
            [-7, 7],
            [1 << 40, 3],
            [1 << 40, 3],
        ];
        for n in 0..=squares.len() {
            let mut steps = Steps::default();
            for &[r, c] in &squares[..n] {
                steps.push(r, c);
            }
            assert_eq!(steps.squares().collect::<Vec<_>>(), squares[..n]);
        }
    }

    #[test]
    fn a_knights_path_takes_a_byte_a_step() {
        let mut steps = Steps::default();
        let (mut r, mut c) = (0i64, 0i64);
        for k in 0..10_000 {
            let (dr, dc) = crate::board::MOVES[k % 8];
            (r, c) = (r + i64::from(dr), c + i64::from(dc));
            steps.push(r, c);
        }
        assert_eq!(steps.bytes(), 9_999);
        assert_eq!(steps.squares().nth(9_999), Some([r, c]));
    }
}
