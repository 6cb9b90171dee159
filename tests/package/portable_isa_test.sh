#!/usr/bin/env bash
# portable_isa_test.sh — a portable attnlab (ATTNLAB_NATIVE=OFF) needs only its baseline:
#   1. no instruction beyond x86-64-v2 (AVX/AVX2/AVX-512 = VEX/EVEX "v…" mnemonics, FMA, BMI1/2)
#      outside the row-kernel variants compiled for x86-64-v3/-v4 (objdump of the binary);
#   2. the run-time choice is what this CPU supports, reported by --version --verbose, and
#      ATTNLAB_ISA=v2|v3|v4 caps it;
#   3. every variant this CPU runs writes the same `attnlab dump`, byte for byte.
# A native build checks only 2 (its one variant is "native"). Env: ATTNLAB, PORTABLE (0/1),
# BASELINE (the -march of the portable build).
set -u
: "${ATTNLAB:?}" "${PORTABLE:?}" "${BASELINE:=x86-64-v2}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../test_lib.sh"

kernels() { ATTNLAB_ISA=${1-} "$ATTNLAB" --version --verbose | sed -n 's/^row kernels: *//p'; }

if [ "$PORTABLE" != 1 ]; then
    [ "$(kernels)" = native ] && ok || fail "native build reports row kernels '$(kernels)'"
    "$ATTNLAB" --version --verbose | grep -q '^baseline ISA: native' && ok || fail "native build: baseline line"
    echo "native build: the instruction-set checks need -DATTNLAB_NATIVE=OFF (tools/run-tests.sh builds one)"
    echo "portable ISA test: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]; exit
fi

"$ATTNLAB" --version --verbose | grep -q "^baseline ISA: $BASELINE (portable)" && ok ||
    fail "baseline line: $("$ATTNLAB" --version --verbose | grep baseline)"

# --- 2. the dispatch ----------------------------------------------------------------------
flags=$(grep -m1 '^flags' /proc/cpuinfo)
has() { for f in "$@"; do case " $flags " in *" $f "*) ;; *) return 1 ;; esac; done; }
best=v2
has avx avx2 fma bmi1 bmi2 f16c movbe && best=v3
[ $best = v3 ] && has avx512f avx512bw avx512cd avx512dq avx512vl && best=v4
echo "this CPU: x86-64-$best; default row kernels: $(kernels)"
case "$(kernels)" in "x86-64-$best "*) ok ;; *) fail "default row kernels '$(kernels)', CPU is x86-64-$best" ;; esac
levels="v2"
[ $best != v2 ] && levels="$levels v3"
[ $best = v4 ] && levels="$levels v4"
for isa in $levels; do
    case "$(kernels $isa)" in "x86-64-$isa "*) ok ;; *) fail "ATTNLAB_ISA=$isa chose '$(kernels $isa)'" ;; esac
done

# --- 3. the same numbers from every variant -----------------------------------------------
for isa in $levels; do
    ATTNLAB_ISA=$isa "$ATTNLAB" dump --text "The quick brown fox jumps over the lazy dog again and again" \
        --window 3 --global 0 -o "$tmp/dump_$isa.json" 2>/dev/null && ok || fail "dump with ATTNLAB_ISA=$isa"
    cmp -s "$tmp/dump_v2.json" "$tmp/dump_$isa.json" && ok || fail "ATTNLAB_ISA=$isa dump differs from v2's"
done

# --- 1. the instructions ------------------------------------------------------------------
if ! command -v objdump >/dev/null 2>&1; then
    echo "note: objdump not found; instruction check skipped"
else
    # Functions with instructions above the baseline; allowed only in the v3/v4 row kernels.
    objdump -d --no-show-raw-insn "$ATTNLAB" | awk '
        /^[0-9a-f]+ <.*>:$/ { fn = $2; next }
        $2 ~ /^v[a-z]/ && $2 !~ /^(verr|verw)$/ || $2 ~ /^(andn|bextr|blsi|blsmsk|blsr|bzhi|pdep|pext|mulx|rorx|sarx|shlx|shrx|lzcnt)$/ {
            if (!(fn in seen)) { seen[fn] = $2; print fn, $2 }
        }' >"$tmp/above_baseline"
    grep -v '_v[34]E' "$tmp/above_baseline" >"$tmp/stray"
    n_allowed=$(grep -c '_v[34]E' "$tmp/above_baseline")
    echo "functions above $BASELINE: $n_allowed in the row-kernel variants, $(wc -l <"$tmp/stray") elsewhere"
    [ "$n_allowed" -ge 2 ] && ok || fail "no v3/v4 row kernels found in the binary (symbols stripped?)"
    [ ! -s "$tmp/stray" ] && ok || { fail "instructions above $BASELINE outside the dispatched kernels:"; head -20 "$tmp/stray"; }
fi

echo "portable ISA test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
