//! The effect executor: carries out what `App::update` asks for. The search,
//! the game's checks and finishes, a count, and reading and writing files
//! each run on a thread of their own, never on the app's; every answer comes
//! back through the channel as an [`Action`].

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::mpsc::UnboundedSender;

use knight_tui::files;
use knight_tui::solver::{self, Control, Limits, Solution, Verdict};
use knight_tui::tour::TourFile;

use super::app::{Action, App, Effect};
use super::game::Outlook;

/// How long the "can this still be finished?" check may think.
const CHECK_TIME: Duration = Duration::from_millis(300);
/// How long the solver may take to finish a game.
const FINISH_TIME: Duration = Duration::from_secs(10);

pub struct Executor {
    /// The search under way, if any.
    control: Option<Control>,
    tx: UnboundedSender<Action>,
}

impl Executor {
    pub fn new(tx: UnboundedSender<Action>) -> Executor {
        Executor { control: None, tx }
    }

    /// Stops the search under way.
    pub fn cancel(&mut self) {
        if let Some(c) = self.control.take() {
            c.cancel();
        }
    }

    /// Carries out the app's effects.
    pub fn apply(&mut self, app: &App, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Start {
                    generation,
                    speed,
                    paused,
                } => self.start(app, generation, speed, paused),
                Effect::Pause => self.with(|c| c.pause()),
                Effect::Resume => self.with(|c| c.resume()),
                Effect::Step => self.with(|c| c.step()),
                Effect::SetSpeed(s) => self.with(|c| c.set_speed(s)),
                Effect::Save { dir, stem, file } => {
                    self.spawn("knight-save", move || {
                        Action::Saved(save_new(&dir, &stem, &file))
                    });
                }
                Effect::Open(path) => {
                    self.spawn("knight-open", move || {
                        let name = path.display().to_string();
                        let text =
                            std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"));
                        Action::Opened(name, text)
                    });
                }
                Effect::Check { generation, prefix } => {
                    self.think(app, prefix, CHECK_TIME, move |sol| {
                        let outlook = match sol.verdict {
                            Verdict::Found => Outlook::Solvable,
                            Verdict::NoTour(why) => Outlook::NoTour(why),
                            _ => Outlook::Unknown,
                        };
                        Action::Checked(generation, outlook)
                    });
                }
                Effect::Finish { generation, prefix } => {
                    self.think(app, prefix, FINISH_TIME, move |sol| {
                        let result = match (sol.verdict, sol.tours.into_iter().next()) {
                            (Verdict::Found, Some(t)) => Ok(t),
                            (Verdict::NoTour(why), _) => Err(format!("no tour from here: {why}")),
                            _ => Err(format!(
                                "the solver found no finish within {} s",
                                FINISH_TIME.as_secs()
                            )),
                        };
                        Action::Finished(generation, result)
                    });
                }
                Effect::Count { generation } => self.count(app, generation),
                Effect::StopCount => {
                    if let Some(c) = &app.counting {
                        c.progress.cancel.store(true, Ordering::Relaxed);
                    }
                }
                Effect::Quit => self.cancel(),
            }
        }
    }

    /// Starts the search of the app's spec, cancelling the one before.
    fn start(&mut self, app: &App, generation: u64, speed: solver::Speed, paused: bool) {
        self.cancel();
        let tx = self.tx.clone();
        let s = &app.spec;
        let spawned = solver::spawn(
            s.board.clone(),
            s.start,
            s.closed,
            s.options(1),
            speed,
            paused,
            move |e| {
                // The app may have quit: nobody to tell.
                let _ = tx.send(Action::Engine(generation, e));
            },
        );
        match spawned {
            Ok((control, _thread)) => self.control = Some(control),
            Err(e) => {
                let _ = self.tx.send(Action::EngineFailed(e));
            }
        }
    }

    /// Runs `work` on a thread of its own and sends its answer back.
    fn spawn<F>(&self, name: &str, work: F)
    where
        F: FnOnce() -> Action + Send + 'static,
    {
        let tx = self.tx.clone();
        let _ = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let _ = tx.send(work());
            });
    }

    /// Counts the tours of the search's board from its start (on every
    /// core when no limit is set), reporting live to the app's
    /// [`knight_tui::solver::Progress`].
    fn count(&self, app: &App, generation: u64) {
        let Some(c) = &app.counting else {
            return;
        };
        let progress = c.progress.clone();
        let spec = app.spec.clone();
        self.spawn("knight-count", move || {
            let count = match spec.problem() {
                Ok(problem) => solver::count_with_progress(
                    &problem,
                    spec.algorithm,
                    &spec.limits,
                    None,
                    &progress,
                ),
                Err(why) => solver::Count {
                    count: 0,
                    complete: true,
                    limit: None,
                    reason: Some(why.to_string()),
                    stats: Default::default(),
                },
            };
            Action::Counted(generation, count)
        });
    }

    /// Runs `solver::finish` on the game's position within `time`.
    fn think<F>(&self, app: &App, prefix: Vec<u32>, time: Duration, answer: F)
    where
        F: FnOnce(Solution) -> Action + Send + 'static,
    {
        let Some(game) = &app.game else {
            return;
        };
        let (board, closed) = (game.board.clone(), game.closed);
        let limits = Limits {
            nodes: None,
            time: Some(time),
        };
        self.spawn("knight-check", move || {
            answer(solver::finish(&board, &prefix, closed, limits))
        });
    }

    fn with(&self, f: impl FnOnce(&Control)) {
        if let Some(c) = &self.control {
            f(c);
        }
    }
}

/// Writes `file` into `dir` under a name no other file has:
/// `STEM-SECONDS.json`, then `STEM-SECONDS-2.json` and so on. The name is
/// claimed first (created, never opened if it exists), so two saves never
/// write the same file; the tour is then written atomically over the claim.
pub fn save_new(dir: &Path, stem: &str, file: &TourFile) -> Result<PathBuf, String> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    for k in 1..=1000u32 {
        let name = match k {
            1 => format!("{stem}-{secs}.json"),
            k => format!("{stem}-{secs}-{k}.json"),
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {
                return match files::write(&path, |w| file.write_json(w, false)) {
                    Ok(_) => Ok(path),
                    Err(e) => {
                        let _ = std::fs::remove_file(&path);
                        Err(format!("{}: {e}", path.display()))
                    }
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Err(format!(
        "{}: a thousand saves this second already",
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_tui::board::Board;

    #[test]
    fn saves_never_overwrite_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let b = Board::new(5, 5, &[]).unwrap();
        let file = TourFile::new(&b, false, &[0, 7], None);
        let paths: Vec<PathBuf> = (0..3)
            .map(|_| save_new(dir.path(), "knight-5x5", &file).unwrap())
            .collect();
        assert_ne!(paths[0], paths[1]);
        assert_ne!(paths[1], paths[2]);
        for p in &paths {
            let text = std::fs::read_to_string(p).unwrap();
            let back = knight_tui::tour::parse(&text).unwrap().file;
            assert_eq!(back.path, vec![[0, 0], [1, 2]]);
        }
        let missing = dir.path().join("no-such-folder");
        let e = save_new(&missing, "knight-5x5", &file).unwrap_err();
        assert!(e.contains("no-such-folder"), "{e}");
    }
}
