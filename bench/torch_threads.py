"""Thread settings for the PyTorch references in bench/.

A setting is "T" (T torch threads, each with T BLAS threads) or "TxB" (T torch intra-op threads,
B OpenBLAS threads). On this project's 2-core machines torch threads and BLAS threads multiply:
2x2 runs four busy threads on two cores and was measured ~3x slower than 1x2 for GPT-2-small,
so run.sh tries 1x2, 2x1 and 2x2 for "all cores" and report.py keeps each reference's best.

Debian's torch.set_num_threads alone does not bound its BLAS (OpenBLAS, pthreads), which runs on
every core: the cap must be set in the environment before torch is imported, so the scripts call
cap() first and import torch after it.
"""
import os
import statistics
import sys
import time


def parse(spec: str) -> tuple:
    """"2" -> (2, 2); "1x2" -> (1, 2). Exits with a usage message on anything else."""
    parts = spec.lower().split("x")
    if len(parts) in (1, 2) and all(p.isdigit() and int(p) > 0 for p in parts):
        t = int(parts[0])
        return t, int(parts[-1])
    sys.exit(f"thread setting '{spec}': expected T or TxB (torch threads x BLAS threads), e.g. 2 or 1x2")


def cap(spec: str) -> tuple:
    """Sets the BLAS/OpenMP thread caps for the setting; returns (torch threads, BLAS threads)."""
    threads, blas = parse(spec)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(blas)
    return threads, blas


def label(threads: int, blas: int) -> str:
    """The fields every reference prints: "threads=T blas=B"."""
    return f"threads={threads} blas={blas}"


def median_ms(fn, repeats: int) -> float:
    """fn() once to warm up, then the median wall time of `repeats` calls, in ms."""
    fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)
