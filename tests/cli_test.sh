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

echo "cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
