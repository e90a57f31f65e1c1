//! The app's runtime: the terminal guard, one `tokio::select!` over terminal
//! input, the engine's answers and the replay's ticks, and drawing. Each
//! input becomes an [`Action`]; `App::update` turns it into [`Effect`]s for
//! the executor. The screen is drawn only after something changed, inside
//! synchronized output so fast searches do not flicker; with nothing moving,
//! nothing is drawn and the loop sleeps.
//!
//! [`Effect`]: super::app::Effect

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture, EventStream};
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use futures::StreamExt;
use ratatui::layout::Rect;
use tokio::sync::mpsc;

use super::app::{Action, App};
use super::effects::Executor;
use super::input;
use super::theme::Theme;
use super::ui;

/// The terminal in the app's state (alternate screen, raw mode, mouse
/// capture) for as long as it lives; given back as it was when dropped, and
/// on a panic (the hook runs before ratatui's, which restores the rest).
struct TerminalGuard {
    terminal: ratatui::DefaultTerminal,
}

impl TerminalGuard {
    fn new() -> TerminalGuard {
        let terminal = ratatui::init();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = crossterm::execute!(io::stdout(), DisableMouseCapture);
            previous(info);
        }));
        let _ = crossterm::execute!(io::stdout(), EnableMouseCapture);
        TerminalGuard { terminal }
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = crossterm::execute!(io::stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the app until the user quits. The terminal is given back as it was
/// on return, on error and on panic.
pub fn run(app: App, theme: Theme) -> Result<(), String> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err("the terminal app needs a terminal; in scripts use solve, count, verify or sweep (see knight-tui --help)".into());
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let mut guard = TerminalGuard::new();
        event_loop(&mut guard.terminal, app, &theme).await
    })
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    mut app: App,
    theme: &Theme,
) -> Result<(), String> {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut executor = Executor::new(tx);
    let mut input = EventStream::new();
    // A replay or play launch searches only once the user switches to search.
    let first = app.launch();
    executor.apply(&app, first);
    let mut dirty = true;
    // When the playing replay next advances: a deadline kept across loop
    // turns, so other events cannot keep postponing it.
    let mut next_tick: Option<tokio::time::Instant> = None;
    while !app.quit {
        if dirty {
            draw(terminal, &app, theme)?;
            dirty = false;
        }
        next_tick = match (app.tick(), next_tick) {
            (Some(_), Some(t)) => Some(t),
            (Some((every, _)), None) => Some(tokio::time::Instant::now() + every),
            (None, _) => None,
        };
        let far = tokio::time::Instant::now() + Duration::from_secs(3600);
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
                Some(Ok(event)) => {
                    let size = terminal
                        .size()
                        .map_err(|e| format!("cannot read the terminal size: {e}"))?;
                    let screen = Rect::new(0, 0, size.width, size.height);
                    if let Some(action) = input::decode(&event, &app, screen) {
                        let fx = app.update(action);
                        executor.apply(&app, fx);
                        dirty = true;
                    }
                }
                Some(Err(e)) => {
                    executor.cancel();
                    return Err(format!("terminal input failed: {e}"));
                }
                None => break,
            },
            Some(action) = rx.recv() => {
                // Take everything already queued before drawing once.
                let fx = app.update(action);
                executor.apply(&app, fx);
                while let Ok(action) = rx.try_recv() {
                    let fx = app.update(action);
                    executor.apply(&app, fx);
                }
                dirty = true;
            }
        }
    }
    executor.cancel();
    Ok(())
}

/// One frame, inside synchronized output.
fn draw(terminal: &mut ratatui::DefaultTerminal, app: &App, theme: &Theme) -> Result<(), String> {
    let fail = |e: io::Error| format!("cannot draw: {e}");
    crossterm::execute!(io::stdout(), BeginSynchronizedUpdate).map_err(fail)?;
    terminal.draw(|f| ui::draw(f, app, theme)).map_err(fail)?;
    crossterm::execute!(io::stdout(), EndSynchronizedUpdate).map_err(fail)?;
    io::stdout().flush().map_err(fail)
}
