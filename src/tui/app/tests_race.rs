//! The race in the app, and the path on screen drawn as a picture.

use super::tests::{app, keys, snap};
use super::*;
use knight_engine::board::Board;
use knight_engine::solver::{Algorithm, Report, Solution, Stats, Verdict};

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
        a.modes.race().unwrap().spec.algorithm,
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
                spec: Box::new(a.spec.clone()),
                speed,
                paused: false
            },
            Effect::Start {
                side: Side::B,
                generation: 1,
                spec: Box::new(a.modes.race().unwrap().spec.clone()),
                speed,
                paused: false
            },
        ]
    );
    // Pause, step and speed reach every search; both sides change state.
    assert_eq!(keys(&mut a, &[Command::Pause]), vec![Effect::Pause]);
    assert_eq!(a.search.state, RunState::Paused);
    assert_eq!(a.modes.race().unwrap().run.state, RunState::Paused);
    assert_eq!(keys(&mut a, &[Command::Step]), vec![Effect::Step]);
    assert_eq!(keys(&mut a, &[Command::Pause]), vec![Effect::Resume]);
    assert_eq!(a.modes.race().unwrap().run.state, RunState::Running);
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
    assert_eq!(a.modes.race().unwrap().run.trail.to_vec(), vec![0, 7]);
    assert_eq!(a.search.trail.to_vec(), vec![0, 11, 2]);
    // A late event of an earlier generation of B is ignored.
    a.update(Action::Engine(Side::B, 0, snap(&[0])));
    assert_eq!(a.modes.race().unwrap().run.trail.to_vec(), vec![0, 7]);
    // B finds a tour first: said, with A still going.
    a.update(Action::Engine(
        Side::B,
        1,
        done_after(Verdict::Found, Some(vec![0, 7]), 25),
    ));
    assert_eq!(a.modes.race().unwrap().run.state, RunState::Found);
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
    // a: B's next algorithm other than A's (Warnsdorff -> enumerate:
    // backtrack, A's own, is skipped).
    let fx = keys(&mut a, &[Command::NextAlgorithm]);
    assert_eq!(fx.len(), 2, "both sides restart, level");
    assert_eq!(
        a.message(),
        Some("race restarted: backtrack against enumerate")
    );
    // t changes nothing for enumerate: said, and nothing restarts.
    assert!(keys(&mut a, &[Command::NextTieBreak]).is_empty());
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
    assert_eq!(
        a.message(),
        Some("no other tie-break makes another race here: backtrack against enumerate")
    );
    // m changes B's move order.
    keys(&mut a, &[Command::NextMoveOrder]);
    let r = a.modes.race().unwrap();
    assert_eq!(r.spec.moves.name(), Some("textbook"));
    assert_eq!(r.spec.search_name(), "enumerate · textbook moves");
    // v: back to A alone, its search going on; B is stopped.
    assert_eq!(keys(&mut a, &[Command::Race]), vec![Effect::Stop(Side::B)]);
    assert_eq!((a.tab(), a.context()), (Tab::Search, Context::Watch));
    assert!(a.modes.race().is_none());
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
            assert_eq!(**board, *a.spec.board());
            assert_eq!(path, &vec![0, 7, 4]);
        }
        other => panic!("{other:?}"),
    }
    // In a replay, the replayed path; s there says what to do instead.
    let r = Replay::of_path("p", a.spec.board(), &[0, 7], false, None);
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
    let tour =
        knight_engine::solver::find::construct::construct(5, 5, a.spec.start(), false).unwrap();
    let mut b = knight_engine::tour::compact::CompactBuilder::new(5, 5);
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
    assert_eq!(a.tab(), Tab::Replay);
    let r = a.modes.replaying_mut().unwrap();
    assert!(r.legal.is_compact() && r.trail.is_compact());
    assert_eq!(r.legal.to_vec(), tour);
    r.seek(7);
    assert_eq!(r.trail.to_vec(), &tour[..7]);
    r.seek(usize::MAX);
    assert_eq!(r.verdict().unwrap(), "complete open tour of 25 squares");
    // Tab again: play; and back round (the race, the search), the same
    // replay (not a new one).
    a.update(Action::Key(Command::NextMode));
    assert_eq!(a.tab(), Tab::Play);
    for _ in 0..3 {
        a.update(Action::Key(Command::NextMode));
    }
    assert_eq!(a.tab(), Tab::Replay);
    assert_eq!(a.modes.replay().unwrap().pos, 25);
}

/// A file opened during a race ends it: the right side's search stops.
#[test]
fn a_replay_opened_over_a_race_stops_its_right_side() {
    let (mut a, _) = race();
    let r = crate::tui::replay::Replay::of_path("p", a.spec.board(), &[0, 7], false, None);
    let fx = a.open_replay(r);
    assert!(matches!(fx[..], [Effect::Stop(Side::B)]), "{fx:?}");
    assert_eq!(a.tab(), Tab::Replay);
    assert!(a.modes.race().is_none());
    // Over anything else, nothing to stop.
    let r = crate::tui::replay::Replay::of_path("q", a.spec.board(), &[0, 7], false, None);
    assert!(a.open_replay(r).is_empty());
}
