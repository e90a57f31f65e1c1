//! Shared wording: how numbers, durations and kinds of tour are written, the
//! same in the headless commands, the terminal app and the engine's messages.

use std::time::Duration;

/// `open` or `closed`.
pub fn kind(closed: bool) -> &'static str {
    if closed { "closed" } else { "open" }
}

/// 12,345,678.
pub fn thousands(n: impl Into<u128>) -> String {
    let s = n.into().to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A duration for people: `250 µs`, `12.5 ms`, `3.25 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// Milliseconds to the microsecond, for JSON and tables.
pub fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_durations() {
        assert_eq!(thousands(0u8), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1234u32), "1,234");
        assert_eq!(thousands(12_345_678u64), "12,345,678");
        assert_eq!(thousands(u128::MAX).len(), 39 + 12);
        assert_eq!(duration(Duration::from_micros(250)), "250 µs");
        assert_eq!(duration(Duration::from_micros(12_500)), "12.5 ms");
        assert_eq!(duration(Duration::from_millis(3250)), "3.25 s");
        assert_eq!(ms(Duration::from_nanos(1_234_567)), 1.235);
        assert_eq!((kind(true), kind(false)), ("closed", "open"));
    }
}
