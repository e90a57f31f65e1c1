//! Hostile cases of the second reliability round: inputs that cannot be
//! read twice, limits every phase of a search keeps, output that survives
//! an interrupt, and pictures of any size in bounded time and bytes.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{kt, spawn, within};
use knight_engine::solver::Tours;

/// A streamed 5x5 path (the board comes before it) that visits 1,2 again
/// at step 8.
const REPEATED: &str = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"blocked":[],"closed":false,"path":[[0,0],[1,2],[2,4],[0,3],[1,1],[2,3],[0,4],[1,2]]}"#;
const VERDICT: &str = "step 8: 1,2 was already visited at step 2";

#[test]
fn a_repeated_square_in_a_pipe_is_named_with_its_first_visit_without_a_second_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            f.write_all(REPEATED.as_bytes()).unwrap();
        })
    };
    let o = within(
        spawn(kt().arg("verify").arg(&fifo)),
        Duration::from_secs(20),
        "verify of a FIFO",
    );
    writer.join().unwrap();
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(VERDICT),
        "{o:?}"
    );
    // Standard input, too.
    let mut child = kt()
        .args(["verify", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(REPEATED.as_bytes())
        .unwrap();
    let o = within(child, Duration::from_secs(20), "verify -");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains(VERDICT),
        "{o:?}"
    );
}

#[test]
fn a_repeated_square_after_blank_space_or_a_bom_keeps_its_first_visit() {
    let dir = tempfile::tempdir().unwrap();
    for (name, lead) in [
        ("blank", "\n\n  \t"),
        ("bom-newline", "\u{feff}\n"),
        ("bom", "\u{feff}"),
    ] {
        let file = dir.path().join(format!("{name}.json"));
        std::fs::write(&file, format!("{lead}{REPEATED}")).unwrap();
        let o = kt().arg("verify").arg(&file).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{name}: {o:?}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(VERDICT), "{name}: {out}");
    }
}

#[test]
fn every_algorithm_and_count_stops_at_its_time_limit() {
    // Boards where each runs long: more than a minute without the limit
    // (the (300,1) leaper's turns once ran past 20 s under a 1 s limit).
    let cases: &[(&str, i32)] = &[
        ("solve --algo backtrack --size 8 --closed", 3),
        ("solve --algo backtrack --size 3000", 3),
        ("solve --algo warnsdorff --leaper 300,1 --size 700", 3),
        ("solve --leaper 500,1 --size 1000", 3),
        // Fewer tours than asked: undecided, and said.
        (
            "solve --algo enumerate --size 8 --tours 100000000 --format moves",
            3,
        ),
        // Fewer tours than asked: undecided, and said.
        (
            "solve --algo warnsdorff --size 8 --tours 100000000 --format moves",
            3,
        ),
        ("count --size 8", 3),
        ("count --size 8 --closed", 3),
        ("count --leaper zebra --size 10", 3),
        ("count --leaper 0,1 --size 9 --surface torus", 3),
    ];
    // Five at a time: each waits a second for its limit, so together they
    // take two seconds, not ten.
    for batch in cases.chunks(5) {
        let began = Instant::now();
        let children: Vec<_> = batch
            .iter()
            .map(|&(args, code)| {
                let child = kt()
                    .args(args.split(' '))
                    .args(["--time-limit", "1"])
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                (args, code, child)
            })
            .collect();
        for (args, code, child) in children {
            let o = within(child, Duration::from_secs(30), args);
            let took = began.elapsed();
            assert_eq!(o.status.code(), Some(code), "{args}: {o:?}");
            // A second for the limit, the rest for setting up and a busy
            // machine; a phase that ignores the limit runs far longer.
            assert!(took < Duration::from_secs(8), "{args}: {took:?}");
        }
    }
}

#[test]
fn an_interrupted_sweep_keeps_the_lines_of_the_boards_it_finished() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let mut child = kt()
        .args(["sweep", "--from", "5", "--to", "10000"])
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let began = Instant::now();
    let lines = loop {
        let text = std::fs::read_to_string(&out).unwrap();
        let lines = text.lines().filter(|l| l.contains(" starts, ")).count();
        if lines >= 3 || began.elapsed() > Duration::from_secs(60) {
            break lines;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    // Killed outright: nothing is flushed at the end.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(lines >= 3, "{lines} lines after {:?}", began.elapsed());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("5x5: "), "{text}");
    assert!(text.ends_with('\n'), "a whole line at the end: {text}");
}

/// The fill of each overview cell, by its top-left corner in squares.
fn cells(svg: &str) -> std::collections::HashMap<(u32, u32), String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let group = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("cells"))
        .expect("a group of cells");
    group
        .children()
        .filter(|n| n.has_tag_name("rect"))
        .map(|n| {
            let at = |a| n.attribute(a).unwrap().parse::<u32>().unwrap() / 40;
            ((at("y"), at("x")), n.attribute("fill").unwrap().to_string())
        })
        .collect()
}

#[test]
fn a_picture_of_a_big_board_is_an_overview_of_bounded_size_true_to_the_tour() {
    // 600x600: cells of 3x3 squares, each the colour of its mean step.
    let n = 600u32;
    let size = n.to_string();
    let svg = kt()
        .args(["solve", "--size", &size, "--format", "svg"])
        .output()
        .unwrap();
    assert_eq!(svg.status.code(), Some(0));
    assert!(svg.stdout.len() < 4 << 20, "{} bytes", svg.stdout.len());
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert!(svg.contains("each cell is 3x3 squares"), "{}", &svg[..400]);
    let json = kt()
        .args(["solve", "--size", &size, "--format", "json"])
        .output()
        .unwrap();
    let file: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let path = file["path"].as_array().unwrap();
    assert_eq!(path.len(), (n * n) as usize);
    let mut sums = vec![(0u64, 0u64); 200 * 200];
    for (k, sq) in path.iter().enumerate() {
        let (r, c) = (sq[0].as_u64().unwrap(), sq[1].as_u64().unwrap());
        let s = &mut sums[(r / 3 * 200 + c / 3) as usize];
        *s = (s.0 + k as u64 + 1, s.1 + 1);
    }
    let drawn = cells(&svg);
    assert_eq!(drawn.len(), 200 * 200);
    let total = f64::from(n * n);
    for (at, &(sum, count)) in sums.iter().enumerate() {
        let mean = sum as f64 / count as f64;
        let (r, g, b) = knight_engine::tour::svg::ramp((mean - 1.0) / (total - 1.0));
        let want = format!("#{r:02x}{g:02x}{b:02x}");
        let corner = (at as u32 / 200 * 3, at as u32 % 200 * 3);
        assert_eq!(drawn[&corner], want, "cell at {corner:?}");
    }
}

#[test]
fn draw_of_a_huge_tour_file_is_bounded_and_reads_the_file_streamed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let o = kt()
        .args(["solve", "--size", "2048", "--closed", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    // Standard input and a file, with and without numbers.
    let from_stdin = kt()
        .args(["draw", "-"])
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    let out = dir.path().join("t.svg");
    let o = kt()
        .arg("draw")
        .arg(&file)
        .args(["--numbers", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("drawn as an overview, without step numbers"),
        "{err}"
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.len() < 4 << 20, "{} bytes", svg.len());
    let stdin_svg = String::from_utf8(from_stdin.stdout).unwrap();
    assert_eq!(
        stdin_svg.split_once("</title>").unwrap().1,
        svg.split_once("</title>").unwrap().1
    );
    let drawn = cells(&svg);
    // 2048 = 11 x 187 (less the last): every cell visited.
    assert_eq!(drawn.len(), 187 * 187);
    assert!(
        svg.contains(r#"class="start" cx="20" cy="20""#),
        "starts at 0,0"
    );
}

/// A count too big to end shows its tours as they are found, not when a
/// piece of the tree ends (on 8x8 open from a corner, none ends for
/// hours): the app's `#` read 0 for 12 s.
#[test]
fn a_count_that_cannot_end_shows_its_tours_at_once() {
    use knight_engine::board::{Board, Square};
    use knight_engine::solver::Problem;
    use knight_engine::solver::count::{Count, Progress};
    use std::sync::atomic::Ordering::Relaxed;
    let board = Board::new(8, 8, &[]).unwrap();
    let progress = Progress::default();
    let problem = Problem::new(Tours::open(board.clone()), Square::new(0, 0)).unwrap();
    std::thread::scope(|s| {
        let counting = s.spawn(|| {
            Count {
                progress: Some(&progress),
                ..Count::from_start(&problem)
            }
            .run()
        });
        let began = Instant::now();
        while progress.tours.load(Relaxed) == 0 && began.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let seen = progress.tours.load(Relaxed);
        let done = progress.done.load(Relaxed);
        progress.cancel.store(true, Relaxed);
        let count = counting.join().unwrap();
        assert!(seen > 0, "no tours seen in 20 s");
        assert_eq!(done, 0, "seen before any piece of the tree ended");
        assert!(!count.complete());
        // The live figure never runs ahead of the answer.
        assert!(u128::from(seen) <= count.count, "{seen} > {}", count.count);
    });
}
