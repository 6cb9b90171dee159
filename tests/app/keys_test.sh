#!/usr/bin/env bash
# keys_test.sh — keyboard shortcuts pressed as a person presses them: the real app under its own
# Xvfb, keys from xdotool (each held ~60 ms: ImGui 1.86 loses a press and release in one frame),
# screenshots compared.
#
#   Row view:  Up moves the selected row (it starts on the last query: the picture changes), Down
#              brings it back (the same picture as before).
#   Heatmap:   the mouse wheel zooms (the picture changes), Home shows it all again (the same
#              picture as before the zoom).
#
# Usage: tests/app/keys_test.sh ATTNLAB OUT_DIR
set -uo pipefail
app=${1:?attnlab} out=${2:?out dir}
fixtures=$(cd "$(dirname "$0")/../fixtures/pretrained/models" && pwd)
mkdir -p "$out"
fail() { echo "keys_test: FAIL: $*"; exit 1; }
for tool in Xvfb xdotool /usr/bin/python3; do
    command -v "$tool" >/dev/null || fail "$tool not found (tools/install-deps.sh installs the test packages)"
done
/usr/bin/python3 -c 'from PIL import ImageGrab' 2>/dev/null || fail "python3-pil is needed for the screenshots"

work=$(mktemp -d /tmp/attnlab-keys.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT

# Xvfb picks a free display itself and writes its number once it listens (-displayfd): a display
# another test's X server is still leaving (an abstract socket without a lock file) is skipped.
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 3>"$work/display" &
pids+=($!)
for _ in $(seq 300); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start within 30 s: $(tail -3 "$work/xvfb.log")"
n=$(head -1 "$work/display")
export DISPLAY=:$n

press() { for k in "$@"; do xdotool keydown "$k"; sleep 0.06; xdotool keyup "$k"; sleep 0.3; done; }
shot() { sleep 0.8; /usr/bin/python3 -c 'import sys; from PIL import ImageGrab; ImageGrab.grab(xdisplay=sys.argv[1]).save(sys.argv[2])' "$DISPLAY" "$out/$1.png"; }
# Prints the number of differing pixels between two shots, right of x = $3 (the view's panel) and
# below y = $4 (default 0).
diff_px() {
    /usr/bin/python3 - "$out/$1.png" "$out/$2.png" "$3" "${4:-0}" <<'EOF'
import sys
from PIL import Image, ImageChops
a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
left, top = int(sys.argv[3]), int(sys.argv[4])
a, b = a.crop((left, top, a.width, a.height)), b.crop((left, top, b.width, b.height))
box = ImageChops.difference(a, b).getbbox()
print(0 if box is None else sum(1 for p in ImageChops.difference(a, b).crop(box).getdata() if p != (0, 0, 0)))
EOF
}

start_app() {  # $1: view, then more options
    local view=$1; shift
    "$app" --config "$work/cfg-$view" --text "Time flies like an arrow" --view "$view" "$@" >"$out/$view.out" 2>&1 &
    app_pid=$!
    pids+=($app_pid)
    win=""
    # Up to 60 s: on a loaded 2-core machine (CI running other suites) the first window can take >10 s.
    for _ in $(seq 600); do
        win=$(xdotool search --pid "$app_pid" 2>/dev/null | head -1); [ -n "$win" ] && break
        kill -0 "$app_pid" 2>/dev/null || fail "the $view app exited before its window appeared: $(tail -3 "$out/$view.out")"
        sleep 0.1
    done
    [ -n "$win" ] || fail "the $view window did not appear within 60 s"
    xdotool windowmove "$win" 0 0 windowsize "$win" 1600 1000 windowfocus "$win" 2>/dev/null
    sleep 2  # the first trace and the font atlas
}
stop_app() { kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; }

# --- Row view: Up, then Down
start_app row
xdotool mousemove 150 960  # an empty corner: no tooltip, no text field
shot row_before
press Up
shot row_up
press Down
shot row_down
stop_app
# The Row panel is the window's right third (the heatmap beside it also marks the chosen cell).
moved=$(diff_px row_before row_up 1100) back=$(diff_px row_before row_down 1100)
echo "keys_test: Row view: Up changed $moved pixels; after Down $back pixels differ from the start"
[ "$moved" -gt 100 ] || fail "Up did not move the Row view's row"
[ "$back" -lt 100 ] || fail "Down did not bring the row back"

# --- Heatmap: the wheel zooms, Home shows it all
start_app heatmap
xdotool mousemove 880 560
shot heat_before
for _ in 1 2 3; do xdotool click 4; sleep 0.2; done
xdotool mousemove 882 560; sleep 0.1; xdotool mousemove 880 560  # hover kept fresh, the pointer where it was
shot heat_zoomed
press Home
shot heat_home
stop_app
zoomed=$(diff_px heat_before heat_zoomed 440) home=$(diff_px heat_before heat_home 440)
echo "keys_test: heatmap: the wheel changed $zoomed pixels; after Home $home pixels differ from the start"
[ "$zoomed" -gt 1000 ] || fail "the mouse wheel did not zoom the heatmap"
[ "$home" -lt 1000 ] || fail "Home did not show the whole heatmap again"
# --- The shortcuts docs/app.md and the Help menu promise, each undone by its counterpart: Ctrl+2 /
# Ctrl+1 (views), PageDown / PageUp (layers: a 2-layer GPT-2), F5 / Esc (presentation mode),
# Ctrl+E / Esc (the export dialog), Ctrl+Shift+4 / Ctrl+1 (a view past the first ten).
start_app heatmap --model "$fixtures/tiny-gpt2"
sleep 2  # the model loads on its thread
xdotool mousemove 150 960
shot keys_start
chord() { xdotool keydown "$1"; sleep 0.06; [ $# -gt 2 ] && { xdotool keydown "$2"; sleep 0.06; }
          xdotool keydown "${@: -1}"; sleep 0.06; xdotool keyup "${@: -1}"; sleep 0.06
          [ $# -gt 2 ] && xdotool keyup "$2"; xdotool keyup "$1"; sleep 0.3; }
check_pair() {  # NAME: shots NAME_on and NAME_off against keys_start, below the panels' title bars
    local on off  # (which panel's title is lit follows the focus: not what a key undoes)
    on=$(diff_px keys_start "$1_on" 0 50) off=$(diff_px keys_start "$1_off" 0 50)
    echo "keys_test: $1: $on pixels changed, $off left after undoing it"
    [ "$on" -gt 2000 ] || fail "$1 changed nothing"
    [ "$off" -lt 200 ] || fail "$1 was not undone by its counterpart"
}
chord ctrl 2; shot view_on; chord ctrl 1; shot view_off; check_pair view
chord ctrl shift 4; shot view2_on; chord ctrl 1; shot view2_off; check_pair view2
press Next; shot layer_on; press Prior; shot layer_off; check_pair layer
press F5; shot present_on; press Escape; shot present_off; check_pair present
chord ctrl e; shot export_on; press Escape; shot export_off; check_pair export
stop_app
echo "keys_test: ok (screenshots in $out)"
