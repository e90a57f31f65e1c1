//! `solve --magic`: semimagic and magic tours, each re-checked here square
//! by square (knight moves, every square once, the line sums) with nothing
//! of the engine's; the theory's answers and the flags it refuses.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::common::kt;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = kt().arg("solve").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The tours of `--format moves` output, a line each: squares as (row, col).
fn tours(moves: &str) -> Vec<Vec<(usize, usize)>> {
    moves
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|sq| {
                    let (r, c) = sq.split_once(',').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// The tour's numbering (steps 1..n², by row and column), after checking
/// that it is a knight's tour of the n x n board whose rows and columns
/// all sum to n(n²+1)/2.
fn check_semimagic(tour: &[(usize, usize)], n: usize) -> Vec<Vec<usize>> {
    assert_eq!(tour.len(), n * n);
    let mut step = vec![vec![0; n]; n];
    for (k, &(r, c)) in tour.iter().enumerate() {
        assert!(r < n && c < n, "{r},{c} is off the board");
        assert_eq!(step[r][c], 0, "{r},{c} is visited twice");
        step[r][c] = k + 1;
    }
    for w in tour.windows(2) {
        let (dr, dc) = (w[0].0.abs_diff(w[1].0), w[0].1.abs_diff(w[1].1));
        assert!(
            dr * dc == 2,
            "{:?} -> {:?} is not a knight's move",
            w[0],
            w[1]
        );
    }
    let magic = n * (n * n + 1) / 2;
    for (i, row) in step.iter().enumerate() {
        assert_eq!(row.iter().sum::<usize>(), magic, "row {i}");
        assert_eq!(
            step.iter().map(|r| r[i]).sum::<usize>(),
            magic,
            "column {i}"
        );
    }
    step
}

/// The smallest of a numbering's 16 images under the board's 8 symmetries
/// and reversal.
fn canonical(step: &[Vec<usize>]) -> Vec<usize> {
    let n = step.len();
    let last = n * n + 1;
    let mut images = Vec::new();
    for symmetry in 0..8 {
        for reversed in [false, true] {
            let mut image = vec![0; n * n];
            for (r, row) in step.iter().enumerate() {
                for (c, &k) in row.iter().enumerate() {
                    let (mut r2, mut c2) = (r, c);
                    if symmetry & 1 != 0 {
                        c2 = n - 1 - c2;
                    }
                    if symmetry & 2 != 0 {
                        r2 = n - 1 - r2;
                    }
                    if symmetry & 4 != 0 {
                        std::mem::swap(&mut r2, &mut c2);
                    }
                    image[r2 * n + c2] = if reversed { last - k } else { k };
                }
            }
            images.push(image);
        }
    }
    images.into_iter().min().unwrap()
}

#[test]
fn a_semimagic_8x8_tour() {
    let (code, out, err) = run(&["--size", "8", "--magic", "semi", "--format", "moves"]);
    assert_eq!(code, Some(0), "{err}");
    let found = tours(&out);
    assert_eq!(found.len(), 1);
    let step = check_semimagic(&found[0], 8);
    // Beverley's tour of 1848, the method's first.
    assert_eq!(step[0], [1, 30, 47, 52, 5, 28, 43, 54]);
}

#[test]
fn ten_semimagic_tours_distinct_up_to_symmetry() {
    let (code, out, err) = run(&[
        "--size", "8", "--magic", "semi", "--tours", "10", "--format", "moves",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let found = tours(&out);
    assert_eq!(found.len(), 10);
    let forms: HashSet<_> = found
        .iter()
        .map(|t| canonical(&check_semimagic(t, 8)))
        .collect();
    assert_eq!(forms.len(), 10, "two tours are images of each other");
}

#[test]
fn closed_semimagic_tours_are_closed() {
    let (code, out, err) = run(&[
        "--size", "8", "--magic", "semi", "--closed", "--format", "moves",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let t = &tours(&out)[0];
    check_semimagic(t, 8);
    let (a, b) = (t[0], t[63]);
    assert_eq!(a.0.abs_diff(b.0) * a.1.abs_diff(b.1), 2, "not closed");
}

#[test]
fn every_format_gives_the_checked_tour() {
    let (code, out, _) = run(&["--size", "8", "--magic", "semi"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with(" 1 30 47 52  5 28 43 54\n"), "{out}");
    let (code, out, _) = run(&["--size", "8", "--magic", "semi", "--format", "json"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("\"algorithm\":\"quartes\""), "{out}");
    let (code, out, _) = run(&["--size", "8", "--magic", "semi", "--format", "stats"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("\"found\":true"), "{out}");
}

#[test]
fn no_magic_8x8_tour_by_stertenbrinks_search() {
    let (code, out, _) = run(&["--size", "8", "--magic", "full"]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("no tour: ") && out.contains("Stertenbrink"),
        "{out}"
    );
}

#[test]
fn no_semimagic_tour_of_an_odd_board_by_parity() {
    let (code, out, _) = run(&["--size", "7", "--magic", "semi"]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("odd number of columns") && out.contains("parity"),
        "{out}"
    );
}

#[test]
fn boards_the_method_does_not_cover_are_undecided() {
    for size in ["6", "10"] {
        let (code, out, _) = run(&["--size", size, "--magic", "semi"]);
        assert_eq!(code, Some(3), "{size}");
        assert!(
            out.contains("method of quartes needs an n x n board, n a multiple of 4"),
            "{out}"
        );
    }
    let (code, _, _) = run(&["--size", "8", "--magic", "semi", "--leaper", "camel"]);
    assert_eq!(code, Some(3));
}

#[test]
fn a_time_limit_stops_a_12x12_search() {
    let started = Instant::now();
    let (code, out, _) = run(&[
        "--size",
        "12",
        "--magic",
        "full",
        "--time-limit",
        "1",
        "--format",
        "moves",
    ]);
    assert!(started.elapsed() < Duration::from_secs(10));
    match code {
        Some(3) => assert!(out.contains("time limit"), "{out}"),
        Some(0) => {
            check_semimagic(&tours(&out)[0], 12);
        }
        other => panic!("exit {other:?}: {out}"),
    }
}

#[test]
fn flags_it_cannot_honour_are_refused() {
    for extra in [
        &["--start", "1,1"][..],
        &["--algo", "backtrack"],
        &["--block", "3,3"],
        &["--tie-break", "roth"],
    ] {
        let mut args = vec!["--size", "8", "--magic", "semi"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{extra:?}");
        assert!(
            out.is_empty() && err.contains("cannot be used with --magic"),
            "{err}"
        );
    }
    let (code, _, _) = run(&["--size", "8", "--magic", "half"]);
    assert_eq!(code, Some(2));
}

/// The example of docs/commands.md prints what the command prints.
#[test]
fn the_documented_example_is_what_it_prints() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/commands.md")).unwrap();
    let command = "$ knight-tui solve --size 8 --magic semi\n";
    let at = page.find(command).expect("the example is documented") + command.len();
    let shown: String = page[at..]
        .lines()
        .take_while(|l| !l.starts_with('$'))
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, out, _) = run(&["--size", "8", "--magic", "semi"]);
    assert_eq!(code, Some(0));
    assert_eq!(out, shown);
}
