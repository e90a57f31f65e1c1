//! docs/architecture.md stays true to the tree: its table of folders
//! names every folder of `src/` and `engine/src/`, and each folder it
//! names exists. And the engine's test data stay copies of `assets/`.

use std::collections::BTreeSet;
use std::path::Path;

use crate::docs::{ROOT, read};

/// The folders in the first column of the table under "Every folder".
fn listed() -> BTreeSet<String> {
    let page = read(&Path::new(ROOT).join("docs/architecture.md"));
    let table = page
        .split("### Every folder")
        .nth(1)
        .expect("docs/architecture.md has no `### Every folder`");
    table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cell = l.trim_start_matches('|').split('|').next()?.trim();
            Some(cell.strip_prefix('`')?.strip_suffix('`')?.to_string())
        })
        .collect()
}

/// Every folder under `src/` and `engine/src/`, themselves included.
fn folders() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut todo = vec!["src".to_string(), "engine/src".to_string()];
    while let Some(folder) = todo.pop() {
        for entry in std::fs::read_dir(Path::new(ROOT).join(&folder)).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                todo.push(format!("{folder}/{}", entry.file_name().to_string_lossy()));
            }
        }
        found.insert(folder);
    }
    found
}

#[test]
fn architecture_lists_every_source_folder_and_no_other() {
    let (listed, folders) = (listed(), folders());
    assert!(
        listed.len() > 20,
        "only {} folders read: {listed:?}",
        listed.len()
    );
    let missing: Vec<_> = folders.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "folders docs/architecture.md does not list (add a row to `### Every folder`): {missing:?}"
    );
    let gone: Vec<_> = listed.difference(&folders).collect();
    assert!(
        gone.is_empty(),
        "folders docs/architecture.md lists that do not exist: {gone:?}"
    );
}

/// The engine's tests read their tours from `engine/tests/data/`, inside
/// the packaged crate (which has no `assets/`): each file there is a copy
/// of the repository's file of its name.
#[test]
fn the_engine_test_data_are_copies_of_assets() {
    let data = Path::new(ROOT).join("engine/tests/data");
    let mut copies = 0;
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        let asset = Path::new(ROOT)
            .join("assets")
            .join(path.file_name().unwrap());
        assert_eq!(
            read(&path),
            read(&asset),
            "{} differs from {}: copy it again",
            path.display(),
            asset.display()
        );
        copies += 1;
    }
    assert!(copies >= 3, "only {copies} files in {}", data.display());
}
