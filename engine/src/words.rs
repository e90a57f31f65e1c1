//! Shared wording: how numbers, durations and kinds of tour are written, the
//! same in the headless commands, the terminal app and the engine's messages.

use std::time::Duration;

/// `open` or `closed`.
pub fn kind(closed: bool) -> &'static str {
    if closed { "closed" } else { "open" }
}

/// A number with its thousands apart.
///
/// ```
/// assert_eq!(knight_engine::words::thousands(12_345_678u64), "12,345,678");
/// assert_eq!(knight_engine::words::thousands(u128::MAX).len(), 51);
/// ```
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

/// `1 move`, `3 moves`, `12,000 squares`: a count and its noun, plural
/// when the count is not one (nouns that take an `s`).
pub fn plural(n: impl Into<u128>, noun: &str) -> String {
    let n = n.into();
    format!("{} {noun}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// A long time for people, roughly: `5 hours`, `3 days`, `4 months`,
/// `170 years`.
pub fn long_time(seconds: f64) -> String {
    let units = [
        (365.25 * 86_400.0, "year"),
        (30.44 * 86_400.0, "month"),
        (86_400.0, "day"),
        (3_600.0, "hour"),
        (60.0, "minute"),
    ];
    for (size, unit) in units {
        if seconds >= 2.0 * size || unit == "minute" {
            return plural((seconds / size).round() as u64, unit);
        }
    }
    unreachable!("minutes end the list")
}

/// Milliseconds to the microsecond, for JSON and tables.
pub fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// ` (did you mean 'x'?)` for the name in `names` nearest to `typed`,
/// when one is near (Jaro similarity above 0.7, as clap suggests its own
/// names); empty otherwise.
/// A name that is none of those a setting takes: `unknown algorithm
/// 'warnsdorf' (did you mean 'warnsdorff'?) (choose from auto, …)`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{given}'{near} (choose from {choices})")]
pub struct UnknownName {
    /// What was named: `algorithm`, `surface`.
    pub what: &'static str,
    /// What was typed (clipped to a line).
    pub given: String,
    /// ` (did you mean 'x'?)`, or empty.
    pub near: String,
    /// The names, and any other way to say one.
    pub choices: String,
}

impl UnknownName {
    /// `given` is none of `names`; `or` adds another way to give one
    /// (`, or give the leap as a,b`), or is empty.
    pub fn new(what: &'static str, given: &str, names: &[&str], or: &str) -> UnknownName {
        UnknownName {
            what,
            given: clip(given),
            near: did_you_mean(given, names.iter().copied()),
            choices: format!("{}{or}", names.join(", ")),
        }
    }
}

/// ` (did you mean 'NAME'?)` with the name nearest to `typed`, or nothing
/// when none is near.
pub fn did_you_mean<'n>(typed: &str, names: impl IntoIterator<Item = &'n str>) -> String {
    let typed = typed.trim().to_lowercase();
    if typed.is_empty() || typed.len() > 64 {
        return String::new();
    }
    names
        .into_iter()
        .map(|n| (strsim::jaro(&typed, &n.to_lowercase()), n))
        .filter(|&(score, _)| score > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| format!(" (did you mean '{n}'?)"))
        .unwrap_or_default()
}

/// What the system said of a file, for people: `no such file or folder`,
/// `permission denied`, …, without the `(os error N)` meant for
/// programmers.
pub fn io_error(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    // The program's own errors say what they mean already.
    let os = e.raw_os_error().is_some();
    let said = match e.kind() {
        _ if !os => "",
        K::NotFound => "no such file or folder",
        K::PermissionDenied => "permission denied",
        K::IsADirectory => "it is a folder",
        K::NotADirectory => "a part of the path is not a folder",
        K::StorageFull => "the disk is full",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::AlreadyExists => "it already exists",
        K::BrokenPipe => "the pipe was closed",
        K::InvalidFilename => "the name is too long or not allowed",
        _ => "",
    };
    if !said.is_empty() {
        return said.to_string();
    }
    let text = e.to_string();
    let text = match text.find(" (os error ") {
        Some(at) => &text[..at],
        None => &text,
    };
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The most characters of someone's text a message quotes.
pub const QUOTED: usize = 40;
/// Messages up to this many characters are left whole.
const SHORT: usize = 200;

/// `message` with every quoted stretch (`'…'` or `"…"`) longer than
/// [`QUOTED`] characters cut to its start and an ellipsis, then, if still
/// long, cut in the middle: an error never echoes a 20 MB token. Messages
/// of up to 200 characters are left whole.
pub fn clip(message: &str) -> String {
    if message.chars().count() <= SHORT {
        return message.to_string();
    }
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        // An apostrophe after a letter (process's, processes') opens
        // nothing; one before a letter (don't) closes nothing.
        let word = |k: usize| chars.get(k).is_some_and(|d: &char| d.is_alphanumeric());
        if c != '\'' && c != '"' || c == '\'' && i >= 2 && word(i - 2) {
            continue;
        }
        let end = (i..chars.len())
            .find(|&k| chars[k] == c && (c == '"' || !word(k + 1)))
            .unwrap_or(chars.len());
        if end - i > QUOTED {
            out.extend(&chars[i..i + QUOTED]);
            out.push('…');
        } else {
            out.extend(&chars[i..end]);
        }
        if end < chars.len() {
            out.push(c);
        }
        i = end + 1;
    }
    let n = out.chars().count();
    if n <= SHORT + 100 {
        return out;
    }
    let head: String = out.chars().take(SHORT).collect();
    let tail: String = out.chars().skip(n - 60).collect();
    format!("{head}…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apostrophes_in_words_are_not_quotes() {
        let long = format!(
            "the processes' checkpoints disagree: process 0's is at square 12, process 1's at square 14; {}",
            "a".repeat(150)
        );
        let cut = clip(&long);
        assert!(
            cut.contains("process 0's is at square 12, process 1's at square 14"),
            "{cut}"
        );
        let quoted = format!(
            "bad value '{}' here, and don't stop {}",
            "x".repeat(200),
            "b".repeat(100)
        );
        let cut = clip(&quoted);
        assert!(cut.contains("'xxxxxxxx"), "{cut}");
        assert!(cut.contains("…' here, and don't stop"), "{cut}");
    }

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
        assert_eq!(long_time(30.0), "1 minute");
        assert_eq!(long_time(5.0 * 3600.0), "5 hours");
        assert_eq!(long_time(3.0 * 86_400.0), "3 days");
        assert_eq!(long_time(3.1e7), "12 months");
        assert_eq!(long_time(3.1e14 / 1.2e6), "8 years");
    }

    #[test]
    fn long_quotes_are_clipped() {
        assert_eq!(clip("square 'x' is off"), "square 'x' is off");
        let token = "y".repeat(1_000_000);
        let m = clip(&format!(
            "invalid type: string \"{token}\", expected u32 at line 1 column 9"
        ));
        assert_eq!(
            m,
            format!(
                "invalid type: string \"{}…\", expected u32 at line 1 column 9",
                "y".repeat(40)
            )
        );
        let m = clip(&format!("square '{token}' is not ROW,COL"));
        assert!(
            m.starts_with("square 'yyy") && m.ends_with("…' is not ROW,COL"),
            "{m}"
        );
        // No quotes at all: cut in the middle, the end kept.
        let m = clip(&format!("{token} at line 3"));
        assert!(m.chars().count() <= 261 && m.ends_with("at line 3"), "{m}");
        // An unclosed quote.
        let m = clip(&format!("bad '{token}"));
        assert_eq!(m, format!("bad '{}…", "y".repeat(40)));
    }
}
