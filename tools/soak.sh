#!/usr/bin/env bash
# soak.sh — an hour of class in the real app: seeded random use, about one action a second, while
# the process is sampled every 10 s. Fails on a crash, a frame over 1 s (the UI thread blocked),
# memory growing more than 10% past the first quarter, threads or open files growing, a lost
# settings file, or an unclean exit.
#
#   tools/soak.sh [--minutes N] [--seed S] [--build DIR] [--out DIR] [--only KIND,...]
#
# --only: the random part draws only these kinds of action (type, korean, view, model, train,
# export, lesson, ...: the `kinds` list below), to find which one a growth comes from.
#
# The app runs under its own Xvfb with a session D-Bus and IBus + ibus-hangul (Korean is typed
# through the input method, as in tests/app/ime_ibus_test.sh). Keys, typing, clicks and window sizes
# come from xdotool as a person's would; what a person does through a file dialog or by dragging a
# folder onto the window (open a model, an image, a recording, a lesson) and a few buttons (train,
# generate) come through the app's --control pipe (app/shell/app_control.h), which takes the same
# paths. Models: every family's test fixture, a model `attnlab train` writes, a broken folder.
#
# First a tour does every kind of action once (every family, every trainer, an export, a lesson);
# then random actions until the time is up; then the training is paused, the built-in model taken,
# and the window closed as a window manager closes it.
#
# Writes to OUT (default build/soak): samples.tsv (seconds, RSS MiB, threads, open files, frames,
# the longest frame's ms, the heap in use and malloc's free lists, in MiB as the app counts
# them, and the models alive), threads.log (the threads by name whenever their number changes),
# actions.log, app.err, memory.png (the curve), summary.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
minutes=60 seed=1 build=$root/build out="" only=""
while [ $# -gt 0 ]; do
    case $1 in
        --minutes) minutes=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        *) echo "soak: unknown option $1 (see --help)"; exit 2 ;;
    esac
done
[ -n "$out" ] || out=$build/soak
app=$build/app/attnlab closer=$build/app/tests_app/attnlab_x11_close
fail() { echo "soak: FAIL: $*"; echo "FAIL: $*" >>"$out/summary.txt"; exit 1; }
mkdir -p "$out"
rm -f "$out"/samples.tsv "$out"/actions.log "$out"/summary.txt "$out"/app.err "$out"/frames.log "$out"/threads.log
[ -x "$app" ] || fail "$app is not built"
[ -x "$closer" ] || fail "$closer is not built"
for tool in Xvfb dbus-launch ibus-daemon ibus gsettings xdotool /usr/bin/python3; do
    command -v "$tool" >/dev/null || fail "$tool not found (tools/install-deps.sh installs the test packages)"
done
[ -x /usr/libexec/ibus-engine-hangul ] || fail "ibus-hangul is not installed"

work=$(mktemp -d /tmp/attnlab-soak.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "${DBUS_SESSION_BUS_PID:-}" ] && kill "$DBUS_SESSION_BUS_PID" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# --- the models, images, recordings and lessons a class would open
fx=$root/tests/fixtures/pretrained/models
models=()
for m in tiny-gpt2 tiny-gpt2-bf16 tiny-bert tiny-distilbert tiny-vit tiny-deit tiny-llama tiny-qwen2 \
         tiny-qwen3 tiny-mistral tiny-marian tiny-bart tiny-t5 tiny-whisper; do
    [ -f "$fx/$m/config.json" ] && models+=("$fx/$m")
done
# What the Train view's "Save model…" and `attnlab train` write: a Llama with 2 K/V heads and a
# context of 8 (a 12-token sentence is too long for it), and a GPT-2 on the reverse task.
"$app" train --arch llama --kv-heads 2 --heads 4 --layers 2 --task repeat --steps 20 -o "$work/llama-kv2" >/dev/null 2>&1 &&
    models+=("$work/llama-kv2")
"$app" train --task reverse --steps 20 -o "$work/reverse" >/dev/null 2>&1 && models+=("$work/reverse")
# ... and the encoder–decoder's: a Marian folder with SentencePiece files trained here.
"$app" train --arch seq2seq --task en-ko --steps 20 -o "$work/en-ko" >/dev/null 2>&1 && models+=("$work/en-ko")
mkdir -p "$work/broken"
printf '{"model_type": "gpt2", "n_layer": ' >"$work/broken/config.json"  # cut off mid-file
models+=("$work/broken" "$work/no-such-folder")
images=("$fx/tiny-vit-input.png" "$root/assets/samples/"* "$work/not-an-image.png")
printf 'PNG? no.' >"$work/not-an-image.png"
audio_fx=$root/tests/audio/fixtures
recordings=("$audio_fx/hello_16k_sox.wav" "$audio_fx/ko_16k.wav" "$audio_fx/fox_16k.mp3" "$audio_fx/hostile_truncated.wav")
lessons=("$root/assets/lessons/en/"*.md "$root/assets/lessons/ko/"*.md)
tasks=(reverse sort copy induction brackets text repeat odd-one en-ko seq2seq:reverse)
[ -d /usr/share/datasets/fashion-mnist ] && tasks+=(fashion)
views=(heatmap explain heads scaling pipeline lines positional variants cost model row qk train predict
       image attn-distance pos-similarity rope lens alignment audio)
english=(Time flies like an arrow the cat sat on mat fruit bananas "and" "of" students learn attention)
korean=("g k s r m f" "w l q d p" "r k t e k" "q n f" "d k s s u d" "a k f")  # 한글 집에 갔다 불 안녕 말

# --- X, D-Bus, IBus with the Hangul engine
Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp >"$work/xvfb.log" 2>&1 3>"$work/display" &
pids+=($!)
for _ in $(seq 300); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(tail -3 "$work/xvfb.log")"
n=$(head -1 "$work/display")
export DISPLAY=:$n
eval "$(dbus-launch --sh-syntax)" || fail "dbus-launch failed"
gsettings set org.freedesktop.ibus.engine.hangul initial-input-mode 'hangul'
gsettings set org.freedesktop.ibus.general preload-engines "['hangul', 'xkb:us::eng']"
PATH=/usr/bin:/bin:$PATH ibus-daemon -r --cache=refresh >"$work/ibus.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do ibus engine hangul 2>/dev/null && break; sleep 0.1; done
[ "$(ibus engine 2>/dev/null)" = hangul ] || fail "ibus-daemon with the hangul engine did not start"

# --- the app
cfg=$work/cfg
mkdir -p "$cfg"
mkfifo "$work/control"
XMODIFIERS=@im=ibus "$app" --config "$cfg" --control "$work/control" --frame-log "$out/frames.log" \
    >"$out/app.out" 2>"$out/app.err" &
app_pid=$!
exec 4>"$work/control"  # held open: the app never sees the pipe end
win=""
for _ in $(seq 600); do
    win=$(xdotool search --pid "$app_pid" 2>/dev/null | head -1); [ -n "$win" ] && break
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited before its window appeared: $(tail -3 "$out/app.err")"
    sleep 0.1
done
[ -n "$win" ] || fail "no window within 60 s"
xdotool windowmove "$win" 0 0 windowsize "$win" 1600 1000 2>/dev/null
sleep 2
width=1600 height=1000

alive() { kill -0 "$app_pid" 2>/dev/null || fail "the app died (see $out/app.err): $(tail -5 "$out/app.err")"; }
send() { echo "$*" >&4; echo "$(date +%s) control $*" >>"$out/actions.log"; }
press() { for k in "$@"; do xdotool keydown "$k"; sleep 0.06; xdotool keyup "$k"; sleep 0.06; done; }
click() { xdotool mousemove "$1" "$2"; sleep 0.05; xdotool mousedown 1; sleep 0.06; xdotool mouseup 1; sleep 0.1; }
# pick ARRAY: a seeded random element in $picked (not $(...): a subshell's RANDOM is not the script's).
pick() { local -n arr=$1; picked=${arr[RANDOM % ${#arr[@]}]}; }
note() { echo "$(date +%s) $*" >>"$out/actions.log"; }

# The sentence field: top of the controls column, 120 px down at UI scale 1 (it follows the scale).
ui_scale=1.0
field_y() { awk -v s="$ui_scale" 'BEGIN { printf "%d", 120 * s }'; }
type_english() { ibus engine xkb:us::eng; click 150 "$(field_y)"; press End; pick english; xdotool type --delay 70 " $picked"; note "type $picked"; }
type_korean() { ibus engine hangul; click 150 "$(field_y)"; press End space; pick korean; press $picked; press space; note "type-ko $picked"; }
delete_some() { click 150 "$(field_y)"; press End; local i; for i in $(seq $((1 + RANDOM % 6))); do press BackSpace; done; note delete; }
view_key() {  # Ctrl+digit (first ten views) or Ctrl+Shift+digit
    local d=$((RANDOM % 10)) shift_mod=""
    [ $((RANDOM % 2)) -eq 1 ] && shift_mod="shift+"
    xdotool keydown ctrl; sleep 0.05; press "${shift_mod}$d"; xdotool keyup ctrl; note "key ctrl+$shift_mod$d"
}
export_figure() { xdotool mousemove 1500 20; xdotool key --delay 80 ctrl+e; sleep 1; press Return; sleep 1.5; press Escape; note export; }
resize() {
    local sizes=("1600 1000" "1280 800" "1024 700" "1920 1200" "900 650")
    pick sizes; xdotool windowsize "$win" $picked 2>/dev/null; note "resize $picked"
}
lesson() {
    pick lessons; send "drop $picked"; sleep 2
    local i; for i in $(seq $((RANDOM % 5))); do xdotool mousemove 5 990; press Right; sleep 0.5; done
    [ $((RANDOM % 3)) -gt 0 ] && { press Escape; note "lesson closed"; }
}
random_click() { local x=$((380 + RANDOM % 1200)) y=$((60 + RANDOM % 900)); click $x $y; press Escape; note "click $x $y"; }

act() {
    case $1 in
        type) type_english ;;
        korean) type_korean ;;
        delete) delete_some ;;
        view) if [ $((RANDOM % 2)) -eq 0 ]; then view_key; else pick views; send "view $picked"; fi ;;
        layer) xdotool mousemove 5 990; press "$( [ $((RANDOM % 2)) -eq 0 ] && echo Prior || echo Next )"; note layer ;;
        head) send "head $((RANDOM % 4))" ;;
        mask) send causal ;;
        scaling) send scale ;;
        model) pick models; send "drop $picked"; sleep 1 ;;
        builtin) send builtin ;;
        image) pick images; send "drop $picked" ;;
        audio) pick recordings; send "drop $picked" ;;
        knock) send "knock $((RANDOM % 2)) $((RANDOM % 4))" ;;
        generate) send "view predict"; sleep 0.5; send "generate $((1 + RANDOM % 8))" ;;
        sample) send "view predict"; sleep 0.3; send "sample $(( RANDOM % 3 == 0 ? -1 : RANDOM % 100 ))"; sleep 0.3
                send "generate $((1 + RANDOM % 4))" ;;
        rank) send "view predict"; sleep 0.5; send rank ;;
        train) send "view train"; sleep 0.3; pick tasks; send "train $picked" ;;
        pause) send pause ;;
        export) export_figure ;;
        lesson) lesson ;;
        lang) send "lang $( [ $((RANDOM % 2)) -eq 0 ] && echo en || echo ko )" ;;
        resize) resize ;;
        present) press F5; sleep 1; press Escape; note present ;;
        keys) xdotool mousemove 5 990; press Home Up Down; note "keys Home Up Down" ;;
        click) random_click ;;
        uiscale) pick scales; send "scale-ui $picked"; ui_scale=$picked ;;
    esac
}
scales=(0.8 1.0 1.0 1.25 1.5)
random_kinds=()
# Weights: typing and views most, as in class.
kinds=(type type type korean korean delete delete view view view view view layer head mask scaling
       model model builtin image audio knock generate sample rank train pause export lesson lang resize present
       keys click click uiscale)
if [ -n "$only" ]; then
    IFS=, read -ra random_kinds <<<"$only"
    for k in "${random_kinds[@]}"; do [[ " ${kinds[*]} " == *" $k "* ]] || fail "--only: no action kind '$k' (kinds: ${kinds[*]})"; done
else
    random_kinds=("${kinds[@]}")
fi

# --- sampling
rss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$app_pid/status"; }
threads() { awk '/^Threads/ { print $2 }' "/proc/$app_pid/status"; }
open_files() { ls "/proc/$app_pid/fd" 2>/dev/null | wc -l; }
# Every thread by name (the app names its own: "attn-…"; others are the libraries'), as "name×count".
thread_names() { cat /proc/"$app_pid"/task/*/comm 2>/dev/null | sort | uniq -c | awk '{ printf "%s×%s ", $2, $1 }'; }
t0=$(date +%s)
frames_read=0 threads_seen=""
sample() {  # seconds rss threads fds frames longest_ms heap_mib free_mib models
    alive
    local now lines frames longest heap free models
    now=$(($(date +%s) - t0))
    lines=$(wc -l <"$out/frames.log")
    read -r frames longest heap free models < <(tail -n +$((frames_read + 1)) "$out/frames.log" |
        awk '{ f += $2; if ($3 > m) m = $3; if (NF >= 5) h = $5; if (NF >= 6) k = $6; if (NF >= 7) n = $7 }
             END { printf "%d %.1f %.1f %.1f %d\n", f, m, h, k, n }')
    frames_read=$lines
    local count; count=$(threads)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$now" "$(rss_mib)" "$count" "$(open_files)" "$frames" "$longest" \
        "$heap" "$free" "$models" >>"$out/samples.tsv"
    # Which threads, whenever their number changes (threads.log: the one that came or went).
    [ "$count" != "$threads_seen" ] && { printf '%s\t%s\t%s\n' "$now" "$count" "$(thread_names)" >>"$out/threads.log"; threads_seen=$count; }
    [ "$frames" -gt 0 ] || fail "no frame drawn in the last 10 s (the UI thread is stuck)"
    awk -v m="$longest" 'BEGIN { exit !(m > 1000) }' && fail "a frame took $longest ms (over 1 s: the UI thread blocked); see actions.log around $now s"
    return 0
}
printf 'seconds\trss_mib\tthreads\topen_files\tframes\tlongest_frame_ms\theap_mib\tfree_mib\tmodels\n' >"$out/samples.tsv"
next_sample=$(($(date +%s) + 10))
maybe_sample() { if [ "$(date +%s)" -ge "$next_sample" ]; then sample; next_sample=$((next_sample + 10)); fi; }

# --- the tour: every kind of action once, every family opened
RANDOM=$seed
note "tour"
for m in "${models[@]}"; do send "drop $m"; sleep 1.5; act view; maybe_sample; done
# Every view once with a model of each kind: the views' own job threads start on first use.
for m in tiny-gpt2 tiny-bert tiny-vit tiny-llama tiny-marian tiny-t5 tiny-whisper; do
    [ -d "$fx/$m" ] || continue
    send "drop $fx/$m"; sleep 1.5
    [ "$m" = tiny-vit ] && send "drop ${images[0]}"
    [ "$m" = tiny-whisper ] && send "drop ${recordings[0]}"
    for v in "${views[@]}"; do send "view $v"; sleep 0.25; done
    send "view predict"; send "generate 2"; sleep 1; maybe_sample
done
for k in "${kinds[@]}"; do act "$k"; sleep 0.5; alive; maybe_sample; done
# The Train view keeps its last run (curves and up to 64 probe snapshots: tens of MB for the text
# task): one whole text run here, so that what stays afterwards is part of the baseline.
send "view train"; sleep 0.3; send "train text"; sleep 25; send pause
send "train reverse"; sleep 5; send pause
send "train en-ko"; sleep 5; send pause
if [[ " ${tasks[*]} " == *" fashion "* ]]; then send "train fashion"; sleep 5; send pause; fi
send builtin; sleep 2
tour_end=$(($(date +%s) - t0))
note "tour done in $tour_end s"
sample; next_sample=$(($(date +%s) + 10))

# --- the random part
end=$((t0 + minutes * 60))
actions=0 next_shot=$(($(date +%s) + 60))
rm -f "$out"/shot-*.png
while [ "$(date +%s)" -lt "$end" ]; do
    pick random_kinds; act "$picked"
    actions=$((actions + 1))
    if [ "$(date +%s)" -ge "$next_shot" ]; then  # what the class sees, every 2 minutes
        /usr/bin/python3 -c 'import sys; from PIL import ImageGrab; ImageGrab.grab(xdisplay=sys.argv[1]).save(sys.argv[2])' \
            "$DISPLAY" "$out/shot-$(printf %03d $((($(date +%s) - t0) / 60))).png" 2>/dev/null
        next_shot=$((next_shot + 120))
    fi
    sleep "0.$((3 + RANDOM % 6))"
    alive
    maybe_sample
done

# --- quiet, then close as a window manager does
send pause; send builtin; send "view heatmap"; xdotool mousemove 5 990; press Escape; sleep 0.5; press Escape; sleep 4
sample
# Korean still types through IBus after the hour, and the sentence reaches settings.json.
# Ctrl held across frames (as view_key does): a ctrl+a sent at once can fall between two frames of
# a loaded machine and arrive as a plain "a" at the click's caret.
ibus engine hangul; click 150 "$(field_y)"; sleep 0.3
xdotool keydown ctrl; sleep 0.1; press a; xdotool keyup ctrl; sleep 0.1; press BackSpace g k s r m f space
ibus engine xkb:us::eng; xdotool type --delay 70 "end"; press Tab; sleep 1
note "closing"
"$closer" "$win"
code=""
for _ in $(seq 300); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app_pid" 2>/dev/null && { kill -9 "$app_pid"; fail "the app did not exit within 30 s of closing its window"; }
wait "$app_pid"; code=$?
[ "$code" -eq 0 ] || fail "the app exited with $code (see $out/app.err)"
/usr/bin/python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$cfg/settings.json" 2>/dev/null ||
    fail "settings.json is missing or unreadable after the session"

grep -- "--control" "$out/app.err" && fail "the app refused the script's commands (above)"
exported=$(find "$HOME" -maxdepth 1 -type f \( -name '*.png' -o -name '*.svg' -o -name '*.pdf' -o -name '*.csv' \) | wc -l)
sentence=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["text"])' "$cfg/settings.json")
echo "figures exported: $exported; the sentence typed at the end: $sentence" | tee -a "$out/summary.txt" | sed 's/^/soak: /'
[ "$sentence" = "한글 end" ] || fail "the sentence typed at the end (g k s r m f space through IBus, then \"end\") was saved as \"$sentence\", not \"한글 end\""

# --- the verdict: past the first quarter of the random part, memory stays within 10% of the
# highest before it — as a median: a model loading while an image task trains is a peak that
# passes, a leak lifts every sample; threads and open files never above their most before it.
/usr/bin/python3 - "$out" "$tour_end" "$minutes" "$actions" <<'PY'
import sys, os
out, tour_end, minutes, actions = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rows = [l.split("\t") for l in open(os.path.join(out, "samples.tsv")).read().splitlines()[1:]]
rows = [(int(t), float(r), int(th), int(fd), int(fr), float(lf), float(h), float(k), int(n)) for t, r, th, fd, fr, lf, h, k, n in rows]
total = rows[-1][0]
quarter = tour_end + (total - tour_end) / 4
early = [r for r in rows if r[0] <= quarter]
late = [r for r in rows if r[0] > quarter]
after_tour = [r for r in rows if r[0] >= tour_end][0]
base = max(r[1] for r in early)
peak = max([r[1] for r in late] or [base])
final = rows[-1]
lines = [
    "%d samples over %d s (%.0f min asked), %d random actions after a %d s tour" % (len(rows), total, minutes, actions, tour_end),
    "memory: highest %.1f MiB up to %d s, highest %.1f MiB after (%+.1f%%); at the end %.1f MiB" % (base, quarter, peak, 100 * (peak / base - 1), final[1]),
    "threads: %d after the tour, at most %d up to %d s, %d at the end (max %d)" % (after_tour[2], max(r[2] for r in early), quarter, final[2], max(r[2] for r in rows)),
    "open files: %d after the tour, at most %d up to %d s, %d at the end (max %d)" % (after_tour[3], max(r[3] for r in early), quarter, final[3], max(r[3] for r in rows)),
    "longest frame: %.1f ms; frames drawn: %d" % (max(r[5] for r in rows), sum(r[4] for r in rows)),
]
ok = True
# Threads and files: the views' job threads start on first use (the tour uses them all), so past
# the first quarter neither may exceed the most seen before it.
# A file or thread that lives for one action (an export being written) is not a leak: the run
# fails when the count past the first quarter goes 2 above the most before, or ends above it.
early_threads, early_files = max(r[2] for r in early), max(r[3] for r in early)
late_median = sorted(r[1] for r in late)[len(late) // 2] if late else base
lines.append("memory: median past %d s %.1f MiB (%+.1f%% of the highest before)" % (quarter, late_median, 100 * (late_median / base - 1)))
if late_median > 1.10 * base: lines.append("FAIL: memory grew more than 10%"); ok = False
# The heap in use (the app's own count, mallinfo2) tells a leak (it grows with RSS) from memory
# the allocator keeps after a free (RSS grows, it does not; the free-lists column shows it).
# Reported, not judged.
heap_base = max(r[6] for r in early)
heap_late = sorted(r[6] for r in late)[len(late) // 2] if late else heap_base
lines.append("heap in use: highest %.1f MiB up to %d s, median %.1f MiB after (%+.1f%%), %.1f MiB at the end" %
             (heap_base, quarter, heap_late, 100 * (heap_late / heap_base - 1) if heap_base > 0 else 0, final[6]))
lines.append("models alive (opened, kept by a view, a trainer's): at most %d after the tour, %d at the end" %
             (max(r[8] for r in rows if r[0] >= tour_end), final[8]))
lines.append("malloc's free lists: median %.1f MiB past %d s, most %.1f MiB, %.1f MiB at the end" %
             (sorted(r[7] for r in late)[len(late) // 2] if late else final[7], quarter, max(r[7] for r in rows), final[7]))
if max([r[2] for r in late] or [0]) > early_threads + 2 or final[2] > early_threads:
    lines.append("FAIL: threads grew past %d (threads.log names them whenever their number changed)" % early_threads); ok = False
if max([r[3] for r in late] or [0]) > early_files + 2 or final[3] > early_files:
    lines.append("FAIL: open files grew past %d" % early_files); ok = False
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(2, 1, figsize=(9, 5), sharex=True)
    t = [r[0] / 60 for r in rows]
    ax[0].plot(t, [r[1] for r in rows], label="resident")
    ax[0].plot(t, [r[6] for r in rows], label="heap in use")
    ax[0].plot(t, [r[7] for r in rows], label="malloc's free lists"); ax[0].legend(loc="lower right")
    ax[0].set_ylabel("MiB"); ax[0].axvline(quarter / 60, ls=":", c="grey")
    ax[1].plot(t, [r[5] for r in rows]); ax[1].set_ylabel("longest frame (ms)"); ax[1].set_xlabel("minutes")
    fig.tight_layout(); fig.savefig(os.path.join(out, "memory.png"), dpi=80)
except ImportError:
    pass
open(os.path.join(out, "summary.txt"), "a").write("\n".join(lines) + "\n")
print("\n".join("soak: " + l for l in lines))
sys.exit(0 if ok else 1)
PY
verdict=$?
[ "$verdict" -eq 0 ] || fail "see $out/summary.txt"
echo "soak: ok ($minutes min; $out)"
