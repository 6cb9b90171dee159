# shot_lib.sh — the screenshot check shared by screenshot_smoke.sh (Xvfb) and headless_smoke.sh
# (EGL). The sourcing script defines: tmp, fail, PNG_CHECK, and shot_run (the function that starts
# the app: under xvfb-run, or with no display); optional KEEP_SHOTS and shot_prefix.

# shot NAME "CHECKS" ARGS...: screenshot, then size / not blank / viridis cells where the app says
# the heatmap is, plus extra png_check arguments CHECKS.
shot() {
    local name=$1 checks=$2
    shift 2
    local out rect
    out=$(shot_run --screenshot "$tmp/$name.png" "$@" 2>"$tmp/$name.err")
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
    if [ -n "${KEEP_SHOTS:-}" ]; then cp "$tmp/$name.png" "$KEEP_SHOTS/${shot_prefix:-}$name.png"; fi
}
