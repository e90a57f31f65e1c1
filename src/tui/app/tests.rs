use super::*;
use crate::tui::game::Game;
use crate::tui::keymap::command_for;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use knight_tui::board::Board;
use knight_tui::solver::{
    Algorithm, Limits, Method, Report, Snapshot, Solution, Speed, Stats, TieBreak, Verdict,
};

fn app() -> App {
    crate::tui::testing::app_on(Board::new(5, 5, &[]).unwrap())
}

fn snap(path: &[u32]) -> Event {
    Event::Snapshot(Snapshot {
        range: (0, 0),
        path: path.to_vec(),
        stats: Stats {
            nodes: path.len() as u64,
            ..Stats::default()
        },
    })
}

fn press(c: char) -> KeyEvent {
    KeyEvent::new_with_kind(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press)
}

#[test]
fn counts_start_stop_and_say_their_answer() {
    let mut a = app();
    assert_eq!(
        keys(&mut a, &[Command::Count]),
        vec![Effect::Count { generation: 1 }]
    );
    assert!(a.tick().is_some(), "the statistics redraw while counting");
    // Again while it runs: stop it.
    assert_eq!(keys(&mut a, &[Command::Count]), vec![Effect::StopCount]);
    // Done: the answer (the engine counts on its own thread; here, directly).
    let p = knight_tui::solver::Problem::new(&a.spec.board, a.spec.start, false).unwrap();
    let c = knight_tui::solver::count(&p, Algorithm::Enumerate, &Limits::default(), None);
    a.update(Action::Counted(1, c.clone()));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(
        msg.starts_with("304 open tours of 5x5 from 0,0, counted in"),
        "{msg}"
    );
    assert_eq!(
        a.counting
            .as_ref()
            .and_then(|c| c.result.as_ref())
            .map(|r| r.count),
        Some(304)
    );
    assert!(a.tick().is_none());
    // A late answer of an older count is ignored; a new count starts afresh.
    assert_eq!(
        keys(&mut a, &[Command::Count]),
        vec![Effect::Count { generation: 2 }]
    );
    a.update(Action::Counted(1, c));
    assert!(a.counting.as_ref().is_some_and(|c| c.result.is_none()));
    // Not in replay or play: the key does nothing there.
    a.mode = Mode::Replay;
    assert!(keys(&mut a, &[Command::Count]).is_empty());
}

/// A count over the frontier (boards 5 to 7 wide): a finished one says its
/// number, a stopped one where it stopped and that it has no total.
#[test]
fn a_count_over_the_frontier_says_where_it_stopped() {
    let mut a = crate::tui::testing::app_on(Board::new(5, 8, &[]).unwrap());
    a.spec.closed = true;
    keys(&mut a, &[Command::Count]);
    let board = a.spec.board.clone();
    let p = knight_tui::solver::Problem::new(&board, a.spec.start, true).unwrap();
    let c = knight_tui::solver::count(&p, Algorithm::Auto, &Limits::default(), None);
    assert!(matches!(c.method, Method::Frontier { .. }), "{c:?}");
    a.update(Action::Counted(1, c));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(msg.starts_with("88,404 closed tours of 5x8"), "{msg}");
    keys(&mut a, &[Command::Count]);
    let limits = Limits {
        nodes: Some(100),
        time: None,
    };
    let c = knight_tui::solver::count(&p, Algorithm::Auto, &limits, None);
    assert!(!c.complete);
    a.update(Action::Counted(2, c));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(
        msg.starts_with("the node limit stopped the count at square ")
            && msg.ends_with(" of 40, before any total"),
        "{msg}"
    );
}

fn keys(a: &mut App, cs: &[Command]) -> Vec<Effect> {
    cs.iter().flat_map(|&c| a.update(Action::Key(c))).collect()
}

#[test]
fn settings_change_the_board_and_start_a_new_search() {
    let mut a = app();
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(&[0, 7])));
    assert!(keys(&mut a, &[Command::Settings]).is_empty());
    assert_eq!(a.context(), Context::Settings);
    // Space sets the start here, it does not pause.
    keys(
        &mut a,
        &[
            Command::Cursor(1, 0),
            Command::Cursor(0, 1),
            Command::ToggleBlock,
        ],
    );
    assert!(a.settings().unwrap().blocked.contains(&Square::new(1, 1)));
    keys(&mut a, &[Command::Cursor(1, 1), Command::SetStart]);
    keys(
        &mut a,
        &[
            Command::Rows(1),
            Command::Cols(1),
            Command::Cols(1),
            Command::ToggleClosed,
        ],
    );
    keys(&mut a, &[Command::NextAlgorithm, Command::NextTieBreak]);
    let st = a.settings().unwrap();
    assert_eq!(
        (st.rows, st.cols, st.start, st.closed),
        (6, 7, Square::new(2, 2), true)
    );
    assert_eq!(st.preview.describe(), "6x7 with 1 blocked square");
    let fx = keys(&mut a, &[Command::Apply]);
    assert!(matches!(fx[..], [Effect::Start { generation, .. }] if generation == g + 1));
    assert!(a.settings().is_none());
    assert_eq!(a.spec.board.describe(), "6x7 with 1 blocked square");
    assert_eq!((a.spec.start, a.spec.closed), (Square::new(2, 2), true));
    assert_eq!(a.spec.algorithm, Algorithm::Warnsdorff);
    assert_eq!(a.spec.tie_break, TieBreak::Fixed);
    assert_eq!(a.search.trail.board_squares(), 42);
    assert!(a.search.trail.is_empty());
}

#[test]
fn settings_refuse_what_cannot_be_and_esc_cancels() {
    let mut a = app();
    keys(&mut a, &[Command::Settings, Command::ToggleBlock]);
    let st = a.settings().unwrap();
    assert!(st.blocked.is_empty(), "the start is never blocked");
    assert!(
        st.error
            .as_deref()
            .unwrap()
            .contains("start cannot be blocked")
    );
    keys(
        &mut a,
        &[
            Command::Cursor(0, 1),
            Command::ToggleBlock,
            Command::SetStart,
        ],
    );
    assert!(
        a.settings()
            .unwrap()
            .error
            .as_deref()
            .unwrap()
            .contains("is blocked")
    );
    // Shrinking drops squares off the board and keeps the cursor on it.
    keys(&mut a, &[Command::Cursor(4, 4)]);
    for _ in 0..10 {
        keys(&mut a, &[Command::Rows(-1), Command::Cols(-1)]);
    }
    let st = a.settings().unwrap();
    assert_eq!((st.rows, st.cols, st.cursor), (1, 1, Square::new(0, 0)));
    assert!(st.blocked.is_empty());
    // Esc: nothing changed.
    keys(&mut a, &[Command::Back]);
    assert!(a.settings().is_none() && !a.quit);
    assert_eq!(a.spec.board.describe(), "5x5");
    // Clicks: left sets the start, right blocks.
    keys(&mut a, &[Command::Settings]);
    a.update(Action::Click(Square::new(2, 2), false));
    a.update(Action::Click(Square::new(3, 3), true));
    let st = a.settings().unwrap();
    assert_eq!(st.start, Square::new(2, 2));
    assert!(st.blocked.contains(&Square::new(3, 3)));
    // Clicks while watching do nothing.
    keys(&mut a, &[Command::Back]);
    assert!(a.update(Action::Click(Square::new(1, 1), true)).is_empty());
}

#[test]
fn pause_resume_and_step() {
    let mut a = app();
    assert_eq!(a.update(Action::Key(Command::Pause)), vec![Effect::Pause]);
    assert_eq!(a.search.state, RunState::Paused);
    assert_eq!(a.update(Action::Key(Command::Step)), vec![Effect::Step]);
    assert_eq!(a.update(Action::Key(Command::Pause)), vec![Effect::Resume]);
    assert_eq!(a.search.state, RunState::Running);
    assert!(a.update(Action::Key(Command::Step)).is_empty());
    assert!(a.message().unwrap().contains("paused"));
}

#[test]
fn speed_steps_and_clamps() {
    let mut a = app();
    assert_eq!(a.speed_label(), "full");
    assert!(matches!(
        a.update(Action::Key(Command::Faster))[..],
        [Effect::SetSpeed(Speed::Full)]
    ));
    a.update(Action::Key(Command::Slower));
    assert_eq!(a.speed(), Speed::StepsPerSecond(5000.0));
    for _ in 0..20 {
        a.update(Action::Key(Command::Slower));
    }
    assert_eq!(a.speed_label(), "1 step/s");
}

#[test]
fn snapshots_move_the_board_and_backtracking_clears_squares() {
    let mut a = app();
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(&[0, 7, 14])));
    assert_eq!(
        (
            a.search.trail.step(0),
            a.search.trail.step(7),
            a.search.trail.step(14)
        ),
        (1, 2, 3)
    );
    a.update(Action::Engine(Side::A, g, snap(&[0, 7, 4])));
    assert_eq!((a.search.trail.step(14), a.search.trail.step(4)), (0, 3));
    assert_eq!(
        a.search.history.iter().map(|s| s.depth).collect::<Vec<_>>(),
        vec![3, 3]
    );
    // Events of an earlier search are ignored.
    a.update(Action::Engine(Side::A, g - 1, snap(&[0])));
    assert_eq!(a.search.trail.to_vec(), vec![0, 7, 4]);
}

#[test]
fn restart_clears_and_starts_a_new_generation() {
    let mut a = app();
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(&[0, 7])));
    let fx = a.update(Action::Key(Command::Restart));
    assert!(matches!(fx[..], [Effect::Start { generation, .. }] if generation == g + 1));
    assert!(
        a.search.trail.is_empty()
            && (0..a.search.trail.board_squares() as u32).all(|sq| a.search.trail.step(sq) == 0)
    );
}

#[test]
fn done_sets_found_or_no_tour() {
    let mut a = app();
    let g = a.search.generation;
    let done = |verdict, tours: Vec<Vec<u32>>| {
        Event::Done(Report {
            solution: Solution {
                tours,
                verdict,
                stats: Stats::default(),
                algorithm: Algorithm::Warnsdorff,
            },
            tour: None,
        })
    };
    a.update(Action::Engine(
        Side::A,
        g,
        done(Verdict::Found, vec![vec![0, 7]]),
    ));
    assert_eq!(a.search.state, RunState::Found);
    assert_eq!(a.search.trail.to_vec(), vec![0, 7]);
    // Space after the end does not resume anything.
    assert!(a.update(Action::Key(Command::Pause)).is_empty());
    a.update(Action::Key(Command::Restart));
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        done(Verdict::NoTour("why".into()), vec![]),
    ));
    assert_eq!(a.search.state, RunState::NoTour("why".into()));
}

#[test]
fn save_writes_the_path_and_reports() {
    let mut a = app();
    assert!(a.update(Action::Key(Command::Save)).is_empty());
    assert_eq!(a.message(), Some("nothing to save yet"));
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(&[0, 7])));
    let fx = a.update(Action::Key(Command::Save));
    let [
        Effect::Save {
            dir, stem, file, ..
        },
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert!(dir.starts_with("/tmp"));
    assert_eq!(file.path, vec![[0, 0], [1, 2]]);
    // The runtime picks the name (a new one each time) and says which.
    a.update(Action::Saved(Ok(
        dir.join(format!("{stem}-1795430541.json"))
    )));
    assert!(a.message().unwrap().starts_with("saved /tmp/knight-5x5-"));
    a.update(Action::Saved(Err("disk full".into())));
    assert_eq!(a.message(), Some("not saved: disk full"));
}

#[test]
fn help_and_quit() {
    let mut a = app();
    a.update(Action::Key(Command::Help));
    assert!(a.help_open());
    assert!(a.update(Action::Key(Command::Back)).is_empty());
    assert!(!a.help_open() && !a.quit);
    assert_eq!(a.update(Action::Key(Command::Back)), vec![Effect::Quit]);
    assert!(a.quit);
}

fn replay_of(a: &App) -> &Replay {
    a.replay.as_ref().expect("a replay")
}

#[test]
fn replay_keys_play_pause_seek_and_tick() {
    let mut a = app();
    let text = " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
    a.speed = 5; // 50 steps a second
    a.open_replay(Replay::load("t", text).unwrap());
    assert_eq!(a.context(), Context::Replay);
    assert_eq!(
        command_for(KeyEvent::from(KeyCode::Left), Context::Replay),
        Some(Command::Seek(-1))
    );
    let (every, n) = a.tick().expect("playing");
    assert_eq!((every, n), (std::time::Duration::from_millis(20), 1));
    a.update(Action::Tick);
    a.update(Action::Tick);
    assert_eq!(replay_of(&a).pos, 2);
    keys(&mut a, &[Command::Pause]);
    assert!(a.tick().is_none(), "paused: no ticks");
    keys(
        &mut a,
        &[Command::Step, Command::Seek(1), Command::Seek(-1)],
    );
    assert_eq!(replay_of(&a).pos, 3);
    keys(&mut a, &[Command::SeekEnd]);
    assert_eq!(replay_of(&a).pos, 25);
    assert_eq!(
        replay_of(&a).verdict().unwrap(),
        "complete open tour of 25 squares"
    );
    keys(&mut a, &[Command::SeekStart]);
    assert_eq!(replay_of(&a).pos, 0);
    keys(&mut a, &[Command::Restart]);
    assert!(replay_of(&a).playing);
    // Speed applies to the replay and sends nothing to the search.
    assert!(keys(&mut a, &[Command::Faster]).is_empty());
    assert_eq!(
        a.tick().unwrap(),
        (std::time::Duration::from_secs_f64(1.0 / 60.0), 2)
    );
    // Tab: play, then the search again.
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.context(), Context::Play);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.context(), Context::Watch);
}

#[test]
fn tab_replays_the_tour_just_found() {
    let mut a = app();
    // Nothing to replay yet: Tab goes on to play, and back to search.
    assert!(keys(&mut a, &[Command::NextMode]).is_empty());
    assert_eq!(a.mode, Mode::Play);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.mode, Mode::Search);
    let g = a.search.generation;
    let tour = vec![0, 7, 14];
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Done(Report {
            solution: Solution {
                tours: vec![tour.clone()],
                verdict: Verdict::Found,
                stats: Stats::default(),
                algorithm: Algorithm::Warnsdorff,
            },
            tour: None,
        }),
    ));
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.mode, Mode::Replay);
    assert_eq!(replay_of(&a).legal.to_vec(), tour);
    assert_eq!(replay_of(&a).pos, 0);
    // It says how it was made: the search that found it.
    assert_eq!(
        replay_of(&a).made_by.as_deref(),
        Some("warnsdorff · roth ties")
    );
}

#[test]
fn a_replay_launch_starts_the_search_on_first_tab() {
    let spec = app().spec;
    let mut a = App::new(spec, 5, PathBuf::from("/tmp"));
    let r = Replay::of_path("p", &a.spec.board, &[0], false, None);
    a.open_replay(r);
    // Replay -> play (no knight yet: nothing to check) -> search.
    assert!(keys(&mut a, &[Command::NextMode]).is_empty());
    assert_eq!(a.mode, Mode::Play);
    let fx = keys(&mut a, &[Command::NextMode]);
    assert!(
        matches!(fx[..], [Effect::Start { generation: 1, .. }]),
        "{fx:?}"
    );
}

fn game_app() -> App {
    let mut a = app();
    a.mode = Mode::Play;
    a.game = Some(Game::new(a.spec.board.clone(), None, false));
    a
}

fn game(a: &App) -> &Game {
    a.game.as_ref().expect("a game")
}

#[test]
fn play_place_move_refuse_pick_undo_redo() {
    let mut a = game_app();
    assert_eq!(a.context(), Context::Play);
    let enter = KeyEvent::from(KeyCode::Enter);
    assert_eq!(command_for(enter, Context::Play), Some(Command::MoveHere));
    assert_eq!(
        command_for(press('3'), Context::Play),
        Some(Command::Pick(3))
    );
    // The first Enter places the knight on the cursor (top-left).
    let fx = keys(&mut a, &[Command::MoveHere]);
    assert!(
        matches!(&fx[..], [Effect::Check { prefix, .. }] if prefix == &vec![0]),
        "{fx:?}"
    );
    assert_eq!(game(&a).knight(), Some(Square::new(0, 0)));
    // Down goes to the next row; Enter there is not a knight move.
    assert!(keys(&mut a, &[Command::Cursor(1, 0), Command::MoveHere]).is_empty());
    assert_eq!(
        a.message(),
        Some("illegal: 0,0 -> 1,0 is not a knight move")
    );
    // Move 1 of the list; the cursor is on the knight again.
    let first = game(&a).targets()[0];
    keys(&mut a, &[Command::Pick(1)]);
    assert_eq!((game(&a).knight(), game(&a).cursor), (Some(first), first));
    keys(&mut a, &[Command::Pick(8)]);
    assert!(a.message().unwrap().starts_with("there is no legal move 8"));
    // Undo and redo, each asking for a new check.
    assert!(matches!(
        keys(&mut a, &[Command::Undo])[..],
        [Effect::Check { .. }]
    ));
    assert_eq!(game(&a).moves_made(), 1);
    keys(&mut a, &[Command::Redo]);
    assert_eq!(game(&a).moves_made(), 2);
    keys(&mut a, &[Command::Undo, Command::Undo]);
    assert!(keys(&mut a, &[Command::Undo]).is_empty());
    assert_eq!(a.message(), Some("nothing to undo"));
    // A click moves the knight too.
    a.update(Action::Click(Square::new(2, 2), false));
    assert_eq!(game(&a).knight(), Some(Square::new(2, 2)));
}

#[test]
fn play_checks_answer_only_for_their_position() {
    let mut a = game_app();
    let fx = keys(&mut a, &[Command::MoveHere]);
    let [Effect::Check { generation, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    a.update(Action::Checked(generation, Outlook::Solvable));
    assert_eq!(game(&a).outlook, Outlook::Solvable);
    keys(&mut a, &[Command::Pick(1)]);
    // An answer about the old position comes too late.
    a.update(Action::Checked(generation, Outlook::NoTour("x".into())));
    assert_eq!(game(&a).outlook, Outlook::Checking);
    assert!(game(&a).status().starts_with("checking"));
}

#[test]
fn play_finish_is_animated_by_ticks() {
    let mut a = game_app();
    a.speed = 5;
    keys(&mut a, &[Command::MoveHere]);
    let fx = keys(&mut a, &[Command::Finish]);
    let [
        Effect::Finish {
            generation,
            ref prefix,
        },
    ] = fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(prefix, &vec![0]);
    let b = a.spec.board.clone();
    let sol = knight_tui::solver::finish(&b, &[0], false, Limits::default());
    a.update(Action::Finished(generation, Ok(sol.tours[0].clone())));
    assert_eq!(game(&a).finishing.len(), 24);
    assert!(a.tick().is_some());
    for _ in 0..24 {
        a.update(Action::Tick);
    }
    assert!(game(&a).is_complete());
    assert!(a.tick().is_none());
    assert!(
        game(&a)
            .status()
            .starts_with("complete open tour of 25 squares")
    );
    // Saving in play writes the game's path.
    let fx = keys(&mut a, &[Command::Save]);
    let [Effect::Save { file, .. }] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(file.path.len(), 25);
    assert_eq!(file.meta.as_ref().unwrap()["algorithm"], "hand");
}

#[test]
fn load_a_file_by_path() {
    let mut a = app();
    keys(&mut a, &[Command::Load]);
    assert_eq!(a.context(), Context::Prompt);
    // Keys that mean something elsewhere are text here.
    assert_eq!(command_for(press('q'), Context::Prompt), None);
    for c in "t.txx".chars() {
        a.update(Action::Type(c));
    }
    a.update(Action::Erase);
    a.update(Action::Type('t'));
    let fx = keys(&mut a, &[Command::Apply]);
    assert_eq!(
        fx,
        vec![Effect::Open {
            load: 1,
            path: PathBuf::from("t.txt")
        }]
    );
    assert!(a.prompt().is_none());
    assert_eq!(a.loading(), Some("t.txt"));
    assert_eq!(a.message(), Some("reading t.txt (Esc stops)"));
    a.update(Action::Opened(
        1,
        "t.txt".into(),
        Err("no such file".into()),
    ));
    assert_eq!(a.message(), Some("cannot open t.txt: no such file"));
    assert_eq!(a.loading(), None);
    let text = " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
    let replay = Replay::load("t.txt", text).unwrap();
    // A load answered late, after another began, is not wanted.
    keys(&mut a, &[Command::Load]);
    a.update(Action::Type('u'));
    keys(&mut a, &[Command::Apply]);
    a.update(Action::Opened(
        1,
        "t.txt".into(),
        Ok(Box::new(replay.clone())),
    ));
    assert_eq!(a.mode, Mode::Search);
    a.update(Action::Opened(2, "u".into(), Ok(Box::new(replay.clone()))));
    assert_eq!(a.mode, Mode::Replay);
    assert_eq!(replay_of(&a).legal.len(), 25);
    // Esc stops a load under way (and does not quit); its answer is dropped.
    keys(&mut a, &[Command::Load]);
    a.update(Action::Type('v'));
    keys(&mut a, &[Command::Apply]);
    let fx = keys(&mut a, &[Command::Back]);
    assert_eq!(fx, vec![Effect::StopLoad]);
    assert!(!a.quit);
    assert_eq!(a.message(), Some("stopped reading v"));
    a.update(Action::Opened(3, "v".into(), Err("cancelled".into())));
    assert_eq!(a.message(), Some("stopped reading v"));
    // Esc closes the prompt without quitting.
    keys(&mut a, &[Command::Load, Command::Back]);
    assert!(a.prompt().is_none() && !a.quit);
}

#[test]
fn a_failed_search_or_worker_is_said_and_leaves_nothing_waiting() {
    let mut a = app();
    a.update(Action::Engine(
        Side::A,
        a.search.generation,
        Event::Failed("boom".into()),
    ));
    assert_eq!(a.message(), Some("the search failed: boom"));
    assert_eq!(a.message_tone(), Some(Tone::Error));
    assert!(matches!(&a.search.state, RunState::Undecided(w) if w.contains("boom")));
    // A count whose thread failed is no longer under way; `#` starts anew.
    let fx = keys(&mut a, &[Command::Count]);
    assert!(matches!(fx[..], [Effect::Count { .. }]), "{fx:?}");
    a.update(Action::Failed(Worker::Count, "overflow".into()));
    assert_eq!(a.message(), Some("internal error in the count: overflow"));
    assert!(a.counting.is_none());
    let fx = keys(&mut a, &[Command::Count]);
    assert!(matches!(fx[..], [Effect::Count { .. }]), "{fx:?}");
    // Keys still work: q quits.
    keys(&mut a, &[Command::Quit]);
    assert!(a.quit);
}

#[test]
fn quitting_a_game_with_unsaved_moves_asks_first() {
    let mut a = game_app();
    // Only the knight placed: nothing to lose, q quits.
    a.update(Action::Click(Square::new(0, 0), false));
    assert!(!a.game.as_ref().unwrap().would_lose_work());
    // Two moves: q asks, n stays, Esc stays.
    a.update(Action::Click(Square::new(1, 2), false));
    a.update(Action::Click(Square::new(2, 4), false));
    assert!(keys(&mut a, &[Command::Quit]).is_empty());
    assert!(a.confirming_quit() && !a.quit);
    assert_eq!(a.context(), Context::Confirm);
    assert!(
        a.message()
            .unwrap()
            .starts_with("quit? the game's 3 squares")
    );
    // Other keys do not slip past the question.
    keys(&mut a, &[Command::Undo]);
    assert!(a.confirming_quit());
    assert_eq!(a.game.as_ref().unwrap().moves_made(), 3);
    keys(&mut a, &[Command::No]);
    assert!(!a.confirming_quit() && !a.quit);
    keys(&mut a, &[Command::Back]);
    assert!(a.confirming_quit(), "Esc asks too");
    keys(&mut a, &[Command::Back]);
    assert!(!a.confirming_quit() && !a.quit);
    // s: save, then quit once the file is written.
    keys(&mut a, &[Command::Quit]);
    let fx = keys(&mut a, &[Command::SaveAndQuit]);
    assert!(matches!(fx[..], [Effect::Save { .. }]), "{fx:?}");
    assert!(!a.quit);
    let fx = a.update(Action::Saved(Ok(PathBuf::from("/tmp/g.json"))));
    assert_eq!(fx, vec![Effect::Quit]);
    assert!(a.quit);
}

#[test]
fn a_saved_game_quits_at_once_and_a_failed_save_stays() {
    let mut a = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)] {
        a.update(Action::Click(sq, false));
    }
    // The save fails: still here, and still asked.
    keys(&mut a, &[Command::Quit, Command::SaveAndQuit]);
    a.update(Action::Saved(Err("disk full".into())));
    assert!(!a.quit);
    assert_eq!(a.message(), Some("not saved, so still here: disk full"));
    // Saved with s: q quits without asking.
    keys(&mut a, &[Command::Save]);
    a.update(Action::Saved(Ok(PathBuf::from("/tmp/g.json"))));
    assert!(!a.game.as_ref().unwrap().unsaved);
    keys(&mut a, &[Command::Quit]);
    assert!(a.quit && !a.confirming_quit());
    // Ctrl-C never asks.
    let mut b = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)] {
        b.update(Action::Click(sq, false));
    }
    assert_eq!(keys(&mut b, &[Command::ForceQuit]), vec![Effect::Quit]);
    assert!(b.quit);
}

#[test]
fn a_new_game_can_be_undone_and_the_finish_says_from_where() {
    let mut a = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2)] {
        a.update(Action::Click(sq, false));
    }
    keys(&mut a, &[Command::Restart]);
    assert_eq!(a.game.as_ref().unwrap().moves_made(), 0);
    assert_eq!(
        a.message(),
        Some("new game: place the knight (u brings the last game back)")
    );
    keys(&mut a, &[Command::Undo]);
    assert_eq!(a.game.as_ref().unwrap().moves_made(), 2);
    // The solver's finish: said from which step, and on the win.
    let pos = a.position;
    let board = a.game.as_ref().unwrap().board.clone();
    let mut prefix = vec![
        board.index(Square::new(0, 0)),
        board.index(Square::new(1, 2)),
    ];
    let sol = knight_tui::solver::finish(&board, &prefix, false, Limits::default());
    assert_eq!(sol.verdict, Verdict::Found);
    prefix = sol.tours[0].clone();
    a.update(Action::Finished(pos, Ok(prefix)));
    assert!(
        a.message()
            .unwrap()
            .starts_with("the solver finishes the tour from step 3: ")
    );
    a.update(Action::Tick);
    while !a.game.as_ref().unwrap().finishing.is_empty() {
        a.update(Action::Tick);
    }
    assert!(
        a.game
            .as_ref()
            .unwrap()
            .status()
            .ends_with("the solver finished it from step 3"),
        "{}",
        a.game.as_ref().unwrap().status()
    );
}

#[test]
fn zoomed_play_keeps_the_knight_in_view() {
    let mut a = app();
    let board = Board::new(64, 64, &[]).unwrap();
    a.spec.board = board.clone();
    a.mode = Mode::Play;
    a.game = Some(Game::new(board, Some(Square::new(60, 60)), false));
    // z zooms in on the knight, not the board's centre.
    keys(&mut a, &[Command::ZoomIn, Command::ZoomIn, Command::ZoomIn]);
    let knight = |a: &App| a.game.as_ref().unwrap().knight().unwrap();
    assert!(a.window().contains(knight(&a)), "{:?}", a.window());
    // Thirty moves up the board: the view follows.
    for _ in 0..30 {
        let g = a.game.as_ref().unwrap();
        let k = g.knight().unwrap();
        let Some(&up) = g.targets().iter().find(|t| t.row + 2 == k.row) else {
            break;
        };
        a.update(Action::Click(up, false));
        assert!(
            a.window().contains(knight(&a)),
            "{:?} {:?}",
            a.window(),
            knight(&a)
        );
    }
    assert!(
        knight(&a).row < 30,
        "the knight went far up: {:?}",
        knight(&a)
    );
}

#[test]
fn warnsdorff_suggests_and_b_goes_back_to_the_last_solvable_position() {
    let mut a = game_app();
    keys(&mut a, &[Command::Suggest]);
    assert_eq!(a.message(), Some("place the knight first (Enter)"));
    a.update(Action::Click(Square::new(0, 0), false));
    // From the corner of 5x5 (one square blocked): 2,1 and 1,2 leave 3 and 3.
    keys(&mut a, &[Command::Suggest]);
    let g = a.game.as_ref().unwrap();
    let (best, counts) = g.warnsdorff().unwrap();
    assert_eq!(g.cursor, best);
    let fewest = counts.iter().map(|c| c.1).min().unwrap();
    assert_eq!(counts.iter().find(|c| c.0 == best).unwrap().1, fewest);
    // From the corner both moves leave 3: a tie, said as such.
    assert_eq!(
        a.message().unwrap(),
        format!(
            "Warnsdorff: {best}, the fewest onward moves ({fewest}, first of a tie in move order); \
             others: {}. Enter plays it",
            counts
                .iter()
                .filter(|c| c.0 != best)
                .map(|(t, n)| format!("{t} ({n})"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    );
    // Enter plays it.
    keys(&mut a, &[Command::MoveHere]);
    assert_eq!(a.game.as_ref().unwrap().knight(), Some(best));
    // The check says solvable at 2 squares; two more moves, then b.
    let pos = a.position;
    a.update(Action::Checked(pos, crate::tui::game::Outlook::Solvable));
    assert_eq!(a.game.as_ref().unwrap().solvable_upto, Some(2));
    keys(&mut a, &[Command::BackToSolvable]);
    assert_eq!(
        a.message(),
        Some("this position is solvable: nothing to undo")
    );
    keys(&mut a, &[Command::Pick(1)]);
    keys(&mut a, &[Command::Pick(1)]);
    assert_eq!(a.game.as_ref().unwrap().moves_made(), 4);
    let fx = keys(&mut a, &[Command::BackToSolvable]);
    assert!(matches!(fx[..], [Effect::Check { .. }]), "{fx:?}");
    let g = a.game.as_ref().unwrap();
    assert_eq!(g.moves_made(), 2);
    assert_eq!(g.undos, 2);
    assert_eq!(
        a.message(),
        Some("back to step 2, the last position known to be solvable (2 moves undone)")
    );
    // Undo below it: what is known shrinks with the path.
    keys(&mut a, &[Command::Undo]);
    assert_eq!(a.game.as_ref().unwrap().solvable_upto, Some(1));
}

#[test]
fn the_settings_panel_cycles_the_named_move_orders() {
    use knight_tui::solver::MoveOrder;
    let mut a = app();
    keys(&mut a, &[Command::Settings, Command::NextMoveOrder]);
    assert_eq!(a.settings().unwrap().moves.name(), Some("textbook"));
    keys(&mut a, &[Command::NextMoveOrder, Command::NextMoveOrder]);
    assert_eq!(a.settings().unwrap().moves.name(), Some("clockwise"));
    keys(&mut a, &[Command::NextMoveOrder, Command::Apply]);
    assert_eq!(a.spec.moves, MoveOrder::NAMED[1].1);
    assert_eq!(
        a.spec.moves.to_string(),
        "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1"
    );
    // An order from the command line that has no name: shown as itself,
    // and m goes on to the named ones.
    let odd: MoveOrder = "1,2;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1".parse().unwrap();
    assert_eq!(odd.name(), None);
    assert_eq!(odd.next(), MoveOrder::NAMED[0].1);
}

/// A search's end with this verdict, tour and node count.
fn done_after(verdict: Verdict, tour: Option<Vec<u32>>, nodes: u64) -> Event {
    Event::Done(Report {
        solution: Solution {
            tours: tour.into_iter().collect(),
            verdict,
            stats: Stats {
                nodes,
                ..Stats::default()
            },
            algorithm: Algorithm::Warnsdorff,
        },
        tour: None,
    })
}

/// An app racing backtracking (A) against Warnsdorff (B) on 5x5, launched.
fn race() -> (App, Vec<Effect>) {
    let board = Board::new(5, 5, &[]).unwrap();
    let mut spec = crate::tui::testing::spec(board);
    spec.algorithm = Algorithm::Backtrack;
    let mut a = App::new(spec.clone(), 3, "/tmp".into());
    a.open_race(spec.rival());
    let fx = a.launch();
    (a, fx)
}

#[test]
fn a_race_starts_both_sides_and_steers_both() {
    let (mut a, fx) = race();
    assert_eq!(a.context(), Context::Race);
    assert_eq!(
        a.race.as_ref().unwrap().spec.algorithm,
        Algorithm::Warnsdorff,
        "backtracking's rival is Warnsdorff"
    );
    let speed = a.speed();
    assert_eq!(
        fx,
        vec![
            Effect::Start {
                side: Side::A,
                generation: 1,
                speed,
                paused: false
            },
            Effect::Start {
                side: Side::B,
                generation: 1,
                speed,
                paused: false
            },
        ]
    );
    // Pause, step and speed reach every search; both sides change state.
    assert_eq!(keys(&mut a, &[Command::Pause]), vec![Effect::Pause]);
    assert_eq!(a.search.state, RunState::Paused);
    assert_eq!(a.race.as_ref().unwrap().run.state, RunState::Paused);
    assert_eq!(keys(&mut a, &[Command::Step]), vec![Effect::Step]);
    assert_eq!(keys(&mut a, &[Command::Pause]), vec![Effect::Resume]);
    assert_eq!(a.race.as_ref().unwrap().run.state, RunState::Running);
    assert!(
        keys(&mut a, &[Command::Step]).is_empty(),
        "no step while running"
    );
    assert!(matches!(
        keys(&mut a, &[Command::Faster])[..],
        [Effect::SetSpeed(_)]
    ));
    // Restart: both sides again, a new generation each.
    let fx = keys(&mut a, &[Command::Restart]);
    assert!(matches!(
        fx[..],
        [
            Effect::Start {
                side: Side::A,
                generation: 2,
                ..
            },
            Effect::Start {
                side: Side::B,
                generation: 2,
                ..
            }
        ]
    ));
}

#[test]
fn each_side_takes_only_its_own_events_and_the_winner_is_told() {
    let (mut a, _) = race();
    a.update(Action::Engine(Side::B, 1, snap(&[0, 7])));
    a.update(Action::Engine(Side::A, 1, snap(&[0, 11, 2])));
    assert_eq!(a.race.as_ref().unwrap().run.trail.to_vec(), vec![0, 7]);
    assert_eq!(a.search.trail.to_vec(), vec![0, 11, 2]);
    // A late event of an earlier generation of B is ignored.
    a.update(Action::Engine(Side::B, 0, snap(&[0])));
    assert_eq!(a.race.as_ref().unwrap().run.trail.to_vec(), vec![0, 7]);
    // B finds a tour first: said, with A still going.
    a.update(Action::Engine(
        Side::B,
        1,
        done_after(Verdict::Found, Some(vec![0, 7]), 25),
    ));
    assert_eq!(a.race.as_ref().unwrap().run.state, RunState::Found);
    assert_eq!(
        a.message(),
        Some("warnsdorff: a tour in 25 nodes; backtrack still going")
    );
    // Then A: who won, by how many times.
    a.update(Action::Engine(
        Side::A,
        1,
        done_after(Verdict::Found, Some(vec![0, 11]), 8_250_733),
    ));
    assert_eq!(
        a.message(),
        Some("warnsdorff won: 25 nodes to backtrack's 8,250,733 (330,029x fewer)")
    );
    assert_eq!(a.message_tone(), Some(Tone::Success));
    // Everything has ended: Space says so.
    assert!(keys(&mut a, &[Command::Pause]).is_empty());
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
}

#[test]
fn the_right_side_changes_and_the_race_ends_on_v() {
    let (mut a, _) = race();
    // a: B's next algorithm (Warnsdorff -> backtrack, the same as A: said).
    let fx = keys(&mut a, &[Command::NextAlgorithm]);
    assert_eq!(fx.len(), 2, "both sides restart, level");
    assert!(
        a.message()
            .unwrap()
            .contains("both sides now run backtrack")
    );
    // t and m change B's tie-break and move order.
    keys(&mut a, &[Command::NextAlgorithm, Command::NextMoveOrder]);
    let r = a.race.as_ref().unwrap();
    assert_eq!(r.spec.moves.name(), Some("textbook"));
    assert_eq!(r.spec.search_name(), "enumerate · textbook moves");
    // v: back to A alone, its search going on; B is stopped.
    assert_eq!(keys(&mut a, &[Command::Race]), vec![Effect::Stop(Side::B)]);
    assert_eq!((a.mode, a.context()), (Mode::Search, Context::Watch));
    assert!(a.race.is_none());
    // v again while watching: a new race against the coursework's rival.
    let fx = keys(&mut a, &[Command::Race]);
    assert_eq!(fx.len(), 2);
    assert_eq!(a.context(), Context::Race);
    // B failing to start is said, and A goes on.
    a.update(Action::EngineFailed(Side::B, "no threads".into()));
    assert!(a.message().unwrap().contains("right side's search failed"));
    assert!(a.search.is_searching());
}

#[test]
fn e_draws_the_path_on_screen_as_a_picture() {
    let mut a = app();
    // Nothing on the board yet: refused.
    assert!(keys(&mut a, &[Command::Picture]).is_empty());
    assert_eq!(a.message(), Some("nothing to draw yet"));
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(&[0, 7, 4])));
    match &keys(&mut a, &[Command::Picture])[..] {
        [
            Effect::Picture {
                stem, board, path, ..
            },
        ] => {
            assert_eq!(stem, "knight-5x5");
            assert_eq!(**board, a.spec.board);
            assert_eq!(path, &vec![0, 7, 4]);
        }
        other => panic!("{other:?}"),
    }
    // In a replay, the replayed path; s there says what to do instead.
    let r = Replay::of_path("p", &a.spec.board, &[0, 7], false, None);
    a.open_replay(r);
    a.update(Action::Key(Command::SeekEnd));
    assert!(matches!(
        &keys(&mut a, &[Command::Picture])[..],
        [Effect::Picture { path, .. }] if path == &vec![0, 7]
    ));
    assert!(keys(&mut a, &[Command::Save]).is_empty());
    assert!(a.message().unwrap().contains("e draws it"));
}

#[test]
fn a_tour_held_compactly_is_drawn_saved_and_replayed() {
    // What the search thread sends for a huge board, here on 5x5.
    let mut a = app();
    let g = a.search.generation;
    let tour = knight_tui::solver::construct::construct(5, 5, a.spec.start, false).unwrap();
    let mut b = knight_tui::tour::compact::CompactBuilder::new(5, 5);
    assert!(tour.iter().all(|&sq| b.push(sq)));
    let compact = Arc::new(b.finish());
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Done(Report {
            solution: Solution {
                tours: Vec::new(),
                verdict: Verdict::Found,
                stats: Stats::default(),
                algorithm: Algorithm::Construct,
            },
            tour: Some(compact.clone()),
        }),
    ));
    assert_eq!(a.search.state, RunState::Found);
    assert!(a.search.trail.is_compact());
    assert_eq!(a.search.trail.to_vec(), tour);
    // Saved from the compact tour, not a list.
    let fx = a.update(Action::Key(Command::Save));
    let [
        Effect::Save {
            file, tour: saved, ..
        },
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert!(file.path.is_empty());
    assert_eq!(saved.as_ref(), Some(&compact));
    // Tab replays it, still compactly, to the same end.
    a.update(Action::Key(Command::NextMode));
    assert_eq!(a.mode, Mode::Replay);
    let r = a.replay.as_mut().unwrap();
    assert!(r.legal.is_compact() && r.trail.is_compact());
    assert_eq!(r.legal.to_vec(), tour);
    r.seek(7);
    assert_eq!(r.trail.to_vec(), &tour[..7]);
    r.seek(usize::MAX);
    assert_eq!(r.verdict().unwrap(), "complete open tour of 25 squares");
    // Tab again: play; and back round, the same replay (not a new one).
    a.update(Action::Key(Command::NextMode));
    assert_eq!(a.mode, Mode::Play);
    a.update(Action::Key(Command::NextMode));
    a.update(Action::Key(Command::NextMode));
    assert_eq!(a.mode, Mode::Replay);
    assert_eq!(a.replay.as_ref().unwrap().pos, 25);
}
