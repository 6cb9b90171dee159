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

shot_run() { gui "$@"; }
shot_prefix=""
# shellcheck source=tests/app/shot_lib.sh
. "$(dirname "$0")/shot_lib.sh"

# The default sentence fills 5×5 cells of 140 px from (487, 156) (below the menu bar): (1, 2) is at
# about (767..907, 296..436).
shot en "--coloured-at 780 310"
shot ko "" --lang ko --text "그는 집에 갔다. 그의 집은 크다."
shot causal "" --causal --text "The cat sat on the mat" --frames 5
# Mask editing through the real UI: a click on cell (1, 2) hides it (hatched grey after the rerun).
shot click "--grey-at 780 310" --mask-edit --click 800,320

# Every view, EN and KO: drawn for a few frames, the PNG has the window's size and is not blank.
view_shot() {
    local name=$1
    shift
    if ! gui --screenshot "$tmp/view-$name.png" --frames 4 "$@" >"$tmp/view-$name.out" 2>&1; then
        fail "view $name: $(cat "$tmp/view-$name.out")"
        return
    fi
    "$PNG_CHECK" "$tmp/view-$name.png" 1600 1000 || fail "view $name: image check"
    if [ -n "${KEEP_SHOTS:-}" ]; then cp "$tmp/view-$name.png" "$KEEP_SHOTS/"; fi
}
for view in heatmap explain heads scaling pipeline lines positional variants cost; do
    view_shot "$view-en" --view "$view"
    view_shot "$view-ko" --view "$view" --lang ko --text "그는 집에 갔다. 그의 집은 크다."
done
# A real model folder (tiny GPT-2 / BERT in Hugging Face layout): the Model view and a layer's heatmap.
models="$(dirname "$0")/../fixtures/pretrained/models"
view_shot model-gpt2-en --view model --model "$models/tiny-gpt2"
view_shot model-bert-ko --view model --lang ko --model "$models/tiny-bert" --text "그는 집에 갔다"
view_shot heatmap-gpt2-ko --view heatmap --lang ko --model "$models/tiny-gpt2" --text "Time flies like an arrow"
# Knocked-out heads (issue 25): the Predict view's comparison and head ranking, the Model view's crossed-out heads.
view_shot predict-knock-en --view predict --model "$models/tiny-gpt2" --text " the cat sat on the mat" --knock 1.2,2.3 \
    --rank-heads --frames 8
view_shot predict-knock-ko --view predict --lang ko --model "$models/tiny-gpt2" --knock 2.1 --rank-heads --frames 8 \
    --text " the cat sat on the mat and the dog sat on the cat while the cat sat on the mat"
view_shot model-knock-ko --view model --lang ko --model "$models/tiny-gpt2" --knock 1.2,2.3
# The Lens view (logit lens): short sentence EN, long sentence KO with a knocked-out head (scrolls).
view_shot lens-en --view lens --model "$models/tiny-gpt2" --text " the cat sat on the mat"
view_shot lens-ko --view lens --lang ko --model "$models/tiny-gpt2" --knock 2.1 \
    --text " the cat sat on the mat and the dog sat on the cat while the cat sat on the mat"
view_shot lens-none-ko --view lens --lang ko
# The Lens view's export popup, and BERT's fillers with and without knocked-out heads (issue 25, lens).
view_shot lens-export-en --export-dialog --view lens --model "$models/tiny-gpt2" --text " the cat sat on the mat"
view_shot lens-export-ko --export-dialog --view lens --lang ko --model "$models/tiny-gpt2" --text " the cat sat on the mat"
bert_mlm="$(dirname "$0")/../fixtures/lm/tiny-bert-mlm"
view_shot predict-bert-knock-en --view predict --model "$bert_mlm" --text "the cat [MASK] on the mat." --knock 1.2,2.1
view_shot predict-bert-knock-ko --view predict --lang ko --model "$bert_mlm" --text "the cat [MASK] on the mat." --knock 1.2
# Head roles on a model trained here (scored on its task's examples): reverse's layer-1 heads with
# the positional badge, and a head's tooltip with every score (the pointer on layer 1, head 1).
if "$ATTNLAB" train --task reverse -o "$tmp/reverse" >"$tmp/train.out" 2>&1; then
    view_shot model-roles-reverse-en --view model --model "$tmp/reverse" --text "abcdef>fedcb" --mouse 560,190 --frames 6
    view_shot model-roles-reverse-ko --view model --lang ko --model "$tmp/reverse" --text "abcdef>fedcb" --mouse 560,190 \
        --frames 6
else
    fail "train reverse for the head-role shots: $(cat "$tmp/train.out")"
fi
# Vision models (tiny ViT / DeiT): the Image view with a patch selected and [CLS] per head, every
# other view on an image trace, and a vision model without an image (the views say how to open one).
img="$models/tiny-vit-input.png"
view_shot image-vit-en --view image --model "$models/tiny-vit" --image "$img" --patch 1,2
view_shot image-vit-ko --view image --lang ko --model "$models/tiny-vit" --image "$img" --patch 2,1 --mouse 700,500
view_shot image-deit-heads-ko --view image --lang ko --model "$models/tiny-deit" --image "$img" --image-mode heads
view_shot image-vit-rollout --view image --model "$models/tiny-vit" --image "$img" --image-mode rollout
view_shot image-none-ko --view image --lang ko --model "$models/tiny-vit"
# The ViT paper's Figure 7 views (a dot hovered, a map clicked), the pipeline's z0 step, and the
# same views for a text model (a message). The heatmap with patch thumbnails is vit-heatmap below.
view_shot attn-distance-vit-en --view attn-distance --model "$models/tiny-vit" --image "$img" --mouse 800,500
view_shot attn-distance-deit-ko --view attn-distance --lang ko --model "$models/tiny-deit" --image "$img"
view_shot pos-similarity-vit-en --view pos-similarity --model "$models/tiny-vit" --image "$img" --click 700,500 --frames 5
view_shot pos-similarity-deit-ko --view pos-similarity --lang ko --model "$models/tiny-deit" --image "$img"
view_shot pipeline-z0-vit-ko --view pipeline --lang ko --model "$models/tiny-vit" --image "$img"
view_shot attn-distance-text --view attn-distance
view_shot export-dialog-image-ko --export-dialog --view image --lang ko --model "$models/tiny-vit" --image "$img"
# Rotary decoders (issue 24): the RoPE view with its shift test and KV-cache column, the Model view's
# K/V groups; GPT-2 in the RoPE view gets the notice.
view_shot rope-llama-en --view rope --model "$models/tiny-llama" --text "Time flies like an arrow"
view_shot rope-qwen3-ko --view rope --lang ko --model "$models/tiny-qwen3" --text "그는 집에 갔다"
view_shot rope-gpt2-en --view rope --model "$models/tiny-gpt2"
view_shot gqa-llama-en --view model --model "$models/tiny-llama" --text "Time flies like an arrow"
view_shot gqa-qwen3-ko --view model --lang ko --model "$models/tiny-qwen3" --text "그는 집에 갔다"
view_shot gqa-explain-ko --view explain --lang ko --model "$models/tiny-llama" --text "Time flies" --click 800,400 --frames 5
for view in heatmap explain heads scaling pipeline lines positional variants cost model row qk predict; do
    view_shot "vit-$view" --view "$view" --model "$models/tiny-vit" --image "$img" --click 700,400 --frames 5
done
# Issue 22 beyond the Image view: --patch R,C selects the patch in every view (the Row view: the query's
# picture, the keys' pictures under the bars; Q·K: points labelled with patches), the hovered cell's two
# patches in All heads' and the Model view's tooltips, the Train view's figure popup for an image task.
view_shot vit-patch-row-ko --view row --lang ko --model "$models/tiny-vit" --image "$img" --patch 1,2
grep -q "selected cell 7," "$tmp/view-vit-patch-row-ko.out" || fail "--patch 1,2 did not select token 7 in the Row view"
view_shot vit-patch-qk-en --view qk --model "$models/tiny-vit" --image "$img" --patch 2,1
view_shot vit-heads-hover-ko --view heads --lang ko --model "$models/tiny-vit" --image "$img" --mouse 600,300
view_shot vit-model-hover-en --view model --model "$models/tiny-vit" --image "$img" --mouse 640,300
view_shot train-odd-export-en --view train --train-task odd-one --train-steps 20 --export-dialog
if [ -d /usr/share/datasets/fashion-mnist ]; then  # dataset-fashion-mnist: the probes' names in Korean
    view_shot train-fashion-export-ko --view train --lang ko --train-task fashion --train-steps 20 --export-dialog
fi
view_shot presentation-en --presentation --view explain
view_shot presentation-ko --presentation --view heads --lang ko --text "그는 집에 갔다. 그의 집은 크다."
view_shot menu-open --click 25,10 --frames 5   # the View menu open
view_shot export-dialog --export-dialog --view heads --lang ko
long_text=$(for i in $(seq 0 511); do printf 'w%d ' "$i"; done)
view_shot heads-512 --view heads --causal --text "$long_text"      # 512 tokens: 5 textures of 512²
view_shot lines-512 --view lines --text "$long_text"               # above the cap: a message
for view in explain heads scaling pipeline lines positional; do  # cross-attention: T_q ≠ T_k
    view_shot "cross-$view" --view "$view" --cross-text "시간은 화살처럼 날아간다 정말로" --click 600,300 --frames 6
done

# The explainer after a click on cell (1, 2) of the left heatmap: it shows the numbers.
shot explain-click "--coloured-at 660 330" --view explain --click 700,350 | tee "$tmp/explain-click.out"
grep -q "selected cell 2,2" "$tmp/explain-click.out" || fail "explain-click: the click did not select cell (2, 2)"
shot explain-click-ko "" --view explain --lang ko --text "나는 학교에 간다" --click 600,400 | tee "$tmp/explain-ko.out"
grep -q "selected cell 1,0" "$tmp/explain-ko.out" || fail "explain-click-ko: the click did not select cell (1, 0)"

# Settings: --config DIR is read and written; a corrupt file means defaults, not a crash; without
# --config a screenshot run leaves the home folder alone.
cfg="$tmp/cfg"
gui --screenshot "$tmp/cfg1.png" --config "$cfg" --view lines --text "Hello settings" >/dev/null 2>&1 || fail "config: first run"
grep -q '"view": "lines"' "$cfg/settings.json" 2>/dev/null || fail "config: view not saved"
grep -q 'Hello settings' "$cfg/settings.json" 2>/dev/null || fail "config: text not saved"
out=$(gui --screenshot "$tmp/cfg2.png" --config "$cfg" 2>&1) || fail "config: second run"
echo "$out" | grep -q "view lines" || fail "config: the saved view was not restored ($out)"
printf '{"text": ' >"$cfg/settings.json"
gui --screenshot "$tmp/cfg3.png" --config "$cfg" >/dev/null 2>&1 || fail "config: a corrupt settings file broke the run"
grep -q '"version"' "$cfg/settings.json" || fail "config: not rewritten after a corrupt file"
mkdir -p "$tmp/home"
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/xdg" gui --screenshot "$tmp/nocfg.png" >/dev/null 2>&1 || fail "no-config run"
[ -z "$(ls -A "$tmp/home")" ] || fail "a --screenshot run without --config wrote into HOME"

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
