#!/usr/bin/python3
"""PyTorch reference for bench/run.sh: nn.MultiheadAttention(768, 12) with per-head weights.

Usage: /usr/bin/python3 bench/bench_torch_mha.py SETTING N [N ...]
Prints one line per N: "torch threads=T blas=B N=N ms=MEDIAN cpu_ms=MEDIAN" (wall and process CPU time
per call; on a shared machine the CPU time is the steadier of the two). Uses Debian's python3-torch. run.sh calls
this once per round; report.py takes the best round, as for ours.
"""
import statistics
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402  (after the thread caps)


def main() -> None:
    threads, blas = SETTING
    sizes = [int(a) for a in sys.argv[2:]]
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(768, 12, batch_first=True).eval()
    with torch.inference_mode():
        for n in sizes:
            x = torch.randn(1, n, 768)
            run = lambda: mha(x, x, x, need_weights=True, average_attn_weights=False)
            for _ in range(3):
                run()
            reps = max(5, min(200, int(2000 / max(n, 1))))
            times, cpu = [], []
            for _ in range(reps):
                t0, c0 = time.perf_counter(), time.process_time()
                run()
                times.append((time.perf_counter() - t0) * 1e3)
                cpu.append((time.process_time() - c0) * 1e3)
            print(f"torch threads={threads} blas={blas} N={n} ms={statistics.median(times):.4f} "
                  f"cpu_ms={statistics.median(cpu):.4f}", flush=True)


if __name__ == "__main__":
    main()
