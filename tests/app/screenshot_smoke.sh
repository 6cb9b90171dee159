#!/usr/bin/env bash
# Smoke test of the real app: draws the UI under Xvfb and checks the screenshots.
# Env: ATTNLAB (the attnlab binary), PNG_CHECK (attnlab_png_check). Exit 77 = skipped.
set -u
: "${ATTNLAB:?set ATTNLAB to the attnlab binary}"
: "${PNG_CHECK:?set PNG_CHECK to attnlab_png_check}"
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "SKIP: xvfb-run not found (apt-get install xvfb xauth)"
    exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

gui() { xvfb-run -a -s "-screen 0 1600x1000x24" "$ATTNLAB" "$@"; }

# shot NAME "CHECKS" ARGS...: screenshot, then size / not blank / viridis cells where the app says
# they are, plus extra png_check arguments CHECKS.
shot() {
    local name=$1 checks=$2
    shift 2
    local out rect
    out=$(gui --screenshot "$tmp/$name.png" "$@" 2>"$tmp/$name.err")
    local rc=$?
    echo "$out"
    if [ $rc -ne 0 ]; then
        fail "$name: exit code $rc: $(cat "$tmp/$name.err")"
        return
    fi
    [ -s "$tmp/$name.png" ] || { fail "$name: no PNG written"; return; }
    rect=$(echo "$out" | sed -n 's/.*heatmap cells at \([0-9]*\),\([0-9]*\) size \([0-9]*\)x\([0-9]*\).*/\1 \2 \3 \4/p')
    [ -n "$rect" ] || { fail "$name: no heatmap position printed"; return; }
    # shellcheck disable=SC2086
    "$PNG_CHECK" "$tmp/$name.png" 1600 1000 --cells $rect $checks || fail "$name: image check"
}

# The default sentence fills 5×5 cells of 140 px from (487, 132): (1, 2) is at about (767..907, 272..412).
shot en "--coloured-at 780 285"
shot ko "" --lang ko --text "그는 집에 갔다. 그의 집은 크다."
shot causal "" --causal --text "The cat sat on the mat" --frames 5
# Mask editing through the real UI: a click on cell (1, 2) hides it (hatched grey after the rerun).
shot click "--grey-at 780 285" --mask-edit --click 800,300

# An unwritable path fails with a message, before opening a window, and writes nothing.
if gui --screenshot "$tmp/missing/dir/x.png" >"$tmp/bad.out" 2>&1; then
    fail "unwritable path: exit code 0"
fi
grep -q "does not exist" "$tmp/bad.out" || fail "unwritable path: no message ($(cat "$tmp/bad.out"))"
[ ! -e "$tmp/missing" ] || fail "unwritable path: created something"

# A bad GUI flag is a usage error (2); the command line still works without a display.
"$ATTNLAB" --frames 0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--frames 0 should exit 2"
DISPLAY= "$ATTNLAB" --version | grep -q attnlab || fail "--version"
DISPLAY= "$ATTNLAB" dump --text "Time flies like an arrow" -o "$tmp/d.json" 2>/dev/null || fail "dump"
[ -s "$tmp/d.json" ] || fail "dump wrote nothing"

if [ $failures -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "screenshot smoke: all passed"
