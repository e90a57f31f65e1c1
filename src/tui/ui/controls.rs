//! The controls pane: what is being searched, replayed or played, and the
//! keys of that mode.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, LineGauge, Paragraph, Widget, Wrap};

use knight_engine::board::Board;
use knight_engine::solver::Algorithm;
use knight_engine::words;

use super::settings::SettingsPanel;
use super::{hang, keep_end, label_value};
use crate::tui::app::{App, RunState};
use crate::tui::game::Game;
use crate::tui::notation;
use crate::tui::replay::Replay;
use crate::tui::theme::Theme;

/// `running`, `paused`, `found: open tour of 64 squares`, `no tour`…
pub(super) fn state_word(app: &App) -> String {
    match &app.search.state {
        RunState::Running => "running".into(),
        RunState::Paused => app.rewound().unwrap_or_else(|| "paused".into()),
        RunState::Found => {
            let closes = app.search.trail.closes(app.spec.board());
            let squares = words::plural(app.search.trail.len() as u64, "square");
            // An open tour asked for may close by chance: said after.
            match (app.spec.closed(), closes) {
                (false, true) => format!("found: open tour of {squares} (it closes too)"),
                (closed, _) => format!("found: {} tour of {squares}", words::kind(closed)),
            }
        }
        RunState::NoTour(_) => "no tour".into(),
        RunState::Undecided(_) => "undecided".into(),
        RunState::Failed(_) => "failed".into(),
    }
}

/// What the app is doing and the keys of that mode; the settings panel while it is open.
pub struct Controls<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for Controls<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        if let Some(st) = app.settings() {
            SettingsPanel {
                settings: st,
                labels: app.labels,
                theme,
            }
            .render(area, buf);
            return;
        }
        if let Some(r) = app.replaying() {
            replay_controls(buf, area, app, r, theme);
            return;
        }
        if let Some(g) = app.playing() {
            play_controls(buf, area, app, g, theme);
            return;
        }
        let block = Block::bordered().title(" Controls ");
        let inner = block.inner(area);
        block.render(area, buf);
        let s = &app.spec;
        let algo = s.algorithm.for_solve(s.board(), 1);
        let algo_text = if algo == Algorithm::Warnsdorff {
            format!("{algo} ({})", s.tie_break)
        } else {
            algo.to_string()
        };
        let mut lines = vec![
            board_line(s.board(), s.closed(), theme),
            label_value("start", s.start().to_string(), theme),
            label_value("algorithm", algo_text, theme),
            label_value("speed", app.speed_label(), theme),
            label_value("state", state_word(app), theme),
        ];
        if !s.moves.is_default() {
            let moves = s.moves.name().map_or(s.moves.to_string(), str::to_string);
            lines.insert(3, label_value("moves", moves, theme));
        }
        if let Some(end) = s.end() {
            lines.insert(2, label_value("end", end.to_string(), theme));
        }
        if let Some(why) = app.search.state.why() {
            lines.push(label_value("why", why, theme));
        }
        let lines = notation::lines(lines, s.board(), app.labels);
        Paragraph::new(hang(lines, inner.width))
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

fn replay_controls(buf: &mut Buffer, area: Rect, app: &App, r: &Replay, theme: &Theme) {
    let block = Block::bordered().title(" Replay ");
    let inner = block.inner(area);
    block.render(area, buf);
    let sums = super::sums::lines(&r.board, Some(&r.trail), theme);
    let [top, gauge, rest] = replay_layout(inner, r);
    let lines = vec![
        // The file's own name, its end kept when even that is too long.
        label_value(
            "tour",
            keep_end(
                std::path::Path::new(&r.name)
                    .file_name()
                    .map_or(r.name.clone(), |n| n.to_string_lossy().into_owned()),
                inner.width.saturating_sub(11) as usize,
            ),
            theme,
        ),
        label_value("board", r.board.describe(), theme),
        // "step" goes when the figures alone fill the line.
        label_value(
            "position",
            match format!("{} / {}", r.pos, r.length()) {
                at if at.len() + 16 <= inner.width as usize => format!("step {at}"),
                at => at,
            },
            theme,
        ),
        label_value("speed", app.speed_label(), theme),
    ];
    // Wrapped under their values: the sums' line is longer than the pane
    // (it was cut at "semimagic: every" even at 300 columns).
    let lines = hang([lines, sums].concat(), top.width);
    Paragraph::new(lines).render(top, buf);
    let ratio = if r.length() == 0 {
        0.0
    } else {
        r.pos as f64 / r.length() as f64
    };
    LineGauge::default()
        .ratio(ratio.clamp(0.0, 1.0))
        .filled_style(theme.fg(theme.accent))
        .label(format!("{:>3.0}%", ratio * 100.0))
        .render(gauge, buf);
    let (more, info, moves) = replay_state(rest, r, theme);
    let more = notation::lines(more, &r.board, app.labels);
    Paragraph::new(more)
        .wrap(Wrap { trim: false })
        .render(info, buf);
    move_list(buf, moves, r, app.labels, theme);
}

/// The replay's state lines, the part of `rest` they take as they wrap,
/// and the part left for the move list.
fn replay_state(rest: Rect, r: &Replay, theme: &Theme) -> (Vec<Line<'static>>, Rect, Rect) {
    let mut more = vec![label_value("state", replay_word(r), theme)];
    if let Some(how) = &r.made_by {
        // A file's algorithm names the method; a person reads its name.
        let how = match how.as_str() {
            "quartes" => "the method of quartes".to_string(),
            name => name.to_string(),
        };
        more.push(label_value("made by", how, theme));
    }
    if let Some(v) = r.verdict() {
        more.push(Line::raw(v));
    }
    let width = rest.width.max(1);
    let more = hang(more, width);
    let tall: usize = more
        .iter()
        .map(|l| l.width().max(1).div_ceil(width as usize))
        .sum();
    let [info, moves] =
        Layout::vertical([Constraint::Length(tall as u16 + 1), Constraint::Min(0)]).areas(rest);
    (more, info, moves)
}

/// The move list's area in the replay pane `area` (borders included).
fn move_list_area(area: Rect, r: &Replay, theme: &Theme) -> Rect {
    let [_, _, rest] = replay_layout(Block::bordered().inner(area), r);
    replay_state(rest, r, theme).2
}

/// The replay pane inside its border: the figures (with the row and
/// column sums when shown), the gauge, and the rest.
fn replay_layout(inner: Rect, r: &Replay) -> [Rect; 3] {
    Layout::vertical([
        Constraint::Length(4 + super::sums::height(&r.board, Some(&r.trail))),
        Constraint::Length(1),
        Constraint::Min(0),
    ])
    .areas(inner)
}

/// The first step the move list shows in `rows` rows.
fn first_listed(r: &Replay, rows: usize) -> usize {
    let n = r.legal.len();
    r.pos
        .saturating_sub(rows / 2)
        .min((n + 1).saturating_sub(rows))
        .max(1)
}

/// The step of the move-list row at screen position (x, y) in the replay
/// pane `area`, if any: how a click on a row finds it.
pub fn move_at(area: Rect, r: &Replay, x: u16, y: u16) -> Option<usize> {
    let list = move_list_area(area, r, &Theme::default());
    if list.height < 2 || !list.contains((x, y).into()) || y == list.y {
        return None;
    }
    let k = first_listed(r, list.height as usize - 1) + (y - list.y - 1) as usize;
    (k <= r.legal.len()).then_some(k)
}

/// The moves around the replay's position: step, square and onward count,
/// the current step highlighted and kept in the middle.
fn move_list(buf: &mut Buffer, area: Rect, r: &Replay, labels: bool, theme: &Theme) {
    let n = r.legal.len();
    if area.height < 2 || n == 0 {
        return;
    }
    let rows = area.height as usize - 1;
    let first = first_listed(r, rows);
    let mut lines = vec![Line::styled(
        format!("{:>6}  {:<9}{}", "step", "square", "onward"),
        theme.fg(theme.accent),
    )];
    for k in first..=(first + rows - 1).min(n) {
        let text = format!(
            "{k:>6}  {:<9}{:>4}",
            r.legal
                .square(k)
                .map_or(String::new(), |i| r.board.square(i).to_string()),
            r.onward(k)
        );
        lines.push(if k == r.pos {
            Line::styled(text, theme.cursor())
        } else {
            Line::raw(text)
        });
    }
    Paragraph::new(notation::lines(lines, &r.board, labels)).render(area, buf);
}

fn replay_word(r: &Replay) -> String {
    if r.at_end() {
        if r.fault.is_some() {
            "stopped at an illegal step".into()
        } else {
            "at the end".into()
        }
    } else if r.playing {
        "playing".into()
    } else {
        "paused".into()
    }
}

/// `board      6x6 open`: the board and the kind of tour asked for.
fn board_line(b: &Board, closed: bool, theme: &Theme) -> Line<'static> {
    label_value(
        "board",
        format!("{} {}", b.describe(), words::kind(closed)),
        theme,
    )
}

fn play_controls(buf: &mut Buffer, area: Rect, app: &App, g: &Game, theme: &Theme) {
    let labels = app.labels;
    let block = Block::bordered().title(" Play ");
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines = vec![
        board_line(g.board(), g.closed(), theme),
        match &g.sheet {
            // A puzzle counts its numbers, however written.
            Some(sheet) => label_value(
                "numbered",
                format!("{} / {}", sheet.numbered(), g.board().free_count()),
                theme,
            ),
            None => label_value(
                "moves",
                format!("{} / {}", g.moves_made(), g.board().free_count()),
                theme,
            ),
        },
        label_value("undos", g.undos.to_string(), theme),
        label_value("time", g.times(app.now), theme),
        label_value(
            // Another leaper's square is the piece's.
            if g.board().geometry().leaper == knight_engine::board::Leaper::KNIGHT {
                "knight"
            } else {
                "piece"
            },
            g.knight().map_or("not placed".into(), |k| k.to_string()),
            theme,
        ),
        label_value("cursor", g.cursor.to_string(), theme),
        label_value("outlook", g.outlook_word(), theme),
    ];
    if let Some(end) = g.end() {
        lines.insert(1, label_value("end", end.to_string(), theme));
    }
    if let Some(clues) = &g.clues {
        let (next, distance) = next_clue(g);
        // Unrated: reasoning alone does not solve it.
        let puzzle = clues
            .difficulty
            .map_or("unrated, ".into(), |d| format!("{d}, "))
            + &words::plural(clues.puzzle().clue_count() as u64, "clue");
        lines.insert(1, label_value("puzzle", puzzle, theme));
        if let Some(seed) = clues.seed {
            lines.insert(2, label_value("seed", seed.to_string(), theme));
        }
        let at = if clues.seed.is_some() { 3 } else { 2 };
        // Solved, the knight heads nowhere: no next clue to name.
        let heading = !g.is_complete();
        if heading {
            lines.insert(at, label_value("next clue", next, theme));
        }
        let far = heading && distance.is_some();
        if let Some(d) = distance.filter(|_| heading) {
            lines.insert(at + 1, label_value("distance", d, theme));
        }
        // The open stretch: the steps before the next clue still empty.
        if let Some((step, ..)) = g.next_clue().filter(|_| heading) {
            let from = g.moves_made() as u32 + 1;
            let open: Vec<u32> = (from..step)
                .filter(|&k| g.sheet.as_ref().is_none_or(|s| s.square_of(k).is_none()))
                .collect();
            let stretch = match open[..] {
                [] if from == step => "none: the clue is next".to_string(),
                [] if from + 1 == step => format!("none: step {from} written"),
                [] => format!("none: steps {from}-{} written", step - 1),
                [k] => format!("step {k}"),
                [a, .., b] if (b - a) as usize + 1 == open.len() => format!("steps {a}-{b}"),
                _ => format!("{} of steps {from}-{}", open.len(), step - 1),
            };
            let at = at + 1 + usize::from(far);
            lines.insert(at, label_value("to fill", stretch, theme));
        }
        let at = lines.len() - 4;
        lines.insert(at, label_value("hints", g.helped.to_string(), theme));
    }
    if let Some(sheet) = &g.sheet {
        let marks = sheet.marks(g.board().index(g.cursor));
        if !marks.is_empty() {
            let marks = crate::tui::game::hand::list(marks);
            lines.push(label_value("marks", marks, theme));
        }
        if g.pencil {
            lines.push(label_value(
                "pencil",
                "on: numbers typed are marks".into(),
                theme,
            ));
        }
    }
    // The last hint in full: the status line cuts it on a narrow screen.
    if let Some(hint) = &g.hint_text {
        lines.push(Line::raw(""));
        lines.push(Line::styled("hint:", theme.fg(theme.accent)));
        lines.push(Line::raw(hint.clone()));
    }
    lines.extend(super::sums::lines(g.board(), Some(&g.trail), theme));
    lines.push(Line::raw(""));
    let targets = if g.is_complete() {
        Vec::new()
    } else {
        g.targets()
    };
    // With hints off, the onward counts are not shown either.
    if !targets.is_empty() {
        let head = if g.hints {
            "legal moves (onward):"
        } else {
            "legal moves:"
        };
        lines.push(Line::styled(head, theme.fg(theme.accent)));
    }
    for (i, t) in targets.iter().enumerate() {
        // A puzzle's digits write numbers: its moves have no digit keys.
        let i = if g.sheet.is_some() { None } else { Some(i + 1) };
        let i = i.map_or(" ".to_string(), |i| i.to_string());
        lines.push(Line::raw(if g.hints {
            format!(" {i}  {t:<7} ({})", g.onward(*t))
        } else {
            format!(" {i}  {t}")
        }));
    }
    let lines = notation::lines(lines, g.board(), labels);
    Paragraph::new(hang(lines, inner.width))
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The clue the knight heads for (`17 on 3,4`), and how far it is
/// (`3 moves (5 steps)`: the knight distance, and the steps to fill).
fn next_clue(g: &Game) -> (String, Option<String>) {
    if g.knight().is_none() {
        return ("place the knight".into(), None);
    }
    match g.next_clue() {
        Some((step, on, moves)) => {
            let steps = step as usize - g.moves_made();
            let away = match moves {
                Some(m) => words::plural(u64::from(m), "move"),
                None => "out of reach".into(),
            };
            (
                format!("{step} on {on}"),
                Some(format!("{away} ({})", words::plural(steps as u64, "step"))),
            )
        }
        None if g.is_complete() => ("none: solved".into(), None),
        None => ("none left".into(), None),
    }
}
