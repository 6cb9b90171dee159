#!/usr/bin/env bash
# The attnlab command line as a user meets it: help, a real dump, and every error path
# (exit code non-zero, a message, and no file left behind).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$(dirname "$0")/test_lib.sh"

expect_exit 0 "help" -- "$bin" --help
grep -q "dump" "$tmp/out" && ok || fail "--help does not mention dump"
expect_exit 0 "dump help" -- "$bin" dump --help
grep -q -- "--causal" "$tmp/out" && ok || fail "dump --help does not list --causal"
expect_exit 0 "version" -- "$bin" --version

# A real dump, loaded by Python's json: shapes and row sums.
expect_exit 0 "dump" -- "$bin" dump --text "Time flies like an arrow" --heads 2 --d-model 16 --causal -o "$tmp/run.json"
$py - "$tmp/run.json" <<'PY' && ok || fail "dump JSON content"
import json, sys
j = json.load(open(sys.argv[1]))
L = j["layers"][0]
assert [t["text"] for t in j["tokens"]["queries"]] == ["Time", "flies", "like", "an", "arrow"]
assert len(L["heads"]) == 2
w = L["heads"][1]["weights"]
assert len(w) == 5 and len(w[0]) == 5
for i, row in enumerate(w):
    assert abs(sum(row) - 1) < 1e-5, row
    assert all(x == 0 for x in row[i + 1:]), row
PY

# Korean, cross-attention, padding, window, global tokens, clicked cells together.
expect_exit 0 "dump korean cross" -- "$bin" dump --text "그는 집에 갔다." --cross-text "He went home" \
    --pad-to 5 --window 1 --global 0 --block 1:1 --no-scale --temperature 2 --no-pe --compact -o "$tmp/ko.json"
$py - "$tmp/ko.json" <<'PY' && ok || fail "korean cross JSON content"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["tokens"]["queries"][0]["text"] == "그는"
assert [t["text"] for t in j["tokens"]["keys"]] == ["He", "went", "home", "[PAD]", "[PAD]"]
assert j["key_is_pad"] == [0, 0, 0, 1, 1]
assert j["settings"]["scale"] is False and j["settings"]["temperature"] == 2
w = j["layers"][0]["heads"][0]["weights"]
assert all(row[3] == 0 and row[4] == 0 for row in w)
assert w[1][1] == 0
PY

expect_exit 0 "dump to stdout" -- "$bin" dump --text "a b" -o -
$py -c "import json,sys; json.load(open('$tmp/out'))" && ok || fail "stdout dump is not JSON"

# Errors: non-zero exit, a clear message, no output file.
expect_exit nonzero "missing text" -- "$bin" dump -o "$tmp/x.json"
expect_stderr "text" "missing text"
expect_exit nonzero "unknown option" -- "$bin" dump --text hi --bogus -o "$tmp/x.json"
expect_exit nonzero "empty text" -- "$bin" dump --text "" -o "$tmp/x.json"
expect_stderr "empty" "empty text"
expect_exit nonzero "invalid utf-8" -- "$bin" dump --text $'caf\xe9' -o "$tmp/x.json"
expect_stderr "UTF-8" "invalid utf-8"
expect_exit nonzero "heads not dividing d_model" -- "$bin" dump --text hi --d-model 30 --heads 4 -o "$tmp/x.json"
expect_stderr "divisible" "heads not dividing d_model"
expect_exit nonzero "bad temperature" -- "$bin" dump --text hi --temperature 0 -o "$tmp/x.json"
expect_exit nonzero "bad global list" -- "$bin" dump --text hi --global 1,x -o "$tmp/x.json"
expect_stderr "--global" "bad global list"
expect_exit nonzero "bad block cell" -- "$bin" dump --text hi --block 0-1 -o "$tmp/x.json"
expect_exit nonzero "cell out of range" -- "$bin" dump --text "a b" --block 0:5 -o "$tmp/x.json"
expect_stderr "outside" "cell out of range"
expect_exit nonzero "too many tokens" -- "$bin" dump --text "a b c d" --max-tokens 3 -o "$tmp/x.json"
expect_exit nonzero "unknown subcommand" -- "$bin" frobnicate
[ ! -e "$tmp/x.json" ] && ok || fail "a failed dump left $tmp/x.json behind"

expect_exit nonzero "missing folder" -- "$bin" dump --text hi -o "$tmp/no/such/dir/x.json"
expect_stderr "does not exist" "missing folder"
mkdir "$tmp/ro" && chmod 500 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then  # root ignores permissions
    expect_exit nonzero "unwritable folder" -- "$bin" dump --text hi -o "$tmp/ro/x.json"
fi
expect_exit nonzero "output is a folder" -- "$bin" dump --text hi -o "$tmp"
ls -A "$tmp" | grep -q '\.tmp-' && fail "temporary files left behind" || ok

# An existing file is replaced whole, never truncated on failure.
echo '{"keep": true}' > "$tmp/keep.json"
expect_exit nonzero "failed dump over an existing file" -- "$bin" dump --text "" -o "$tmp/keep.json"
grep -q keep "$tmp/keep.json" && ok || fail "a failed dump damaged the existing file"

# Real-model folders (tiny GPT-2 / BERT in Hugging Face layout, tests/fixtures/pretrained/models).
models=$(dirname "$0")/fixtures/pretrained/models
expect_exit 0 "dump gpt2 folder" -- "$bin" dump --model "$models/tiny-gpt2" --text "Time flies like an arrow" \
    -o "$tmp/gpt2.json"
$py - "$tmp/gpt2.json" "$models/tiny-gpt2/vocab.json" <<'PY' && ok || fail "gpt2 dump JSON content"
import json, sys
j = json.load(open(sys.argv[1]))
vocab = {i: p for p, i in json.load(open(sys.argv[2])).items()}
assert j["model"]["family"] == "GPT-2" and j["model"]["n_layers"] == 2, j["model"]
toks = j["tokens"]["queries"]
text = j["settings"]["text"].encode()
# Byte spans cover the text in order, and every id is a vocabulary entry.
assert b"".join(text[t["begin"]:t["end"]] for t in toks) == text
assert all(t["id"] in vocab for t in toks)
assert j["settings"]["mask"]["causal"] is True  # GPT-2 is causal whatever was asked
for L in j["layers"]:
    for h in L["heads"]:
        for i, row in enumerate(h["weights"]):
            assert abs(sum(row) - 1) < 1e-5 and all(x == 0 for x in row[i + 1:])
PY
expect_exit 0 "dump bert pair" -- "$bin" dump --model "$models/tiny-bert" --text "time flies" \
    --cross-text "like an arrow" -o "$tmp/bert.json"
$py - "$tmp/bert.json" <<'PY' && ok || fail "bert pair JSON content"
import json, sys
j = json.load(open(sys.argv[1]))
texts = [t["text"] for t in j["tokens"]["queries"]]
assert texts[0] == "[CLS]" and texts.count("[SEP]") == 2 and texts[-1] == "[SEP]", texts
assert j["model"]["family"] == "BERT"
PY
expect_exit 0 "export gpt2 layer 2" -- "$bin" export --model "$models/tiny-gpt2" --text "Time flies" --layer 2 \
    --view heatmap -o "$tmp/g.svg"
grep -q "GPT-2, 2 layers" "$tmp/g.svg" && ok || fail "the figure caption does not name the model family"
expect_exit nonzero "layer out of range" -- "$bin" export --model "$models/tiny-gpt2" --text "Time flies" \
    --layer 3 -o "$tmp/x.png"
expect_stderr "1–2" "layer out of range"
expect_exit nonzero "built-in options with --model" -- "$bin" dump --model "$models/tiny-gpt2" --heads 2 \
    --text "x" -o "$tmp/x.json"
expect_stderr "config.json decides" "built-in options with --model"
expect_exit nonzero "gpt2 with a second sentence" -- "$bin" dump --model "$models/tiny-gpt2" --text "a" \
    --cross-text "b" -o "$tmp/x.json"
expect_exit nonzero "not a model folder" -- "$bin" dump --model "$tmp" --text "x" -o "$tmp/x.json"
expect_stderr "config.json" "not a model folder"
[ ! -e "$tmp/x.json" ] && ok || fail "a failed model dump left $tmp/x.json behind"

# A pickle checkpoint is refused; our converter turns it into safetensors that load the same.
mkdir "$tmp/pickled"
cp "$models/tiny-gpt2/config.json" "$models/tiny-gpt2/vocab.json" "$models/tiny-gpt2/merges.txt" "$tmp/pickled/"
if $py -c "import torch" 2>/dev/null; then
    $py - "$models/tiny-gpt2/model.safetensors" "$tmp/pickled/pytorch_model.bin" <<'PY' && ok || fail "make a pickle"
import json, struct, sys, torch
raw = open(sys.argv[1], "rb").read()
n = struct.unpack("<Q", raw[:8])[0]
header = json.loads(raw[8:8 + n])
data = raw[8 + n:]
sd = {}
for name, info in header.items():
    if name == "__metadata__":
        continue
    b, e = info["data_offsets"]
    dtype = {"F32": torch.float32, "U8": torch.uint8, "BOOL": torch.bool, "I64": torch.int64}[info["dtype"]]
    sd[name] = torch.frombuffer(bytearray(data[b:e]), dtype=dtype).reshape(info["shape"])
torch.save(sd, sys.argv[2])
PY
    expect_exit nonzero "pickle refused" -- "$bin" dump --model "$tmp/pickled" --text "x" -o "$tmp/x.json"
    expect_stderr "pickle" "pickle refused"
    expect_exit 0 "convert" -- $py "$(dirname "$0")/../tools/convert_to_safetensors.py" "$tmp/pickled"
    expect_exit 0 "dump converted" -- "$bin" dump --model "$tmp/pickled" --text "Time flies" --compact -o "$tmp/c.json"
    "$bin" dump --model "$models/tiny-gpt2" --text "Time flies" --compact -o "$tmp/o.json" 2>/dev/null
    $py - "$tmp/c.json" "$tmp/o.json" <<'PY' && ok || fail "converted model gives other numbers"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["layers"][1]["heads"][2]["weights"] == b["layers"][1]["heads"][2]["weights"]
assert a["layers"][1]["output"] == b["layers"][1]["output"]
PY
else
    echo "cli: python3-torch missing, converter round trip skipped"; fail "python3-torch is a test dependency"
fi

echo "cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
