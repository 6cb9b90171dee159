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
# Prints the number of differing pixels between two shots, right of x = $3 (the view's panel).
diff_px() {
    /usr/bin/python3 - "$out/$1.png" "$out/$2.png" "$3" <<'EOF'
import sys
from PIL import Image, ImageChops
a, b = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
left = int(sys.argv[3])
a, b = a.crop((left, 0, a.width, a.height)), b.crop((left, 0, b.width, b.height))
box = ImageChops.difference(a, b).getbbox()
print(0 if box is None else sum(1 for p in ImageChops.difference(a, b).crop(box).getdata() if p != (0, 0, 0)))
EOF
}

start_app() {  # $1: view
    "$app" --config "$work/cfg-$1" --text "Time flies like an arrow" --view "$1" >"$out/$1.out" 2>&1 &
    app_pid=$!
    pids+=($app_pid)
    win=""
    # Up to 60 s: on a loaded 2-core machine (CI running other suites) the first window can take >10 s.
    for _ in $(seq 600); do
        win=$(xdotool search --pid "$app_pid" 2>/dev/null | head -1); [ -n "$win" ] && break
        kill -0 "$app_pid" 2>/dev/null || fail "the $1 app exited before its window appeared: $(tail -3 "$out/$1.out")"
        sleep 0.1
    done
    [ -n "$win" ] || fail "the $1 window did not appear within 60 s"
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
echo "keys_test: ok (screenshots in $out)"
