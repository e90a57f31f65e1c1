//! Rewinding a paused search (`←` `→`): the board shows the steps it
//! showed before, one at a time; Space and `n` go back to the engine.

use super::*;
use crate::tui::rewind::{BUDGET, STEP_WORDS};
use crate::tui::testing::app_on;
use crate::tui::trail::Trail;
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::{Report, Snapshot, Solution, Stats, Verdict};

fn snap(path: &[u32], nodes: u64) -> Event {
    Event::Snapshot(Snapshot {
        range: (0, 0),
        path: path.to_vec(),
        stats: Stats {
            nodes,
            ..Stats::default()
        },
    })
}

fn feed(a: &mut App, path: &[u32], nodes: u64) {
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, snap(path, nodes)));
}

fn key(a: &mut App, c: Command) -> Vec<Effect> {
    a.update(Action::Key(c))
}

/// A search's snapshots on 8x8: forward, backtracking one square and
/// several, the same path twice (not a step), and a jump.
fn snapshots() -> Vec<Vec<u32>> {
    vec![
        vec![0],
        vec![0, 10],
        vec![0, 10, 4],
        vec![0, 10, 4, 14],
        vec![0, 10, 4],
        vec![0, 10, 4, 21],
        vec![0, 10, 4, 21, 38],
        vec![0, 10, 4, 21, 38],
        vec![0, 10, 25],
        vec![0, 17],
        vec![0, 17, 32, 49, 59, 53],
        vec![0, 17, 32, 49],
    ]
}

/// The app after [`snapshots`], and the paths it showed, the empty one
/// (the search's start) first, each once.
fn watched() -> (App, Vec<Vec<u32>>) {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    let mut shown: Vec<Vec<u32>> = vec![Vec::new()];
    for (i, p) in snapshots().iter().enumerate() {
        feed(&mut a, p, i as u64 + 1);
        if shown.last() != Some(p) {
            shown.push(p.clone());
        }
    }
    (a, shown)
}

/// The shown trail is `path`, square by square: each square's step.
fn assert_shows(a: &App, path: &[u32]) {
    let t = a.shown_trail();
    assert_eq!(t.to_vec(), path);
    let mut want = Trail::new(64);
    want.set(path);
    for sq in 0..64 {
        assert_eq!(t.step(sq), want.step(sq), "square {sq} of {path:?}");
    }
}

#[test]
fn left_steps_back_through_the_paths_shown_and_right_forward() {
    let (mut a, shown) = watched();
    let n = shown.len() - 1;
    let last = shown[n].clone();
    assert_eq!(a.search.rewind.history.len(), n);
    assert_eq!(key(&mut a, Command::Pause), vec![Effect::Pause]);
    assert!(a.can_rewind());
    assert_eq!(a.rewound(), None);
    for k in 1..=n {
        assert!(key(&mut a, Command::Seek(-1)).is_empty());
        assert_shows(&a, &shown[n - k]);
        // The live path and the figures stay the engine's.
        assert!(a.search.trail.is(&last));
        assert_eq!(a.search.stats.nodes, snapshots().len() as u64);
        assert_eq!(
            a.rewound().as_deref(),
            Some(format!("rewound: step {} of {} shown", n - k + 1, n + 1).as_str())
        );
    }
    // The oldest path kept: no further back, and it says so.
    key(&mut a, Command::Seek(-1));
    assert_shows(&a, &[]);
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
    for k in (0..n).rev() {
        key(&mut a, Command::Seek(1));
        assert_shows(&a, &shown[n - k]);
    }
    // Back at the engine's path: not rewound, and → goes no further.
    assert_eq!(a.rewound(), None);
    assert!(std::ptr::eq(a.shown_trail(), &a.search.trail));
    key(&mut a, Command::Seek(1));
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
    assert!(a.search.trail.is(&last));
    // A hundred at a time (PgUp PgDn), as far as there are steps.
    key(&mut a, Command::Seek(-100));
    assert_shows(&a, &[]);
    key(&mut a, Command::Seek(100));
    assert_eq!(a.rewound(), None);
}

#[test]
fn space_resumes_and_n_steps_from_where_the_engine_is() {
    let (mut a, shown) = watched();
    let n = shown.len() - 1;
    key(&mut a, Command::Pause);
    key(&mut a, Command::Seek(-1));
    key(&mut a, Command::Seek(-1));
    assert_shows(&a, &shown[n - 2]);
    // n: the view goes back to the engine's path first, then it steps.
    assert_eq!(key(&mut a, Command::Step), vec![Effect::Step]);
    assert_eq!(a.rewound(), None);
    assert_shows(&a, &shown[n]);
    let next = [0, 17, 32, 49, 59];
    feed(&mut a, &next, 99);
    assert_shows(&a, &next);
    // That step is kept too.
    key(&mut a, Command::Seek(-1));
    assert_shows(&a, &shown[n]);
    key(&mut a, Command::Seek(-1));
    assert_shows(&a, &shown[n - 1]);
    // Space: the engine resumes and the board shows where it is.
    assert_eq!(key(&mut a, Command::Pause), vec![Effect::Resume]);
    assert_eq!(a.search.state, RunState::Running);
    assert_eq!(a.rewound(), None);
    assert_shows(&a, &next);
    assert!(!a.search.rewind.is_rewound());
}

#[test]
fn while_running_the_arrows_only_say_to_pause_first() {
    let (mut a, shown) = watched();
    assert!(!a.can_rewind());
    assert!(key(&mut a, Command::Seek(-1)).is_empty());
    assert_eq!(a.message_tone(), Some(Tone::Refusal));
    assert!(a.message().unwrap().contains("Space pauses"));
    assert_shows(&a, shown.last().unwrap());
    assert!(!a.search.rewind.is_rewound());
    // Nothing shown yet: nothing to go back to.
    let mut fresh = app_on(Board::new(8, 8, &[]).unwrap());
    key(&mut fresh, Command::Pause);
    assert!(!fresh.can_rewind());
    key(&mut fresh, Command::Seek(-1));
    assert_eq!(fresh.message(), Some("no steps shown to go back to"));
}

#[test]
fn the_screen_says_rewound_and_shows_the_hint_only_while_paused() {
    let screen = |a: &App| {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 40)).unwrap();
        let theme = crate::tui::theme::Theme::default();
        t.draw(|f| crate::tui::ui::draw(f, a, &theme)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..40)
            .map(|y| (0..120).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (mut a, shown) = watched();
    // The hint bar's words ("← → rewind"; the controls pane lists the key
    // always, its words in a column).
    let s = screen(&a);
    assert!(!s.contains("← → rewind"), "{s}");
    key(&mut a, Command::Pause);
    assert!(screen(&a).contains("← → rewind"));
    key(&mut a, Command::Seek(-1));
    let s = screen(&a);
    let (at, of) = (shown.len() - 1, shown.len());
    assert!(
        s.contains(&format!(
            "rewound: step {at} of {of} shown · → forward · Space resumes · the statistics are the engine's"
        )),
        "{s}"
    );
}

#[test]
fn only_the_search_watched_alone_keeps_its_steps() {
    let (mut a, _) = watched();
    assert!(!a.search.rewind.history.is_empty());
    // A snapshot while a replay or a game is shown: the steps go.
    let game = Game::new(Tours::open(a.spec.board().clone()), None);
    a.modes.show(Mode::Play(Box::new(game)));
    feed(&mut a, &[0, 10], 50);
    assert!(a.search.rewind.history.is_empty());
    a.modes.switch(Tab::Search);
    feed(&mut a, &[0, 10, 4], 51);
    assert_eq!(a.search.rewind.history.len(), 1);
    // The end of the search, and a new one, forget them.
    let g = a.search.generation;
    let done = Event::Done(Report {
        solution: Solution {
            verdict: Verdict::NoTour(knight_engine::theory::NoTour::new(
                knight_engine::theory::Argument::Search(knight_engine::theory::Searched::WayOn {
                    nodes: 0,
                }),
                Vec::new(),
            )),
            tours: Vec::new(),
            stats: Stats::default(),
            algorithm: knight_engine::solver::Algorithm::Backtrack,
        },
        tour: None,
    });
    a.update(Action::Engine(Side::A, g, done));
    assert!(a.search.rewind.history.is_empty());
    feed(&mut a, &[0], 1);
    key(&mut a, Command::Restart);
    assert!(a.search.rewind.history.is_empty());
    // A race keeps none.
    key(&mut a, Command::Race);
    assert_eq!(a.tab(), Tab::Race);
    feed(&mut a, &[0, 10], 2);
    assert!(a.search.rewind.history.is_empty());
}

/// 20,000 steps, each taking 200 squares off and putting 200 on: at least
/// the last 10,000 are kept, within the budget, and the oldest of them is
/// shown as it was.
#[test]
fn the_steps_kept_are_bounded_and_the_last_ten_thousand_kept() {
    let mut a = app_on(Board::new(30, 30, &[]).unwrap());
    let head: Vec<u32> = (0..10).collect();
    let path = |i: usize| -> Vec<u32> {
        let tail = if i.is_multiple_of(2) {
            100..300
        } else {
            400..600
        };
        head.iter().copied().chain(tail).collect()
    };
    const STEPS: usize = 20_000;
    for i in 0..STEPS {
        feed(&mut a, &path(i), i as u64);
    }
    let h = &a.search.rewind.history;
    assert!(h.len() >= 10_000, "{}", h.len());
    assert!(h.len() < STEPS);
    assert!(h.words() <= BUDGET);
    assert_eq!(h.words(), h.len() * (STEP_WORDS + 400));
    let kept = h.len();
    key(&mut a, Command::Pause);
    for _ in 0..kept / 100 + 1 {
        key(&mut a, Command::Seek(-100));
    }
    // The oldest kept: the path of step STEPS - 1 - kept.
    let oldest = path(STEPS - 1 - kept);
    assert!(a.shown_trail().is(&oldest));
    assert_eq!(
        a.rewound(),
        Some(format!(
            "rewound: step 1 of {} shown",
            knight_engine::words::thousands(kept as u64 + 1)
        ))
    );
}
