//! The local time, from a time zone read within bounds: `TZ` is taken
//! only as a zone name, a POSIX rule, or a regular TZif file of at most
//! 64 KiB. Anything else (a device such as `/dev/zero`, a FIFO, a huge
//! file, a name that does not read) falls back to UTC with a reason,
//! never a hang or unbounded memory. (A long `TZ` is cut where the
//! reason is said, by `words::clip`.)

use std::io::Read;

use jiff::tz::TimeZone;

/// The largest TZif file read (the largest in tzdata is under 4 KiB).
const TZIF_BYTES: u64 = 64 * 1024;

/// The time zone of `TZ` (or the system's when unset), or UTC and why.
pub fn zone() -> (TimeZone, Option<String>) {
    match std::env::var_os("TZ") {
        None => (TimeZone::system(), None),
        Some(tz) => match tz.to_str().map(zone_of) {
            Some(Ok(z)) => (z, None),
            Some(Err(why)) => (TimeZone::UTC, Some(why)),
            None => (TimeZone::UTC, Some("TZ is not text".into())),
        },
    }
}

/// The zone `tz` names: a file (`:/path` or `/path`), a zone name
/// (`Europe/Paris`, `:Europe/Paris`), or a POSIX rule (`CET-1`).
fn zone_of(tz: &str) -> Result<TimeZone, String> {
    let bare = tz.strip_prefix(':').unwrap_or(tz);
    if bare.is_empty() {
        return Ok(TimeZone::UTC);
    }
    if bare.starts_with('/') {
        return tzif_file(bare);
    }
    let name = bare
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/_+-".contains(c))
        && !bare.split('/').any(|part| part.is_empty() || part == "..");
    if name && let Ok(z) = jiff::tz::db().get(bare) {
        return Ok(z);
    }
    TimeZone::posix(bare).map_err(|_| format!("TZ '{tz}' names no time zone"))
}

/// The zone in the TZif file at `path`, read only when it is a regular
/// file of at most [`TZIF_BYTES`].
fn tzif_file(path: &str) -> Result<TimeZone, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let why = |what: &str| format!("TZ '{path}': {what}");
    // Non-blocking, so that opening a FIFO cannot wait for a writer.
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| why(&knight_engine::words::io_error(&e)))?;
    let meta = file
        .metadata()
        .map_err(|e| why(&knight_engine::words::io_error(&e)))?;
    if !meta.is_file() {
        return Err(why("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(TZIF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| why(&knight_engine::words::io_error(&e)))?;
    if bytes.len() as u64 > TZIF_BYTES {
        return Err(why(&format!("larger than {TZIF_BYTES} bytes")));
    }
    TimeZone::tzif(path, &bytes).map_err(|_| why("not a time zone file"))
}

/// The time now in the local zone, or in UTC and why.
pub fn now() -> (jiff::ZonedDateTime, Option<String>) {
    let (zone, why) = zone();
    (jiff::Timestamp::now().to_zoned_datetime(zone), why)
}

/// Today's date as a number, 20261128: the day's puzzle's seed (UTC's
/// where the zone is not known, and why).
pub fn day_number() -> (u64, Option<String>) {
    let (now, why) = now();
    (now.strftime("%Y%m%d").to_string().parse().unwrap_or(0), why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_read_within_bounds_or_fall_back_with_a_reason() {
        assert!(zone_of("UTC").is_ok());
        assert!(zone_of(":UTC").is_ok());
        assert!(zone_of("CET-1").is_ok());
        assert!(zone_of("").is_ok());
        for bad in [
            ":/dev/zero",
            "/dev/null",
            ":/",
            ":/nonexistent/zone",
            "no zone at all",
        ] {
            let e = zone_of(bad).err().unwrap_or_default();
            assert!(e.starts_with("TZ '"), "{bad}: {e}");
        }
        let fifo = tempfile::tempdir().unwrap();
        let path = fifo.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if made.is_ok_and(|s| s.success()) {
            let e = zone_of(&format!(":{}", path.display())).unwrap_err();
            assert!(e.ends_with("not a regular file"), "{e}");
        }
    }
}
