//! The real binary in a real terminal (tmux, on a server of its own): keys
//! in, screen out, then the exit code and the terminal given back (alternate
//! screen left, cursor shown). Needs tmux: without it each test says on the
//! terminal that it was skipped and why, and passes, unless
//! `KNIGHT_TUI_REQUIRE_TMUX` is set (`.ci/run` sets it, and installs tmux),
//! when a missing tmux fails the test.

use std::time::{Duration, Instant};

use crate::common::{assert_restored, have_tmux, launch, saved_file};

#[test]
fn watch_pause_step_help_save_and_quit() {
    if !have_tmux("watch_pause_step_help_save_and_quit") {
        return;
    }
    let (t, dir) = launch("watch", "2", "--size 6");
    t.wait_for("Statistics");
    t.wait_for("running");
    t.keys(&["Space"]);
    t.wait_for("paused");
    let before = t.screen();
    t.keys(&["n"]);
    let t0 = Instant::now();
    while t.screen() == before && t0.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_ne!(t.screen(), before, "n moved the search one step");
    t.keys(&["?"]);
    t.wait_for("Esc or ? closes)");
    // Taller than the screen: the arrows scroll it.
    t.keys(&["End"]);
    t.wait_for("a question: yes (quit, or count anyway)");
    t.keys(&["Escape"]);
    t.keys(&["s"]);
    // The message names the file it saved.
    t.wait_for("saved /");
    let saved: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("knight-6x6-"))
        .collect();
    assert_eq!(saved.len(), 1, "one tour file saved");
    // The saved partial path checks out.
    let text = std::fs::read_to_string(saved[0].path()).unwrap();
    let file = knight_engine::tour::parse(&text).unwrap().file;
    file.check(&file.board().unwrap()).expect("a legal path");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn full_speed_finds_a_tour_and_ctrl_c_quits() {
    if !have_tmux("full_speed_finds_a_tour_and_ctrl_c_quits") {
        return;
    }
    let (t, _dir) = launch("found", "\"full\"", "--size 8 --start 3,3");
    let first = t.wait_for("Statistics");
    eprintln!("first frame after {first:?} (8x8, including tmux start)");
    t.wait_for("found: open tour of 64 squares");
    t.keys(&["C-c"]);
    assert_restored(&t);
}

#[test]
fn no_tour_and_a_tiny_terminal() {
    if !have_tmux("no_tour_and_a_tiny_terminal") {
        return;
    }
    let (t, _dir) = launch("none", "\"full\"", "--size 7 --closed");
    t.wait_for("no tour: 7x7 has 25 light and 24 dark squares");
    t.run(&["resize-window", "-t", "t", "-x", "40", "-y", "10"]);
    t.wait_for("Terminal too");
    t.run(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    t.wait_for("Statistics");
    // Esc never quits: it says how.
    t.keys(&["Escape"]);
    t.wait_for("q quits");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn settings_by_keys_and_mouse_start_a_new_search() {
    if !have_tmux("settings_by_keys_and_mouse_start_a_new_search") {
        return;
    }
    let (t, _dir) = launch("settings", "\"full\"", "--size 5");
    t.wait_for("found: open tour of 25 squares");
    t.keys(&["o"]);
    t.wait_for("Enter search  Esc cancel");
    // Two more columns, then a left click on a square of the board's last row.
    t.keys(&["}", "}"]);
    t.wait_for("5x7 · settings");
    let screen = t.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let board_rows: Vec<usize> = (1..lines.len())
        .filter(|&i| {
            lines[i].starts_with('│') && lines[i].chars().take(80).any(|c| c == '·' || c == '♞')
        })
        .collect();
    assert_eq!(board_rows.len(), 5, "{screen}");
    let last = board_rows[4];
    let cols: Vec<usize> = lines[last]
        .chars()
        .take(80)
        .enumerate()
        .filter(|&(_, c)| c == '·' || c == '♞')
        .map(|(i, _)| i)
        .collect();
    assert_eq!(cols.len(), 7, "{screen}");
    // SGR mouse report: left button down at (column, row), 1-based.
    let click = format!("\x1b[<0;{};{}M", cols[6] + 1, last + 1);
    t.run(&["send-keys", "-t", "t", "-l", &click]);
    t.wait_for("start      4,6");
    t.keys(&["Enter"]);
    t.wait_for("found: open tour of 35 squares");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn replay_stops_at_the_illegal_step_and_tab_searches() {
    if !have_tmux("replay_stops_at_the_illegal_step_and_tab_searches") {
        return;
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/illegal-step.json");
    let (t, _dir) = launch("replay", "\"full\"", &format!("replay {file}"));
    t.wait_for("illegal: step 6: 1,3 -> 0,2 is not a knight move");
    t.wait_for("step 5 / 6");
    assert!(t.screen().contains('✘'), "the faulty square is marked");
    t.keys(&["Home"]);
    t.wait_for("paused: step 0 / 6");
    t.keys(&["Right", "Right"]);
    t.wait_for("paused: step 2 / 6");
    t.keys(&["End"]);
    t.wait_for("illegal: step 6");
    // Tab: play on the configured board, Tab again: the race of its
    // search and the rival's; once more, the search alone.
    t.keys(&["Tab"]);
    t.wait_for("8x8 · play");
    t.keys(&["Tab"]);
    t.wait_for("A · 8x8");
    t.keys(&["Tab"]);
    t.wait_for("found: open tour of 64 squares");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn replay_of_a_closed_tour_says_closed() {
    if !have_tmux("replay_of_a_closed_tour_says_closed") {
        return;
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/closed-8x8.json");
    let (t, _dir) = launch("closed", "\"full\"", &format!("replay {file}"));
    t.wait_for("complete closed tour of 64 squares");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn play_by_hand_save_and_resume() {
    if !have_tmux("play_by_hand_save_and_resume") {
        return;
    }
    let (t, dir) = launch("play", "50", "play --size 5");
    t.wait_for("place the knight");
    t.keys(&["Enter"]);
    t.wait_for("moves      1 / 25");
    t.keys(&["Right", "Enter"]);
    t.wait_for("illegal: 0,0 -> 0,1 is not a knight move");
    t.keys(&["1"]);
    t.wait_for("moves      2 / 25");
    t.keys(&["1"]);
    t.wait_for("moves      3 / 25");
    t.keys(&["u"]);
    t.wait_for("moves      2 / 25");
    t.wait_for("solvable");
    t.keys(&["s"]);
    t.wait_for("saved ");
    t.keys(&["q"]);
    assert_restored(&t);
    let saved = saved_file(dir.path(), "knight-5x5-");
    let (t, _dir2) = launch(
        "resume",
        "50",
        &format!("play --resume {}", saved.display()),
    );
    t.wait_for("moves      2 / 25");
    // Let the solver finish it, animated.
    t.keys(&["f"]);
    t.wait_for("complete open tour of 25 squares");
    t.wait_for("the solver finished it from step 3");
    // The solver's moves are not saved: q asks, y quits anyway.
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.keys(&["y"]);
    assert_restored(&t);
}

#[test]
fn a_big_board_is_built_at_once_zoomed_panned_and_counted_on_a_small_one() {
    if !have_tmux("a_big_board_is_built_at_once_zoomed_panned_and_counted_on_a_small_one") {
        return;
    }
    let (t, _dir) = launch("zoom", "\"full\"", "--size 1000");
    t.wait_for("found: open tour of 1,000,000 squares (it closes too)");
    t.wait_for("1000x1000 · overview 1:");
    for _ in 0..7 {
        t.keys(&["z"]);
    }
    // On the knight, which ends the closed tour next to its start, 0,0;
    // each pan moves half the window.
    t.wait_for("rows 0-7, cols 0-7");
    t.keys(&["L"]);
    t.wait_for("rows 0-7, cols 4-11");
    t.keys(&["S-Down"]);
    t.wait_for("rows 4-11, cols 4-11");
    t.keys(&["q"]);
    assert_restored(&t);

    // The live count: 304 open tours from a 5x5 corner.
    let (t, _dir) = launch("count", "\"full\"", "--size 5");
    t.wait_for("found: open tour");
    t.keys(&["#"]);
    t.wait_for("304 open tours of 5x5 from 0,0, counted in");
    // The statistics pane: the count on its own line.
    t.wait_until("the count in the statistics", |s| {
        s.lines().any(|l| {
            l.split("│count")
                .nth(1)
                .is_some_and(|r| r.split_whitespace().next() == Some("304"))
        })
    });
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn a_strip_is_built_exactly_folded_and_played_to_a_proven_dead_end() {
    if !have_tmux("a_strip_is_built_exactly_folded_and_played_to_a_proven_dead_end") {
        return;
    }
    // 3x100 from 1,10: a search runs for minutes; the strip is built at
    // once and shown whole, folded into 6 bands of 17 columns (68 inside).
    let (t, _dir) = launch("strip", "\"full\"", "--rows 3 --cols 100 --start 1,10");
    t.wait_for("found: open tour of 300 squares");
    t.wait_for("numbers in 6 bands");
    let s = t.screen();
    for n in ["300", " 1 "] {
        assert!(s.contains(n), "{n:?} on screen:\n{s}");
    }
    t.keys(&["q"]);
    assert_restored(&t);
    // Hand play on 3x8 from 1,2: no tour at all, decided exactly at once.
    let (t, _dir) = launch(
        "strip-play",
        "\"full\"",
        "play --rows 3 --cols 8 --start 1,2",
    );
    t.wait_for("no tour from here: no path from 1,2 covers the 24 squares left");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn the_speed_flag_overrides_the_configuration() {
    if !have_tmux("the_speed_flag_overrides_the_configuration") {
        return;
    }
    // The configuration says 1 step a second; the flag says full speed.
    let (t, _dir) = launch("speedflag", "1", "--speed full --size 8");
    t.wait_for("found: open tour of 64 squares");
    t.wait_for("full");
    t.keys(&["q"]);
    assert_restored(&t);
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/euler-1759-8x8.json");
    let (t, _dir) = launch("speedflag2", "1", &format!("replay --speed 1000 {euler}"));
    t.wait_for("1000 steps/s");
    t.wait_for("step 64 / 64");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn quitting_an_unsaved_game_asks_and_can_save_first() {
    if !have_tmux("quitting_an_unsaved_game_asks_and_can_save_first") {
        return;
    }
    let (t, dir) = launch("confirm", "\"full\"", "play --size 5 --start 0,0");
    t.wait_for("quit");
    t.keys(&["1"]);
    t.keys(&["1"]);
    t.wait_for("3 / 25");
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.wait_for("The game's 3 squares are not saved.");
    t.keys(&["n"]);
    t.wait_for("still playing");
    t.keys(&["Escape"]);
    t.wait_for("q quits");
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.keys(&["s"]);
    assert_restored(&t);
    // The shell is told where the game went.
    t.wait_for("saved the game to ");
    let saved: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("knight-5x5-"))
        .collect();
    assert_eq!(saved.len(), 1, "the game was saved before quitting");
    let text = std::fs::read_to_string(saved[0].path()).unwrap();
    let file = knight_engine::tour::parse(&text).unwrap().file;
    assert_eq!(file.path.len(), 3);
    file.check(&file.board().unwrap()).expect("a legal path");
}

#[test]
fn a_race_of_backtracking_against_warnsdorff_on_8x8() {
    if !have_tmux("a_race_of_backtracking_against_warnsdorff_on_8x8") {
        return;
    }
    // The coursework's lesson, at full speed: both find their first tour
    // from the corner, with the nodes each needed.
    let (t, _dir) = launch(
        "race",
        "\"full\"",
        "race --size 8 --start 0,0 --algo backtrack --vs warnsdorff",
    );
    t.wait_for("A: backtrack");
    t.wait_for("B: warnsdorff · roth ties");
    t.wait_for("warnsdorff won: 64 nodes to backtrack's 8,250,733 (128,918x fewer)");
    let s = t.screen();
    assert!(s.contains("found after 8,250,733 nodes"), "{s}");
    assert!(s.contains("found after 64 nodes"), "{s}");
    // A speed change after the race does not take the verdict away.
    t.keys(&["-"]);
    t.wait_for("speed:");
    let s = t.screen();
    assert!(
        s.contains("race over · warnsdorff won: 64 nodes to backtrack's 8,250,733"),
        "{s}"
    );
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn a_slow_race_pauses_steps_and_ends_on_v() {
    if !have_tmux("a_slow_race_pauses_steps_and_ends_on_v") {
        return;
    }
    let (t, _dir) = launch(
        "race2",
        "2",
        "race --size 6 --algo warnsdorff --vs backtrack",
    );
    t.wait_for("racing · 2 steps/s");
    t.keys(&["Space"]);
    t.wait_for("paused · 2 steps/s");
    // Both sides paused at the same node count; n steps both.
    let nodes = |s: &str| -> Vec<u64> {
        s.lines()
            .flat_map(|l| l.split('│'))
            .filter_map(|cell| cell.trim().strip_prefix("nodes"))
            .map(|n| n.trim().replace(',', "").parse().unwrap())
            .collect()
    };
    let before = nodes(&t.screen());
    assert_eq!(before.len(), 2, "{}", t.screen());
    t.keys(&["n"]);
    t.wait_until("both sides one node further", |s| {
        nodes(s) == vec![before[0] + 1, before[1] + 1]
    });
    // r runs both again from the start.
    t.keys(&["r"]);
    t.wait_for("race restarted");
    t.wait_until("both sides back at the start", |s| {
        nodes(s).iter().all(|&n| n <= 2)
    });
    // The right side's next algorithm restarts both, level.
    t.keys(&["a"]);
    t.wait_for("race restarted: warnsdorff · roth ties against enumerate");
    t.keys(&["v"]);
    t.wait_for("race over: watching warnsdorff · roth ties");
    t.wait_for("Statistics");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn zoomed_play_keeps_the_knight_in_view() {
    if !have_tmux("zoomed_play_keeps_the_knight_in_view") {
        return;
    }
    let (t, _dir) = launch("follow", "\"full\"", "play --size 30 --start 12,12");
    t.wait_for("knight     12,12");
    // z zooms in on the knight; the title names the part in view, a
    // quarter of the board's squares in the pane's shape.
    t.keys(&["z"]);
    t.wait_for("rows 6-17, cols 3-21");
    let numbers = |s: &str, after: &str, sep: char| -> Vec<u32> {
        let rest = &s[s.find(after).unwrap_or_else(|| panic!("{after}: {s}")) + after.len()..];
        rest.split(|c: char| !c.is_ascii_digit() && c != sep)
            .find(|w| !w.is_empty())
            .unwrap()
            .split(sep)
            .map(|n| n.parse().unwrap())
            .collect()
    };
    // Each 1 moves the knight two rows down: it leaves the first window
    // after four moves, and the view follows it.
    let mut windows = std::collections::BTreeSet::new();
    for step in 1..=6 {
        t.keys(&["1"]);
        t.wait_for(&format!("moves      {} / 900", step + 1));
        let s = t.screen();
        let (rows, cols) = (numbers(&s, "rows ", '-'), numbers(&s, "cols ", '-'));
        let knight = numbers(&s, "knight ", ',');
        assert!(
            (rows[0]..=rows[1]).contains(&knight[0]) && (cols[0]..=cols[1]).contains(&knight[1]),
            "knight {knight:?} out of rows {rows:?} cols {cols:?}"
        );
        windows.insert((rows[0], cols[0]));
    }
    assert!(windows.len() > 1, "the view moved with the knight");
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.keys(&["y"]);
    assert_restored(&t);
}

#[test]
fn zooming_centres_on_the_knight() {
    if !have_tmux("zooming_centres_on_the_knight") {
        return;
    }
    // The construction's tour of 300x300 ends next to 0,0, far from the middle
    // the zoom once centred on: zoomed in, its last step is in view.
    let (t, _dir) = launch("zoom-knight", "\"full\"", "--size 300");
    t.wait_for("tour of 90,000 squares");
    for _ in 0..6 {
        t.keys(&["z"]);
    }
    // Each z redraws: wait for the last one's view, not the first's.
    t.wait_until("the knight's step 90000 in view, zoomed to rows 0-", |s| {
        s.contains("rows 0-") && s.contains("90000")
    });
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn tab_completes_a_file_name_in_the_load_prompt_and_lists_matches() {
    if !have_tmux("tab_completes_a_file_name_in_the_load_prompt_and_lists_matches") {
        return;
    }
    let (t, dir) = launch("complete", "2", "--size 5");
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/euler-1759-8x8.json");
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::copy(euler, games.join("euler-tour.json")).unwrap();
    std::fs::write(games.join("euler-notes.txt"), "").unwrap();
    t.wait_for("quit");
    t.keys(&["l"]);
    t.wait_for("Tab complete");
    // Several match: completed to their common part, and listed.
    let at = format!("{}/ga", dir.path().display());
    t.keys(&["-l", &at]);
    t.keys(&["Tab"]);
    t.wait_for("games/▏");
    t.keys(&["e", "Tab"]);
    t.wait_for("2 matches: euler-notes.txt euler-tour.json");
    assert!(t.screen().contains("games/euler-▏"), "{}", t.screen());
    // One matches: completed fully, and Enter replays it.
    t.keys(&["t", "Tab"]);
    t.wait_for("games/euler-tour.json▏");
    t.keys(&["Enter"]);
    t.wait_for("replaying ");
    t.keys(&["q"]);
    assert_restored(&t);
}
