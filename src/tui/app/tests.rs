use super::*;
use crate::tui::keymap::command_for;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::count::{Count, Method};
use knight_engine::solver::{
    Algorithm, Limits, Report, Snapshot, Solution, Speed, Stats, TieBreak, Verdict,
};

pub(super) fn app() -> App {
    crate::tui::testing::app_on(Board::new(5, 5, &[]).unwrap())
}

pub(super) fn snap(path: &[u32]) -> Event {
    Event::Snapshot(Snapshot {
        range: (0, 0),
        path: path.to_vec(),
        stats: Stats {
            nodes: path.len() as u64,
            ..Stats::default()
        },
    })
}

/// A save that failed for a full disk.
pub(super) fn disk_full() -> crate::tui::saving::SaveError {
    crate::tui::saving::SaveError::Claim {
        path: "/full/g.json".into(),
        // ENOSPC, as the system reports it.
        source: std::io::Error::from_raw_os_error(28),
    }
}

pub(super) fn press(c: char) -> KeyEvent {
    KeyEvent::new_with_kind(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press)
}

#[test]
fn counts_start_stop_and_say_their_answer() {
    let mut a = app();
    // The count carries the spec and the progress it reports to.
    let fx = keys(&mut a, &[Command::Count]);
    let [
        Effect::Count {
            generation: 1,
            spec,
            progress,
        },
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(**spec, a.spec);
    let counting = a.counting.as_ref().expect("a count");
    assert!(Arc::ptr_eq(&progress.0, &counting.progress));
    assert!(a.tick().is_some(), "the statistics redraw while counting");
    // Again while it runs: stop it (the same progress).
    assert_eq!(
        keys(&mut a, &[Command::Count]),
        vec![Effect::StopCount(progress.clone())]
    );
    // Done: the answer (the engine counts on its own thread; here, directly).
    let p =
        knight_engine::solver::Problem::new(Tours::open(a.spec.board().clone()), a.spec.start())
            .unwrap();
    let c = Count {
        algorithm: Algorithm::Enumerate,
        ..Count::from_start(&p)
    }
    .run();
    a.update(Action::Counted(1, c.clone()));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(
        msg.starts_with("304 open tours of 5x5 from 0,0, counted in"),
        "{msg}"
    );
    // The search finding its tour now says nothing over the answer (it
    // said what to try next at once).
    let found = Event::Done(Report {
        solution: Solution {
            tours: vec![vec![0, 7]],
            verdict: Verdict::Found,
            stats: Stats::default(),
            algorithm: Algorithm::Warnsdorff,
        },
        tour: None,
    });
    a.update(Action::Engine(Side::A, a.search.generation, found));
    assert_eq!(a.search.state, RunState::Found);
    assert_eq!(a.message(), Some(msg.as_str()));
    assert_eq!(
        a.counting
            .as_ref()
            .and_then(|c| c.result.as_ref())
            .map(|r| r.count),
        Some(304)
    );
    assert!(a.tick().is_none());
    // A late answer of an older count is ignored; a new count starts afresh.
    let fx = keys(&mut a, &[Command::Count]);
    assert!(
        matches!(fx[..], [Effect::Count { generation: 2, .. }]),
        "{fx:?}"
    );
    a.update(Action::Counted(1, c));
    assert!(a.counting.as_ref().is_some_and(|c| c.result.is_none()));
    // Not in replay or play: the key does nothing there.
    let game = Game::new(Tours::open(a.spec.board().clone()), None);
    a.modes.show(Mode::Play(Box::new(game)));
    assert!(keys(&mut a, &[Command::Count]).is_empty());
}

/// A count over the frontier (boards 5 to 7 wide): a finished one says its
/// number, a stopped one where it stopped and that it has no total.
#[test]
fn a_count_over_the_frontier_says_where_it_stopped() {
    let mut a = crate::tui::testing::app_on(Board::new(5, 8, &[]).unwrap());
    crate::tui::testing::retask(&mut a.spec, true, None);
    keys(&mut a, &[Command::Count]);
    let board = a.spec.board().clone();
    let p =
        knight_engine::solver::Problem::new(Tours::closed(board.clone()), a.spec.start()).unwrap();
    let c = Count::from_start(&p).run();
    assert!(matches!(c.method, Method::Frontier { .. }), "{c:?}");
    a.update(Action::Counted(1, c));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(msg.starts_with("88,404 closed tours of 5x8"), "{msg}");
    keys(&mut a, &[Command::Count]);
    let limits = Limits {
        nodes: Some(100),
        time: None,
    };
    let c = Count {
        limits,
        ..Count::from_start(&p)
    }
    .run();
    assert!(!c.complete());
    a.update(Action::Counted(2, c));
    let msg = a.message().unwrap_or_default().to_string();
    assert!(
        msg.starts_with("the node limit stopped the count at square ")
            && msg.ends_with(" of 40, before any total"),
        "{msg}"
    );
}

pub(super) fn keys(a: &mut App, cs: &[Command]) -> Vec<Effect> {
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
    assert_eq!(a.spec.board().describe(), "6x7 with 1 blocked square");
    assert_eq!((a.spec.start(), a.spec.closed()), (Square::new(2, 2), true));
    assert_eq!(a.spec.algorithm, Algorithm::Warnsdorff);
    assert_eq!(a.spec.tie_break, TieBreak::Fixed);
    assert_eq!(a.search.trail.board_squares(), 42);
    assert!(a.search.trail.is_empty());
}

/// Fewer rows can move the start onto a blocked square: said at once,
/// and Enter keeps the settings open (nothing the user chose is lost).
#[test]
fn a_start_moved_onto_a_blocked_square_is_refused_with_the_settings_kept() {
    let mut a = app();
    keys(&mut a, &[Command::Settings]);
    keys(&mut a, &[Command::Cursor(4, 4), Command::SetStart]);
    keys(&mut a, &[Command::Cursor(-1, 0), Command::ToggleBlock]);
    assert!(a.settings().unwrap().error.is_none());
    keys(&mut a, &[Command::Rows(-1)]);
    let st = a.settings().unwrap();
    assert_eq!(st.start, Square::new(3, 4));
    let error = st.error.clone().expect("a start on a blocked square");
    assert!(error.contains("3,4"), "{error}");
    assert!(keys(&mut a, &[Command::Apply]).is_empty());
    assert!(a.settings().is_some(), "still open");
    assert_eq!(a.message(), Some(format!("not applied: {error}").as_str()));
    assert_eq!(a.spec.board().describe(), "5x5");
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
    assert_eq!(a.spec.board().describe(), "5x5");
    // Clicks: left sets the start, right blocks.
    keys(&mut a, &[Command::Settings]);
    a.update(Action::Click(
        Square::new(2, 2),
        crossterm::event::MouseButton::Left,
    ));
    a.update(Action::Click(
        Square::new(3, 3),
        crossterm::event::MouseButton::Right,
    ));
    let st = a.settings().unwrap();
    assert_eq!(st.start, Square::new(2, 2));
    assert!(st.blocked.contains(&Square::new(3, 3)));
    // Clicks while watching do nothing.
    keys(&mut a, &[Command::Back]);
    assert!(
        a.update(Action::Click(
            Square::new(1, 1),
            crossterm::event::MouseButton::Right
        ))
        .is_empty()
    );
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
        done(
            Verdict::NoTour(knight_engine::theory::NoTour::new(
                knight_engine::theory::Argument::Search(knight_engine::theory::Searched::WayOn {
                    nodes: 0,
                }),
                Vec::new(),
            )),
            vec![],
        ),
    ));
    assert_eq!(
        a.search.state,
        RunState::NoTour(knight_engine::theory::NoTour::new(
            knight_engine::theory::Argument::Search(knight_engine::theory::Searched::WayOn {
                nodes: 0
            }),
            Vec::new(),
        ))
    );
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
    a.update(Action::Saved(
        1,
        Ok(dir.join(format!("{stem}-1795430541.json"))),
    ));
    assert!(a.message().unwrap().starts_with("saved /tmp/knight-5x5-"));
    a.update(Action::Saved(1, Err(disk_full())));
    assert_eq!(
        a.message(),
        Some("not saved: /full/g.json: the disk is full")
    );
}

#[test]
fn help_and_quit() {
    let mut a = app();
    a.update(Action::Key(Command::Help));
    assert!(a.help_open());
    assert!(a.update(Action::Key(Command::Back)).is_empty());
    assert!(!a.help_open() && !a.quit);
    // Esc never quits, however often: it says how.
    for _ in 0..3 {
        assert!(a.update(Action::Key(Command::Back)).is_empty());
    }
    assert!(!a.quit);
    assert_eq!(a.message(), Some("nothing to close: q quits"));
    assert_eq!(a.message_tone(), Some(Tone::Info));
    assert_eq!(a.update(Action::Key(Command::Quit)), vec![Effect::Quit]);
    assert!(a.quit);
}

#[test]
fn quitting_a_search_or_count_of_a_minute_asks_first() {
    let mut a = app();
    a.update(Action::Key(Command::Pause));
    // A search of 59 s quits at once; of 60 s, q asks.
    a.search.stats.elapsed = std::time::Duration::from_secs(59);
    assert!(a.loss().is_none());
    a.search.stats.elapsed = std::time::Duration::from_secs(125);
    assert!(a.update(Action::Key(Command::Quit)).is_empty());
    assert_eq!(a.quit_question(), Some(Loss::Search(125)));
    assert_eq!(a.message(), Some("quit? the search has run for 2 minutes"));
    // s saves only a game; n and Esc stay.
    assert!(a.update(Action::Key(Command::SaveAndQuit)).is_empty());
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
    a.update(Action::Key(Command::Back));
    assert!(!a.confirming_quit() && !a.quit);
    assert_eq!(a.message(), Some("the search goes on"));
    // Once the search is over, nothing is lost.
    a.search.state = RunState::Found;
    assert_eq!(a.update(Action::Key(Command::Quit)), vec![Effect::Quit]);
}

pub(super) fn replay_of(a: &App) -> &Replay {
    a.modes.replay().expect("a replay")
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
    // Tab: play, the race, then the search again.
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.context(), Context::Play);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.context(), Context::Race);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.context(), Context::Watch);
}

#[test]
fn tab_replays_the_tour_just_found() {
    let mut a = app();
    // Nothing to replay yet: Tab goes on to play, the race, and back to
    // the search.
    assert!(keys(&mut a, &[Command::NextMode]).is_empty());
    assert_eq!(a.tab(), Tab::Play);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.tab(), Tab::Race);
    keys(&mut a, &[Command::NextMode]);
    assert_eq!(a.tab(), Tab::Search);
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
    assert_eq!(a.tab(), Tab::Replay);
    assert_eq!(replay_of(&a).legal.to_vec(), tour);
    assert_eq!(replay_of(&a).pos, 0);
    // It says how it was made: the search that found it.
    assert_eq!(
        replay_of(&a).made_by.as_deref(),
        Some("warnsdorff · roth ties")
    );
    // Never saved: s saves it, as the search's tour.
    assert!(a.replaying_the_search());
    let fx = keys(&mut a, &[Command::Save]);
    assert!(matches!(fx[..], [Effect::Save { .. }]), "{fx:?}");
}

#[test]
fn a_replay_launch_starts_the_search_on_first_tab() {
    let spec = app().spec;
    let mut a = App::new(spec, 5, PathBuf::from("/tmp"));
    let r = Replay::of_path("p", a.spec.board(), &[0], false, None);
    a.open_replay(r);
    // Replay -> play (no knight yet: nothing to check) -> the race,
    // which starts the search once, and its rival.
    assert!(keys(&mut a, &[Command::NextMode]).is_empty());
    assert_eq!(a.tab(), Tab::Play);
    let fx = keys(&mut a, &[Command::NextMode]);
    assert!(
        matches!(
            fx[..],
            [
                Effect::Start {
                    side: Side::A,
                    generation: 1,
                    ..
                },
                Effect::Start { side: Side::B, .. }
            ]
        ),
        "{fx:?}"
    );
    assert_eq!(a.tab(), Tab::Race);
}

#[test]
fn the_settings_panel_answers_as_you_edit_and_clears_stale_news() {
    let mut a = app();
    a.refuse("an old refusal");
    keys(&mut a, &[Command::Settings]);
    // c on 3x3: the panel says at once that there is no tour.
    for _ in 0..5 {
        keys(&mut a, &[Command::Rows(-1), Command::Cols(-1)]);
    }
    keys(&mut a, &[Command::Rows(2), Command::Cols(2)]);
    assert_eq!(a.message(), None, "the old refusal is gone");
    let st = a.settings().unwrap();
    assert_eq!((st.rows, st.cols), (3, 3));
    assert!(
        matches!(&st.verdict, crate::tui::settings::Verdict::NoTour(_)),
        "{:?}",
        st.verdict
    );
    keys(&mut a, &[Command::ToggleClosed]);
    let st = a.settings().unwrap();
    assert!(st.closed);
    assert!(
        matches!(&st.verdict, crate::tui::settings::Verdict::NoTour(w) if w.reason().contains("closed")),
        "{:?}",
        st.verdict
    );
}

#[test]
fn a_key_of_another_mode_says_where_it_works() {
    let spec = app().spec;
    let mut a = App::new(spec, 5, PathBuf::from("/tmp"));
    a.open_replay(Replay::of_path("p", a.spec.board(), &[0], false, None));
    for (c, said) in [
        (
            Command::Count,
            "# works while watching the search, not in the replay",
        ),
        (
            Command::Settings,
            "o works while watching the search, not in the replay",
        ),
    ] {
        assert!(keys(&mut a, &[c]).is_empty());
        assert_eq!(a.message(), Some(said));
        assert_eq!(a.message_tone(), Some(Tone::Info));
    }
}
