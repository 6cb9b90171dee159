#!/usr/bin/env bash
# closed_pipe_test.sh — every command that writes to standard output, when its reader stops
# reading (`attnlab dump -o - | head`): no message on stderr, exit 141 (128 + SIGPIPE, as any Unix
# tool; cli_messages.h), while a full standard output stays an error (3, with its message).
# Two ways: a real `| head -c 10` under outputs larger than a pipe's 64 KiB buffer, and a pipe
# whose reader closed before the command started (deterministic, also for short outputs).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$here/test_lib.sh"
models=$here/fixtures/pretrained/models
src=$here/..

# A text long enough for a dump far larger than a pipe's buffer (~40 tokens, every intermediate).
long="Time flies like an arrow and fruit flies like a banana, said the teacher to the students"
long="$long $long"

quiet_exit() {  # quiet_exit DESCRIPTION -- CMD...: `CMD | head -c 10`, expect 141 and empty stderr
    local what=$1
    shift 2
    "$@" 2>"$tmp/err" | head -c 10 >/dev/null
    local got=${PIPESTATUS[0]}
    [ "$got" -eq 141 ] && ok || fail "$what | head -c 10: exit $got, expected 141"
    [ ! -s "$tmp/err" ] && ok || fail "$what | head -c 10: stderr says: $(head -c 300 "$tmp/err")"
}

closed_reader() {  # closed_reader DESCRIPTION -- CMD...: stdout a pipe already closed by its reader
    local what=$1
    shift 2
    /usr/bin/python3 - "$tmp/err" "$@" <<'PY' >"$tmp/code"
import os, subprocess, sys
r, w = os.pipe()
os.close(r)  # the reader has gone before the command writes anything
with open(sys.argv[1], "wb") as err:
    print(subprocess.run(sys.argv[2:], stdout=w, stderr=err).returncode)
PY
    local got
    got=$(cat "$tmp/code")
    [ "$got" = 141 ] && ok || fail "$what (reader gone): exit $got, expected 141"
    [ ! -s "$tmp/err" ] && ok || fail "$what (reader gone): stderr says: $(head -c 300 "$tmp/err")"
}

"$bin" dump --text "$long" -o - 2>/dev/null | wc -c >"$tmp/size"
[ "$(cat "$tmp/size")" -gt 200000 ] && ok || fail "the dump is too small to fill a pipe: $(cat "$tmp/size") bytes"

quiet_exit "dump" -- "$bin" dump --text "$long" -o -
quiet_exit "dump --compact" -- "$bin" dump --text "$long" --compact -o -
quiet_exit "export json" -- "$bin" export --text "$long" --format json -o -
quiet_exit "export png" -- "$bin" export --text "$long" --view heads --format png -o -

closed_reader "dump" -- "$bin" dump --text "a b" -o -
closed_reader "export csv" -- "$bin" export --text "a b" --format csv -o -
closed_reader "export svg" -- "$bin" export --text "a b" --format svg -o -
closed_reader "--help" -- "$bin" --help
closed_reader "dump --help" -- "$bin" dump --help
closed_reader "--version" -- "$bin" --version
closed_reader "--version --verbose" -- "$bin" --version --verbose
closed_reader "train --list-tasks" -- "$bin" train --list-tasks
closed_reader "lesson --check" -- "$bin" lesson "$src/assets/lessons/en/01-"*.md --check
closed_reader "generate" -- "$bin" generate --model "$models/tiny-gpt2" --text " the cat" --tokens 3 -o -
closed_reader "predict" -- "$bin" predict --model "$models/tiny-gpt2" --text " the cat" -o -
closed_reader "heads" -- "$bin" heads --model "$models/tiny-gpt2" --text " the cat sat" -o -

# Not a closed pipe: still an I/O error with its message (bad_input_test.sh checks the wording).
expect_exit 3 "dump to a full standard output" -- sh -c "'$bin' dump --text 'a b' -o - >/dev/full"
[ -s "$tmp/err" ] && ok || fail "dump to /dev/full: no message"
expect_exit 3 "predict to a full standard output" -- sh -c "'$bin' predict --model '$models/tiny-gpt2' --text ' the cat' -o - >/dev/full"
[ -s "$tmp/err" ] && ok || fail "predict to /dev/full: no message"
expect_exit 3 "--version to a full standard output" -- sh -c "'$bin' --version >/dev/full"

echo "closed pipe: $passed passed, $failed failed"
[ $failed -eq 0 ]
