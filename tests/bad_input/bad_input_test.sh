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
case_ 2 "not in range|2048" "--max-tokens 100000" -- "$bin" dump --text "a b" --max-tokens 100000 -o "$tmp/x.json"
case_ 1 "padding length" "pretrained padding to 2000000000" -- "$bin" dump --model "$models/tiny-gpt2" --text "a" --pad-to 2000000000 -o "$tmp/x.json"
case_ 1 "MiB of matrices" "trace over the memory budget" -- "$bin" dump --text "$(printf 'w %.0s' $(seq 2000))" --heads 256 --d-model 256 --max-tokens 2048 -o "$tmp/x.json"

# ---- 4. numbers
case_ 1 "0.01 to 100" "temperature 1e-30" -- "$bin" dump --text "a b" --temperature 1e-30 -o "$tmp/x.json"
case_ 1 "not a number" "temperature nan" -- "$bin" dump --text "a b" --temperature nan -o "$tmp/x.json"
case_ 0 "" "temperature 0.01 (the smallest)" -- "$bin" dump --text "a b c" --temperature 0.01 --compact -o "$tmp/t.json"
grep -qi 'nan\|inf' "$tmp/t.json" && fail "NaN or Inf in a trace" || passed=$((passed + 1))

# ---- 6. messages
case_ 2 "Unknown command 'dmp'.*attnlab --help" "mistyped subcommand" -- "$bin" dmp
case_ 2 "\.\.\.\(300 digits\)" "a 300-digit number is not echoed" -- "$bin" dump --text hi --heads "$(printf '9%.0s' $(seq 300))" -o "$tmp/x.json"
case_ 1 '\\xff' "invalid bytes escaped" -- "$bin" export --text hi --view $'heat\xffmap' -o "$tmp/x.png"
case_ 1 '\\xff' "invalid bytes in a block cell escaped" -- "$bin" dump --text hi --block $'0\xff:1' -o "$tmp/x.json"
case_ 2 "See attnlab --help" "unknown option" -- "$bin" dump --text hi --bogus -o "$tmp/x.json"
case_ 2 "^attnlab train: .*--lr" "a repeated option names its command" -- "$bin" train --lr 1e-3 --lr 2e-3 -o "$tmp/m"

echo "bad_input: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
