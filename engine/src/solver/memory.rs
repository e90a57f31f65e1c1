//! The memory a search or count may take: the least of what the machine
//! has free, what the process's limits leave (`RLIMIT_AS`, `RLIMIT_DATA`)
//! and what its control group leaves (cgroup v2's `memory.max`, v1's
//! `memory.limit_in_bytes`), so a bound set with `prlimit`, `ulimit -v`,
//! systemd or a container stops a count with a message, not an abort.

use std::path::Path;

/// Bytes this process may still take, or `None` where nothing can be
/// read (not Linux).
pub fn available() -> Option<u64> {
    let free = meminfo("MemAvailable:");
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let held = |field: &str| kib(&status, field);
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    // Address space is reserved well ahead of use (thread stacks, the
    // allocator's arenas, a table's old and new storage while it grows):
    // half of what is left of it.
    let space = limit(&limits, "Max address space")
        .map(|l| l.saturating_sub(held("VmSize:").unwrap_or(0)) / 2);
    let data =
        limit(&limits, "Max data size").map(|l| l.saturating_sub(held("VmData:").unwrap_or(0)) / 2);
    [free, space, data, cgroup()].into_iter().flatten().min()
}

/// A field of /proc/meminfo in bytes.
fn meminfo(field: &str) -> Option<u64> {
    kib(&std::fs::read_to_string("/proc/meminfo").ok()?, field)
}

/// The value of a `Field:  N kB` line, in bytes.
fn kib(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// A soft limit of /proc/self/limits in bytes (`None` when unlimited).
fn limit(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    line[name.len()..].split_whitespace().next()?.parse().ok()
}

/// What this process's control group has left: its limit less its use.
fn cgroup() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let root = Path::new("/sys/fs/cgroup");
    let read = |p: &Path| -> Option<u64> { std::fs::read_to_string(p).ok()?.trim().parse().ok() };
    for line in text.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let path = path.trim_start_matches('/');
        let (dir, max, used) = match controllers {
            // v2: one hierarchy.
            "" => (root.join(path), "memory.max", "memory.current"),
            c if c.split(',').any(|c| c == "memory") => (
                root.join("memory").join(path),
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ),
            _ => continue,
        };
        // "max" (v2) or a huge number (v1) where there is no limit.
        if let Some(max) = read(&dir.join(max)).filter(|&m| m < 1 << 60) {
            return Some(max.saturating_sub(read(&dir.join(used)).unwrap_or(0)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn limits_and_fields_read() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max data size             unlimited            unlimited            bytes\n\
                      Max address space         2000000000           unlimited            bytes\n";
        assert_eq!(
            super::limit(limits, "Max address space"),
            Some(2_000_000_000)
        );
        assert_eq!(super::limit(limits, "Max data size"), None);
        assert_eq!(super::kib("VmSize:\t  1024 kB\n", "VmSize:"), Some(1 << 20));
        assert!(super::available().is_some_and(|b| b > 0));
    }
}
