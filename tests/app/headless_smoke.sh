#!/usr/bin/env bash
# Screenshots without any window system: no DISPLAY, no WAYLAND_DISPLAY, no Xvfb. The app draws
# through EGL surfaceless (app/shell/headless_egl.cpp) into a framebuffer; the PNGs get the same checks
# as the Xvfb ones (screenshot_smoke.sh). Also: --headless forces it with a DISPLAY set, --stats
# reports the headless context, bad uses fail cleanly.
# Env: ATTNLAB (the attnlab binary), PNG_CHECK (attnlab_png_check), KEEP_SHOTS (optional folder
# to copy the PNGs to). Exit 77 = skipped (no Mesa EGL surfaceless platform on this machine).
set -u
: "${ATTNLAB:?set ATTNLAB to the attnlab binary}"
: "${PNG_CHECK:?set PNG_CHECK to attnlab_png_check}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

nodisplay() { env -u DISPLAY -u WAYLAND_DISPLAY "$ATTNLAB" "$@"; }

# A first run tells whether this machine can do it at all.
if ! nodisplay --screenshot "$tmp/probe.png" >"$tmp/probe.out" 2>&1; then
    if grep -q "Headless OpenGL:" "$tmp/probe.out"; then
        echo "SKIP: no headless OpenGL here: $(cat "$tmp/probe.out")"
        exit 77
    fi
    echo "FAIL: headless probe: $(cat "$tmp/probe.out")"
    exit 1
fi

ko_text="그는 집에 갔다. 그의 집은 크다."

shot_run() { nodisplay "$@"; }
shot_prefix=headless-
# shellcheck source=tests/app/shot_lib.sh
. "$(dirname "$0")/shot_lib.sh"

# One per language (same layout as the Xvfb test: cell (1, 2) of the default sentence at ~780,310).
shot en "--coloured-at 780 310"
shot ko "" --lang ko --text "$ko_text"
# A click through the scripted pointer works without a window too: the cell turns hatched grey.
shot click "--grey-at 780 310" --mask-edit --click 800,320

# The views that compute on background jobs, in both languages: drawn, not blank.
# view_shot NAME [--check "PNG_CHECK ARGS"] APP ARGS...
view_shot() {
    local name=$1 checks=""
    shift
    if [ "${1:-}" = --check ]; then checks=$2; shift 2; fi
    if ! nodisplay --screenshot "$tmp/view-$name.png" --frames 4 "$@" >"$tmp/view-$name.out" 2>&1; then
        fail "view $name: $(cat "$tmp/view-$name.out")"
        return
    fi
    # shellcheck disable=SC2086
    "$PNG_CHECK" "$tmp/view-$name.png" 1600 1000 $checks || fail "view $name: image check"
    if [ -n "${KEEP_SHOTS:-}" ]; then cp "$tmp/view-$name.png" "$KEEP_SHOTS/headless-view-$name.png"; fi
}
for view in variants scaling; do
    view_shot "$view-en" --view "$view"
    view_shot "$view-ko" --view "$view" --lang ko --text "$ko_text"
done
# Cost, measured (--run): the softmax (sky blue) and linear (green) curves are drawn on both plots.
cost_checks="--has-colour 86,180,233 300 --has-colour 0,158,115 300"
view_shot cost-en --check "$cost_checks" --view cost --run
view_shot cost-ko --check "$cost_checks" --view cost --run --lang ko
# The pipeline (one cell size, same colour scale) at N = 5 and N = 300, both languages.
long_text=$(for i in $(seq 1 30); do printf 'the cat sat on a mat w%d ' "$i"; printf 'and looked at it '; done)
view_shot pipeline-en --view pipeline
view_shot pipeline-ko --view pipeline --lang ko --text "$ko_text"
view_shot pipeline-300 --view pipeline --text "$long_text"
# The Row view beside the heatmap: the query's bars (sky blue) and its strongest key (orange).
row_checks="--has-colour 86,180,233 2000 --has-colour 230,159,0 500"
view_shot row-en --check "$row_checks" --view row
view_shot row-ko --check "$row_checks" --view row --lang ko --text "$ko_text" --causal
view_shot row-300 --view row --text "$long_text"
# The heatmap zoomed in on 300 tokens (readable labels, overview inset) and with auto contrast.
view_shot zoom-300 --text "$long_text" --zoom 12,0.2,0.3
view_shot zoom-300-ko --text "$long_text" --zoom 4 --auto-contrast --lang ko
# Variants as pictures: three weight maps, two blue/red difference maps, the online-softmax bars.
view_shot variants-pics --check "--has-colour 86,180,233 2000 --has-colour 230,159,0 2000" --view variants --causal
view_shot variants-300 --view variants --text "$long_text"
# Queries and keys (PCA): both point colours drawn, a hovered query's lines.
qk_checks="--has-colour 86,180,233 60 --has-colour 230,159,0 60"
view_shot qk-en --check "$qk_checks" --view qk --mouse 900,500
view_shot qk-ko --check "$qk_checks" --view qk --lang ko --text "$ko_text"
view_shot qk-300 --view qk --text "$long_text"

# Guided lessons (--lesson FILE --lesson-step N [--lesson-reveal]): the lesson column beside the
# view; a step's highlights are drawn in steady amber (255,196,0), a revealed click answer's cell
# in green (90,235,120). Lessons 1-3, English and Korean.
lessons="$(dirname "$0")/../../assets/lessons"
amber="--has-colour 255,196,0"
view_shot lesson-en-1-6 --check "$amber 800 --has-colour 90,235,120 300" \
    --lesson "$lessons/en/01-query-key-value.md" --lesson-step 6 --lesson-reveal
view_shot lesson-ko-1-1 --check "$amber 200" --lesson "$lessons/ko/01-query-key-value.md" --lesson-step 1 --lang ko
view_shot lesson-ko-2-6 --check "$amber 100" --lesson "$lessons/ko/02-one-weight.md" --lesson-step 6 \
    --lesson-reveal --lang ko
view_shot lesson-en-3-3 --check "$amber 800" --lesson "$lessons/en/03-why-scale.md" --lesson-step 3 --presentation
# --lesson with --model: the lesson opens once the model has loaded, so step 6 of lesson 11 is its
# lens step (counted without the model, step 6 would be a later one and show another view).
view_shot lesson-ko-11-6 --lesson "$lessons/ko/11-what-a-head-does.md" --lesson-step 6 --lang ko \
    --model "$(dirname "$0")/../fixtures/pretrained/models/tiny-gpt2"
grep -q "view lens;" "$tmp/view-lesson-ko-11-6.out" ||
    fail "lesson 11 step 6 with --model: not the lens step ($(cat "$tmp/view-lesson-ko-11-6.out"))"
# A lesson that cannot be read: the app still starts, says why on one line, and shows no lesson.
if ! nodisplay --screenshot "$tmp/lesson-missing.png" --lesson "$tmp/no-such-lesson.md" >"$tmp/lesson-missing.out" 2>&1; then
    fail "missing lesson: the app did not start: $(cat "$tmp/lesson-missing.out")"
fi
grep -q "Cannot open the lesson file" "$tmp/lesson-missing.out" || fail "missing lesson: no message ($(cat "$tmp/lesson-missing.out"))"
# The Train view (issue 13): reverse mid-training (40 of 200 steps, English and Korean) and after
# (200 steps, Korean), trained before the first frame (--train-steps); the training-loss curve (sky blue),
# the exact-accuracy curve (green) and the probe maps are drawn; induction's longer probe (20 steps);
# the view before any training (a fresh model at step 0). About 16 s in all on a loaded 2-core machine.
train_checks="--has-colour 86,180,233 150 --has-colour 0,158,115 30"
view_shot train-mid-en --check "$train_checks" --view train --train-task reverse --train-steps 40
view_shot train-mid-ko --check "$train_checks" --view train --train-task reverse --train-steps 40 --lang ko
view_shot train-after-ko --check "$train_checks" --view train --train-task reverse --train-steps 200 --lang ko
view_shot train-induction --view train --train-task induction --train-steps 20
view_shot train-idle-ko --view train --lang ko
# The image tasks (issue 22): the tiny ViT's curves and the class token's attention on four probe
# pictures (warm overlay), odd-one after 300 steps in English and fashion after 60 in Korean.
view_shot train-odd-en --check "--has-colour 0,158,115 30" --view train --train-task odd-one --train-steps 300
view_shot train-fashion-ko --view train --train-task fashion --train-steps 60 --lang ko
# "Every head": one probe picture's full trace as viridis tiles, mostly near an even share (1/17:
# viridis 71,19,101, ~60,000 pixels; the overlay pictures have none).
view_shot train-odd-every-ko --check "--has-colour 71,19,101 20000" --view train --train-task odd-one --train-steps 100 \
    --train-picture 2 --lang ko
# "Use this model" clicked after 10 steps: saved (into $TMPDIR), opened by the app's loader, the
# status line says so (green).
TMPDIR=$tmp view_shot train-use --check "--has-colour 140,217,140 40" --view train --train-task reverse \
    --train-steps 10 --click 493,774 --frames 8
ls -d "$tmp"/attnlab-trained-* >/dev/null 2>&1 || fail "Use this model: no folder written in TMPDIR"
nodisplay --screenshot "$tmp/x.png" --view train --train-task nope >"$tmp/train-bad.out" 2>&1 && fail "--train-task nope: exit 0"
grep -q "unknown task 'nope'" "$tmp/train-bad.out" || fail "--train-task nope: no message ($(cat "$tmp/train-bad.out"))"
# Predict and head roles (issue 14) with the tiny models: the next-token bars (sky blue: the model,
# orange: what sampling draws from), after 6 generated tokens in Korean, BERT's masked-LM fillers
# (green), and the Model view's role badges (vermillion: broad heads) with the ranked list.
fixtures="$(dirname "$0")/../fixtures"
predict_checks="--has-colour 86,180,233 1500 --has-colour 230,159,0 1500"
view_shot predict-en --check "$predict_checks" --view predict --model "$fixtures/pretrained/models/tiny-gpt2"
view_shot predict-gen-ko --check "$predict_checks" --view predict --model "$fixtures/pretrained/models/tiny-gpt2" \
    --generate 6 --frames 5 --lang ko
view_shot predict-bert --check "--has-colour 0,158,115 1000" --view predict --model "$fixtures/lm/tiny-bert-mlm" \
    --text "the cat [MASK] on the mat."
# A translation model in the Predict view (the tiny Marian): the whole sentence by its beam search
# (green: what the decoder read; cyan: the winner's path through the beam tree, > 1200 pixels, where
# a framed grid row alone has ~600), and three best tokens written one by one in Korean (sky blue:
# the next token's bars). The Pipeline view names cross-attention's sides.
marian="$fixtures/pretrained/models/tiny-marian"
view_shot predict-translate-en --check "--has-colour 0,158,115 500 --has-colour 80,220,255 1200" --view predict \
    --model "$marian" --text "The old man walks in the park." --translate
view_shot predict-translate-gen-ko --check "--has-colour 86,180,233 1000 --has-colour 0,158,115 500" --view predict \
    --model "$marian" --text "He went home." --generate 3 --lang ko
# Sampled (--sample 7): three draws written, the sampling bars (orange: ~9,500 pixels; greedy shows
# ~30, in the written tokens) beside the model's (sky blue).
view_shot predict-translate-sample-ko --check "--has-colour 86,180,233 1000 --has-colour 230,159,0 4000" --view predict \
    --model "$marian" --text "He went home." --sample 7 --generate 3 --lang ko
view_shot pipeline-cross-ko --view pipeline --model "$marian" --text "He went home." --cross-text "그는 집에 갔다." \
    --section cross --lang ko
# mBART-50 turned the other way (ko_KR -> en_XX, from --language / --target-language): the search's tree
# and the decoder's cross-attention bars (green) in Korean.
view_shot predict-mbart-ko --check "--has-colour 0,158,115 500 --has-colour 80,220,255 1200" --view predict \
    --model "$fixtures/pretrained/models/tiny-mbart" --text "집이 크다." --language ko_KR --target-language en_XX \
    --translate --lang ko
# A speech model (the tiny Whisper) in the Audio view, EN and KO: the waveform (sky blue, > 1000 pixels) and,
# with the fourth word of a typed transcript followed, its word button (amber).
whisper="$fixtures/pretrained/models/tiny-whisper"
sounds="$fixtures/../audio/fixtures"
view_shot audio-en --check "--has-colour 120,200,255 1000" --view audio --model "$whisper" --audio "$sounds/ko_16k.wav"
view_shot audio-word-ko --check "--has-colour 120,200,255 1000 --has-colour 160,110,20 100" --view audio --lang ko \
    --model "$whisper" --audio "$sounds/ko_16k.wav" --language ko --cross-text " the cat, 집!" --word 4
view_shot audio-heatmap-encoder --view heatmap --model "$whisper" --audio "$sounds/hello_16k_sox.wav" --section encoder
view_shot predict-speech-ko --check "--has-colour 80,220,255 100" --view predict --lang ko --model "$whisper" \
    --audio "$sounds/ko_16k.wav" --language ko --generate 3  # stepping the decoder: the chosen row framed
view_shot roles-en --check "--has-colour 213,94,0 500" --view model --model "$fixtures/pretrained/models/tiny-gpt2"
view_shot roles-ko --check "--has-colour 213,94,0 500" --view model --model "$fixtures/pretrained/models/tiny-gpt2" --lang ko

# --headless with a DISPLAY that does not exist: X is never contacted.
if ! DISPLAY=:97 "$ATTNLAB" --headless --screenshot "$tmp/forced.png" --stats >"$tmp/forced.out" 2>&1; then
    fail "--headless with DISPLAY set: $(cat "$tmp/forced.out")"
fi
"$PNG_CHECK" "$tmp/forced.png" 1600 1000 || fail "forced: image check"
grep -q "headless GL (EGL surfaceless" "$tmp/forced.out" || fail "--stats does not report the headless context"
grep -q "GLFW error" "$tmp/forced.out" && fail "--headless touched GLFW: $(cat "$tmp/forced.out")"
grep "attnlab stats" "$tmp/forced.out"

# Headless frames without a screenshot (timings only), and the misuses.
nodisplay --frames 3 >"$tmp/frames.out" 2>&1 || fail "--frames without a display: $(cat "$tmp/frames.out")"
nodisplay --headless >"$tmp/alone.out" 2>&1
[ $? -eq 2 ] || fail "--headless alone should be a usage error (2)"
grep -q -- "--headless" "$tmp/alone.out" || fail "--headless alone: no message"
nodisplay --screenshot "$tmp/missing/dir/x.png" >"$tmp/bad.out" 2>&1 && fail "unwritable path: exit code 0"
grep -q "does not exist" "$tmp/bad.out" || fail "unwritable path: no message ($(cat "$tmp/bad.out"))"
# Without a display and without a way to end, the app says how to take a screenshot instead.
nodisplay --text "hello" >"$tmp/interactive.out" 2>&1 && fail "interactive run without a display: exit code 0"
grep -q -- "--headless --screenshot" "$tmp/interactive.out" || fail "no hint: $(cat "$tmp/interactive.out")"
"$ATTNLAB" --help | grep -q -- "--headless" || fail "--help does not document --headless"

# Chinese and Japanese typed at run time (an input method's pre-edit and commits): with
# fonts-droid-fallback installed the UI font has common characters beyond the start-up texts;
# without it they show as '?'. The start-up sentence's own characters are always in the atlas.
nodisplay --screenshot "$tmp/cjk.png" --stats --text "日本語のテキスト、你好世界。한글 공부" >"$tmp/cjk.out" 2>&1 ||
    fail "CJK sentence: $(cat "$tmp/cjk.out")"
if [ -e /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ]; then
    grep -q " 0 of 34 common Chinese and Japanese characters missing from the font" "$tmp/cjk.out" ||
        fail "CJK glyphs missing: $(grep 'font' "$tmp/cjk.out")"
else
    echo "note: fonts-droid-fallback not installed: Chinese and Japanese show as '?'"
fi
grep "font atlas\|missing from the font" "$tmp/cjk.out"
# Rare characters beyond the common sets, typed after the start (--type): a new atlas with them is
# built on a thread and swapped in between frames (app/shell/fonts.h); scripted runs wait for the
# build, so it lands within --frames. 鬱 is in the common Japanese set; 龘 饕 餮 are not.
nodisplay --screenshot "$tmp/rare.png" --stats --frames 12 --text "Rare: " --type "鬱 龘 饕餮" >"$tmp/rare.out" 2>&1 ||
    fail "rare hanzi: $(cat "$tmp/rare.out")"
if [ -e /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ]; then
    grep -q "glyphs added on demand: 3 in 1 rebuilds .* the sentence lacks 0$" "$tmp/rare.out" ||
        fail "rare hanzi not added on demand: $(grep 'on demand' "$tmp/rare.out")"
fi
grep "on demand" "$tmp/rare.out"

if [ $failures -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "headless smoke: all passed"
