//! The terminal app's runtime: one `tokio::select!` over terminal input and
//! the search's events; each becomes an [`Action`], `App::update` turns it
//! into [`Effect`]s, carried out here. The screen is drawn only after
//! something changed, inside synchronized output so fast searches do not
//! flicker; with nothing moving, nothing is drawn and the loop sleeps.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event as TermEvent, EventStream, KeyCode,
    KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use futures::StreamExt;
use tokio::sync::mpsc;

use knight_tui::solver::{self, Control, Limits, Options, Problem, Verdict};
use knight_tui::tour;

use crate::app::{Action, App, Effect, command_for};
use crate::play::Outlook;
use crate::ui::{self, Theme};

/// Runs the app until the user quits. The terminal is given back as it was
/// on return, on error and on panic (ratatui's hook).
pub fn run(app: App, theme: Theme) -> Result<(), String> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err("the terminal app needs a terminal; in scripts use solve, count, verify or sweep (see knight-tui --help)".into());
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let mut terminal = ratatui::init();
        // Mouse capture is ours to switch off: on return and on panic (the
        // hook runs before ratatui's, which restores the rest).
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = crossterm::execute!(io::stdout(), DisableMouseCapture);
            previous(info);
        }));
        let _ = crossterm::execute!(io::stdout(), EnableMouseCapture);
        let result = event_loop(&mut terminal, app, &theme).await;
        let _ = crossterm::execute!(io::stdout(), DisableMouseCapture);
        ratatui::restore();
        result
    })
}

/// How long the "can this still be finished?" check may think.
const CHECK_TIME: Duration = Duration::from_millis(300);
/// How long the solver may take to finish a game.
const FINISH_TIME: Duration = Duration::from_secs(10);

struct Engine {
    control: Option<Control>,
    tx: mpsc::UnboundedSender<Action>,
}

impl Engine {
    fn cancel(&mut self) {
        if let Some(c) = self.control.take() {
            c.cancel();
        }
    }

    /// Carries out the app's effects; may feed actions back.
    fn apply(&mut self, app: &mut App, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Start {
                    generation,
                    speed,
                    paused,
                } => {
                    self.cancel();
                    let tx = self.tx.clone();
                    let s = &app.spec;
                    let options = Options {
                        algorithm: s.algorithm,
                        tie_break: s.tie_break,
                        limits: s.limits,
                        tours: 1,
                    };
                    match solver::spawn(
                        s.board.clone(),
                        s.start,
                        s.closed,
                        options,
                        speed,
                        paused,
                        move |e| {
                            // The app may have quit: nobody to tell.
                            let _ = tx.send(Action::Engine(generation, e));
                        },
                    ) {
                        Ok((control, _thread)) => self.control = Some(control),
                        Err(e) => app.message = Some(e),
                    }
                }
                Effect::Pause => self.with(|c| c.pause()),
                Effect::Resume => self.with(|c| c.resume()),
                Effect::Step => self.with(|c| c.step()),
                Effect::SetSpeed(s) => self.with(|c| c.set_speed(s)),
                Effect::Save(path, file) => {
                    let result = tour::write_atomic(&path, |w| file.write_json(w, false))
                        .map(|()| path.clone())
                        .map_err(|e| format!("{}: {e}", path.display()));
                    let more = app.update(Action::Saved(result));
                    self.apply(app, more);
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
                Effect::Open(path) => {
                    let name = path.display().to_string();
                    let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"));
                    let more = app.update(Action::Opened(name, text));
                    self.apply(app, more);
                }
                Effect::Count { generation } => self.count(app, generation),
                Effect::StopCount => {
                    if let Some(c) = &app.counting {
                        c.progress
                            .cancel
                            .store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
                Effect::Quit => self.cancel(),
            }
        }
    }

    /// Counts the tours of the search's board from its start on a thread of
    /// its own (rayon's, on every core, when no limit is set), reporting to
    /// the app's [`knight_tui::solver::Progress`].
    fn count(&self, app: &App, generation: u64) {
        let Some(c) = &app.counting else {
            return;
        };
        let progress = c.progress.clone();
        let s = &app.spec;
        let (board, start, closed, limits) = (s.board.clone(), s.start, s.closed, s.limits);
        let algorithm = s.algorithm;
        let tx = self.tx.clone();
        let _ = std::thread::Builder::new()
            .name("knight-count".into())
            .spawn(move || {
                if let Ok(problem) = Problem::new(&board, start, closed) {
                    let count =
                        solver::count_with_progress(&problem, algorithm, &limits, None, &progress);
                    let _ = tx.send(Action::Counted(generation, count));
                }
            });
    }

    /// Runs `solver::finish` on the game's position on a thread of its own
    /// (never the app's); its answer comes back as an action.
    fn think<F>(&self, app: &App, prefix: Vec<u32>, time: Duration, answer: F)
    where
        F: FnOnce(knight_tui::solver::Solution) -> Action + Send + 'static,
    {
        let Some(game) = &app.game else {
            return;
        };
        let board = game.board.clone();
        let closed = game.closed;
        let tx = self.tx.clone();
        let limits = Limits {
            nodes: None,
            time: Some(time),
        };
        let _ = std::thread::Builder::new()
            .name("knight-check".into())
            .spawn(move || {
                let sol = solver::finish(&board, &prefix, closed, limits);
                let _ = tx.send(answer(sol));
            });
    }

    fn with(&self, f: impl FnOnce(&Control)) {
        if let Some(c) = &self.control {
            f(c);
        }
    }
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    mut app: App,
    theme: &Theme,
) -> Result<(), String> {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut engine = Engine { control: None, tx };
    let mut input = EventStream::new();
    // A replay or play launch searches only once the user switches to search.
    let first = app.launch();
    engine.apply(&mut app, first);
    let mut dirty = true;
    // When the playing replay next advances: a deadline kept across loop
    // turns, so other events cannot keep postponing it.
    let mut next_tick: Option<tokio::time::Instant> = None;
    while !app.quit {
        if dirty {
            draw(terminal, &app, theme)?;
            dirty = false;
        }
        let tick = app.tick();
        next_tick = match (tick, next_tick) {
            (Some(_), Some(t)) => Some(t),
            (Some((every, _)), None) => Some(tokio::time::Instant::now() + every),
            (None, _) => None,
        };
        let far = tokio::time::Instant::now() + std::time::Duration::from_secs(3600);
        tokio::select! {
            _ = tokio::time::sleep_until(next_tick.unwrap_or(far)), if next_tick.is_some() => {
                app.update(Action::Tick);
                next_tick = match (app.tick(), next_tick) {
                    (Some((every, _)), Some(t)) => Some(t + every),
                    _ => None,
                };
                dirty = true;
            }
            ev = input.next() => match ev {
                Some(Ok(TermEvent::Key(key))) if key.kind == KeyEventKind::Press => {
                    // The file prompt takes text; Enter and Esc go through the table.
                    let typed = match key.code {
                        _ if app.prompt.is_none() => None,
                        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                            Some(Action::Type(c))
                        }
                        KeyCode::Backspace => Some(Action::Erase),
                        _ => None,
                    };
                    if let Some(action) = typed {
                        app.update(action);
                        dirty = true;
                    } else if let Some(c) = command_for(key, app.context()) {
                        let fx = app.update(Action::Key(c));
                        engine.apply(&mut app, fx);
                        dirty = true;
                    }
                }
                Some(Ok(TermEvent::Mouse(m))) => {
                    // Only clicks and the wheel matter: moves (reported too
                    // while the mouse is captured) cost nothing.
                    let wanted = match m.kind {
                        MouseEventKind::ScrollUp => Some((true, None)),
                        MouseEventKind::ScrollDown => Some((false, None)),
                        MouseEventKind::Down(MouseButton::Left) => Some((false, Some(false))),
                        MouseEventKind::Down(MouseButton::Right) => Some((false, Some(true))),
                        _ => None,
                    };
                    let Some((up, click)) = wanted else {
                        continue;
                    };
                    let size = terminal.size().map_err(|e| format!("cannot read the terminal size: {e}"))?;
                    let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                    let at = ui::square_at(area, &app, m.column, m.row);
                    let action = match (click, at) {
                        (None, _) => Some(Action::Wheel(at, up)),
                        (Some(right), Some(sq)) => Some(Action::Click(sq, right)),
                        (Some(_), None) => None,
                    };
                    if let Some(action) = action {
                        let fx = app.update(action);
                        engine.apply(&mut app, fx);
                        dirty = true;
                    }
                }
                Some(Ok(TermEvent::Resize(..))) => {
                    app.update(Action::Resize);
                    dirty = true;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    engine.cancel();
                    return Err(format!("terminal input failed: {e}"));
                }
                None => break,
            },
            Some(action) = rx.recv() => {
                // Take everything already queued before drawing once.
                let fx = app.update(action);
                engine.apply(&mut app, fx);
                while let Ok(action) = rx.try_recv() {
                    let fx = app.update(action);
                    engine.apply(&mut app, fx);
                }
                dirty = true;
            }
        }
    }
    engine.cancel();
    Ok(())
}

fn draw(terminal: &mut ratatui::DefaultTerminal, app: &App, theme: &Theme) -> Result<(), String> {
    let fail = |e: io::Error| format!("cannot draw: {e}");
    crossterm::execute!(io::stdout(), BeginSynchronizedUpdate).map_err(fail)?;
    terminal.draw(|f| ui::draw(f, app, theme)).map_err(fail)?;
    crossterm::execute!(io::stdout(), EndSynchronizedUpdate).map_err(fail)?;
    io::stdout().flush().map_err(fail)
}
