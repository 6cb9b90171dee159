#!/usr/bin/env bash
# quiet_headers_test.sh — third_party/gcc12/quiet_avx512_headers.h silences GCC 12's bogus
# -Wmaybe-uninitialized inside its AVX-512 headers, and nothing of ours: compiles a fixture with
# AVX-512 enabled, with and without the header, and counts the warnings. Only GCC 12 has the bug
# (exit 77 = skipped otherwise). Env: CXX, EIGEN_INCLUDE, QUIET_HEADER.
set -u
: "${CXX:?}" "${EIGEN_INCLUDE:?}" "${QUIET_HEADER:?}"
"$CXX" -dumpversion | grep -q '^12' || { echo "not GCC 12: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fixture="$(dirname "$0")/quiet_headers_fixture.cpp"
failed=0
# -O3: the Release build (GCC says "may be used uninitialized"); -O1 with the sanitizers: the
# sanitizer build of tools/run-tests.sh (GCC says "is used uninitialized" for the same lines).
for opt in "-O3" "-O1 -fsanitize=address,undefined"; do
    # shellcheck disable=SC2206
    flags=(-std=c++17 $opt -march=x86-64-v4 -isystem "$EIGEN_INCLUDE" -Wall -Wextra -c "$fixture" -o "$tmp/x.o")
    "$CXX" "${flags[@]}" 2>"$tmp/plain.txt"
    "$CXX" "${flags[@]}" -include "$QUIET_HEADER" 2>"$tmp/quiet.txt"
    bogus_plain=$(grep -c "avx512fintrin.h.*uninitialized" "$tmp/plain.txt")
    bogus_quiet=$(grep -c "avx512fintrin.h.*uninitialized" "$tmp/quiet.txt")
    ours=$(grep -c "quiet_headers_fixture.cpp:.*[‘']x[’'] may be used uninitialized" "$tmp/quiet.txt")
    echo "$opt: bogus header warnings: $bogus_plain without the header, $bogus_quiet with it; ours with it: $ours"
    [ "$bogus_plain" -gt 0 ] || { echo "FAIL ($opt): the fixture no longer shows GCC's bogus warning (test cannot tell)"; failed=1; }
    [ "$bogus_quiet" -eq 0 ] || { echo "FAIL ($opt): bogus warnings remain with the header"; failed=1; }
    [ "$ours" -eq 1 ] || { echo "FAIL ($opt): our planted maybe-uninitialized was silenced too"; cat "$tmp/quiet.txt"; failed=1; }
done
exit $failed
