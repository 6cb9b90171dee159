#!/usr/bin/env bash
# selftest_lib.sh — what the rule checks' selftests share (sourced by layout_selftest.sh and
# family_rules_selftest.sh): a throw-away copy of the sources, and "this check must fail on it".
# The sourcing script sets `check` (the command that checks a tree, given its root in the
# environment variable named by `root_var`) before calling expect_fail.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fresh() {
    rm -rf "$tmp/t"; mkdir -p "$tmp/t"
    (cd "$src" && cp -r --parents core app cli "$tmp/t/")
}
run_check() { env "$root_var=$tmp/t" "${check[@]}"; }
expect_fail() {  # $1 = what is broken, $2 = expected text in the message
    if out=$(run_check 2>&1); then
        echo "selftest: '${check[*]##*/}' passed a tree where $1"; exit 1
    fi
    grep -qF -- "$2" <<<"$out" || { echo "selftest: no '$2' for: $1"; echo "$out"; exit 1; }
    echo "ok: $1"
}
