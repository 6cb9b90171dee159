#!/usr/bin/env bash
# `attnlab train` as a user meets it: --list-tasks, a short run whose folder opens with
# `attnlab dump --model` and checks out in PyTorch, bad options, existing and unwritable folders.
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

# Bad options: exit 2, the option and its range named, nothing written.
expect_exit 2 "layers out of range" -- "$bin" train --task reverse --layers 9 -o "$tmp/bad"
expect_stderr "--layers 9: must be 1 to 4" "layers range"
expect_exit 2 "heads out of range" -- "$bin" train --task reverse --heads 0 -o "$tmp/bad"
expect_stderr "--heads 0: must be 1 to 8" "heads range"
expect_exit 2 "d-model not divisible" -- "$bin" train --task reverse --d-model 50 -o "$tmp/bad"
expect_stderr "not divisible" "d-model divisibility"
expect_exit 2 "bad lr" -- "$bin" train --task reverse --lr -1 -o "$tmp/bad"
expect_stderr "--lr" "lr range"
expect_exit 2 "unknown task" -- "$bin" train --task nope -o "$tmp/bad"
expect_stderr "unknown task. Choose one of: reverse" "unknown task"
expect_exit 2 "no output" -- "$bin" train --task reverse
expect_stderr "-o:" "missing -o"
expect_exit 2 "text option on another task" -- "$bin" train --task copy --text "hello" -o "$tmp/bad"
[ -e "$tmp/bad" ] && fail "a bad option left $tmp/bad" || ok

# Existing, missing and unwritable folders.
expect_exit 2 "existing folder" -- "$bin" train --task copy --steps 1 -o "$tmp/rev"
expect_stderr "exists already" "existing folder"
cmp -s "$tmp/rev/model.safetensors" "$tmp/rev2/model.safetensors" && ok || fail "existing folder changed"
expect_exit 2 "missing parent" -- "$bin" train --task copy --steps 1 -o "$tmp/no/such/dir"
expect_stderr "does not exist" "missing parent"
if [ "$(id -u)" != 0 ]; then  # root can write anywhere
    mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
    expect_exit 2 "unwritable folder" -- "$bin" train --task copy --steps 1 -o "$tmp/ro/model"
    expect_stderr "Cannot write" "unwritable folder"
    [ -z "$(ls -A "$tmp/ro")" ] && ok || fail "unwritable folder: something was left"
fi

echo "train CLI tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
