//! The race: two searches side by side, each a board over its figures.
//!
//! ```text
//! ┌ A · 8x8 · numbers ───────┐┌ B · 8x8 · numbers ───────┐
//! │        board (A)         ││        board (B)         │
//! └──────────────────────────┘└──────────────────────────┘
//! ┌ A: backtrack ────────────┐┌ B: warnsdorff · roth ties┐
//! │ nodes, backtracks, depth ││ nodes, backtracks, depth │
//! │ elapsed, the result      ││ elapsed, the result      │
//! └──────────────────────────┘└──────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use knight_engine::spec::Spec;
use knight_engine::words::{duration, thousands};

use super::board::{BoardPane, Scene};
use super::label_value;
use super::statistics::{depth, rate};
use crate::tui::app::{App, Side};
use crate::tui::theme::Theme;
use crate::tui::watched::{Run, RunState};

/// Rows of a side's figures, borders included.
const FIGURES: u16 = 7;

/// Both sides of the race, in the main area.
pub struct RacePanes<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for RacePanes<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let halves: [Rect; 2] =
            Layout::horizontal([Constraint::Ratio(1, 2), Constraint::Ratio(1, 2)]).areas(area);
        for (side, half) in [Side::A, Side::B].into_iter().zip(halves) {
            let Some((spec, run)) = app.side(side) else {
                continue;
            };
            let [board, figures] =
                Layout::vertical([Constraint::Min(3), Constraint::Length(FIGURES)]).areas(half);
            let letter = letter(side);
            let title = format!("{letter} · {}", spec.board().describe());
            BoardPane {
                scene: Scene {
                    goal: spec.end(),
                    ..Scene::of_run(
                        spec.board(),
                        app.window(),
                        run,
                        title,
                        app.drawing,
                        app.labels,
                    )
                },
                theme,
            }
            .render(board, buf);
            Figures {
                letter,
                spec,
                run,
                theme,
            }
            .render(figures, buf);
        }
    }
}

fn letter(side: Side) -> &'static str {
    match side {
        Side::A => "A",
        Side::B => "B",
    }
}

/// One side's search: what it is, its figures, and how it stands.
struct Figures<'a> {
    letter: &'static str,
    spec: &'a Spec,
    run: &'a Run,
    theme: &'a Theme,
}

impl Widget for Figures<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (run, theme) = (self.run, self.theme);
        let block =
            Block::bordered().title(format!(" {}: {} ", self.letter, self.spec.search_name()));
        let inner = block.inner(area);
        block.render(area, buf);
        let st = &run.stats;
        let lines = vec![
            label_value("nodes", thousands(st.nodes), theme),
            label_value("backtracks", thousands(st.backtracks), theme),
            label_value("depth", depth(run), theme),
            label_value(
                "elapsed",
                format!("{} · {}/s", duration(st.elapsed), rate(st)),
                theme,
            ),
            result_line(run, theme),
        ];
        Paragraph::new(lines).render(inner, buf);
    }
}

/// `✔ found after 64 nodes`, `▶ running`…, coloured by how it stands.
fn result_line(run: &Run, theme: &Theme) -> Line<'static> {
    let n = thousands(run.stats.nodes);
    let (symbol, ascii, colour, text) = match &run.state {
        RunState::Running => ("▶", ">", Color::Green, "still going".to_string()),
        RunState::Paused => ("‖", "=", Color::Yellow, "paused".to_string()),
        RunState::Found => ("✔", "+", Color::Green, format!("found after {n} nodes")),
        RunState::NoTour(why) => ("✘", "x", Color::Red, format!("no tour: {why}")),
        RunState::Undecided(limit) => (
            "?",
            "?",
            Color::Yellow,
            format!("undecided: the {limit} stopped it"),
        ),
        RunState::Failed(why) => ("!", "!", Color::Red, format!("failed: {why}")),
    };
    let symbol = if theme.ascii { ascii } else { symbol };
    let style = if run.is_searching() {
        theme.fg(colour)
    } else {
        theme.fg(colour).add_modifier(Modifier::BOLD)
    };
    Line::from(Span::styled(format!("{symbol} {text}"), style))
}
