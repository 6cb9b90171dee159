#!/usr/bin/env bash
# Native vs portable, side by side: builds the benchmarks twice (-march=native, and
# -DATTNLAB_NATIVE=OFF: x86-64-v2 baseline with the row kernels dispatched at run time), runs them
# in interleaved rounds (so a busy spell hits both) and prints each one's best round and the ratio.
# The portable binary also runs with ATTNLAB_ISA=v2 (its baseline kernels: an old school PC's code
# path on this machine's clock) to show what the dispatch buys.
# Usage: bench/bench_portable.sh [native-build-dir] [portable-build-dir]   ROUNDS=n (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
native=${1:-build-bench}
portable=${2:-build-bench-portable}
rounds=${ROUNDS:-3}
threads=${THREADS:-1}
for flavour in native portable; do
    dir=$native; opt=ON
    [ $flavour = portable ] && { dir=$portable; opt=OFF; }
    fresh=()  # a new build folder gets the lean benchmark configuration; an existing one keeps its own
    [ -f "$dir/CMakeCache.txt" ] || fresh=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_BUILD_TESTS=OFF -DATTNLAB_BUILD_APP=OFF)
    cmake -S . -B "$dir" "${fresh[@]}" -DATTNLAB_BUILD_BENCH=ON -DATTNLAB_NATIVE=$opt >/dev/null
    cmake --build "$dir" -j "$(nproc)" --target attnlab_bench attnlab_bench_gpt2
done
out=$(mktemp -d)
filter='BM_(Trace|TraceNoStats|Reattend)/(64|512|2048)/'
run() {  # run NAME DIR [ATTNLAB_ISA]
    ATTNLAB_ISA=${3:-} ATTNLAB_THREADS=$threads "$2/bench/attnlab_bench" --benchmark_filter="$filter" \
        --benchmark_min_time=0.3 --benchmark_out="$out/$1_$r.json" --benchmark_out_format=json >/dev/null
    ATTNLAB_ISA=${3:-} ATTNLAB_THREADS=$threads "$2/bench/attnlab_bench_gpt2" --benchmark_filter='BM_Gpt2Forward/' \
        --benchmark_min_time=1 --benchmark_out="$out/$1_gpt2_$r.json" --benchmark_out_format=json >/dev/null
}
for r in $(seq "$rounds"); do
    echo "== round $r of $rounds ($threads thread(s))"
    run native "$native"
    run portable "$portable"
    run portable_v2 "$portable" v2
done
/usr/bin/python3 - "$out" "$threads" <<'PY'
import json, glob, os, sys
out, threads = sys.argv[1], int(sys.argv[2])
# One thread: the engine runs on the calling thread, so its CPU time is the work done, and less
# disturbed than wall time when other processes share the machine. More threads: wall time.
clock = "cpu_time" if threads == 1 else "real_time"
best = {}
for f in glob.glob(os.path.join(out, "*.json")):
    name = os.path.basename(f).rsplit("_", 1)[0].replace("_gpt2", "")
    for b in json.load(open(f))["benchmarks"]:
        key = (name, b["name"].replace("/real_time", ""))
        best[key] = min(best.get(key, float("inf")), b[clock])
names = sorted({k[1] for k in best}, key=lambda s: (s.split("/")[0], int(s.split("/")[1])))
print(f"{clock} in ms, best of the rounds, {threads} thread(s)")
print(f"{'benchmark':<26}{'native':>10}{'portable':>10}{'ratio':>8}{'port. v2':>10}{'ratio':>8}")
for n in names:
    a, b, c = best.get(("native", n)), best.get(("portable", n)), best.get(("portable_v2", n))
    print(f"{n:<26}{a:>10.3f}{b:>10.3f}{b / a:>8.3f}{c:>10.3f}{c / a:>8.3f}")
print("ratio = time / native time (1.10 = 10% slower). portable: x86-64-v2 baseline, row kernels chosen at run")
print("time (this CPU: the AVX-512 ones); port. v2: the same binary with ATTNLAB_ISA=v2 (baseline kernels).")
PY
