#!/usr/bin/env bash
# bad_input_test.sh — the hostile-user suite (issue 15) through the real binary: one case or more
# per class (output files, model files, limits, numbers, messages). Every case asserts the exit
# code, no signal, exactly one line on stderr naming what is wrong, a time bound, and that every
# file that existed before is unchanged afterwards (checksums).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
here=$(cd "$(dirname "$0")" && pwd)
models="$here/../fixtures/pretrained/models"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# Files that must survive every case untouched.
keep="$tmp/keep"
mkdir -p "$keep"
echo '{"precious": true}' > "$keep/old.json"
ln -s old.json "$keep/link.json"
sums() { (cd "$keep" && find . -type f -exec md5sum {} + | sort); }
before=$(sums)

# case WANT PATTERN DESCRIPTION -- CMD...: exit WANT (< 128: no signal), one stderr line
# matching PATTERN (grep -E), every kept file unchanged, and no hang: 120 s is a guard against a
# loop that never ends, not a speed check (speed is bench/'s job; CI machines are often loaded).
case_() {
    local want=$1 pattern=$2 what=$3
    shift 4
    timeout 120 "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    local lines
    lines=$(wc -l <"$tmp/err")
    if [ $got -eq 124 ]; then fail "$what: did not finish in 120 s (a hang)"; return; fi
    if [ $got -ge 128 ]; then fail "$what: killed by signal $((got - 128))"; cat "$tmp/err" | head -5; return; fi
    if [ $got -ne "$want" ]; then fail "$what: exit $got, expected $want"; head -5 "$tmp/err"; return; fi
    if [ "$want" -ne 0 ] && [ "$lines" -ne 1 ]; then fail "$what: $lines lines on stderr, expected 1"; head -5 "$tmp/err"; return; fi
    if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$tmp/err"; then fail "$what: stderr lacks /$pattern/"; cat "$tmp/err"; return; fi
    if [ "$(sums)" != "$before" ]; then fail "$what: a pre-existing file changed"; return; fi
    passed=$((passed + 1))
}

# ---- 1. output files
case_ 0 "" "symlink output" -- "$bin" dump --text "a b" -o "$tmp/out-link.json" 
ln -s "out-target.json" "$tmp/sl.json"
case_ 0 "" "write through a symbolic link" -- "$bin" dump --text "a b" -o "$tmp/sl.json"
[ -L "$tmp/sl.json" ] && [ -s "$tmp/out-target.json" ] && passed=$((passed + 1)) || fail "symbolic link replaced by a file"
echo x > "$tmp/h1"; ln "$tmp/h1" "$tmp/h2"
case_ 0 "" "hard-linked output" -- "$bin" dump --text "a b" -o "$tmp/h1"
[ "$(stat -c %i "$tmp/h1")" = "$(stat -c %i "$tmp/h2")" ] && cmp -s "$tmp/h1" "$tmp/h2" && passed=$((passed + 1)) ||
    fail "hard link split"
# The real /dev/null only as a normal user: as root, a broken build would replace the system's
# device (it did once, on this suite's first run against the old code); root gets a private copy.
if [ "$(id -u)" != 0 ]; then
    case_ 0 "" "/dev/null as output" -- "$bin" dump --text "a b" -o /dev/null
    [ -c /dev/null ] && passed=$((passed + 1)) || fail "/dev/null replaced"
else
    mknod "$tmp/null-copy" c 1 3
    case_ 0 "" "a copy of /dev/null as output" -- "$bin" dump --text "a b" -o "$tmp/null-copy"
    [ -c "$tmp/null-copy" ] && passed=$((passed + 1)) || fail "device copy replaced by a file"
fi
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/fifo-got" 2>/dev/null &
reader=$!
case_ 0 "" "FIFO as output" -- "$bin" dump --text "a b" --compact -o "$tmp/fifo"
kill $reader 2>/dev/null; wait $reader 2>/dev/null
[ -p "$tmp/fifo" ] && grep -q attnlab-trace "$tmp/fifo-got" && passed=$((passed + 1)) || fail "FIFO not written in place"
long=$(printf 'n%.0s' $(seq 245)).json
case_ 0 "" "250-byte file name" -- "$bin" dump --text "a b" -o "$tmp/$long"
[ -s "$tmp/$long" ] && passed=$((passed + 1)) || fail "250-byte name not written"
case_ 3 "standard output: No space left" "standard output full" -- sh -c "'$bin' dump --text 'a b' -o - >/dev/full"
case_ 3 "standard output: No space left" "export to a full standard output" -- sh -c "'$bin' export --text 'a b' --format csv -o - >/dev/full"
case_ 3 "standard output" "help to a full standard output" -- sh -c "'$bin' --help >/dev/full"
case_ 1 "empty" "failed dump leaves the old file" -- "$bin" dump --text "" -o "$keep/old.json"
case_ 1 "empty" "failed dump through a link leaves its target" -- "$bin" dump --text "" -o "$keep/link.json"
[ -L "$keep/link.json" ] && passed=$((passed + 1)) || fail "link replaced after a failure"

# ---- 2. model files
cp -r "$models/tiny-gpt2" "$tmp/nan-model"
python3 - "$tmp/nan-model/model.safetensors" <<'PY'
import json, struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
n = struct.unpack('<Q', b[:8])[0]
h = json.loads(b[8:8 + n])
name, t = next((k, v) for k, v in h.items() if k != '__metadata__' and v['dtype'] in ('F32', 'F16', 'BF16') and v['data_offsets'][1] > v['data_offsets'][0])
at = 8 + n + t['data_offsets'][0]
b[at:at + 4] = struct.pack('<f', float('nan')) if t['dtype'] == 'F32' else b'\xff\x7f\xff\x7f'
open(p, 'wb').write(b)
PY
case_ 1 "(NaN|infinite).*finite weights" "NaN weights refused naming the tensor" -- "$bin" dump --model "$tmp/nan-model" --text "a" -o "$tmp/x.json"
cp -r "$models/tiny-gpt2" "$tmp/cut-model"
truncate -s 3000 "$tmp/cut-model/model.safetensors"
case_ 1 "truncated|holds only" "truncated weights" -- "$bin" dump --model "$tmp/cut-model" --text "a" -o "$tmp/x.json"

# ---- 3. limits (each once a hang or a crash)
cp -r "$models/tiny-gpt2" "$tmp/deep-model"
head -c 200000 /dev/zero | tr '\0' '[' > "$tmp/deep-model/config.json"
case_ 1 "levels deep \(the limit\)" "config.json nested 200000 deep" -- "$bin" dump --model "$tmp/deep-model" --text "a" -o "$tmp/x.json"
cp -r "$models/tiny-gpt2" "$tmp/layers-model"
sed -i 's/"n_layer": *[0-9]*/"n_layer": 100000/' "$tmp/layers-model/config.json"
case_ 1 "n_layer" "config with 100000 layers" -- "$bin" dump --model "$tmp/layers-model" --text "a" -o "$tmp/x.json"
cp -r "$models/tiny-gpt2" "$tmp/entries-model"
python3 - "$tmp/entries-model/model.safetensors" <<'PY'
import json, struct, sys
h = {'t%d' % i: {'dtype': 'F32', 'shape': [0], 'data_offsets': [0, 0]} for i in range(40000)}
s = json.dumps(h).encode()
open(sys.argv[1], 'wb').write(struct.pack('<Q', len(s)) + s)
PY
case_ 1 "more than [0-9]+ entries" "safetensors header with 40000 entries" -- "$bin" dump --model "$tmp/entries-model" --text "a" -o "$tmp/x.json"
mkdir -p "$tmp/added-model"
cp "$models/tiny-gpt2/config.json" "$models/tiny-gpt2/model.safetensors" "$tmp/added-model/"
python3 - "$here/../fixtures/pretrained/tokenizers/bpe/tokenizer.json" "$tmp/added-model/tokenizer.json" <<'PY'
import json, sys
tok = json.load(open(sys.argv[1]))
tok['added_tokens'] = [{'id': 100000 + i, 'content': 'tok%d' % i} for i in range(50000)]
json.dump(tok, open(sys.argv[2], 'w'))
PY
case_ 1 "added tokens; more than the limit" "50000 added tokens" -- "$bin" dump --model "$tmp/added-model" --text "a" -o "$tmp/x.json"
case_ 1 "padding length" "padding to 100000000" -- "$bin" dump --text "a b" --pad-to 100000000 -o "$tmp/x.json"
case_ 1 "not in range|2048" "--max-tokens 100000" -- "$bin" dump --text "a b" --max-tokens 100000 -o "$tmp/x.json"
case_ 1 "padding length" "pretrained padding to 2000000000" -- "$bin" dump --model "$models/tiny-gpt2" --text "a" --pad-to 2000000000 -o "$tmp/x.json"
case_ 1 "MiB of matrices" "trace over the memory budget" -- "$bin" dump --text "$(printf 'w %.0s' $(seq 2000))" --heads 256 --d-model 256 --max-tokens 2048 -o "$tmp/x.json"

# ---- 4. numbers
case_ 1 "0.01 to 100" "temperature 1e-30" -- "$bin" dump --text "a b" --temperature 1e-30 -o "$tmp/x.json"
case_ 1 "not a number" "temperature nan" -- "$bin" dump --text "a b" --temperature nan -o "$tmp/x.json"
case_ 0 "" "temperature 0.01 (the smallest)" -- "$bin" dump --text "a b c" --temperature 0.01 --compact -o "$tmp/t.json"
grep -qi 'nan\|inf' "$tmp/t.json" && fail "NaN or Inf in a trace" || passed=$((passed + 1))

# ---- 6. messages
case_ 2 "Unknown command 'dmp'.*attnlab --help" "mistyped subcommand" -- "$bin" dmp
case_ 1 "\.\.\.\(300 digits\)" "a 300-digit number is not echoed" -- "$bin" dump --text hi --heads "$(printf '9%.0s' $(seq 300))" -o "$tmp/x.json"
case_ 1 '\\xff' "invalid bytes escaped" -- "$bin" export --text hi --view $'heat\xffmap' -o "$tmp/x.png"
case_ 1 '\\xff' "invalid bytes in a block cell escaped" -- "$bin" dump --text hi --block $'0\xff:1' -o "$tmp/x.json"
case_ 2 "See attnlab --help" "unknown option" -- "$bin" dump --text hi --bogus -o "$tmp/x.json"
case_ 2 "^attnlab train: .*--lr" "a repeated option names its command" -- "$bin" train --lr 1e-3 --lr 2e-3 -o "$tmp/m"

# ---- 7. hostile inputs to the new readers (issue 34)
# Hangs: a named pipe as the image (opened before the check: blocked for ever); a tokenizer.json
# Split pattern that backtracks at every position of a long text (58 s; "|x" keeps PCRE2 from
# giving up early for want of a 'c'). The inner timeout keeps a
# regression from costing the suite's 120 s.
vit="$models/tiny-vit"
mkfifo "$tmp/photo.png"
case_ 1 "photo.png' is not a regular file" "a named pipe as --image" -- timeout 20 "$bin" dump --model "$vit" --image "$tmp/photo.png" -o "$tmp/x.json"
cp -r "$models/tiny-llama" "$tmp/regex-model"
python3 - "$tmp/regex-model/tokenizer.json" <<'PY'
import json, sys
tok = json.load(open(sys.argv[1]))
tok['pre_tokenizer'] = {'type': 'Split', 'pattern': {'Regex': '(?:a|a){1,18}c|x'}, 'behavior': 'Isolated'}
json.dump(tok, open(sys.argv[1], 'w'))
PY
start=$(date +%s%N)
case_ 1 "pre_tokenizer.pattern: the pattern needs too many steps" "backtracking Split on 30000 letters" -- \
    timeout 60 "$bin" dump --model "$tmp/regex-model" --text "$(head -c 30000 /dev/zero | tr '\0' a)" -o "$tmp/x.json"
ms=$((($(date +%s%N) - start) / 1000000))
echo "backtracking Split pattern on 30000 letters: refused after $ms ms"
[ "$ms" -lt 10000 ] && passed=$((passed + 1)) || fail "backtracking Split: $ms ms (the budget is 1 s)"
# Garbage accepted: the options' old "not given" markers, --chat on a vision model.
case_ 1 "--rope-theta: must be 1 to" "--rope-theta -1" -- "$bin" train --task copy --arch llama --rope-theta -1 -q -o "$tmp/m"
case_ 1 "--lr .*must be above 0" "--lr -1e300" -- "$bin" train --task copy --lr -1e300 -q -o "$tmp/m"
case_ 1 "--layers -2147483647: must be" "--layers -2147483647" -- "$bin" train --task copy --layers -2147483647 -q -o "$tmp/m"
case_ 1 "--lr .*must be above 0" "image task --lr -1e300" -- "$bin" train --task odd-one --lr -1e300 -q -o "$tmp/m"
[ -e "$tmp/m" ] && fail "a refused run left a model folder" || passed=$((passed + 1))
case_ 1 "--chat: .*no chat format" "predict --chat on a ViT" -- "$bin" predict --model "$vit" --image "$models/tiny-vit-input.png" --chat -o "$tmp/x.json"
# Messages: no terminal escapes from the user's text, long values shortened, the right file blamed.
case_ 1 "--arch llama.x1b\[2J: choose gpt, llama or seq2seq" "escape sequence in --arch" -- "$bin" train --task copy --arch $'llama\x1b[2J' -o "$tmp/m"
grep -q $'\x1b' "$tmp/err" && fail "a raw escape byte reached the terminal" || passed=$((passed + 1))
mkdir "$tmp/"$'old\x1b[2J\x07'
case_ 1 "exists already" "control bytes in an image task's output folder" -- "$bin" train --task odd-one -q -o "$tmp/"$'old\x1b[2J\x07'
grep -q $'[\x07\x1b]' "$tmp/err" && fail "raw control bytes reached the terminal" || passed=$((passed + 1))
case_ 1 "--eval-lengths .*give lengths" "978-byte --eval-lengths" -- "$bin" train --task copy --eval-lengths "$(printf '6,%.0s' $(seq 488))x" -o "$tmp/m"
[ "$(wc -c <"$tmp/err")" -lt 400 ] && passed=$((passed + 1)) || fail "--eval-lengths echoed at length ($(wc -c <"$tmp/err") bytes)"
mkdir -p "$tmp/fashion"
touch "$tmp/fashion/train-images-idx3-ubyte.gz"
case_ 1 "train-labels-idx1-ubyte.gz is missing" "a missing labels file named as such" -- "$bin" train --task fashion --data-dir "$tmp/fashion" -q -o "$tmp/m"
case_ 1 "reads images" "generate on a ViT" -- "$bin" generate --model "$vit" --text "a cat" -o "$tmp/x.json"
grep -q "MASK" "$tmp/err" && fail "generate on a ViT gives BERT's [MASK] advice" || passed=$((passed + 1))
cp -r "$vit" "$tmp/std-model"
echo '{"image_std": 1e-45}' > "$tmp/std-model/preprocessor_config.json"
case_ 1 "preprocessor_config.json: \"image_std\"" "image_std 1e-45 blamed on the preprocessor config" -- "$bin" dump --model "$tmp/std-model" --image "$models/tiny-vit-input.png" -o "$tmp/x.json"
# T5's log-scaled buckets start past the decoder's num_buckets / 2 exact ones: a max_distance at or
# below them used to read the bias table outside its bounds (issue 54); refused as Hugging Face does.
cp -r "$models/tiny-t5" "$tmp/t5-model"
for d in 1 8 12 16; do
    python3 - "$tmp/t5-model/config.json" "$d" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["relative_attention_num_buckets"] = 32; c["relative_attention_max_distance"] = int(sys.argv[2])
json.dump(c, open(sys.argv[1], "w"))
PY
    case_ 1 "relative_attention_max_distance.* is $d; with 32 buckets it must be above 16" "T5 max_distance $d with 32 buckets" -- \
        "$bin" generate --model "$tmp/t5-model" --text "a b c d e f g h i j k l m n o p q r s t u v w x y z" -o "$tmp/x.json"
done
# Exit codes: one rule for every command (cli_messages.h): a folder that is no model, a bad value
# (whether CLI11 or the command refuses it) are bad input (1); an unknown option or a missing
# required one is usage (2).
for cmd in dump predict generate lens heads export; do
    case_ 1 "" "$cmd: a folder that is no model" -- "$bin" $cmd --model "$keep" --text "a" -o "$tmp/x.json"
done
case_ 1 "--top-k must be at least 1" "predict --top-k 0" -- "$bin" predict --model "$models/tiny-gpt2" --text "a" --top-k 0 -o "$tmp/x.json"
case_ 1 "--tokens must be between" "generate --tokens -1" -- "$bin" generate --model "$models/tiny-gpt2" --text "a" --tokens -1 -o "$tmp/x.json"
case_ 1 "--top must be between" "lens --top 0" -- "$bin" lens --model "$models/tiny-gpt2" --text "a" --top 0 -o "$tmp/x.json"
case_ 1 "Could not convert" "train --layers two" -- "$bin" train --task copy --layers two -o "$tmp/m"
case_ 1 "Could not convert" "predict --top-k five" -- "$bin" predict --model "$models/tiny-gpt2" --text "a" --top-k five -o "$tmp/x.json"
case_ 2 "required" "predict without -o" -- "$bin" predict --model "$models/tiny-gpt2" --text "a"
case_ 2 "--text is required" "predict without --text" -- "$bin" predict --model "$models/tiny-gpt2" -o "$tmp/x.json"
case_ 2 "--text is required" "dump without --text" -- "$bin" dump -o "$tmp/x.json"
case_ 2 "See attnlab --help" "lens with an unknown option" -- "$bin" lens --model "$models/tiny-gpt2" --text "a" --bogus -o "$tmp/x.json"

echo "bad_input: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
