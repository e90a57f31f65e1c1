use super::*;
use serde_json::Value;

fn b(r: u32, c: u32) -> Board {
    Board::new(r, c, &[]).unwrap()
}

#[test]
fn index_paths_are_checked_square_by_square() {
    let board = Board::new(8, 8, &[Square::new(7, 7)]).unwrap();
    let i = |r, c| board.index(Square::new(r, c));
    // 0,7 -> 3,0 is index + 17, a knight's move in index terms that
    // wraps round the edge.
    let fault = check_indices(&board, &[i(0, 7), i(3, 0)], false).unwrap_err();
    assert_eq!(fault.step, 2);
    assert!(matches!(fault.kind, FaultKind::NotKnightMove { .. }));
    let fault = check_indices(&board, &[i(0, 0), i(1, 2), i(0, 0)], false).unwrap_err();
    assert!(matches!(fault.kind, FaultKind::Repeated { first: 1, .. }));
    let fault = check_indices(&board, &[i(5, 6), i(7, 7)], false).unwrap_err();
    assert!(matches!(fault.kind, FaultKind::Blocked(_)));
    assert_eq!(
        check_indices(&board, &[i(0, 0), i(2, 1)], false),
        Ok(Summary::Partial {
            visited: 2,
            total: 63
        })
    );
}

// A 5x5 open tour from the corner.
const T5: &str = concat!(
    " 1 14  9 20  3\n",
    "24 19  2 15 10\n",
    "13  8 25  4 21\n",
    "18 23  6 11 16\n",
    " 7 12 17 22  5\n",
);

#[test]
fn numbered_board_round_trip() {
    let f = parse_numbered(T5).unwrap();
    let board = f.board().unwrap();
    assert_eq!(f.check(&board), Ok(Summary::Complete { closed: false }));
    let idx: Vec<u32> = f
        .path
        .iter()
        .map(|&[r, c]| board.index(Square::new(r as u32, c as u32)))
        .collect();
    let mut out = Vec::new();
    write_numbered(&mut out, &board, &idx).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), T5);
}

#[test]
fn json_round_trip_keeps_unknown_fields() {
    let text = r#"{"format":"knight-tour","version":1,"rows":3,"cols":4,"closed":false,
        "path":[[0,0],[2,1]],"comment":"hi","meta":{"algorithm":"x"}}"#;
    let l = parse(text).unwrap();
    assert!(!l.numbered);
    assert_eq!(l.file.extra.get("comment"), Some(&Value::from("hi")));
    for compact in [true, false] {
        let mut out = Vec::new();
        l.file.write_json(&mut out, compact).unwrap();
        let back = parse(std::str::from_utf8(&out).unwrap()).unwrap().file;
        assert_eq!(back.path, l.file.path);
        assert_eq!(back.extra, l.file.extra);
        assert_eq!(back.meta, l.file.meta);
    }
}

#[test]
fn first_fault_is_reported_with_its_step() {
    let board = b(5, 5);
    let f = |p: &[(i64, i64)]| check(&board, p.iter().copied(), false);
    assert_eq!(
        f(&[(0, 0), (1, 2), (2, 2)]).unwrap_err().kind,
        FaultKind::NotKnightMove {
            from: Square::new(1, 2),
            to: Square::new(2, 2)
        }
    );
    assert_eq!(f(&[(0, 0), (1, 2), (2, 2)]).unwrap_err().step, 3);
    assert_eq!(
        f(&[(0, 0), (1, 2), (0, 0)]).unwrap_err().kind,
        FaultKind::Repeated {
            square: Square::new(0, 0),
            first: 1
        }
    );
    assert_eq!(f(&[(0, 0), (-2, 1)]).unwrap_err().step, 2);
    assert!(matches!(
        f(&[(0, 0), (2, 5)]).unwrap_err().kind,
        FaultKind::OffBoard { .. }
    ));
    assert_eq!(f(&[]).unwrap_err().kind, FaultKind::Empty);
    assert_eq!(
        f(&[(0, 0), (1, 2)]),
        Ok(Summary::Partial {
            visited: 2,
            total: 25
        })
    );
    let holed = Board::new(5, 5, &[Square::new(1, 2)]).unwrap();
    assert!(matches!(
        check(&holed, [(0, 0), (1, 2)], false).unwrap_err().kind,
        FaultKind::Blocked(_)
    ));
}

#[test]
fn closed_flag_is_checked() {
    let f = parse_numbered(T5).unwrap();
    let board = f.board().unwrap();
    let e = check(&board, f.path.iter().map(|&[r, c]| (r, c)), true).unwrap_err();
    assert_eq!(e.step, 25);
    assert!(e.to_string().contains("marked closed"));
}

/// A puzzle's board, given where a tour is wanted, is said to be one.
#[test]
fn a_puzzle_is_not_read_as_a_tour() {
    let made = crate::puzzle::make(&crate::puzzle::Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty: crate::puzzle::Difficulty::Easy,
        seed: 3,
    })
    .unwrap();
    let mut out = b"# knight's tour puzzle, 6x6, open tour\n".to_vec();
    crate::puzzle::file::write_text(&mut out, &made.puzzle).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(matches!(parse(&text), Err(TourFileError::Puzzle)), "{text}");
    assert!(matches!(parse_numbered(&text), Err(TourFileError::Puzzle)));
    // A tour begun, its steps from 1 in order, is still a tour.
    assert!(parse("1 - -\n- - 2\n- - -\n").is_ok());
}

#[test]
fn bad_numbered_boards() {
    assert!(
        parse_numbered("")
            .unwrap_err()
            .to_string()
            .contains("empty")
    );
    assert!(
        parse_numbered("1 2\n3")
            .unwrap_err()
            .to_string()
            .contains("row 1")
    );
    assert!(
        parse_numbered("1 x")
            .unwrap_err()
            .to_string()
            .contains("'x'")
    );
    assert!(
        parse_numbered("1 3")
            .unwrap_err()
            .to_string()
            .contains("step 2 is missing")
    );
    assert!(
        parse_numbered("1 1")
            .unwrap_err()
            .to_string()
            .contains("twice")
    );
    assert!(
        parse("{\"format\":\"knight-tour\"")
            .unwrap_err()
            .to_string()
            .contains("not a valid")
    );
    assert!(
        parse(r#"{"format":"chess","version":1,"rows":1,"cols":1,"path":[]}"#)
            .unwrap_err()
            .to_string()
            .contains("format")
    );
}

/// The SVG of `path` on `board`, parsed by a real XML parser: every move a
/// line between the centres of its squares, in order.
fn svg_checked(board: &Board, path: &[u32], numbers: bool) -> String {
    use super::svg::{SvgOptions, write_svg};
    let mut out = Vec::new();
    let options = SvgOptions {
        numbers,
        title: Some("a <tour> & more".into()),
    };
    write_svg(&mut out, board, path, &options).unwrap();
    let text = String::from_utf8(out).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let moves: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("line") && n.attribute("class") == Some("move"))
        .collect();
    assert_eq!(moves.len(), path.len() - 1, "one line a move");
    let num = |n: &roxmltree::Node, a: &str| -> u32 { n.attribute(a).unwrap().parse().unwrap() };
    for (line, pair) in moves.iter().zip(path.windows(2)) {
        let (a, b) = (board.square(pair[0]), board.square(pair[1]));
        assert_eq!(
            (
                num(line, "x1"),
                num(line, "y1"),
                num(line, "x2"),
                num(line, "y2")
            ),
            (
                a.col * 40 + 20,
                a.row * 40 + 20,
                b.col * 40 + 20,
                b.row * 40 + 20
            )
        );
        assert!(a.is_knight_move(b));
    }
    let texts = doc.descendants().filter(|n| n.has_tag_name("text")).count();
    assert_eq!(texts, if numbers { path.len() } else { 0 });
    assert_eq!(
        doc.descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text()),
        Some("a <tour> & more")
    );
    text
}

#[test]
fn an_svg_draws_each_move_between_square_centres() {
    // Euler's closed tour: 63 moves and the closing one, dashed.
    let euler = include_str!("../../tests/data/euler-1759-8x8.json");
    let file = parse(euler).unwrap().file;
    let board = file.board().unwrap();
    let path = file.indices(&board, file.path.len());
    check_indices(&board, &path, true).unwrap();
    let text = svg_checked(&board, &path, true);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let closing: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("closing"))
        .collect();
    assert_eq!(closing.len(), 1, "the closing move");
    assert!(closing[0].attribute("stroke-dasharray").is_some());
    // Around blocked squares: each drawn crossed, and no closing move on
    // an open tour.
    let holed = include_str!("../../tests/data/blocked-8x8.json");
    let file = parse(holed).unwrap().file;
    let board = file.board().unwrap();
    let path = file.indices(&board, file.path.len());
    check_indices(&board, &path, false).unwrap();
    let text = svg_checked(&board, &path, false);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let blocked = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("blocked"))
        .unwrap();
    assert_eq!(
        blocked
            .children()
            .filter(|n| n.has_tag_name("rect"))
            .count(),
        board.blocked().len()
    );
}

#[test]
fn the_svg_ramp_runs_from_violet_to_yellow_and_brightens() {
    use super::svg::ramp;
    assert_eq!(ramp(0.0), (68, 1, 84));
    assert_eq!(ramp(1.0), (253, 231, 37));
    let luma = |(r, g, b): (u8, u8, u8)| 0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64;
    let mut last = -1.0;
    for i in 0..=100 {
        let l = luma(ramp(i as f64 / 100.0));
        assert!(l > last, "brighter at every step");
        last = l;
    }
}

#[test]
fn squares_are_written_as_serde_reads_them() {
    // Around each power of ten the fast digits change width; beyond 10^8
    // and below zero (a bad file kept as it is) they go through itoa.
    let mut numbers = vec![0, 1, i64::MAX, i64::MIN, -1, -10_000];
    for p in 0..12 {
        let t = 10i64.pow(p);
        numbers.extend([t - 1, t, t + 1, 2 * t + 3]);
    }
    let path: Vec<[i64; 2]> = numbers
        .iter()
        .flat_map(|&a| numbers.iter().map(move |&b| [a, b]))
        .collect();
    let mut file = TourFile::new(&b(3, 4), false, &[], None);
    file.path = path;
    file.extra.insert("note".into(), Value::from("kept"));
    for compact in [true, false] {
        let mut out = Vec::new();
        file.write_json(&mut out, compact).unwrap();
        let back: TourFile = serde_json::from_slice(&out).unwrap();
        assert_eq!(back, file, "compact {compact}");
    }
}

#[test]
fn a_long_path_is_written_across_buffers_ten_squares_a_line() {
    let board = b(40, 40);
    let path: Vec<u32> = (0..1600).collect();
    let file = TourFile::new(&board, false, &path, None);
    let mut out = Vec::new();
    file.write_json(&mut out, false).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("\"path\": [[0,0], [0,1], [0,2]"));
    assert!(text.contains("[0,9],\n    [0,10], [0,11]"));
    // `meta` and unknown fields come after the path, as in the contract.
    assert!(
        text.ends_with("[39,39]]\n}\n"),
        "{}",
        &text[text.len() - 40..]
    );
    let back = parse(&text).unwrap().file;
    assert_eq!(back.path.len(), 1600);
    assert_eq!(back, file);
}

/// Hands out its bytes a few at a time (1 to 7, in turn), so that every
/// buffer boundary is met.
struct Dribble<'a>(&'a [u8], usize);

impl std::io::Read for Dribble<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.1 = self.1 % 7 + 1;
        let n = self.1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// What a file is, read whole (the independent route): its summary or
/// first fault, first square and length; `None` when it is refused.
type Judged = Option<(Result<Summary, Fault>, Option<[i64; 2]>, usize, bool)>;

fn judged_whole(bytes: &[u8]) -> Judged {
    let limit = crate::files::FileLimit::tour_file();
    let text = crate::files::read_text(bytes, &limit, None).ok()?;
    let file = parse(&text).ok()?.file;
    let board = file.board().ok()?;
    let closed = file.closed;
    Some((
        file.check(&board),
        file.path.first().copied(),
        file.path.len(),
        closed,
    ))
}

fn judged_streamed<R: std::io::Read>(source: R, bytes: &[u8]) -> Judged {
    let limit = crate::files::FileLimit::tour_file();
    let c = stream::check_file(source, &limit).ok()?;
    let summary = match c.summary {
        Err(f) if c.streamed => Err(stream::first_visit(f, bytes, &limit)),
        other => other,
    };
    Some((summary, c.start, c.squares, c.file.closed))
}

#[test]
fn a_streamed_check_says_what_a_whole_read_says() {
    let board = Board::new(5, 5, &[Square::new(2, 2)]).unwrap();
    let tour = T5
        .split_whitespace()
        .map(|t| t.parse::<u32>().unwrap())
        .enumerate()
        .map(|(at, step)| (step, at as u32))
        .collect::<std::collections::BTreeMap<_, _>>();
    let path: Vec<u32> = tour.values().copied().collect();
    let open = TourFile::new(&b(5, 5), false, &path, None);
    let mut files: Vec<String> = Vec::new();
    for compact in [true, false] {
        let mut out = Vec::new();
        open.write_json(&mut out, compact).unwrap();
        files.push(String::from_utf8(out).unwrap());
    }
    let pretty = files[1].clone();
    let holed = TourFile::new(&board, false, &path[..5], None);
    let mut out = Vec::new();
    holed.write_json(&mut out, true).unwrap();
    files.push(String::from_utf8(out).unwrap());
    let head = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"blocked":[[2,2]],"#;
    for tail in [
        r#""path":[[0,0],[1,2],[0,0]]}"#,
        r#""path":[[0,0],[1,2],[2,2]]}"#,
        r#""path":[[0,0],[1,2],[9,1]]}"#,
        r#""path":[[0,0],[1,3]]}"#,
        r#""path":[[0,0],[-1,2]]}"#,
        r#""path":[]}"#,
        r#""path" : [ [ 0 , 0 ] ,
             [ 1 , 2 ] ] , "closed" : true }"#,
        r#""path":[[0,0],[01,2]]}"#,
        r#""path":[[0,0],[1.0,2]]}"#,
        r#""path":[[0,0],[1e0,2]]}"#,
        r#""path":[[0,0],[99999999999999999999,2]]}"#,
        r#""path":[[0,0],[1,2,3]]}"#,
        r#""path":[[0,0],"x"]}"#,
        r#""path":[[0,0],[1,2]],"path":[[0,0]]}"#,
        r#""p\u0061th":[[0,0],[1,2]]}"#,
        r#""path":[[0,0],[1,2]],"meta":{"path":[1]},"note":[{"a":"]\"}"}]}"#,
        r#""path":[[0,0],[1,2]]} x"#,
        r#""path":[[0,0],[1,2]],}"#,
        r#""path":[[0,0],[1,2]] "closed":true}"#,
        r#""path":[[0,0],[1,2]],"version":2}"#,
    ] {
        files.push(format!("{head}{tail}"));
    }
    // The board known only after the path: its squares are kept.
    files.push(
        r#"{"path":[[0,0],[1,2],[0,0]],"format":"knight-tour","version":1,"rows":5,"cols":5}"#
            .into(),
    );
    files.push(
        r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[2,1],[2,2]],"blocked":[[2,2]]}"#
            .into(),
    );
    files.push(format!("\u{feff}{pretty}"));
    files.push(format!("\n\n  {pretty}"));
    files.push(format!("\u{feff}{T5}"));
    files.push(T5.replace(" 9", "99"));
    files.push(pretty.replace("[4,0]", "[4,0\u{1}]"));
    files.push(pretty.replace("[4,0]", "[4,\u{e9}0]"));
    // Every cut of a file.
    let cuts: Vec<String> = (0..pretty.len())
        .filter(|&n| pretty.is_char_boundary(n))
        .map(|n| pretty[..n].to_string())
        .collect();
    let mut streamed = 0;
    for text in files.iter().chain(&cuts) {
        let bytes = text.as_bytes();
        let whole = judged_whole(bytes);
        assert_eq!(judged_streamed(bytes, bytes), whole, "{text}");
        assert_eq!(judged_streamed(Dribble(bytes, 0), bytes), whole, "{text}");
        let limit = crate::files::FileLimit::tour_file();
        streamed += usize::from(stream::check_file(bytes, &limit).is_ok_and(|c| c.streamed));
    }
    assert!(streamed >= 12, "{streamed} streamed");
    // A repeated square is named with its first visit.
    let text = format!("{head}\"path\":[[0,0],[1,2],[0,0]]}}");
    let (summary, ..) = judged_streamed(text.as_bytes(), text.as_bytes()).unwrap();
    assert_eq!(
        summary.unwrap_err().to_string(),
        "step 3: 0,0 was already visited at step 1"
    );
}

#[test]
fn a_bad_path_is_refused_in_one_line_that_says_where() {
    let text = "{\"format\":\"knight-tour\",\"version\":1,\"rows\":5,\"cols\":5,\n\"path\":[[0,0],\n [1,\"two\"]]}";
    let limit = crate::files::FileLimit::tour_file();
    let e = stream::check_file(text.as_bytes(), &limit)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "not a valid tour file: the path's square 2: expected a whole number, found '\"two\"]]}' at line 3 column 5"
    );
}

#[test]
fn an_error_after_a_path_on_one_line_is_placed_as_a_whole_read_places_it() {
    let limit = crate::files::FileLimit::tour_file();
    let path = TourFile::new(&b(5, 5), false, &[0, 7, 14], None);
    let mut one_line = Vec::new();
    path.write_json(&mut one_line, true).unwrap();
    let text = String::from_utf8(one_line).unwrap();
    assert_eq!(text.lines().count(), 1);
    let stem = text.trim_end().strip_suffix('}').unwrap();
    for tail in [" x}", "}}", r#","closed":"yes"}"#, r#","version":2,}"#] {
        let bad = format!("{stem}{tail}");
        let whole = parse(&bad).unwrap_err().to_string();
        let streamed = stream::check_file(bad.as_bytes(), &limit).unwrap_err();
        assert_eq!(streamed.to_string(), whole, "{bad}");
        assert!(whole.contains("line 1 column"), "{whole}");
    }
}

#[test]
fn a_path_before_its_board_is_walked_from_its_steps_not_held() {
    let limit = crate::files::FileLimit::tour_file();
    let board = b(5, 5);
    let tour: Vec<u32> = {
        let t = crate::solver::find::construct::construct(5, 5, Square::new(0, 0), false).unwrap();
        t.into_iter().collect()
    };
    let squares: Vec<String> = tour
        .iter()
        .map(|&i| format!("[{},{}]", i / 5, i % 5))
        .collect();
    let path = squares.join(",");
    let head = r#""format":"knight-tour","version":1,"rows":5,"cols":5"#;
    for text in [
        format!("{{{head},\"path\":[{path}]}}"),
        format!("{{\"path\":[{path}],{head}}}"),
        format!("{{\"path\":[{path}],{head},\"blocked\":[]}}"),
    ] {
        let c = stream::check_file(text.as_bytes(), &limit).unwrap();
        assert!(c.streamed && c.file.path.is_empty(), "{text}");
        assert_eq!(c.squares, 25);
        assert_eq!(c.summary, Ok(Summary::Complete { closed: false }));
        assert_eq!(c.summary, parse(&text).unwrap().file.check(&board));
    }
    // A repeated square walked from the steps knows its first visit.
    let text = format!(
        "{{\"path\":[{},{}],{head}}}",
        squares[..6].join(","),
        squares[2]
    );
    let c = stream::check_file(text.as_bytes(), &limit).unwrap();
    assert_eq!(
        c.summary.unwrap_err().to_string(),
        format!(
            "step 7: {} was already visited at step 3",
            board.square(tour[2])
        )
    );
}

#[test]
fn an_unknown_field_nested_deep_is_kept_and_deeper_than_a_thousand_refused() {
    let limit = crate::files::FileLimit::tour_file();
    let head = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"blocked":[],"path":[[0,0],[1,2]],"#;
    // The file's own object is the first level.
    for depth in [200, 999] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let text = format!("{head}\"deep\":{deep}}}");
        let whole = parse(&text).unwrap().file;
        assert_eq!(whole.extra["deep"].to_string(), deep);
        let c = stream::check_file(text.as_bytes(), &limit).unwrap();
        assert_eq!(c.file.extra["deep"].to_string(), deep);
        assert!(matches!(c.summary, Ok(Summary::Partial { .. })));
        // Written back as it came.
        let mut out = Vec::new();
        whole.write_json(&mut out, true).unwrap();
        assert!(String::from_utf8(out).unwrap().contains(&deep));
    }
    let text = format!("{head}\"deep\":{}1{}}}", "[".repeat(1000), "]".repeat(1000));
    let want = format!(
        "not a valid tour file: arrays and objects nest deeper than 1000 at line 1 column {}",
        head.len() + "\"deep\":".len() + 1000
    );
    assert_eq!(parse(&text).unwrap_err().to_string(), want);
    let streamed = stream::check_file(text.as_bytes(), &limit).unwrap_err();
    assert_eq!(streamed.to_string(), want);
    // Brackets inside strings do not count.
    let text = format!(
        "{head}\"s\":\"{}\\\"{}\"}}",
        "[".repeat(5000),
        "{".repeat(5000)
    );
    assert!(parse(&text).is_ok());
}
