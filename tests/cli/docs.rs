//! The documentation holds together: every relative link and image in
//! every Markdown file of the repository resolves to a file or folder
//! inside it (and an anchor to a heading), nothing refers outside the
//! repository, and the README stays a front door: at most 100 lines, with
//! a picture of the app in its first 40 lines.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub(crate) const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README's longest allowed length, in lines.
const README_LINES: usize = 100;

/// The longest a page in docs/ may be, in lines, but for the references
/// the keymap writes.
const PAGE_LINES: usize = 400;

/// Pages written by a program, which may be longer.
const GENERATED: [&str; 1] = ["docs/keys.md"];

/// The lines within which the README shows a picture.
const PICTURE_WITHIN: usize = 40;

/// The pictures of the app the README shows, recorded by
/// `assets/pictures/record.sh`.
const APP_PICTURES: [&str; 2] = ["assets/pictures/app.png", "assets/pictures/race.gif"];

/// Every `*.md` file under the repository, but for `target/` and `.git/`.
pub(crate) fn markdown_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(ROOT)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let kind = entry.file_type().unwrap();
            if kind.is_dir() {
                let name = entry.file_name();
                if folder == Path::new(ROOT) && (name == "target" || name == ".git") {
                    continue;
                }
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    assert!(
        found.iter().any(|p| p.ends_with("README.md")),
        "no README.md found under {ROOT}"
    );
    found
}

pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The path relative to the repository, for messages.
pub(crate) fn shown(path: &Path) -> String {
    path.strip_prefix(ROOT)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The lines of a Markdown file outside fenced code blocks, with their
/// numbers (from 1) and inline code spans blanked out.
pub(crate) fn prose_lines(text: &str) -> Vec<(usize, String)> {
    lines_outside_fences(text)
        .into_iter()
        .map(|(i, l)| (i, without_code_spans(&l)))
        .collect()
}

/// Like [`prose_lines`], but keeping code spans (their text is part of a
/// heading's anchor).
fn prose_lines_keeping_code(text: &str) -> Vec<(usize, String)> {
    lines_outside_fences(text)
}

/// The lines outside fenced code blocks (``` or ~~~), numbered from 1.
fn lines_outside_fences(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut fence: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(f) = fence {
            if trimmed.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") {
            fence = Some("```");
        } else if trimmed.starts_with("~~~") {
            fence = Some("~~~");
        } else {
            lines.push((i + 1, line.to_string()));
        }
    }
    lines
}

/// The line with the text of its `code spans` taken out.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            continue;
        }
        if !in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of the links and images on a line: `[text](target)`,
/// `![alt](target "title")`, and reference definitions `[id]: target`.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        // The target runs to its closing parenthesis (balanced inside).
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after.char_indices() {
            match c {
                '(' => depth += 1,
                ')' if depth == 0 => {
                    end = i;
                    break;
                }
                ')' => depth -= 1,
                _ => {}
            }
        }
        let inside = after[..end].trim();
        let target = if let Some(angled) = inside.strip_prefix('<') {
            angled.split('>').next().unwrap_or("")
        } else {
            // A title may follow the target after a space.
            inside.split_whitespace().next().unwrap_or("")
        };
        targets.push(target.to_string());
        rest = &after[end.min(after.len())..];
    }
    let trimmed = line.trim_start();
    if let Some(label_end) = trimmed.strip_prefix('[').and_then(|t| t.find("]:")) {
        let target = trimmed[1 + label_end + 2..].split_whitespace().next();
        if let Some(target) = target {
            targets.push(target.to_string());
        }
    }
    targets
}

/// Whether a target leaves the repository on purpose: a web or mail link.
fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:")
}

/// A heading's anchor as GitHub makes it: lower case, spaces to `-`,
/// punctuation dropped but for `-` and `_`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| {
            if c == ' ' {
                Some('-')
            } else if c == '-' || c == '_' || c.is_alphanumeric() {
                Some(c)
            } else {
                None
            }
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The anchors of a Markdown file's headings, a repeated one numbered
/// `-1`, `-2`, … as GitHub does.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in prose_lines_keeping_code(text) {
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 {
            continue;
        }
        let title = &trimmed[hashes..];
        if !title.is_empty() && !title.starts_with(' ') {
            continue;
        }
        let title = title.trim().trim_end_matches('#').trim();
        // Link syntax in a heading keeps only its text.
        let text = heading_text(title);
        let base = slug(&text);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// A heading's text with `[text](target)` reduced to `text`.
fn heading_text(title: &str) -> String {
    let mut out = String::new();
    let mut rest = title;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](") else {
            break;
        };
        let Some(end) = rest[open + close..].find(')') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..open + close]);
        rest = &rest[open + close + end + 1..];
    }
    out.push_str(rest);
    out
}

/// Decodes the `%XX` escapes of a link target.
fn percent_decoded(target: &str) -> String {
    let bytes = target.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((high * 16 + low) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What is wrong with one link target of `file`, if anything.
fn check_target(file: &Path, text: &str, root: &Path, target: &str) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link target".into());
    }
    if is_external(target) {
        return None;
    }
    let (path_part, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    // Query strings mean nothing to files.
    let path_part = path_part.split('?').next().unwrap();
    if path_part.is_empty() {
        let anchor = anchor.unwrap_or("");
        return (!anchors(text).contains(&percent_decoded(anchor).to_lowercase()))
            .then(|| format!("no heading in this file has the anchor #{anchor}"));
    }
    if path_part.starts_with('/') {
        return Some("a root-absolute link: write it relative to this file".into());
    }
    let decoded = percent_decoded(path_part);
    let resolved = file.parent().unwrap().join(&decoded);
    let Ok(canonical) = resolved.canonicalize() else {
        return Some(format!("{} does not exist", resolved.display()));
    };
    if !canonical.starts_with(root) {
        return Some(format!("{} is outside the repository", canonical.display()));
    }
    if let Some(anchor) = anchor.filter(|a| !a.is_empty())
        && canonical.extension().is_some_and(|e| e == "md")
        && !anchors(&read(&canonical)).contains(&percent_decoded(anchor).to_lowercase())
    {
        return Some(format!(
            "no heading in {} has the anchor #{anchor}",
            shown(&canonical)
        ));
    }
    None
}

#[test]
fn every_relative_link_resolves_inside_the_repository() {
    let root = Path::new(ROOT).canonicalize().unwrap();
    let mut faults = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = read(&file);
        for (number, line) in prose_lines(&text) {
            for target in link_targets(&line) {
                checked += 1;
                // The README's pictures of the app are checked on their own
                // (see below), so that they name the one missing step.
                if file.parent() == Some(Path::new(ROOT)) && APP_PICTURES.contains(&target.as_str())
                {
                    continue;
                }
                if let Some(fault) = check_target(&file, &text, &root, &target) {
                    faults.push(format!("{}:{number}: ({target}): {fault}", shown(&file)));
                }
            }
        }
    }
    assert!(checked > 0, "no links found at all");
    assert!(
        faults.is_empty(),
        "{} broken link(s):\n{}",
        faults.len(),
        faults.join("\n")
    );
}

#[test]
fn no_markdown_file_refers_outside_the_repository() {
    let mut faults = Vec::new();
    for file in markdown_files() {
        for (i, line) in read(&file).lines().enumerate() {
            if line.contains("../shared") {
                faults.push(format!("{}:{}: {line}", shown(&file), i + 1));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "files outside the repository are named:\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&Path::new(ROOT).join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines; at most {README_LINES}: move the rest into docs/"
    );
    let top: Vec<&str> = readme.lines().take(PICTURE_WITHIN).collect();
    assert!(
        top.iter().any(|l| l.contains("![")),
        "README.md shows no picture (`![`) in its first {PICTURE_WITHIN} lines"
    );
}

#[test]
fn no_page_is_too_long_to_read() {
    let long: Vec<String> = markdown_files()
        .iter()
        .map(|f| (shown(f), read(f).lines().count()))
        .filter(|(page, lines)| {
            page.starts_with("docs/") && *lines > PAGE_LINES && !GENERATED.contains(&page.as_str())
        })
        .map(|(page, lines)| format!("{page}: {lines} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "pages over {PAGE_LINES} lines (split them by what a reader looks for): {long:?}"
    );
}

#[test]
fn the_readme_pictures_of_the_app_exist() {
    let readme = read(&Path::new(ROOT).join("README.md"));
    let top: Vec<&str> = readme.lines().take(PICTURE_WITHIN).collect();
    for picture in APP_PICTURES {
        assert!(
            top.iter()
                .any(|l| l.contains("![") && l.contains(&format!("]({picture})"))),
            "README.md shows no {picture} in its first {PICTURE_WITHIN} lines"
        );
        assert!(
            Path::new(ROOT).join(picture).is_file(),
            "{picture} is missing: run assets/pictures/record.sh"
        );
    }
}

#[test]
fn the_link_reader_reads_what_github_renders() {
    assert_eq!(
        link_targets("see [a](docs/a.md#x) and ![b](p.png \"t\") and [c](<d e.md>)"),
        ["docs/a.md#x", "p.png", "d e.md"]
    );
    assert_eq!(link_targets("[id]: docs/guide.md"), ["docs/guide.md"]);
    assert_eq!(without_code_spans("a `[x](y)` b"), "a  b");
    assert_eq!(
        slug("The move order: your textbook's tour"),
        "the-move-order-your-textbooks-tour"
    );
    assert_eq!(slug("Settings panel (`o`)"), "settings-panel-o");
    assert_eq!(slug("snake_case and a-b"), "snake_case-and-a-b");
    let twice = anchors("# A\n\n```\n# not a heading\n```\n## A\n");
    assert_eq!(twice, BTreeSet::from(["a".to_string(), "a-1".to_string()]));
    assert_eq!(percent_decoded("a%20b.md"), "a b.md");
    assert!(is_external("https://example.org") && !is_external("docs/guide.md"));
}
