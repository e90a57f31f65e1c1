//! Hand play: the rules of a game on a board, pure. The knight moves only
//! by legal moves; every refusal says `illegal` and why; any number of moves
//! can be undone and redone; a dead end and a finished tour are told at once.

use std::sync::Arc;
use std::time::Instant;

use knight_engine::board::{Board, Square};
use knight_engine::puzzle::{Clues, Forbidden, NoSolution, PuzzleError, Sheet};
use knight_engine::solver::{Problem, Tours};
use knight_engine::theory::NoTour;

use super::shared::Shared;
use super::trail::Trail;

pub mod hand;
mod said;
pub use hand::Hand;

/// What the background check says about finishing from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// Not asked yet, or being checked.
    Checking,
    /// A puzzle's position, not checked: checking is asked for (`k`),
    /// never pushed, since it would give the answer away.
    Unchecked,
    Solvable,
    /// No tour from here: theory's proof, or a search that tried all.
    NoTour(NoTour),
    /// No numbering of the puzzle from here honours its clues.
    NoSolution(NoSolution),
    /// The path breaks the puzzle's clues.
    Broken(PuzzleError),
    /// The check ran out of time.
    Unknown,
}

impl Outlook {
    /// Why the position cannot be finished, in words, if it cannot.
    pub fn why(&self) -> Option<String> {
        match self {
            Outlook::NoTour(proof) => Some(proof.to_string()),
            Outlook::NoSolution(no) => Some(no.to_string()),
            Outlook::Broken(e) => Some(e.to_string()),
            Outlook::Checking | Outlook::Unchecked | Outlook::Solvable | Outlook::Unknown => None,
        }
    }

    /// The squares the reason a position cannot be finished is about.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Outlook::NoTour(proof) => proof.squares.clone(),
            Outlook::NoSolution(no) => no.squares(),
            Outlook::Broken(e) => e.squares(),
            _ => Vec::new(),
        }
    }
}

/// A game's position as a thread needs it to check or finish it.
#[derive(Clone, Debug, PartialEq)]
pub enum Position {
    /// A tour: the tours wanted from the knight's first square, checked,
    /// and the path so far as board indices.
    Tour { problem: Problem, prefix: Vec<u32> },
    /// A puzzle: its clues, with what is written on its sheet, or else
    /// the knight's path. Needs no knight: the clues say where to go.
    Puzzle {
        clues: Shared<Clues>,
        sheet: Option<Sheet>,
        prefix: Vec<u32>,
    },
}

#[cfg(test)]
impl Position {
    /// The path so far, as board indices.
    pub fn prefix(&self) -> &[u32] {
        match self {
            Position::Tour { prefix, .. } | Position::Puzzle { prefix, .. } => prefix,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    /// The tours wanted: the board, closed or open, and the goal (the
    /// square an open tour must end on, if chosen: the knight may enter
    /// it only with the last move).
    pub tours: Tours,
    pub trail: Trail,
    /// Moves undone, newest last: what `U` brings back.
    pub redo: Vec<u32>,
    pub cursor: Square,
    /// Show each legal target's onward count.
    pub hints: bool,
    pub outlook: Outlook,
    /// Squares the solver's finish still has to play (animated).
    pub finishing: Vec<u32>,
    /// The step from which the solver finished the tour (`f`), if it did.
    pub finished_from: Option<usize>,
    /// Moves made, undone or redone since the game was last saved (or
    /// begun, or resumed).
    pub unsaved: bool,
    /// The game this one replaced (`r`), while this one has no move: `u`
    /// brings it back.
    pub before: Option<Box<Game>>,
    /// The most moves of the path known to leave a solvable position (a
    /// prefix of a solvable position is solvable too).
    pub solvable_upto: Option<usize>,
    /// Moves taken back in this game.
    pub undos: u32,
    /// When the knight was placed, and when it last moved (the game's
    /// clock and the move timer); when the tour was completed.
    pub clock: Option<Instant>,
    pub last_move: Option<Instant>,
    pub done_at: Option<Instant>,
    /// Since when the screen is too small to show the game: its clock
    /// stops until there is room.
    pub hidden: Option<Instant>,
    /// A puzzle's clues, which every move must honour.
    pub clues: Option<Arc<Clues>>,
    /// Help taken in this game: `w` suggestions and `b` jumps back.
    pub helped: u32,
    /// A puzzle's numbers (clues, the knight's steps and numbers written
    /// by hand) and pencil marks.
    pub sheet: Option<Sheet>,
    /// The number being typed for the cursor's square.
    pub typed: Option<u32>,
    /// Numbers typed go in as pencil marks.
    pub pencil: bool,
    /// Hand edits to undo and to redo, each with the knight's moves made
    /// when it was done: undo and redo take them and moves in turn.
    pub hand_undo: Vec<(usize, Hand)>,
    pub hand_redo: Vec<(usize, Hand)>,
    /// The squares the last hint is about: its step's square first; and
    /// its words, for the side pane (the status line cuts them at 80
    /// columns).
    pub hinted: Vec<Square>,
    pub hint_text: Option<String>,
    /// A digit was refused: the Enter that follows writes nothing (and
    /// moves no knight).
    pub typing_refused: bool,
    /// Squares the knight moved onto where its step was written by hand
    /// already: taking the move back leaves the number.
    pub written_first: Vec<u32>,
    /// A puzzle solved by hand was sent to the records; what they said.
    pub recorded: bool,
    pub record: Option<crate::records::Summary>,
}

/// What became of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moved {
    /// The knight moved (or was placed).
    Ok,
    /// Refused: the message says `illegal` and why.
    Illegal(String),
}

impl Game {
    /// A game of `tours`; with `start`, the knight is placed there.
    pub fn new(tours: Tours, start: Option<Square>) -> Game {
        let cursor = start.unwrap_or(Square::new(0, 0));
        let mut g = Game {
            trail: Trail::new(tours.board().len()),
            tours,
            redo: Vec::new(),
            cursor,
            hints: false,
            outlook: Outlook::Checking,
            finishing: Vec::new(),
            finished_from: None,
            unsaved: false,
            before: None,
            solvable_upto: None,
            undos: 0,
            clock: None,
            last_move: None,
            done_at: None,
            hidden: None,
            clues: None,
            helped: 0,
            sheet: None,
            typed: None,
            pencil: false,
            hand_undo: Vec::new(),
            hand_redo: Vec::new(),
            hinted: Vec::new(),
            hint_text: None,
            written_first: Vec::new(),
            typing_refused: false,
            recorded: false,
            record: None,
        };
        if let Some(s) = start {
            let _ = g.move_to(s);
            g.redo.clear();
        }
        g
    }

    /// A puzzle: its board, the knight on clue 1 when step 1 is a clue.
    pub fn puzzle(clues: Arc<Clues>) -> Game {
        let p = clues.puzzle();
        let start = p.clue_at(1).map(|i| p.board().square(i));
        let mut g = Game::new(Tours::closed_if(p.board().clone(), p.closed()), None);
        g.sheet = Some(Sheet::new(p.clone()));
        g.clues = Some(clues);
        if let Some(s) = start {
            let _ = g.move_to(s);
            g.redo.clear();
            g.unsaved = false;
        }
        g
    }

    /// The game with the clues of a puzzle (the path, if any, checked by
    /// the caller to honour them).
    pub fn with_clues(mut self, clues: Arc<Clues>) -> Game {
        let mut sheet = Sheet::new(clues.puzzle().clone());
        for (k, i) in self.trail.squares().enumerate() {
            // The path honours the clues (checked by the caller): its
            // other steps are written.
            if clues.on(i).is_none() {
                let _ = sheet.write(i, k as u32 + 1);
            }
        }
        self.sheet = Some(sheet);
        self.clues = Some(clues);
        self
    }

    /// Why the clues forbid the knight's next move to `sq`, if they do.
    pub fn clue_refusal(&self, sq: Square) -> Option<Forbidden> {
        let clues = self.clues.as_ref()?;
        clues.refusal(self.board().index(sq), self.moves_made() as u32 + 1)
    }

    /// The next clue ahead of the knight: its step, its square, and the
    /// knight distance to it (None before the knight is placed, or when
    /// no clue is left).
    pub fn next_clue(&self) -> Option<(u32, Square, Option<u32>)> {
        let clues = self.clues.as_ref()?;
        let k = self.trail.last()?;
        let (step, at) = clues.next_after(self.moves_made() as u32)?;
        Some((step, self.board().square(at), clues.distance(k, at)))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.tours.board()
    }

    /// Whether the tour must end a move from its start.
    pub fn closed(&self) -> bool {
        self.tours.is_closed()
    }

    /// The goal: the square an open tour must end on, if chosen.
    pub fn end(&self) -> Option<Square> {
        self.tours.end()
    }

    /// Whether `sq` is the goal and more than one square is left to visit:
    /// the knight may not go there yet.
    fn goal_too_soon(&self, sq: Square) -> bool {
        self.end() == Some(sq) && self.moves_made() + 1 < self.board().free_count()
    }

    /// Resumes a saved path (already checked to be legal).
    pub fn resume(tours: Tours, path: &[u32]) -> Game {
        let mut g = Game::new(tours, None);
        g.trail.set(path);
        if let Some(&last) = path.last() {
            g.cursor = g.board().square(last);
        }
        g
    }

    pub fn knight(&self) -> Option<Square> {
        self.trail.last().map(|i| self.board().square(i))
    }

    pub fn visited(&self, sq: Square) -> bool {
        self.trail.step(self.board().index(sq)) > 0
    }

    /// The knight's legal moves, in move-table order (the goal only as
    /// the last).
    pub fn targets(&self) -> Vec<Square> {
        match self.knight() {
            Some(k) => self
                .board()
                .neighbours(k)
                .filter(|&n| {
                    !self.visited(n)
                        && !self.goal_too_soon(n)
                        && self.clue_refusal(n).is_none()
                        && self.sheet_refusal(n).is_none()
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// Free squares a knight on `sq` could go on to (Warnsdorff's degree).
    pub fn onward(&self, sq: Square) -> usize {
        self.board()
            .neighbours(sq)
            .filter(|&n| !self.visited(n) && Some(n) != self.knight())
            .count()
    }

    /// The position, for a check or a finish on another thread.
    /// The position, once the knight is placed (a game's squares are
    /// checked as it is played, so its task is valid).
    pub fn position(&self) -> Option<Position> {
        let prefix = self.trail.to_vec();
        if let Some(clues) = &self.clues
            && (self.sheet.is_some() || !prefix.is_empty())
        {
            return Some(Position::Puzzle {
                clues: Shared(clues.clone()),
                sheet: self.sheet.clone(),
                prefix,
            });
        }
        let start = self.board().square(*prefix.first()?);
        // The knight was placed only where `Problem::new` allows (see
        // `move_to`), and a resumed path starts on a free square.
        let problem = Problem::new(self.tours.clone(), start)
            .expect("a placed knight's square was checked as a start");
        Some(Position::Tour { problem, prefix })
    }

    /// Times a move made at `now`: the first starts the clock (a knight
    /// placed with the game does not).
    pub fn timed(&mut self, now: Instant) {
        self.clock.get_or_insert(now);
        self.last_move = Some(now);
        self.done_at = self.is_complete().then_some(now);
    }

    /// The screen can show the game (`shown`) or not, at `now`: hidden,
    /// its clock stops; shown again, it goes on from where it stopped.
    pub fn seen(&mut self, shown: bool, now: Instant) {
        match (shown, self.hidden) {
            (false, None) => self.hidden = Some(now),
            (true, Some(since)) => {
                self.hidden = None;
                let gap = now.saturating_duration_since(since);
                for t in [&mut self.clock, &mut self.last_move].into_iter().flatten() {
                    *t += gap;
                }
            }
            _ => {}
        }
    }

    /// Whether the game's clock runs: the knight placed, the tour neither
    /// complete nor stuck.
    pub fn clock_running(&self) -> bool {
        self.clock.is_some() && !self.is_complete() && !self.dead_end()
    }

    /// `1:23 (move 0:04)`: the game's time and the current move's, at
    /// `now`.
    pub fn times(&self, now: Instant) -> String {
        let (Some(start), Some(last)) = (self.clock, self.last_move) else {
            // A game resumed from a file has moves but no clock of its own.
            return if self.is_complete() {
                "not timed (resumed)".into()
            } else if self.moves_made() > 1 {
                "starts with the next move".into()
            } else {
                "not started".into()
            };
        };
        let now = self.done_at.unwrap_or(now);
        let mmss = |d: std::time::Duration| format!("{}:{:02}", d.as_secs() / 60, d.as_secs() % 60);
        if self.done_at.is_some() {
            return mmss(now - start);
        }
        format!(
            "{} (move {})",
            mmss(now - start),
            mmss(now.saturating_duration_since(last))
        )
    }

    /// Warnsdorff's move: the legal target with the fewest onward moves
    /// (the first in move order among equals), with every target's count.
    pub fn warnsdorff(&self) -> Option<(Square, Vec<(Square, usize)>)> {
        let counts: Vec<(Square, usize)> = self
            .targets()
            .into_iter()
            .map(|t| (t, self.onward(t)))
            .collect();
        let best = counts.iter().min_by_key(|&&(_, n)| n)?.0;
        Some((best, counts))
    }

    /// The outlook of the position came back: remembers how far the path
    /// is known to be solvable.
    pub fn set_outlook(&mut self, outlook: Outlook) {
        if outlook == Outlook::Solvable {
            let len = self.moves_made();
            self.solvable_upto = Some(self.solvable_upto.map_or(len, |s| s.max(len)));
        }
        self.outlook = outlook;
    }

    pub fn moves_made(&self) -> usize {
        self.trail.len()
    }

    /// Whether quitting would lose work: moves past placing the knight,
    /// or numbers and marks written, not saved since.
    pub fn would_lose_work(&self) -> bool {
        self.unsaved && (self.moves_made() >= 2 || self.has_writing())
    }

    /// Every square numbered: by the knight, or for a puzzle by hand too.
    pub fn is_complete(&self) -> bool {
        match &self.sheet {
            Some(sheet) => sheet.numbered() == self.board().free_count(),
            None => self.moves_made() == self.board().free_count(),
        }
    }

    /// True when the complete tour ends a knight's move from its start.
    pub fn closes(&self) -> bool {
        self.trail.closes(self.board())
    }

    /// No legal move, the board not full.
    pub fn dead_end(&self) -> bool {
        self.knight().is_some() && !self.is_complete() && self.targets().is_empty()
    }

    /// Moves the knight to `sq` (or places it, first).
    pub fn move_to(&mut self, sq: Square) -> Moved {
        let illegal = |why: String| Moved::Illegal(format!("illegal: {why}"));
        if !self.board().contains(sq) {
            return illegal(format!("{sq} is off the board"));
        }
        if !self.board().is_free(sq) {
            return illegal(format!("{sq} is blocked"));
        }
        if self.visited(sq) {
            let step = self.trail.step(self.board().index(sq));
            return illegal(format!("{sq} was already visited at step {step}"));
        }
        if self.goal_too_soon(sq) {
            let left = self.board().free_count() - self.moves_made();
            return illegal(format!(
                "{sq} is the goal: the tour ends there, after the {} other squares left",
                left - 1
            ));
        }
        if let Some(k) = self.knight()
            && !self.board().is_move(k, sq)
        {
            let what = self.board().geometry().leaper.move_words();
            return illegal(format!("{k} -> {sq} is not a {what}"));
        }
        if let Some(why) = self.clue_refusal(sq) {
            return illegal(why.to_string());
        }
        if let Some(why) = self.sheet_refusal(sq) {
            return illegal(why);
        }
        if self.knight().is_none()
            && let Err(why) = Problem::new(self.tours.clone(), sq)
        {
            return illegal(why.to_string());
        }
        self.trail.push(self.board().index(sq));
        self.write_step(self.board().index(sq));
        self.redo.clear();
        self.hand_redo.clear();
        self.cursor = sq;
        self.outlook = Outlook::Checking;
        self.unsaved = true;
        Moved::Ok
    }

    /// A new game on the same board, keeping this one to come back to
    /// while the new one has no move (when this one had any).
    pub fn restart(self) -> Game {
        let mut fresh = match &self.clues {
            Some(c) => Game::puzzle(c.clone()),
            None => Game::new(self.tours.clone(), None),
        };
        if self.moves_made() > fresh.moves_made() || self.has_writing() {
            fresh.before = Some(Box::new(self));
        } else {
            fresh.before = self.before;
        }
        fresh
    }

    /// Takes the last move back; on a new game with no move yet, brings
    /// back the game it replaced. False when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.undo_hand() {
            return true;
        }
        // A puzzle's clue 1 places the knight: that is not a move to undo.
        let placed_by_clue = self.moves_made() == 1
            && self
                .clues
                .as_ref()
                .is_some_and(|c| c.puzzle().clue_at(1).is_some());
        let popped = if placed_by_clue {
            None
        } else {
            self.trail.pop()
        };
        let Some(last) = popped else {
            return match self.before.take() {
                Some(old) => {
                    *self = *old;
                    true
                }
                None => false,
            };
        };
        self.redo.push(last);
        self.unwrite_step(last);
        self.finishing.clear();
        self.finished_from = None;
        self.unsaved = true;
        self.undos += 1;
        let len = self.moves_made();
        self.solvable_upto = self.solvable_upto.map(|s| s.min(len));
        self.cursor = self.knight().unwrap_or(self.board().square(last));
        self.outlook = Outlook::Checking;
        // The knight taken off a plain game: it has not started.
        if self.trail.is_empty() && self.sheet.is_none() {
            (self.clock, self.last_move) = (None, None);
        }
        true
    }

    /// Plays the last undone move again; false when there is none.
    pub fn redo(&mut self) -> bool {
        if self.redo_hand() {
            return true;
        }
        let Some(sq) = self.redo.pop() else {
            return false;
        };
        self.trail.push(sq);
        self.write_step(sq);
        self.cursor = self.board().square(sq);
        self.outlook = Outlook::Checking;
        self.unsaved = true;
        true
    }

    /// The record of a puzzle just solved by hand, once: None when it is
    /// not one, was finished by the solver, or was sent already.
    pub fn take_record(&mut self) -> Option<crate::records::Solve> {
        let c = self.clues.as_ref()?;
        if self.recorded || !self.is_complete() || self.finished_from.is_some() {
            return None;
        }
        let (Some(start), Some(end)) = (self.clock, self.done_at) else {
            return None;
        };
        self.recorded = true;
        Some(crate::records::Solve {
            day: String::new(),
            board: self.board().describe(),
            closed: self.closed(),
            difficulty: c.difficulty.map_or("unrated", |d| d.name()).to_string(),
            seed: c.seed,
            seconds: (end - start).as_secs(),
            undos: self.undos,
            hints: self.helped,
        })
    }
}

#[cfg(test)]
mod tests;
