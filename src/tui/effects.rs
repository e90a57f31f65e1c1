//! The effect executor: carries out what `App::update` asks for. The search,
//! the game's checks and finishes, a count, and reading and writing files
//! each run on a thread of their own, never on the app's; every answer comes
//! back through the channel as an [`Action`].

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;

use knight_engine::files::FileLimit;
use knight_engine::puzzle::{self, Completions, PuzzleError};
use knight_engine::solver::count::{Count, Progress};
use knight_engine::solver::{self, Control, Limits, Solution, Verdict};
use knight_engine::spec::Spec;
use knight_engine::tour;
use knight_engine::words;

use super::app::{Action, Effect, Side, Worker};
use super::complete::{self, Entry};
use super::game::Outlook;
use super::game::Position;
use super::replay::Replay;
use super::saving::{save_new, write_new};
use knight_engine::puzzle::Clues;

/// How long the "can this still be finished?" check may think.
const CHECK_TIME: Duration = Duration::from_millis(300);
use super::app::FINISH_TIME;

/// Makes the puzzle asked for.
fn make_puzzle(request: puzzle::Request) -> Result<Arc<Clues>, String> {
    let made = puzzle::make(&request).map_err(|e| e.to_string())?;
    Ok(Clues::made(made, request.seed))
}

/// What the thinker found about a game: a finish of the tour, or the
/// completions of a puzzle.
enum Thought {
    Tour(Solution),
    Puzzle(Result<Completions, PuzzleError>),
}

/// What a check's thought says of the position.
fn outlook_of(thought: Thought) -> Outlook {
    match thought {
        Thought::Tour(sol) => match sol.verdict {
            Verdict::Found => Outlook::Solvable,
            Verdict::NoTour(proof) => Outlook::NoTour(proof),
            _ => Outlook::Unknown,
        },
        Thought::Puzzle(Ok(Completions::Unique(_) | Completions::Several(..))) => Outlook::Solvable,
        Thought::Puzzle(Ok(Completions::None(why))) => Outlook::NoSolution(why),
        Thought::Puzzle(Err(e)) => Outlook::Broken(e),
        Thought::Puzzle(Ok(Completions::Undecided(_))) => Outlook::Unknown,
    }
}

/// A finish's thought: the whole tour, or what is known of the position
/// instead (its proof, with the squares it names; `Unknown` when time
/// ran out).
fn finish_of(thought: Thought) -> Result<Vec<u32>, Outlook> {
    match thought {
        Thought::Tour(Solution {
            verdict: Verdict::Found,
            tours,
            ..
        }) if !tours.is_empty() => Ok(tours.into_iter().next().unwrap_or_default()),
        Thought::Puzzle(Ok(Completions::Unique(t) | Completions::Several(t, _))) => Ok(t),
        other => Err(outlook_of(other)),
    }
}

pub struct Executor {
    /// The searches under way, if any: side A's and side B's.
    controls: [Option<Control>; 2],
    /// Each side's last search thread: the next one waits for it to end.
    threads: [Option<std::thread::JoinHandle<()>>; 2],
    /// Stops the file being read, if any.
    loading: Option<Arc<AtomicBool>>,
    /// Runs the game's checks and finishes.
    thinker: Arc<Thinker>,
    /// The last save's thread: the next waits for it, so saves claim
    /// their names in the order asked (the last asked, the last name).
    saving: Option<std::thread::JoinHandle<()>>,
    tx: UnboundedSender<Action>,
}

impl Executor {
    pub fn new(tx: UnboundedSender<Action>) -> Executor {
        Executor {
            controls: [None, None],
            threads: [None, None],
            loading: None,
            thinker: Arc::default(),
            saving: None,
            tx,
        }
    }

    /// Stops every search under way.
    pub fn cancel(&mut self) {
        self.stop(Side::A);
        self.stop(Side::B);
    }

    /// Stops the search of one side.
    fn stop(&mut self, side: Side) {
        if let Some(c) = self.controls[side as usize].take() {
            c.cancel();
        }
    }

    /// Carries out the app's effects.
    pub fn apply(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Start {
                    side,
                    generation,
                    spec,
                    speed,
                    paused,
                } => self.start(side, generation, *spec, speed, paused),
                Effect::Stop(side) => self.stop(side),
                Effect::Pause => self.with(|c| c.pause()),
                Effect::Resume => self.with(|c| c.resume()),
                Effect::Step => self.with(|c| c.step()),
                Effect::SetSpeed(s) => self.with(|c| c.set_speed(s)),
                Effect::Save {
                    number,
                    dir,
                    stem,
                    file,
                    tour,
                } => {
                    self.save_in_turn(move || {
                        Action::Saved(number, save_new(&dir, &stem, &file, tour.as_deref()))
                    });
                }
                Effect::Record(mut solve) => {
                    solve.day = crate::clock::now().0.strftime("%Y-%m-%d").to_string();
                    self.save_in_turn(move || {
                        let result = match crate::records::path() {
                            Some(path) => crate::records::record(&path, *solve),
                            None => Err("no home folder (HOME is not set)".into()),
                        };
                        Action::Recorded(result)
                    });
                }
                Effect::Picture {
                    number,
                    dir,
                    stem,
                    board,
                    path,
                    sheet,
                } => {
                    self.save_in_turn(move || {
                        let options = knight_engine::tour::svg::SvgOptions {
                            numbers: path.len() <= 400,
                            title: Some(format!("knight-tui: {stem}")),
                        };
                        Action::Saved(
                            number,
                            write_new(&dir, &stem, "svg", |w| match &sheet {
                                Some((sheet, describe)) => {
                                    knight_engine::puzzle::write_sheet(w, sheet, describe)
                                }
                                None => {
                                    knight_engine::tour::svg::write_svg(w, &board, &path, &options)
                                }
                            }),
                        )
                    });
                }
                Effect::Open { load, path } => self.open(load, path),
                Effect::Complete { text } => {
                    self.spawn(Worker::List, move || {
                        let entries = candidates(&text);
                        Action::Completions { text, entries }
                    });
                }
                Effect::StopLoad => {
                    if let Some(stop) = self.loading.take() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Effect::Check {
                    generation,
                    position,
                } => {
                    self.think(*position, CHECK_TIME, move |thought| {
                        Action::Checked(generation, outlook_of(thought))
                    });
                }
                Effect::Finish {
                    generation,
                    position,
                } => {
                    self.think(*position, FINISH_TIME, move |thought| {
                        Action::Finished(generation, finish_of(thought))
                    });
                }
                Effect::MakePuzzle {
                    generation,
                    request,
                } => self.spawn(Worker::Puzzle, move || {
                    Action::PuzzleMade(generation, make_puzzle(request))
                }),
                Effect::Count {
                    generation,
                    spec,
                    progress,
                } => self.count(generation, *spec, progress.0),
                Effect::StopCount(progress) => {
                    progress.0.cancel.store(true, Ordering::Relaxed);
                }
                Effect::Quit => self.cancel(),
            }
        }
    }

    /// Starts the search of one side's spec `s`, cancelling that side's
    /// search before.
    fn start(&mut self, side: Side, generation: u64, s: Spec, speed: solver::Speed, paused: bool) {
        self.stop(side);
        let tx = self.tx.clone();
        let previous = self.threads[side as usize].take();
        // The effect's copy of the spec moves its board into the job.
        let job = s.into_job().paced(speed, paused);
        let spawned = solver::spawn(previous, job, move |e| {
            // The app may have quit: nobody to tell.
            let _ = tx.send(Action::Engine(side, generation, e));
        });
        match spawned {
            Ok((control, thread)) => {
                self.controls[side as usize] = Some(control);
                self.threads[side as usize] = Some(thread);
            }
            Err(e) => {
                let _ = self.tx.send(Action::EngineFailed(side, e.to_string()));
            }
        }
    }

    /// Reads and checks a tour file on a thread of its own, within the
    /// tour file's limits, stopping the read before (a huge or endless file
    /// is refused early or stopped by Esc; the app never waits for it).
    fn open(&mut self, load: u64, path: PathBuf) {
        if let Some(stop) = self.loading.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.loading = Some(stop.clone());
        self.spawn(Worker::Read, move || {
            let name = path.display().to_string();
            // `~/` as the completion reads it (the name keeps it as typed).
            let path = match path.to_str() {
                Some(typed) => complete::expanded(typed, home().as_deref()),
                None => path,
            };
            // A huge board's tour is kept compactly as it is read.
            let keep = tour::stream::Keep::CompactWhenHuge;
            let limit = FileLimit::tour_file();
            let read = match crate::famous::tour(&path) {
                Some(text) => tour::stream::read_file(text.as_bytes(), &limit, keep, Some(&stop))
                    .map_err(|e| e.to_string()),
                None => std::fs::File::open(&path)
                    .map_err(|e| knight_engine::words::io_error(&e))
                    .and_then(|file| {
                        tour::stream::read_file(file, &limit, keep, Some(&stop))
                            .map_err(|e| e.to_string())
                    }),
            };
            let replay = read.map(|checked| Box::new(Replay::of_checked(&name, checked)));
            Action::Opened(load, name, replay)
        });
    }

    /// Runs `work` on a thread of its own (named `knight-WHAT`) and sends
    /// its answer back; a panic there comes back as `Action::Failed`.
    /// Runs a save on a thread of its own once the save before it ends.
    fn save_in_turn<F>(&mut self, work: F)
    where
        F: FnOnce() -> Action + Send + 'static,
    {
        let before = self.saving.take();
        let tx = self.tx.clone();
        self.saving = std::thread::Builder::new()
            .name(format!("knight-{}", Worker::Save.name()))
            .spawn(move || {
                if let Some(b) = before {
                    let _ = b.join();
                }
                let _ = tx.send(caught(Worker::Save, work));
            })
            .ok();
    }

    fn spawn<F>(&self, what: Worker, work: F)
    where
        F: FnOnce() -> Action + Send + 'static,
    {
        let tx = self.tx.clone();
        let _ = std::thread::Builder::new()
            .name(format!("knight-{}", what.name()))
            .spawn(move || {
                let _ = tx.send(caught(what, work));
            });
    }

    /// Counts the tours of the search's board from its start (on every
    /// core when no limit is set), reporting live to the app's
    /// [`knight_engine::solver::count::Progress`].
    fn count(&self, generation: u64, spec: Spec, progress: Arc<Progress>) {
        self.spawn(Worker::Count, move || {
            let count = Count {
                algorithm: spec.algorithm,
                limits: spec.limits,
                progress: Some(&progress),
                ..Count::from_start(&spec.problem)
            }
            .run();
            Action::Counted(generation, count)
        });
    }

    /// Runs `solver::finish` on the game's position within `time`, on the
    /// thinker (one job at a time; see [`Thinker`]).
    fn think<F>(&self, position: Position, time: Duration, answer: F)
    where
        F: FnOnce(Thought) -> Action + Send + 'static,
    {
        let limits = Limits {
            nodes: None,
            time: Some(time),
        };
        self.submit(Box::new(move || {
            answer(match position {
                Position::Puzzle {
                    clues,
                    sheet: Some(sheet),
                    ..
                } => Thought::Puzzle(clues.0.solve_sheet(&sheet, &limits)),
                Position::Puzzle { clues, prefix, .. } => {
                    Thought::Puzzle(clues.0.solve_after(&prefix, &limits))
                }
                Position::Tour { problem, prefix } => {
                    Thought::Tour(solver::finish(&problem, &prefix, limits))
                }
            })
        }));
    }

    /// Gives the thinker a job, replacing the one waiting, and starts its
    /// thread unless it is running.
    fn submit(&self, job: Job) {
        *self
            .thinker
            .waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = Some(job);
        if self.thinker.busy.swap(true, Ordering::SeqCst) {
            return;
        }
        let (thinker, tx) = (self.thinker.clone(), self.tx.clone());
        let _ = std::thread::Builder::new()
            .name("knight-check".into())
            .spawn(move || thinker.work(&tx));
    }

    fn with(&self, f: impl Fn(&Control)) {
        for c in self.controls.iter().flatten() {
            f(c);
        }
    }
}

/// The home directory, for a path typed with `~/`.
fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

/// The entries of the folder of the prompt's `text` that may complete its
/// last component (see [`complete::candidate`]); names that are not UTF-8
/// are left out, as the prompt could not show them.
fn candidates(text: &str) -> Result<Vec<Entry>, String> {
    let (dir, typed) = complete::split(text);
    let Some(folder) = complete::lookup_dir(dir, home().as_deref()) else {
        return Err("no home folder (HOME is not set)".into());
    };
    let read = std::fs::read_dir(&folder).map_err(|e| {
        let shown = if dir.is_empty() { "." } else { dir };
        format!("{shown}: {}", words::io_error(&e))
    })?;
    // `..` is no entry of a folder, but `..` Tab goes up, as in a shell.
    let mut out = Vec::new();
    if typed == ".." {
        out.push(Entry {
            name: "..".into(),
            dir: true,
        });
    }
    for entry in read.flatten() {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if !complete::candidate(&name, typed) {
            continue;
        }
        // A link to a folder is a folder here, as in a shell.
        let dir = entry
            .file_type()
            .is_ok_and(|t| t.is_dir() || (t.is_symlink() && entry.path().is_dir()));
        out.push(Entry { name, dir });
    }
    Ok(out)
}

/// `work`'s answer, or `Action::Failed` if it panicked.
fn caught(what: Worker, work: impl FnOnce() -> Action) -> Action {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
        .unwrap_or_else(|panic| Action::Failed(what, solver::panic_message(panic.as_ref())))
}

/// Work that answers with an action.
type Job = Box<dyn FnOnce() -> Action + Send>;

/// The game's checks and finishes, run one at a time on one thread. A job
/// asked for while another runs waits, and a newer one replaces it (only
/// the latest position's answer is wanted), so a burst of moves never
/// starts a burst of threads each thinking for up to a second.
#[derive(Default)]
struct Thinker {
    waiting: Mutex<Option<Job>>,
    /// A thread is taking jobs.
    busy: AtomicBool,
}

impl Thinker {
    /// Takes jobs until none waits.
    fn work(&self, tx: &UnboundedSender<Action>) {
        loop {
            let job = self
                .waiting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            if let Some(job) = job {
                let _ = tx.send(caught(Worker::Check, job));
                continue;
            }
            self.busy.store(false, Ordering::SeqCst);
            // A job put in just now, after the take and before `busy` was
            // cleared, found the thread busy: take it, unless another
            // thread started for it.
            let more = self
                .waiting
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some();
            if !more || self.busy.swap(true, Ordering::SeqCst) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_engine::board::Board;

    #[test]
    fn a_panic_on_a_worker_thread_comes_back_as_failed() {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let executor = Executor::new(tx);
        executor.spawn(Worker::Check, || panic!("provoked in the test"));
        match rx.blocking_recv() {
            Some(Action::Failed(what, why)) => {
                assert_eq!(
                    (what, why.as_str()),
                    (Worker::Check, "provoked in the test")
                );
            }
            other => panic!("expected Failed, got {other:?}"),
        }
    }

    #[test]
    fn the_thinker_runs_one_job_at_a_time_and_only_the_latest_waiting() {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let executor = Executor::new(tx);
        let (release, gate) = std::sync::mpsc::channel::<()>();
        executor.submit(Box::new(move || {
            let _ = gate.recv();
            Action::Failed(Worker::Check, "first".into())
        }));
        // Wait until the first job runs, then queue two: the second replaces
        // the first of them.
        while executor.thinker.waiting.lock().unwrap().is_some() {
            std::thread::sleep(Duration::from_millis(1));
        }
        executor.submit(Box::new(|| Action::Failed(Worker::Check, "second".into())));
        executor.submit(Box::new(|| Action::Failed(Worker::Check, "third".into())));
        release.send(()).unwrap();
        let mut said = Vec::new();
        for _ in 0..2 {
            if let Some(Action::Failed(_, why)) = rx.blocking_recv() {
                said.push(why);
            }
        }
        assert_eq!(said, ["first", "third"]);
        // Idle again, and a new job starts a thread.
        while executor.thinker.busy.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        executor.submit(Box::new(|| Action::Failed(Worker::Check, "fourth".into())));
        assert!(matches!(rx.blocking_recv(), Some(Action::Failed(_, w)) if w == "fourth"));
    }

    #[test]
    fn the_completion_lists_the_folders_matching_entries() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "knight-a.json",
            "knight-b.json",
            ".knight-hidden.json",
            "other",
        ] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("knights")).unwrap();
        let at = |rest: &str| format!("{}/{rest}", dir.path().display());
        let mut got = candidates(&at("kn")).unwrap();
        got.sort_by(|a, b| a.name.cmp(&b.name));
        let shown: Vec<String> = got.iter().map(Entry::shown).collect();
        assert_eq!(shown, ["knight-a.json", "knight-b.json", "knights/"]);
        let hidden = candidates(&at(".kn")).unwrap();
        assert_eq!(hidden.len(), 1);
        assert_eq!(hidden[0].name, ".knight-hidden.json");
        let up = candidates(&at("knights/..")).unwrap();
        assert_eq!(up.iter().map(Entry::shown).collect::<Vec<_>>(), ["../"]);
        let e = candidates(&at("nowhere/kn")).unwrap_err();
        assert!(e.ends_with("nowhere/: no such file or folder"), "{e}");
        // Through the executor, answering for the text asked about.
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut executor = Executor::new(tx);
        executor.apply(vec![Effect::Complete { text: at("oth") }]);
        match rx.blocking_recv() {
            Some(Action::Completions { text, entries }) => {
                assert_eq!(text, at("oth"));
                assert_eq!(
                    entries.unwrap(),
                    [Entry {
                        name: "other".into(),
                        dir: false
                    }]
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_picture_is_written_by_the_executor_under_a_new_name() {
        let dir = tempfile::tempdir().unwrap();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut executor = Executor::new(tx);
        let picture = |number| Effect::Picture {
            number,
            dir: dir.path().to_path_buf(),
            stem: "knight-5x5".into(),
            board: Box::new(Board::new(5, 5, &[]).unwrap()),
            path: vec![0, 7, 4],
            sheet: None,
        };
        executor.apply(vec![picture(1), picture(2), picture(3)]);
        let mut written = Vec::new();
        for n in 1..=3 {
            match rx.blocking_recv() {
                // In the order asked, each name after the one before.
                Some(Action::Saved(k, Ok(p))) if k == n => written.push(p),
                other => panic!("{other:?}"),
            }
        }
        assert_ne!(written[0], written[1], "never over another file");
        let name = |p: &std::path::Path| p.file_stem().unwrap().to_string_lossy().into_owned();
        if name(&written[0]) == name(&written[2]).trim_end_matches("-3") {
            assert!(name(&written[1]).ends_with("-2"), "{written:?}");
        }
        for p in written {
            assert_eq!(p.extension().unwrap(), "svg");
            let text = std::fs::read_to_string(&p).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            let moves = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("move"))
                .count();
            assert_eq!(moves, 2);
        }
    }
}
