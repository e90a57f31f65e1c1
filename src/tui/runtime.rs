//! The app's runtime: the terminal guard, one `tokio::select!` over terminal
//! input, the engine's answers, the replay's ticks and signals, and drawing. Each
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
use std::task::Poll;

use color_eyre::eyre::{Result, WrapErr, bail};
use futures::StreamExt;
use ratatui::layout::Rect;
use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::mpsc;

use super::app::{Action, App};
use super::effects::Executor;
use super::input;
use super::theme::Theme;
use super::ui;

/// The terminal in the app's state (alternate screen, raw mode, mouse
/// capture) for as long as it lives; given back as it was when dropped, and
/// on a panic of the app's own thread (the hook runs before ratatui's, which
/// restores the rest). A panic on another thread (the search, a save, a
/// count) is caught there and said in the status line; the hook stays
/// silent for it, since printing would write over the app's screen.
struct TerminalGuard {
    terminal: ratatui::DefaultTerminal,
}

impl TerminalGuard {
    fn new() -> TerminalGuard {
        crate::oom::screen(true);
        let terminal = ratatui::init();
        let previous = std::panic::take_hook();
        let app_thread = std::thread::current().id();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().id() != app_thread {
                return;
            }
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
        crate::oom::screen(false);
    }
}

/// The most input events handled between two frames.
const EVENTS_PER_FRAME: usize = 256;

/// How the loop ended.
enum Ended {
    /// The user quit, with a line to print once the terminal is back.
    Quit(Option<String>),
    /// A signal asked the process to end: its number.
    Signal(i32),
}

/// Runs the app until the user quits. The terminal is given back as it was
/// on return, on error and on panic; on SIGTERM, SIGHUP, SIGINT or SIGQUIT it is
/// given back, a save's temporary file removed, and the process ends as the
/// signal would have ended it.
pub fn run(app: App, theme: Theme) -> Result<()> {
    const SCRIPTS: &str = "in scripts use solve, count, verify or sweep (see knight-tui --help)";
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        bail!("the terminal app needs a terminal; {SCRIPTS}");
    }
    if std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
        bail!("the terminal app cannot draw on a dumb terminal (TERM=dumb); {SCRIPTS}");
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .wrap_err("cannot start the runtime")?;
    let ended = runtime.block_on(async {
        let mut guard = TerminalGuard::new();
        event_loop(&mut guard.terminal, app, &theme).await
    })?;
    // The guard has given the terminal back.
    match ended {
        Ended::Signal(signal) => crate::write::end_by_signal(signal),
        Ended::Quit(Some(line)) => println!("{line}"),
        Ended::Quit(None) => {}
    }
    Ok(())
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    mut app: App,
    theme: &Theme,
) -> Result<Ended> {
    // The signals that end the app: terminate, hang up, interrupt and
    // quit (Ctrl-C and Ctrl-\ are keys in raw mode; these are `kill`).
    let watch = |kind| signal(kind).wrap_err("cannot watch signals");
    let mut term = watch(SignalKind::terminate())?;
    let mut hup = watch(SignalKind::hangup())?;
    let mut int = watch(SignalKind::interrupt())?;
    let mut quit = watch(SignalKind::quit())?;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut executor = Executor::new(tx);
    let mut input = EventStream::new();
    // A replay or play launch searches only once the user switches to search.
    let first = app.launch();
    executor.apply(first);
    let mut dirty = true;
    let mut input_closed = false;
    // When the playing replay next advances: a deadline kept across loop
    // turns, so other events cannot keep postponing it.
    let mut next_tick: Option<tokio::time::Instant> = None;
    // The screen's size shapes the zoomed windows; later sizes come as
    // resize events.
    if let Ok(size) = terminal.size() {
        app.update_at(
            Action::Resize(size.width, size.height),
            std::time::Instant::now(),
        );
        // A puzzle is read by its numbers: zoomed in when they do not fit.
        let screen = Rect::new(0, 0, size.width, size.height);
        app.open_zoomed(ui::jump_level(screen, &app));
    }
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
            _ = term.recv() => {
                executor.cancel();
                return Ok(Ended::Signal(signal_hook::consts::SIGTERM));
            }
            _ = hup.recv() => {
                executor.cancel();
                return Ok(Ended::Signal(signal_hook::consts::SIGHUP));
            }
            _ = int.recv() => {
                executor.cancel();
                return Ok(Ended::Signal(signal_hook::consts::SIGINT));
            }
            _ = quit.recv() => {
                executor.cancel();
                return Ok(Ended::Signal(signal_hook::consts::SIGQUIT));
            }
            _ = tokio::time::sleep_until(next_tick.unwrap_or(far)), if next_tick.is_some() => {
                app.update_at(Action::Tick, std::time::Instant::now());
                next_tick = match (app.tick(), next_tick) {
                    (Some((every, _)), Some(t)) => Some(t + every),
                    _ => None,
                };
                dirty = true;
            }
            ev = input.next() => {
                // Everything already typed is taken before drawing once, so
                // a burst of keys (a held key, a paste) never queues frames.
                let mut next = Some(ev);
                let mut taken = 0;
                while let Some(ev) = next.take() {
                    match ev {
                        Some(Ok(event)) => {
                            let size = terminal
                                .size()
                                .wrap_err("cannot read the terminal size")?;
                            let screen = Rect::new(0, 0, size.width, size.height);
                            for event in input::split(event) {
                                if let Some(action) = input::decode(&event, &app, screen) {
                                    let fx = app.update_at(action, std::time::Instant::now());
                                    executor.apply(fx);
                                    dirty = true;
                                }
                            }
                        }
                        Some(Err(e)) => {
                            executor.cancel();
                            return Err(e).wrap_err("terminal input failed");
                        }
                        None => input_closed = true,
                    }
                    taken += 1;
                    if app.quit || input_closed || taken == EVENTS_PER_FRAME {
                        break;
                    }
                    // Polled with this task's own waker: a no-op waker
                    // (`now_or_never`) would be the one crossterm's reader
                    // wakes on the next key, and the loop would never hear
                    // of it.
                    next = match std::future::poll_fn(|cx| Poll::Ready(input.poll_next_unpin(cx))).await {
                        Poll::Ready(ev) => Some(ev),
                        Poll::Pending => None,
                    };
                }
                if input_closed {
                    break;
                }
            }
            Some(action) = rx.recv() => {
                // Take everything already queued before drawing once.
                let fx = app.update_at(action, std::time::Instant::now());
                executor.apply(fx);
                while let Ok(action) = rx.try_recv() {
                    let fx = app.update_at(action, std::time::Instant::now());
                    executor.apply(fx);
                }
                dirty = true;
            }
        }
    }
    executor.cancel();
    Ok(Ended::Quit(app.farewell.take()))
}

/// One frame, inside synchronized output.
fn draw(terminal: &mut ratatui::DefaultTerminal, app: &App, theme: &Theme) -> Result<()> {
    fn frame(terminal: &mut ratatui::DefaultTerminal, app: &App, theme: &Theme) -> io::Result<()> {
        crossterm::execute!(io::stdout(), BeginSynchronizedUpdate)?;
        terminal.draw(|f| ui::draw(f, app, theme))?;
        crossterm::execute!(io::stdout(), EndSynchronizedUpdate)?;
        io::stdout().flush()
    }
    frame(terminal, app, theme).wrap_err("cannot draw")
}
