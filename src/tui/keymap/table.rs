//! The keymap's one table: every key of the app, in the order help lists
//! them, with the small constructors that keep each row short.

use crossterm::event::{KeyCode, KeyModifiers};

use super::{Binding, Command, Context, Key};

const fn bind(
    keys: &'static [(Key, Command)],
    shown: usize,
    help: &'static str,
    contexts: &'static [Context],
    hint: Option<&'static str>,
) -> Binding {
    Binding {
        keys,
        shown,
        help,
        contexts,
        everywhere: false,
        hint,
    }
}

/// A binding that works everywhere (but the file prompt), and in `also`.
const fn everywhere(
    keys: &'static [(Key, Command)],
    shown: usize,
    help: &'static str,
    also: &'static [Context],
    hint: Option<&'static str>,
) -> Binding {
    Binding {
        everywhere: true,
        ..bind(keys, shown, help, also, hint)
    }
}

use Command as C;
use Context::{
    Confirm as InConfirm, Help as InHelp, Play as InPlay, Prompt as InPrompt, Race as InRace,
    Replay as InReplay, Settings as InSettings, Watch,
};
use KeyCode::{
    Backspace, Char, Delete, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up,
};

const fn k(code: KeyCode) -> Key {
    Key::new(code, KeyModifiers::NONE)
}
const fn shift(code: KeyCode) -> Key {
    Key::new(code, KeyModifiers::SHIFT)
}
const fn ctrl(c: char) -> Key {
    Key::new(Char(c), KeyModifiers::CONTROL)
}

/// Every key of the app, modifiers included, in the order help lists them:
/// the one table that drives the key handling, the hint bar and the help.
pub const BINDINGS: &[Binding] = &[
    bind(
        &[(k(Char(' ')), C::Pause)],
        1,
        "pause / resume the search, the race or the replay",
        &[Watch, InRace, InReplay],
        Some("pause"),
    ),
    bind(
        &[(k(Char('n')), C::Step), (k(Char('.')), C::Step)],
        1,
        "paused: one step forward (both sides of a race)",
        &[Watch, InRace, InReplay],
        Some("step"),
    ),
    bind(
        &[(k(Left), C::Seek(-1)), (k(Right), C::Seek(1))],
        2,
        "replay: one step back / forward",
        &[InReplay],
        Some("step"),
    ),
    bind(
        &[(k(Left), C::Seek(-1)), (k(Right), C::Seek(1))],
        2,
        "paused search: step back / forward through the steps shown",
        &[Watch],
        Some("rewind"),
    ),
    bind(
        &[(k(PageUp), C::Seek(-100)), (k(PageDown), C::Seek(100))],
        2,
        "paused search: 100 steps back / forward",
        &[Watch],
        None,
    ),
    bind(
        &[(k(Home), C::SeekStart), (k(End), C::SeekEnd)],
        2,
        "replay: jump to the start / end",
        &[InReplay],
        Some("start/end"),
    ),
    bind(
        &[
            (k(Char('+')), C::Faster),
            (k(Char('-')), C::Slower),
            (k(Char('=')), C::Faster),
            (k(Char('_')), C::Slower),
        ],
        2,
        "faster / slower",
        &[Watch, InRace, InReplay],
        Some("speed"),
    ),
    bind(
        &[(k(Char('r')), C::Restart)],
        1,
        "restart the search, the race, the replay or the game",
        &[Watch, InRace, InReplay, InPlay],
        Some("restart"),
    ),
    bind(
        &[(k(Char('s')), C::Save), (k(Char('e')), C::Picture)],
        2,
        "save the path as a tour file (search or game) / as an SVG picture",
        &[Watch, InReplay, InPlay],
        Some("save"),
    ),
    bind(
        &[(k(Tab), C::NextMode)],
        1,
        "next mode: search, replay (a loaded or found tour), play, race",
        &[Watch, InReplay, InPlay, InRace],
        Some("mode"),
    ),
    bind(
        &[(k(Char('l')), C::Load)],
        1,
        "load a tour file by path and replay it",
        &[Watch, InReplay, InPlay],
        Some("load"),
    ),
    bind(
        &[(k(Enter), C::Apply)],
        1,
        "file prompt: open the file",
        &[InPrompt],
        Some("open"),
    ),
    bind(
        &[(k(Tab), C::Complete)],
        1,
        "file prompt: complete the path (lists the matches when several)",
        &[InPrompt],
        Some("complete"),
    ),
    bind(
        &[(k(Char('o')), C::Settings)],
        1,
        "settings: board, start, blocked squares, algorithm",
        &[Watch],
        Some("settings"),
    ),
    bind(
        &[(k(Enter), C::Apply)],
        1,
        "settings: start a new search with them",
        &[InSettings],
        Some("search"),
    ),
    bind(
        &[
            (k(Up), C::Cursor(-1, 0)),
            (k(Down), C::Cursor(1, 0)),
            (k(Left), C::Cursor(0, -1)),
            (k(Right), C::Cursor(0, 1)),
        ],
        4,
        "settings and play: move the cursor (or click a square)",
        &[InSettings, InPlay],
        Some("move"),
    ),
    bind(
        &[(k(Enter), C::MoveHere)],
        1,
        "play: move the knight to the cursor (or click the square)",
        &[InPlay],
        Some("move"),
    ),
    bind(
        &[
            (k(Char('0')), C::Pick(0)),
            (k(Char('1')), C::Pick(1)),
            (k(Char('2')), C::Pick(2)),
            (k(Char('3')), C::Pick(3)),
            (k(Char('4')), C::Pick(4)),
            (k(Char('5')), C::Pick(5)),
            (k(Char('6')), C::Pick(6)),
            (k(Char('7')), C::Pick(7)),
            (k(Char('8')), C::Pick(8)),
            (k(Char('9')), C::Pick(9)),
        ],
        10,
        "play: take the legal move of that number (listed at the side); in a puzzle, type a step for the cursor's square (the move key writes it)",
        &[InPlay],
        Some("pick"),
    ),
    bind(
        &[(k(Char('u')), C::Undo), (k(Char('U')), C::Redo)],
        2,
        "play: undo / redo a move or a number written (undo after a restart: the game before)",
        &[InPlay],
        Some("undo/redo"),
    ),
    bind(
        &[(k(Char('h')), C::Hints)],
        1,
        "play: show each legal move's onward count (Warnsdorff's rule)",
        &[InPlay],
        Some("hints"),
    ),
    bind(
        &[(k(Char('w')), C::Suggest)],
        1,
        "play: put the cursor on Warnsdorff's move and say why; in a puzzle, the next deduction in words, its squares marked",
        &[InPlay],
        Some("suggest"),
    ),
    bind(
        &[(k(Char('b')), C::BackToSolvable)],
        1,
        "play: undo back to the last position known to be solvable",
        &[InPlay],
        Some("back"),
    ),
    bind(
        &[(k(Char('f')), C::Finish)],
        1,
        "play: let the solver finish the tour from here",
        &[InPlay],
        Some("finish"),
    ),
    bind(
        &[(k(Char('k')), C::Check)],
        1,
        "play: can the puzzle still be solved? (counted as help)",
        &[InPlay],
        Some("check"),
    ),
    bind(
        &[(k(Char('m')), C::Pencil)],
        1,
        "puzzle: pencil marks on / off (a number typed is then a mark on the square)",
        &[InPlay],
        Some("pencil"),
    ),
    bind(
        &[(k(Delete), C::Clear), (k(Backspace), C::Clear)],
        2,
        "puzzle: erase the digit typed, else clear the number written on the cursor's square",
        &[InPlay],
        Some("clear"),
    ),
    bind(
        &[(k(Char('p')), C::NewPuzzle)],
        1,
        "play: a new puzzle on this board, at this puzzle's difficulty (else medium)",
        &[InPlay],
        Some("puzzle"),
    ),
    bind(
        &[(k(Char(' ')), C::SetStart)],
        1,
        "settings: start at the cursor (left click)",
        &[InSettings],
        Some("start"),
    ),
    bind(
        &[(k(Char('e')), C::SetEnd)],
        1,
        "settings: the tour ends on the cursor square (again: anywhere; an open tour)",
        &[InSettings],
        Some("end"),
    ),
    bind(
        &[(k(Char('x')), C::ToggleBlock)],
        1,
        "settings: block / unblock the cursor square (right click)",
        &[InSettings],
        Some("block"),
    ),
    bind(
        &[(k(Char('[')), C::Rows(-1)), (k(Char(']')), C::Rows(1))],
        2,
        "settings: fewer / more rows",
        &[InSettings],
        Some("rows"),
    ),
    bind(
        &[(k(Char('{')), C::Cols(-1)), (k(Char('}')), C::Cols(1))],
        2,
        "settings: fewer / more columns",
        &[InSettings],
        Some("cols"),
    ),
    bind(
        &[(k(Char('c')), C::ToggleClosed)],
        1,
        "settings: open / closed tour",
        &[InSettings],
        Some("closed"),
    ),
    bind(
        &[
            (k(Char('a')), C::NextAlgorithm),
            (k(Char('t')), C::NextTieBreak),
            (k(Char('m')), C::NextMoveOrder),
        ],
        3,
        "settings, race's right side: next algorithm / tie-break / move order",
        &[InSettings, InRace],
        Some("algorithm/tie-break/moves"),
    ),
    bind(
        &[
            (k(Char('p')), C::NextLeaper),
            (k(Char('w')), C::NextSurface),
        ],
        2,
        "settings: next piece (knight, camel, zebra, giraffe, antelope) / surface (plane, cylinder: columns wrap, torus)",
        &[InSettings],
        Some("piece/wrap"),
    ),
    bind(
        &[(k(Char('v')), C::Race)],
        1,
        "race the search against another, side by side (again: one search)",
        &[Watch, InRace],
        Some("race"),
    ),
    bind(
        &[(k(Char('#')), C::Count)],
        1,
        "count every tour from the start, live (again: stop the count)",
        &[Watch],
        Some("count"),
    ),
    everywhere(
        &[(k(Char('d')), C::NextDrawing)],
        1,
        "draw the path as step numbers, lines from square to square, or both",
        &[],
        Some("lines"),
    ),
    everywhere(
        &[(k(Char('g')), C::Labels)],
        1,
        "files and ranks on the board's edges (a-h, 1-8; row and column numbers past 26 columns)",
        &[],
        Some("labels"),
    ),
    everywhere(
        &[(k(Char('z')), C::ZoomIn), (k(Char('Z')), C::ZoomOut)],
        2,
        "zoom in / out on the board (or the mouse wheel)",
        &[],
        Some("zoom"),
    ),
    everywhere(
        &[(k(Char('j')), C::ZoomJump)],
        1,
        "jump between the whole board and the step numbers around the knight",
        &[],
        Some("jump"),
    ),
    everywhere(
        &[
            (k(Char('H')), C::Pan(0, -1)),
            (k(Char('J')), C::Pan(1, 0)),
            (k(Char('K')), C::Pan(-1, 0)),
            (k(Char('L')), C::Pan(0, 1)),
            (shift(Left), C::Pan(0, -1)),
            (shift(Down), C::Pan(1, 0)),
            (shift(Up), C::Pan(-1, 0)),
            (shift(Right), C::Pan(0, 1)),
        ],
        4,
        "zoomed: pan left / down / up / right (or Shift+arrows)",
        &[],
        Some("pan"),
    ),
    bind(
        &[
            (k(Up), C::HelpScroll(-1)),
            (k(Down), C::HelpScroll(1)),
            (k(PageUp), C::HelpScroll(-10)),
            (k(PageDown), C::HelpScroll(10)),
            (k(Home), C::HelpScroll(i16::MIN)),
            (k(End), C::HelpScroll(i16::MAX)),
        ],
        4,
        "help: scroll it (Home End: top, bottom)",
        &[InHelp],
        Some("scroll"),
    ),
    everywhere(
        &[(k(Char('?')), C::Help)],
        1,
        "show / hide this help",
        &[],
        Some("help"),
    ),
    everywhere(
        &[(k(Char('M')), C::Log)],
        1,
        "show / hide the last 100 messages, whole (a long one is cut with … on the status line)",
        &[],
        None,
    ),
    everywhere(
        &[(k(Esc), C::Back)],
        1,
        "close the help, settings (applying nothing) or file prompt; never quits",
        &[InPrompt],
        None,
    ),
    everywhere(
        &[(k(Char('q')), C::Quit)],
        1,
        "quit (asks first with a game unsaved or a search or count of a minute or more)",
        &[],
        Some("quit"),
    ),
    everywhere(
        &[(ctrl('c'), C::ForceQuit)],
        1,
        "quit at once, wherever you are (the file prompt too), asking nothing",
        &[InPrompt],
        None,
    ),
    bind(
        &[
            (k(Char('y')), C::Yes),
            (k(Char('s')), C::SaveAndQuit),
            (k(Char('n')), C::No),
        ],
        3,
        "a question: yes (quit, or count anyway), save the game and quit, or no (as does close)",
        &[InConfirm],
        Some("quit / save and quit / stay"),
    ),
];
