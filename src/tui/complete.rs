//! Tab completion of paths in the file prompt, as a shell does it: the last
//! component is completed to the longest prefix the matching entries of its
//! directory share, and when several match they are listed. Pure: the
//! directory's entries come in as values (the executor reads them), so
//! every rule is tested without a file system.

use std::path::{Path, PathBuf};

/// One entry of a directory, as completion sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    /// A directory (or a link to one): completed with a trailing `/`.
    pub dir: bool,
}

impl Entry {
    /// The name as listed: a directory's with its `/`.
    pub fn shown(&self) -> String {
        if self.dir {
            format!("{}/", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// What Tab does to the prompt's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Nothing matches: the text stays.
    NoMatch,
    /// The new text, and the matches (as shown, sorted) when more than one
    /// is left to choose from.
    Done { text: String, several: Vec<String> },
}

/// The text up to and including its last `/` (the directory as typed), and
/// the last component after it (the part completed).
pub fn split(text: &str) -> (&str, &str) {
    let cut = text.rfind('/').map_or(0, |i| i + 1);
    text.split_at(cut)
}

/// Where the directory typed as `dir` (from [`split`]) is looked up: the
/// current directory for none, `home` for a leading `~/` (kept as typed in
/// the prompt). `None` when it starts `~/` and there is no home.
pub fn lookup_dir(dir: &str, home: Option<&Path>) -> Option<PathBuf> {
    if dir.is_empty() {
        return Some(PathBuf::from("."));
    }
    if dir.starts_with("~/") && home.is_none() {
        return None;
    }
    Some(expanded(dir, home))
}

/// The path typed, a leading `~/` read as the home directory (as the
/// completion shows it, so what Tab completed also opens).
pub fn expanded(typed: &str, home: Option<&Path>) -> PathBuf {
    match (typed.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => h.join(rest),
        _ => PathBuf::from(typed),
    }
}

/// Whether the entry `name` is a candidate for the component `typed`:
/// it starts so, and it is hidden only when `typed` starts with a dot.
pub fn candidate(name: &str, typed: &str) -> bool {
    name.starts_with(typed) && (!name.starts_with('.') || typed.starts_with('.'))
}

/// Tab on `text`, given the entries of its directory (see [`split`] and
/// [`lookup_dir`]; entries that do not match are ignored).
pub fn complete(text: &str, entries: &[Entry]) -> Completion {
    // `~` alone is the home directory: on to its entries.
    if text == "~" {
        return Completion::Done {
            text: "~/".into(),
            several: Vec::new(),
        };
    }
    let (dir, typed) = split(text);
    let mut matches: Vec<&Entry> = entries
        .iter()
        .filter(|e| candidate(&e.name, typed))
        .collect();
    matches.sort_by(|a, b| a.name.cmp(&b.name));
    let (first, rest) = match matches.as_slice() {
        [] => return Completion::NoMatch,
        [one] => {
            return Completion::Done {
                text: format!("{dir}{}", one.shown()),
                several: Vec::new(),
            };
        }
        [first, rest @ ..] => (first, rest),
    };
    let common = rest
        .iter()
        .fold(first.name.as_str(), |p, e| common_prefix(p, &e.name));
    Completion::Done {
        text: format!("{dir}{common}"),
        several: matches.iter().map(|e| e.shown()).collect(),
    }
}

/// The longest prefix `a` and `b` share, cut on a character boundary.
pub fn common_prefix<'a>(a: &'a str, b: &str) -> &'a str {
    let n = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    &a[..n]
}

/// The matches listed in at most `room` columns: `3 matches: a.json
/// b.json games/`, or as many as fit then `…` (`12 matches: a.json b.json
/// …`); just the count when not even one name fits, nothing when not even
/// that does.
pub fn listing(matches: &[String], room: usize) -> String {
    let head = format!("{} matches:", matches.len());
    let width = |s: &str| s.chars().count();
    if width(&head) > room {
        let count = format!("{} matches", matches.len());
        return if width(&count) <= room {
            count
        } else {
            String::new()
        };
    }
    let mut out = head.clone();
    for (i, m) in matches.iter().enumerate() {
        let last = i + 1 == matches.len();
        // Room for this name, and for the `…` after it unless it is the last.
        let need = width(&out) + 1 + width(m) + if last { 0 } else { 2 };
        if need > room {
            if out == head {
                // Not even one name: the count alone.
                return format!("{} matches", matches.len());
            }
            out.push_str(" …");
            return out;
        }
        out.push(' ');
        out.push_str(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(names: &[&str]) -> Vec<Entry> {
        names
            .iter()
            .map(|n| match n.strip_suffix('/') {
                Some(d) => Entry {
                    name: d.into(),
                    dir: true,
                },
                None => Entry {
                    name: n.to_string(),
                    dir: false,
                },
            })
            .collect()
    }

    fn done(text: &str, several: &[&str]) -> Completion {
        Completion::Done {
            text: text.into(),
            several: several.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn the_text_splits_at_its_last_slash() {
        assert_eq!(split("assets/eu"), ("assets/", "eu"));
        assert_eq!(split("eu"), ("", "eu"));
        assert_eq!(split("/tmp/"), ("/tmp/", ""));
        assert_eq!(split("~/g"), ("~/", "g"));
    }

    #[test]
    fn the_directory_is_looked_up_with_home_expanded() {
        let home = Path::new("/home/k");
        assert_eq!(lookup_dir("", Some(home)), Some(PathBuf::from(".")));
        assert_eq!(
            lookup_dir("~/games/", Some(home)),
            Some(PathBuf::from("/home/k/games/"))
        );
        assert_eq!(lookup_dir("~/", None), None);
        assert_eq!(
            lookup_dir("/tmp/", Some(home)),
            Some(PathBuf::from("/tmp/"))
        );
        assert_eq!(lookup_dir("assets/", None), Some(PathBuf::from("assets/")));
        // `~user/` is not expanded: looked up as typed.
        assert_eq!(lookup_dir("~k/", Some(home)), Some(PathBuf::from("~k/")));
        assert_eq!(
            expanded("~/a.json", Some(home)),
            PathBuf::from("/home/k/a.json")
        );
        assert_eq!(expanded("~/a.json", None), PathBuf::from("~/a.json"));
        assert_eq!(expanded("a/~/b", Some(home)), PathBuf::from("a/~/b"));
    }

    #[test]
    fn one_match_completes_fully_and_a_directory_gets_its_slash() {
        let es = entries(&["assets/", "README.md", "src/"]);
        assert_eq!(complete("ass", &es), done("assets/", &[]));
        assert_eq!(complete("REA", &es), done("README.md", &[]));
        // Kept as typed before the last slash, `~/` included.
        assert_eq!(complete("~/ass", &es), done("~/assets/", &[]));
        assert_eq!(complete("/work/R", &es), done("/work/README.md", &[]));
        // Already complete: unchanged.
        assert_eq!(complete("README.md", &es), done("README.md", &[]));
    }

    #[test]
    fn several_matches_complete_to_their_common_prefix_and_are_listed() {
        let es = entries(&["knight-8x8-1.json", "knight-8x8-2.json", "knight-5x5/", "x"]);
        assert_eq!(
            complete("games/k", &es),
            done(
                "games/knight-",
                &["knight-5x5/", "knight-8x8-1.json", "knight-8x8-2.json"]
            )
        );
        // Nothing more to complete: the same list again.
        assert_eq!(
            complete("games/knight-8x8-", &es),
            done(
                "games/knight-8x8-",
                &["knight-8x8-1.json", "knight-8x8-2.json"]
            )
        );
        // An empty component: every (visible) entry.
        assert_eq!(
            complete("", &es),
            done(
                "",
                &["knight-5x5/", "knight-8x8-1.json", "knight-8x8-2.json", "x"]
            )
        );
    }

    #[test]
    fn a_directory_among_several_gets_no_slash_yet() {
        // `games/` and `games.json`: the common prefix is `games`, no slash.
        let es = entries(&["games/", "games.json"]);
        assert_eq!(
            complete("ga", &es),
            done("games", &["games/", "games.json"])
        );
    }

    #[test]
    fn hidden_entries_only_for_a_dot() {
        let es = entries(&[".hidden.json", ".config/", "seen.json"]);
        assert_eq!(complete("", &es), done("seen.json", &[]));
        assert_eq!(complete("h", &es), Completion::NoMatch);
        assert_eq!(complete(".", &es), done(".", &[".config/", ".hidden.json"]));
        assert_eq!(complete(".c", &es), done(".config/", &[]));
    }

    #[test]
    fn no_match_keeps_the_text() {
        assert_eq!(complete("zzz", &entries(&["a.json"])), Completion::NoMatch);
        assert_eq!(complete("a", &[]), Completion::NoMatch);
    }

    #[test]
    fn tilde_alone_goes_home() {
        assert_eq!(complete("~", &[]), done("~/", &[]));
    }

    #[test]
    fn the_common_prefix_respects_characters() {
        assert_eq!(common_prefix("abc", "abd"), "ab");
        assert_eq!(common_prefix("abc", "ab"), "ab");
        assert_eq!(common_prefix("", "ab"), "");
        // é and è share their first byte, not their character.
        assert_eq!(common_prefix("tré", "trè"), "tr");
    }

    #[test]
    fn the_listing_fits_its_room() {
        let ms: Vec<String> = ["a.json", "b.json", "games/"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(listing(&ms, 80), "3 matches: a.json b.json games/");
        assert_eq!(listing(&ms, 31), "3 matches: a.json b.json games/");
        // One column short: the last names give way to `…`.
        assert_eq!(listing(&ms, 30), "3 matches: a.json b.json …");
        assert_eq!(listing(&ms, 19), "3 matches: a.json …");
        assert_eq!(listing(&ms, 18), "3 matches");
        assert_eq!(listing(&ms, 9), "3 matches");
        assert_eq!(listing(&ms, 8), "");
        for room in 0..40 {
            assert!(listing(&ms, room).chars().count() <= room, "{room}");
        }
    }
}
