//! Checkpoints that cannot lie: a checkpoint folder, damaged in one of
//! many ways (a byte flipped, a file cut short or grown, one worker's
//! file copied over another's, a file removed, a manifest's line
//! changed), and the count started again. It resumes to the right count,
//! starts over, or refuses naming a file (exit 3): never a wrong count.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;

use crate::common::kt;

/// 5x16 closed square by square on 2 workers, a checkpoint after every
/// square.
const ARGS: [&str; 10] = [
    "count",
    "--rows",
    "5",
    "--cols",
    "16",
    "--closed",
    "--workers",
    "2",
    "--checkpoint-every",
    "0",
];

/// A folder holding the checkpoint of the count stopped by its node
/// limit at square 33 of 80 (made once), and the count in one process.
fn stopped() -> &'static (tempfile::TempDir, String) {
    static MADE: OnceLock<(tempfile::TempDir, String)> = OnceLock::new();
    MADE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = kt()
            .args(ARGS)
            .arg("--checkpoint")
            .arg(dir.path())
            .args(["--node-limit", "200000"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let alone = kt().args(&ARGS[..6]).output().unwrap();
        assert!(alone.status.success());
        (dir, String::from_utf8(alone.stdout).unwrap())
    })
}

#[derive(Clone, Debug)]
enum Damage {
    Flip(usize, u8),
    Cut(usize),
    Grow(Vec<u8>),
    CopyOver(usize),
    Remove,
    /// A manifest line's first digit changed, its checksum kept.
    Renumber(usize),
}

fn arb_damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(i, b)| Damage::Flip(i, b)),
        any::<usize>().prop_map(Damage::Cut),
        proptest::collection::vec(any::<u8>(), 1..40).prop_map(Damage::Grow),
        any::<usize>().prop_map(Damage::CopyOver),
        Just(Damage::Remove),
        any::<usize>().prop_map(Damage::Renumber),
    ]
}

/// The checkpoint's files in a folder, sorted (not the lock, which
/// holds nothing).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            !p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".lock")
        })
        .collect();
    v.sort();
    v
}

/// `damage` done to the `which`th file of `dir`.
fn damage(dir: &Path, which: usize, damage: &Damage) {
    let all = files(dir);
    let path = &all[which % all.len()];
    let mut bytes = std::fs::read(path).unwrap();
    match damage {
        Damage::Flip(i, b) => {
            let i = i % bytes.len();
            bytes[i] ^= b;
        }
        Damage::Cut(i) => bytes.truncate(i % bytes.len()),
        Damage::Grow(more) => bytes.extend(more),
        Damage::CopyOver(i) => bytes = std::fs::read(&all[i % all.len()]).unwrap(),
        Damage::Remove => {
            std::fs::remove_file(path).unwrap();
            return;
        }
        Damage::Renumber(i) => {
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&k| bytes[k].is_ascii_digit())
                .collect();
            let k = digits[i % digits.len()];
            bytes[k] = if bytes[k] == b'9' { b'0' } else { bytes[k] + 1 };
        }
    }
    std::fs::write(path, bytes).unwrap();
}

/// The count resumed (or refused) from a copy of the stopped folder with
/// `hurt` done to one file.
fn resumed(which: usize, hurt: &Damage) -> Result<(), TestCaseError> {
    let (made, alone) = stopped();
    let copy = tempfile::tempdir().unwrap();
    for f in files(made.path()) {
        std::fs::copy(&f, copy.path().join(f.file_name().unwrap())).unwrap();
    }
    damage(copy.path(), which, hurt);
    let out = kt()
        .args(ARGS)
        .arg("--checkpoint")
        .arg(copy.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => prop_assert_eq!(
            &String::from_utf8_lossy(&out.stdout),
            alone,
            "{:?}: {}",
            hurt,
            err
        ),
        Some(3) => {
            prop_assert!(out.stdout.is_empty());
            prop_assert!(
                err.contains(&*copy.path().to_string_lossy()),
                "names no file: {err}"
            );
            prop_assert!(!err.contains("panicked"), "{err}");
        }
        code => prop_assert!(false, "{hurt:?}: exit {code:?}: {err}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn a_damaged_checkpoint_resumes_right_or_is_refused(which in any::<usize>(), hurt in arb_damage()) {
        resumed(which, &hurt)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]
    #[test]
    #[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
    fn many_damaged_checkpoints_resume_right_or_are_refused(which in any::<usize>(), hurt in arb_damage()) {
        resumed(which, &hurt)?;
    }
}
