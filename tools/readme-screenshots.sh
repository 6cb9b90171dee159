#!/usr/bin/env bash
# readme-screenshots.sh [BUILD] — remakes the README's screenshots (docs/images/*.png) with the real
# app's --screenshot (headless: EGL when there is no DISPLAY), so the pictures always show the
# program as it is. BUILD defaults to build/ (app/attnlab must be built).
#
#   heatmap.png    the built-in model on a Korean sentence, layer 1 head 1
#   alignment.png  the translator `attnlab train --arch seq2seq --task en-ko` trains here (~1 min)
#   audio.png      the tiny Whisper test model listening to a Korean recording
#   image.png      the tiny ViT test model's class token looking at the patches of a sample photo
#   train.png      the Train view after 300 steps of the reverse task
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
app=$build/app/attnlab
out=$root/docs/images
[ -x "$app" ] || { echo "readme-screenshots: $app is not built"; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config
mkdir -p "$XDG_CONFIG_HOME"
fx=$root/tests/fixtures/pretrained/models
shot() {  # NAME ARGS...: one screenshot, 20 frames so every job has finished
    local name=$1
    shift
    "$app" "$@" --frames 20 --screenshot "$out/$name.png" >/dev/null
    echo "wrote docs/images/$name.png"
}

shot heatmap --text "그는 집에 갔다. 그의 집은 크다." --view heatmap --lang ko
"$app" train --arch seq2seq --task en-ko --steps 600 -o "$work/en-ko" >/dev/null 2>&1
shot alignment --model "$work/en-ko" --text "the teacher likes the old house" --view alignment --generate 8
shot audio --model "$fx/tiny-whisper" --audio "$root/tests/audio/fixtures/ko_16k.wav" --view audio --lang ko
shot image --model "$fx/tiny-vit" --image "$(ls "$root"/assets/samples/* | head -1)" --view image
shot train --view train --train-task reverse --train-steps 300
