//! The keymap written out for people outside the app: the keys line of
//! `replay --help`, `play --help` and `race --help` (and so of the manual
//! page), the README's first keys and docs/keys.md, which a test writes
//! from the same table and keeps equal.

use super::{BINDINGS, Binding, Context, Group};

/// The bindings listed in `group`: those made for a context (the ones
/// that work everywhere are listed once, under [`Group::Everywhere`]).
fn listed(group: Group) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.listed_in(group))
}

/// `Keys: Space pause, n step, …` for a subcommand's `--help`: the keys of
/// `context` the hint bar shows, then those of every mode, wrapped to fit
/// 80 columns.
pub fn help_line(context: Context) -> String {
    let items = listed(Group::In(context))
        .chain(listed(Group::Everywhere))
        .filter_map(|b| b.hint.map(|h| format!("{} {h}", b.label())));
    let mut lines = vec![String::from("Keys:")];
    for item in items {
        let last = lines.last_mut().expect("one line at least");
        if last.chars().count() + item.chars().count() + 2 > 78 {
            lines.push(format!("  {item},"));
        } else {
            last.push_str(&format!(" {item},"));
        }
    }
    let mut text = lines.join("\n");
    text.pop();
    text.push_str(" (? in the app lists every key)");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modes whose keys the documents list, with their headings.
    pub const MODES: [(&str, Group); 6] = [
        ("Search", Group::In(Context::Watch)),
        ("Settings panel (`o`)", Group::In(Context::Settings)),
        ("Replay", Group::In(Context::Replay)),
        ("Hand play", Group::In(Context::Play)),
        ("Race", Group::In(Context::Race)),
        ("Everywhere", Group::Everywhere),
    ];

    /// The other places with keys of their own, for the full reference.
    pub const OTHERS: [(&str, Group); 3] = [
        ("Typing a file name (`l`)", Group::In(Context::Prompt)),
        ("The help (`?`)", Group::In(Context::Help)),
        (
            "Questions (quitting with work not saved, a long count)",
            Group::In(Context::Confirm),
        ),
    ];

    /// The README's keys: the first a newcomer needs, by command.
    pub const FIRST: [(Group, super::super::Command); 10] = {
        use super::super::Command as C;
        let (watch, play) = (Group::In(Context::Watch), Group::In(Context::Play));
        [
            (watch, C::Pause),
            (watch, C::Step),
            (watch, C::Faster),
            (watch, C::Settings),
            (watch, C::NextMode),
            (play, C::MoveHere),
            (play, C::Undo),
            (play, C::Hints),
            (Group::Everywhere, C::Help),
            (Group::Everywhere, C::Quit),
        ]
    };

    /// The table of the [`FIRST`] keys, in Markdown.
    pub fn first_keys() -> String {
        let mut out = String::from("| key | what it does |\n| --- | --- |\n");
        for (group, command) in FIRST {
            let b = listed(group)
                .find(|b| b.gives(command))
                .unwrap_or_else(|| panic!("no key for {command:?} in {group:?}"));
            out.push_str(&row(b));
        }
        out
    }

    /// `| `u` `U` | play: undo / redo a move |`.
    fn row(b: &Binding) -> String {
        let keys: Vec<String> = b.label().split(' ').map(|k| format!("`{k}`")).collect();
        format!("| {} | {} |\n", keys.join(" "), b.help)
    }

    const BEGIN: &str = "<!-- keys: written from src/tui/keymap.rs; KNIGHT_TUI_BLESS=1 cargo test rewrites them -->\n";
    const END: &str = "<!-- end of keys -->\n";

    /// The document's key block equals `want`; with KNIGHT_TUI_BLESS set,
    /// it is written so first.
    fn check(path: &str, want: &str) {
        let file = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&file).unwrap();
        let (Some(a), Some(b)) = (text.find(BEGIN), text.find(END)) else {
            panic!("{path} has no key block ({BEGIN:?} ... {END:?})");
        };
        let got = &text[a + BEGIN.len()..b];
        let want = format!("\n{want}\n");
        if got != want && std::env::var_os("KNIGHT_TUI_BLESS").is_some() {
            let new = format!("{}{BEGIN}{want}{}", &text[..a], &text[b..]);
            std::fs::write(&file, new).unwrap();
            return;
        }
        assert!(
            got == want,
            "{path}'s keys differ from the keymap: KNIGHT_TUI_BLESS=1 cargo test rewrites them"
        );
    }

    /// The help's groups as the app opens them (on the search), in
    /// Markdown: a heading and a table for each, each key once, with the
    /// other keys that do the same (`n .`, `+ = - _`).
    pub fn help_markdown() -> String {
        use crate::tui::ui::help::{groups, heading, keys_of};
        let mut out = String::new();
        for (i, (group, rows)) in groups(Context::Watch).into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("## {}\n\n", heading(group)));
            out.push_str("| key | what it does |\n| --- | --- |\n");
            for b in rows {
                let keys: Vec<String> = keys_of(b)
                    .split(' ')
                    .map(|k| format!("`{}`", k.replace('|', "\\|")))
                    .collect();
                out.push_str(&format!("| {} | {} |\n", keys.join(" "), b.help));
            }
        }
        out
    }

    #[test]
    fn the_readme_and_docs_keys_list_the_keymap() {
        check("README.md", &first_keys());
        check("docs/keys.md", &help_markdown());
    }

    #[test]
    fn keys_md_lists_each_key_once_with_its_aliases() {
        let page = help_markdown();
        let mut seen = std::collections::BTreeSet::new();
        // One row a binding: the same keys may do other things elsewhere
        // (`←` `→` in a search and in a replay), but no row comes twice.
        for line in page.lines().filter(|l| l.starts_with("| `")) {
            assert!(seen.insert(line), "{line} twice in keys.md");
        }
        assert_eq!(
            seen.len(),
            BINDINGS.len(),
            "keys.md has not one row a binding"
        );
        for alias in ["`n` `.`", "`+` `=` `-` `_`"] {
            assert!(page.contains(alias), "keys.md lacks {alias}");
        }
    }

    #[test]
    fn every_binding_is_listed_somewhere() {
        let all: Vec<Group> = MODES.iter().chain(&OTHERS).map(|&(_, g)| g).collect();
        for b in BINDINGS {
            assert!(
                all.iter().any(|&g| b.listed_in(g)),
                "{} is in no list",
                b.label()
            );
        }
    }

    #[test]
    fn the_help_line_names_the_modes_keys_and_fits() {
        let replay = help_line(Context::Replay);
        assert!(replay.starts_with("Keys: Space "), "{replay}");
        assert!(replay.contains("Tab mode"), "{replay}");
        assert!(!replay.contains("Tab search"), "{replay}");
        assert!(
            replay.ends_with("(? in the app lists every key)"),
            "{replay}"
        );
        for line in replay.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(
            help_line(Context::Play).contains("u U"),
            "{}",
            help_line(Context::Play)
        );
    }
}
