# test_lib.sh — shared helpers for the shell tests (cli_test.sh, export_test.sh): count results,
# run a command expecting an exit code, look for a message on stderr. Source it; it expects $tmp.
passed=0
failed=0

ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

expect_exit() {  # expect_exit CODE|nonzero DESCRIPTION -- CMD...
    local want=$1 what=$2
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$want" = nonzero ]; then
        [ $got -ne 0 ] && ok || fail "$what: exit $got, expected non-zero"
    else
        [ $got -eq "$want" ] && ok || { fail "$what: exit $got, expected $want"; cat "$tmp/err"; }
    fi
}

expect_stderr() {  # expect_stderr PATTERN DESCRIPTION
    grep -q -- "$1" "$tmp/err" && ok || { fail "$2: stderr lacks '$1'"; cat "$tmp/err"; }
}
