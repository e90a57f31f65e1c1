//! Every file in `assets/`, mutated byte by byte (truncated, bytes flipped,
//! bytes inserted, stretches repeated), through the reader, the tour parser
//! and the check, and a share of them through `knight-tui verify`: never a
//! panic, exit codes only 0, 1 or 2, and every file accepted a valid tour.

use std::process::{Command, Stdio};

use proptest::prelude::*;

use knight_engine::files::{FileLimit, read_text};
use knight_engine::tour::{self, Summary};

fn assets() -> Vec<(String, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "txt"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    v.sort();
    assert!(v.len() >= 5, "the assets are there");
    v
}

#[derive(Clone, Debug)]
enum Mutation {
    Truncate(usize),
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Repeat(usize, usize, usize),
    Delete(usize, usize),
}

fn arb_mutation() -> impl Strategy<Value = Mutation> {
    // Positions are fractions of the file, scaled when applied.
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (
            any::<usize>(),
            prop::collection::vec(
                prop_oneof![
                    any::<u8>(),
                    prop::sample::select(b"0123456789,[]{}\" -:.\n".to_vec())
                ],
                1..8
            )
        )
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), 1usize..40, 1usize..4).prop_map(|(i, n, k)| Mutation::Repeat(i, n, k)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
    ]
}

fn apply(bytes: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match m {
            Mutation::Truncate(i) => b.truncate(at(*i, b.len())),
            Mutation::Flip(i, x) if !b.is_empty() => {
                let j = i % b.len();
                b[j] = *x;
            }
            Mutation::Flip(..) => {}
            Mutation::Insert(i, x) => {
                let j = at(*i, b.len());
                b.splice(j..j, x.iter().copied());
            }
            Mutation::Repeat(i, n, k) => {
                let j = at(*i, b.len());
                let end = (j + n).min(b.len());
                let piece = b[j..end].to_vec();
                for _ in 0..*k {
                    b.splice(end..end, piece.iter().copied());
                }
            }
            Mutation::Delete(i, n) => {
                let j = at(*i, b.len());
                let end = (j + n).min(b.len());
                b.drain(j..end);
            }
        }
    }
    b
}

/// What the library makes of the bytes: `Some(true)` a complete tour
/// (checked again square by square), `Some(false)` read but not a complete
/// tour, `None` refused.
fn judge(bytes: &[u8]) -> Option<bool> {
    let text = read_text(bytes, &FileLimit::tour_file(), None).ok()?;
    let file = tour::parse(&text).ok()?.file;
    let board = file.board().ok()?;
    match file.check(&board) {
        Ok(Summary::Complete { closed }) => {
            let path = file.indices(&board, file.path.len());
            assert_eq!(path.len(), board.free_count());
            let again = tour::check_indices(&board, &path, closed);
            assert_eq!(again, Ok(Summary::Complete { closed }));
            Some(true)
        }
        _ => Some(false),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn mutated_assets_never_break_the_parser(
        which in 0usize..64,
        mutations in prop::collection::vec(arb_mutation(), 1..5),
    ) {
        let files = assets();
        let (_, bytes) = &files[which % files.len()];
        let _ = judge(&apply(bytes, &mutations));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn mutated_assets_through_verify_exit_0_1_or_2(
        which in 0usize..64,
        mutations in prop::collection::vec(arb_mutation(), 1..4),
    ) {
        let files = assets();
        let (_, bytes) = &files[which % files.len()];
        let mutated = apply(bytes, &mutations);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mutated");
        std::fs::write(&path, &mutated).unwrap();
        let got = Command::new(env!("CARGO_BIN_EXE_knight-tui"))
            .env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test")
            .arg("verify")
            .arg(&path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let code = got.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?}: {got:?}");
        let said = String::from_utf8_lossy(&got.stdout);
        prop_assert!(said.lines().count() <= 1 && got.stderr.len() < 400, "{got:?}");
        // verify and the library agree; what verify accepts is a tour.
        let judged = judge(&mutated);
        if code == Some(0) {
            prop_assert_eq!(judged, Some(true), "{}", said);
            prop_assert!(said.starts_with("complete "), "{}", said);
        } else {
            prop_assert_ne!(judged, Some(true), "{}", said);
        }
    }
}

#[test]
fn the_assets_themselves_are_judged_as_verify_says() {
    for (name, bytes) in assets() {
        let got = Command::new(env!("CARGO_BIN_EXE_knight-tui"))
            .env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test")
            .arg("verify")
            .arg(&name)
            .output()
            .unwrap();
        let judged = judge(&bytes);
        assert_eq!(got.status.code() == Some(0), judged == Some(true), "{name}");
    }
}

/// Tour files in every layout the streamed reader takes apart: the board
/// before the path (one line, pretty), after it, without `blocked`, another
/// piece on a torus, and a deep unknown field after the path.
fn layouts() -> Vec<String> {
    let knight = "[0,0],[2,1],[4,0],[3,2],[4,4],[2,3],[0,4],[1,2],[2,0],[4,1],[3,3],[1,4],[0,2],[1,0],[3,1],[4,3],[2,4],[0,3],[1,1],[3,0],[4,2],[3,4],[1,3],[0,1],[2,2]";
    let snake: Vec<String> = (0..4)
        .flat_map(|r| (0..5).map(move |c| (r, if r % 2 == 0 { c } else { 4 - c })))
        .map(|(r, c)| format!("[{r},{c}]"))
        .collect();
    let snake = snake.join(",");
    let head = r#""format":"knight-tour","version":1,"rows":5,"cols":5"#;
    let deep = format!("{}{}", "[".repeat(50), "]".repeat(50));
    vec![
        format!("{{{head},\"blocked\":[],\"closed\":false,\"path\":[{knight}]}}"),
        format!(
            "{{\n  {head},\n  \"blocked\": [],\n  \"path\": [{}]\n}}\n",
            knight.replace("],[", "],\n    [")
        ),
        format!("{{\"path\":[{knight}],{head},\"blocked\":[]}}"),
        format!("{{{head},\"path\":[{knight}]}}"),
        format!(
            "{{\"format\":\"knight-tour\",\"version\":1,\"rows\":4,\"cols\":5,\"blocked\":[],\"leaper\":[0,1],\"surface\":\"torus\",\"closed\":true,\"path\":[{snake}]}}"
        ),
        format!("{{{head},\"blocked\":[],\"path\":[{knight}],\"deep\":{deep},\"meta\":{{}}}}"),
    ]
}

/// What a whole read makes of the bytes: the check, the first square and
/// the number of squares; `None` refused.
type Read = Option<(Result<Summary, tour::Fault>, Option<[i64; 2]>, usize)>;

fn read_whole(bytes: &[u8]) -> Read {
    let text = read_text(bytes, &FileLimit::tour_file(), None).ok()?;
    let file = tour::parse(&text).ok()?.file;
    let board = file.board().ok()?;
    Some((
        file.check(&board),
        file.path.first().copied(),
        file.path.len(),
    ))
}

fn read_streamed(bytes: &[u8]) -> Read {
    use knight_engine::tour::stream;
    let limit = FileLimit::tour_file();
    let c = stream::check_file(bytes, &limit).ok()?;
    let summary = match c.summary {
        Err(f) if c.streamed => Err(stream::first_visit(f, bytes, &limit)),
        other => other,
    };
    Some((summary, c.start, c.squares))
}

#[test]
fn every_layout_is_a_tour_read_whole_or_streamed() {
    for text in layouts() {
        let whole = read_whole(text.as_bytes());
        assert!(
            matches!(whole, Some((Ok(Summary::Complete { .. }), ..))),
            "{text}: {whole:?}"
        );
        assert_eq!(read_streamed(text.as_bytes()), whole, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn mutated_layouts_read_streamed_say_what_a_whole_read_says(
        which in 0usize..64,
        mutations in prop::collection::vec(arb_mutation(), 1..4),
    ) {
        let files = layouts();
        let mutated = apply(files[which % files.len()].as_bytes(), &mutations);
        prop_assert_eq!(read_streamed(&mutated), read_whole(&mutated));
    }
}
