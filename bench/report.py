#!/usr/bin/python3
"""Prints the benchmark table for bench/run.sh: our times beside OpenBLAS and PyTorch, as ratios."""
import json
import re
import sys


def main() -> None:
    ours = json.load(open(sys.argv[1]))["benchmarks"]
    threads = int(sys.argv[3])
    torch = {}
    for line in open(sys.argv[2]):
        m = re.match(r"torch threads=(\d+) N=(\d+) ms=([\d.]+)", line)
        if m:
            torch[(int(m.group(1)), int(m.group(2)))] = float(m.group(3))
    ms = {}
    for b in ours:
        name, n = b["name"].split("/")[:2]
        ms[(name, int(n))] = b["real_time"]  # reported in ms (Unit set in the benchmark)
    print()
    print(f"{'N':>5} {'trace ms':>9} {'GFLOP/s':>8} {'no-stats':>9} {'OpenBLAS':>9} {'vs BLAS':>8} "
          f"{'torch ' + str(threads) + 't':>9} {'speedup':>8} {'torch 1t':>9} {'speedup':>8}")
    for n in (8, 64, 512, 2048):
        t = ms.get(("BM_Trace", n))
        if t is None:
            continue
        flops = 8.0 * n * 768 * 768 + 4.0 * n * n * 768
        blas = ms.get(("BM_OpenBLAS", n), float("nan"))
        tt = torch.get((threads, n), float("nan"))
        t1 = torch.get((1, n), float("nan"))
        print(f"{n:>5} {t:>9.3f} {flops / t / 1e6:>8.1f} {ms.get(('BM_TraceNoStats', n), float('nan')):>9.3f} "
              f"{blas:>9.3f} {t / blas:>7.2f}x {tt:>9.3f} {tt / t:>7.2f}x {t1:>9.3f} {t1 / t:>7.2f}x")
    print("\n'vs BLAS' = our time / OpenBLAS sgemm time for the same products (1.0 = at the limit);")
    print("'speedup' = PyTorch time / our time (> 1: we are faster).")


if __name__ == "__main__":
    main()
