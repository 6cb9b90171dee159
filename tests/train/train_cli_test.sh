#!/usr/bin/env bash
# `attnlab train` as a user meets it: --list-tasks, a short run whose folder opens with
# `attnlab dump --model` and checks out in PyTorch, bad options, existing and unwritable folders,
# --figure (PNG, SVG in Korean, PDF; refused names and folders); the image tasks' ViT folder; --arch
# llama's Llama folder and --eval-lengths; --arch seq2seq's Marian folder (the toy English → Korean).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
fixtures=${FIXTURES:?set FIXTURES to tests/fixtures/train}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$(dirname "$0")/../test_lib.sh"

expect_exit 0 "list tasks" -- "$bin" train --list-tasks
for t in reverse sort copy induction brackets text; do
    grep -q "^$t " "$tmp/out" && ok || fail "--list-tasks lacks $t"
done
expect_exit 0 "list tasks ko" -- "$bin" train --list-tasks --lang ko
grep -q "반대 대각선" "$tmp/out" && ok || fail "--list-tasks --lang ko is not Korean"

# reverse at its defaults (400 steps of 4, well under a second) learns; the folder opens in our
# loader and in PyTorch.
expect_exit 0 "train reverse" -- "$bin" train --task reverse --threads 1 -q -o "$tmp/rev"
expect_stderr "100.0% exact\|99\.[0-9]% exact" "train reverse accuracy"
for f in config.json model.safetensors vocab.json merges.txt tokenizer_config.json task.json train_log.json; do
    [ -s "$tmp/rev/$f" ] && ok || fail "train: $f missing"
done
ls -a "$tmp" | grep -q "tmp-" && fail "train left a temporary folder" || ok
probe=$($py -c "import json,sys; print(json.load(open(sys.argv[1]))['probe'])" "$tmp/rev/task.json")
expect_exit 0 "dump the trained model" -- "$bin" dump --model "$tmp/rev" --text "$probe" -o "$tmp/dump.json"
if $py -c "import torch" 2>/dev/null; then
    $py "$fixtures/check_saved_model.py" "$tmp/rev" "$tmp/dump.json" >"$tmp/check" 2>&1 && ok ||
        { fail "the saved folder does not check out in PyTorch"; cat "$tmp/check"; }
    cat "$tmp/check"
fi
expect_exit 0 "dump another text (every byte has a token)" -- "$bin" dump --model "$tmp/rev" --text "xyz" -o "$tmp/x.json"

# The same seed gives the same weights.
expect_exit 0 "train again" -- "$bin" train --task reverse --threads 2 -q -o "$tmp/rev2"
cmp -s "$tmp/rev/model.safetensors" "$tmp/rev2/model.safetensors" && ok || fail "same seed, different weights"

# Bad options: exit 1 (bad input; no -o at all: 2, usage), the option and its range named, nothing written.
expect_exit 1 "layers out of range" -- "$bin" train --task reverse --layers 9 -o "$tmp/bad"
expect_stderr "--layers 9: must be 1 to 4" "layers range"
expect_exit 1 "heads out of range" -- "$bin" train --task reverse --heads 0 -o "$tmp/bad"
expect_stderr "--heads 0: must be 1 to 8" "heads range"
expect_exit 1 "d-model not divisible" -- "$bin" train --task reverse --d-model 50 -o "$tmp/bad"
expect_stderr "not divisible" "d-model divisibility"
expect_exit 1 "bad lr" -- "$bin" train --task reverse --lr -1 -o "$tmp/bad"
expect_stderr "--lr" "lr range"
expect_exit 1 "unknown task" -- "$bin" train --task nope -o "$tmp/bad"
expect_stderr "unknown task. Choose one of: reverse" "unknown task"
expect_exit 2 "no output" -- "$bin" train --task reverse
expect_stderr "-o:" "missing -o"
expect_exit 1 "text option on another task" -- "$bin" train --task copy --text "hello" -o "$tmp/bad"
[ -e "$tmp/bad" ] && fail "a bad option left $tmp/bad" || ok

# Existing (1: a bad value), missing and unwritable folders (3: the output cannot be written).
expect_exit 1 "existing folder" -- "$bin" train --task copy --steps 1 -o "$tmp/rev"
expect_stderr "exists already" "existing folder"
cmp -s "$tmp/rev/model.safetensors" "$tmp/rev2/model.safetensors" && ok || fail "existing folder changed"
expect_exit 3 "missing parent" -- "$bin" train --task copy --steps 1 -o "$tmp/no/such/dir"
expect_stderr "does not exist" "missing parent"
if [ "$(id -u)" != 0 ]; then  # root can write anywhere
    mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
    expect_exit 3 "unwritable folder" -- "$bin" train --task copy --steps 1 -o "$tmp/ro/model"
    expect_stderr "Cannot write" "unwritable folder"
    [ -z "$(ls -A "$tmp/ro")" ] && ok || fail "unwritable folder: something was left"
fi

# --figure: the run as a figure (format from the extension, --lang), with or without -o; bad names
# and folders are refused before training (exit 1, or 3 for a missing or unwritable folder; nothing written).
expect_exit 0 "figure only (PNG)" -- "$bin" train --task reverse --steps 30 --threads 1 -q --figure "$tmp/fig.png"
[ "$(head -c 8 "$tmp/fig.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] && ok || fail "--figure: not a PNG"
expect_stderr "Wrote the figure" "figure written"
expect_exit 0 "model and Korean SVG" -- "$bin" train --task copy --steps 20 --threads 1 -q -o "$tmp/copy" \
    --figure "$tmp/fig-ko.SVG" --lang ko
[ -s "$tmp/copy/model.safetensors" ] && ok || fail "--figure with -o: no model"
grep -q "“copy” 학습" "$tmp/fig-ko.SVG" && ok || fail "--figure --lang ko: no Korean title in the SVG"
expect_exit 0 "PDF" -- "$bin" train --task reverse --steps 10 --threads 1 -q --figure "$tmp/fig.pdf"
head -c 5 "$tmp/fig.pdf" | grep -q "%PDF-" && ok || fail "--figure: not a PDF"
expect_exit 1 "figure: unknown extension" -- "$bin" train --task reverse --steps 5 --figure "$tmp/fig.jpg"
expect_stderr "must end in .png, .svg or .pdf" "figure extension"
expect_exit 3 "figure: missing folder" -- "$bin" train --task reverse --steps 5 --figure "$tmp/no/such/fig.png"
expect_stderr "does not exist" "figure missing folder"
mkdir "$tmp/dir.png"
expect_exit 1 "figure: a folder" -- "$bin" train --task reverse --steps 5 --figure "$tmp/dir.png"
expect_stderr "is a folder" "figure is a folder"
if [ "$(id -u)" != 0 ]; then
    mkdir -p "$tmp/ro2" && chmod a-w "$tmp/ro2"
    expect_exit 3 "figure: unwritable folder" -- "$bin" train --task reverse --steps 5 --figure "$tmp/ro2/fig.png"
    expect_stderr "^attnlab train: --figure: Cannot write in" "figure unwritable folder"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || fail "figure unwritable folder: more than one line on stderr"
    [ -z "$(ls -A "$tmp/ro2")" ] && ok || fail "figure unwritable folder: something was left"
fi
# Root passes the folder check, so the write itself fails after training (exit 1); others stop
# before training (exit 2). Either way: one message line, no file.
expect_exit nonzero "figure: sysfs" -- "$bin" train --task reverse --steps 5 -q --figure /sys/attnlab-test-fig.png
expect_stderr "^attnlab train: --figure: Cannot write" "figure in sysfs"
[ "$(grep -c '^attnlab train:' "$tmp/err")" -eq 1 ] && ok || fail "figure in sysfs: not one message line"
[ -e /sys/attnlab-test-fig.png ] && fail "figure in sysfs: a file was left" || ok
[ -e "$tmp/fig.jpg" ] && fail "a refused figure was written" || ok

# Image tasks: the tiny Vision Transformer. A short odd-one run saves a ViT folder that `attnlab
# predict --image` classifies with the task's class names; bad image options are refused.
expect_exit 0 "list tasks: image tasks" -- "$bin" train --list-tasks
grep -q "^fashion " "$tmp/out" && grep -q "^odd-one " "$tmp/out" && ok || fail "--list-tasks lacks fashion or odd-one"
expect_exit 0 "train odd-one (short)" -- "$bin" train --task odd-one --steps 40 --train-size 300 --test-size 50 \
    --threads 1 -q -o "$tmp/odd"
expect_stderr "on 50 test images: [0-9.]*% right" "odd-one accuracy line"
for f in config.json model.safetensors preprocessor_config.json task.json train_log.json; do
    [ -s "$tmp/odd/$f" ] && ok || fail "train odd-one: $f missing"
done
grep -q '"ViTForImageClassification"' "$tmp/odd/config.json" && ok || fail "odd-one: not a ViTForImageClassification"
if $py -c "import PIL" 2>/dev/null; then
    $py -c "from PIL import Image; Image.new('L', (28, 28), 20).save('$tmp/grey.png')"
    expect_exit 0 "predict with the trained ViT" -- "$bin" predict --model "$tmp/odd" --image "$tmp/grey.png" -o "$tmp/pred.json"
    grep -q '"top left"\|"bottom right"\|"top right"\|"bottom left"' "$tmp/pred.json" && ok ||
        fail "predict: the odd-one class names are missing"
fi
expect_exit 1 "image task: bad patch" -- "$bin" train --task fashion --patch 5 -o "$tmp/badvit"
expect_stderr "--patch 5: must divide the image side 28" "patch range"
expect_exit 1 "image task: train size" -- "$bin" train --task odd-one --train-size 5 -o "$tmp/badvit"
expect_stderr "--train-size 5: must be 10 to 60000" "train size range"
expect_exit 1 "image task: figure" -- "$bin" train --task odd-one --figure "$tmp/f.png" -o "$tmp/badvit"
expect_stderr "--figure is for the text tasks" "figure refused for images"
expect_exit 1 "image option on a text task" -- "$bin" train --task copy --patch 7 -o "$tmp/badvit"
expect_stderr "are for the image tasks" "patch on a text task"
expect_exit 1 "fashion without the dataset" -- "$bin" train --task fashion --data-dir "$tmp/nodata" -q -o "$tmp/badvit"
expect_stderr "Install Debian's dataset-fashion-mnist package" "missing dataset"
[ -e "$tmp/badvit" ] && fail "a refused image run left a folder" || ok

# --arch llama (RoPE, RMSNorm, SwiGLU, grouped-query attention): a LlamaForCausalLM folder that
# predict and generate open; --eval-lengths prints one line per length on stdout; bad options.
expect_exit 0 "train copy, llama arch" -- "$bin" train --task copy --arch llama --heads 4 --kv-heads 2 --steps 150 \
    --threads 1 -q -o "$tmp/llama" --eval-lengths 6,8
expect_stderr "100.0% exact\|99\.[0-9]% exact" "llama copy accuracy"
grep -q "^length  6 (trained 6): *[0-9.]*% exact" "$tmp/out" && grep -q "^length  8 (trained 6):" "$tmp/out" && ok ||
    { fail "--eval-lengths: no table on stdout"; cat "$tmp/out"; }
grep -q '"LlamaForCausalLM"' "$tmp/llama/config.json" && grep -q '"num_key_value_heads": 2' "$tmp/llama/config.json" &&
    ok || fail "llama: config.json is not a grouped LlamaForCausalLM"
for f in model.safetensors vocab.json merges.txt tokenizer_config.json task.json train_log.json; do
    [ -s "$tmp/llama/$f" ] && ok || fail "train llama: $f missing"
done
lprobe=$($py -c "import json,sys; print(json.load(open(sys.argv[1]))['examples'][0]['text'])" "$tmp/llama/task.json")
prompt=${lprobe%%>*}">"
expect_exit 0 "predict with the llama folder" -- "$bin" predict --model "$tmp/llama" --text "$prompt" -o "$tmp/lpred.json"
expect_exit 0 "generate with the llama folder" -- "$bin" generate --model "$tmp/llama" --text "$prompt" --tokens 6 \
    -o "$tmp/lgen.json"
grep -q "${lprobe#*>}" "$tmp/lgen.json" && ok || { fail "generate: the llama model did not copy ${lprobe%%>*}"; head -c 600 "$tmp/lgen.json"; }
expect_exit 0 "dump the llama folder" -- "$bin" dump --model "$tmp/llama" --text "$lprobe" -o "$tmp/ldump.json"
if $py -c "import torch" 2>/dev/null; then  # Hugging Face's Llama math in plain PyTorch
    $py "$fixtures/check_saved_llama.py" "$tmp/llama" "$tmp/ldump.json" >"$tmp/check" 2>&1 && ok ||
        { fail "the saved llama folder does not check out in PyTorch"; cat "$tmp/check"; }
    cat "$tmp/check"
fi
expect_exit 1 "unknown arch" -- "$bin" train --task copy --arch bert -o "$tmp/bad"
expect_stderr "--arch bert: choose gpt, llama or seq2seq" "arch name"
expect_exit 1 "kv heads on gpt" -- "$bin" train --task copy --kv-heads 2 -o "$tmp/bad"
expect_stderr "--kv-heads is for --arch llama" "kv heads need llama"
expect_exit 1 "kv heads not dividing" -- "$bin" train --task copy --arch llama --heads 4 --kv-heads 3 -o "$tmp/bad"
expect_stderr "--kv-heads 3: must divide --heads 4" "kv heads divide"
expect_exit 1 "bad eval lengths" -- "$bin" train --task copy --eval-lengths 6,x -o "$tmp/bad"
expect_stderr "--eval-lengths 6,x: give lengths" "eval lengths syntax"
expect_exit 1 "eval length out of the task's range" -- "$bin" train --task copy --eval-lengths 40 -o "$tmp/bad"
expect_stderr "--eval-lengths: --length 40" "eval length range"
expect_exit 1 "arch on an image task" -- "$bin" train --task odd-one --arch llama -o "$tmp/bad"
expect_stderr "are for the text tasks" "arch refused for images"
[ -e "$tmp/bad" ] && fail "a refused llama run left a folder" || ok

# --arch seq2seq: the encoder–decoder learns the toy English → Korean grammar at its defaults; its
# MarianMTModel folder translates with `attnlab generate`, and its SentencePiece files cut Korean
# as Debian's python3-sentencepiece reads them.
expect_exit 0 "list tasks: seq2seq" -- "$bin" train --list-tasks
grep -q "^en-ko (--arch seq2seq) " "$tmp/out" && ok || fail "--list-tasks lacks en-ko"
expect_exit 0 "train en-ko" -- "$bin" train --arch seq2seq --task en-ko --threads 1 -q -o "$tmp/enko"
expect_stderr "100.0% translated exactly\|99\.[0-9]% translated exactly" "en-ko accuracy"
for f in config.json model.safetensors vocab.json source.spm target.spm tokenizer_config.json generation_config.json \
    seq2seq_task.json train_log.json; do
    [ -s "$tmp/enko/$f" ] && ok || fail "train en-ko: $f missing"
done
grep -q '"MarianMTModel"' "$tmp/enko/config.json" && ok || fail "en-ko: not a MarianMTModel"
expect_exit 0 "translate with the trained model" -- "$bin" generate --model "$tmp/enko" \
    --text "the big dog sees the small cat" --tokens 10 -o "$tmp/gen.json"
[ "$($py -c "import json,sys; print(json.load(open(sys.argv[1]))['generated_text'])" "$tmp/gen.json")" = "큰 개가 작은 고양이를 본다" ] &&
    ok || fail "the trained en-ko model does not translate 'the big dog sees the small cat'"
if $py -c "import sentencepiece" 2>/dev/null; then
    pieces=$($py -c "import sentencepiece as s,sys; print(' '.join(s.SentencePieceProcessor(model_file=sys.argv[1]).encode('고양이가 생선을 먹는다', out_type=str)))" "$tmp/enko/target.spm")
    [ "$pieces" = "▁고양이 가 ▁생선 을 ▁먹는다" ] && ok || fail "target.spm cuts Korean as '$pieces'"
fi
expect_exit 1 "a decoder task for seq2seq" -- "$bin" train --arch seq2seq --task copy -o "$tmp/bad"
expect_stderr "no such task for --arch seq2seq. Choose one of: reverse, sort, en-ko" "seq2seq tasks named"
expect_exit 1 "en-ko has no length" -- "$bin" train --arch seq2seq --task en-ko --length 5 -o "$tmp/bad"
expect_stderr "--length: en-ko has no length" "en-ko length refused"
expect_exit 1 "no-mlp for seq2seq" -- "$bin" train --arch seq2seq --task reverse --no-mlp -o "$tmp/bad"
expect_stderr "are for --arch gpt and llama" "seq2seq refuses decoder options"
expect_exit 0 "seq2seq --figure alone" -- "$bin" train --arch seq2seq --task reverse --steps 40 -q --lang ko \
    --figure "$tmp/s2s.pdf"
[ -s "$tmp/s2s.pdf" ] && head -c 5 "$tmp/s2s.pdf" | grep -q "%PDF" && ok || fail "seq2seq --figure: no PDF"
expect_exit 1 "seq2seq --figure with a bad name" -- "$bin" train --arch seq2seq --task reverse --figure "$tmp/s2s.gif"
expect_stderr "must end in .png, .svg or .pdf" "seq2seq figure name"
expect_exit 2 "seq2seq without -o" -- "$bin" train --arch seq2seq --task reverse
[ -e "$tmp/bad" ] && fail "a refused seq2seq run left a folder" || ok

echo "train CLI tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
