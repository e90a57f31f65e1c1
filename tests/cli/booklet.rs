//! `puzzle --format svg [--count N]`: puzzles on paper. The booklet is
//! parsed and drawn by a real renderer (resvg), read back grid by grid,
//! and held against the puzzles the same seeds make as files.

use std::collections::BTreeMap;

use resvg::{tiny_skia, usvg};
use serde_json::Value;

use crate::common::run;

/// A booklet of three 6x6 easy puzzles from seed 40.
const BOOKLET: [&str; 11] = [
    "puzzle",
    "--size",
    "6",
    "--difficulty",
    "easy",
    "--seed",
    "40",
    "--count",
    "3",
    "--format",
    "svg",
];

/// Every text the renderer keeps, in document order.
fn rendered_texts(group: &usvg::Group, out: &mut Vec<String>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => rendered_texts(g, out),
            usvg::Node::Text(t) => out.push(t.chunks().iter().map(|c| c.text()).collect()),
            _ => {}
        }
    }
}

/// A grid's numbers: each square, from where its number's `x`, `y` fall
/// in the grid's own units (the border is `cols` squares wide), with the
/// number and whether it is bold (a clue).
fn numbers(grid: roxmltree::Node, cols: u32) -> BTreeMap<(u32, u32), (u32, bool)> {
    let border = grid
        .children()
        .find(|n| n.attribute("class") == Some("border"))
        .expect("a grid's border");
    let unit = border.attribute("width").unwrap().parse::<f64>().unwrap() / f64::from(cols);
    let mut found = BTreeMap::new();
    for t in grid.descendants().filter(|n| n.has_tag_name("text")) {
        let group = t.parent().unwrap();
        if group.attribute("class") == Some("labels") {
            continue;
        }
        let at = |a: &str| (t.attribute(a).unwrap().parse::<f64>().unwrap() / unit) as u32;
        let bold = group.attribute("font-weight") == Some("bold");
        let n = t.text().unwrap().parse().unwrap();
        assert_eq!(found.insert((at("y"), at("x")), (n, bold)), None);
    }
    found
}

/// The clues of the puzzle `seed` makes as a file: square, step.
fn clues_of(seed: u64) -> BTreeMap<(u32, u32), u32> {
    let seed = seed.to_string();
    let args = [&BOOKLET[..6], &[seed.as_str(), "--format", "json"]].concat();
    let (code, json, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    v["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let n = |k: usize| c[k].as_u64().unwrap() as u32;
            ((n(0), n(1)), n(2))
        })
        .collect()
}

/// Three puzzles, titled with seeds 40, 41 and 42, each with the clues of
/// that seed's puzzle file and nothing else on its squares; then three
/// solutions, each a tour square by square that keeps its puzzle's clues.
/// resvg parses and draws the whole document: ink on white paper, and
/// every text of the document kept (where the machine has a font).
#[test]
fn a_booklet_of_three_renders_and_each_solution_keeps_its_clues() {
    let (code, svg, err) = run(&BOOKLET);
    assert_eq!(code, 0, "{err}");

    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(&svg, &options).expect("resvg reads the booklet");
    let size = tree.size().to_int_size();
    assert_eq!(size.width(), 794, "210 mm at 96 dpi");
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    if let Some(path) = std::env::var_os("KNIGHT_TUI_BOOKLET_PNG") {
        pixmap.save_png(path).unwrap();
    }
    let pixels = pixmap.pixels();
    let ink = pixels.iter().filter(|p| p.red() < 100).count();
    let paper = pixels
        .iter()
        .filter(|p| p.red() == 255 && p.green() == 255 && p.blue() == 255)
        .count();
    assert!(ink > 10_000, "{ink} dark pixels");
    assert!(
        paper > pixels.len() / 2,
        "{paper} of {} white",
        pixels.len()
    );

    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Whole A4 pages, so a printer's page breaks fall where the pages do.
    let mm = |a: &str| -> f64 {
        let v = doc.root_element().attribute(a).unwrap();
        v.trim_end_matches("mm").parse().unwrap()
    };
    let pages = mm("height") / 297.0;
    assert_eq!(mm("width"), 210.0);
    assert!(
        pages >= 2.0 && (pages - pages.round()).abs() < 1e-6,
        "{pages} pages"
    );
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect();
    if options.fontdb.is_empty() {
        // .ci/run installs a font and asks for the comparison.
        assert!(
            std::env::var_os("KNIGHT_TUI_REQUIRE_FONTS").is_none(),
            "no font on this machine, and KNIGHT_TUI_REQUIRE_FONTS is set"
        );
        eprintln!("no font on this machine: the rendered texts are not compared");
    } else {
        let mut drawn = Vec::new();
        rendered_texts(tree.root(), &mut drawn);
        assert_eq!(drawn, texts, "resvg keeps every text");
    }

    let class = |c: &'static str| move |n: &roxmltree::Node| n.attribute("class") == Some(c);
    let puzzles: Vec<_> = doc.descendants().filter(class("puzzle")).collect();
    let solutions: Vec<_> = doc.descendants().filter(class("solution")).collect();
    assert_eq!((puzzles.len(), solutions.len()), (3, 3));
    for (k, (p, s)) in puzzles.iter().zip(&solutions).enumerate() {
        let seed = 40 + k as u64;
        let title = p
            .descendants()
            .find(class("title"))
            .unwrap()
            .text()
            .unwrap();
        assert_eq!(
            title,
            format!(
                "Knight's tour puzzle {}: 6x6, open tour, easy, seed {seed}",
                k + 1
            )
        );
        let title = s
            .descendants()
            .find(class("title"))
            .unwrap()
            .text()
            .unwrap();
        assert_eq!(title, format!("Solution {}: seed {seed}", k + 1));

        let clues = clues_of(seed);
        let on_puzzle = numbers(p.descendants().find(class("grid")).unwrap(), 6);
        let want: BTreeMap<_, _> = clues.iter().map(|(&sq, &n)| (sq, (n, true))).collect();
        assert_eq!(on_puzzle, want, "seed {seed}: the clues alone, in bold");
        let labels: Vec<_> = p
            .descendants()
            .filter(class("labels"))
            .flat_map(|g| g.children().filter_map(|t| t.text()))
            .collect();
        assert_eq!(labels, ["0", "1", "2", "3", "4", "5"].repeat(2));

        let solved = numbers(s.descendants().find(class("grid")).unwrap(), 6);
        assert_eq!(solved.len(), 36, "seed {seed}: every square numbered");
        let mut at: Vec<(u32, u32)> = vec![(99, 99); 37];
        for (&sq, &(n, bold)) in &solved {
            assert_eq!(bold, clues.get(&sq) == Some(&n), "seed {seed}: {sq:?}");
            at[n as usize] = sq;
        }
        for (&sq, &n) in &clues {
            assert_eq!(solved[&sq].0, n, "seed {seed}: clue {n} kept");
        }
        for w in at[1..].windows(2) {
            let (dr, dc) = (w[0].0.abs_diff(w[1].0), w[0].1.abs_diff(w[1].1));
            assert!(
                matches!((dr, dc), (1, 2) | (2, 1)),
                "seed {seed}: {:?} to {:?} is not a knight's move",
                w[0],
                w[1]
            );
        }
    }
}

/// `--out` writes the same document as stdout, with a "wrote" line; one
/// puzzle is a booklet of one, with its solution.
#[test]
fn one_puzzle_on_paper_goes_to_out_as_to_stdout() {
    let args = ["puzzle", "--size", "5", "--seed", "3", "--format", "svg"];
    let (code, svg, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(svg.contains("<text class=\"title\""), "{svg}");
    assert!(svg.contains("Solution: seed 3"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.svg");
    let out = file.to_str().unwrap();
    let (code, said, err) = run(&[&args[..], &["--out", out]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        said.starts_with(&format!("wrote {out}: knight's tour puzzle, 5x5")),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), svg);
}

/// `--count` goes with `--format svg` only, from 1 to 1000, and its seeds
/// must stay seeds: usage errors (exit 2), each a line.
#[test]
fn count_is_refused_without_svg_or_out_of_range() {
    for (args, says) in [
        (&["--count", "2"][..], "it goes with --format svg"),
        (
            &["--count", "1", "--format", "json"],
            "it goes with --format svg",
        ),
        (&["--count", "0", "--format", "svg"], "--count"),
        (&["--count", "1001", "--format", "svg"], "at most 1000"),
        (
            &[
                "--count",
                "2",
                "--format",
                "svg",
                "--seed",
                "18446744073709551615",
            ],
            "runs past the largest seed",
        ),
    ] {
        let (code, out, err) = run(&[&["puzzle", "--size", "5"][..], args].concat());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
