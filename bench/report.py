#!/usr/bin/python3
"""Prints the benchmark table for bench/run.sh: our times beside OpenBLAS and PyTorch, as ratios.

Usage: report.py OUT_DIR THREADS   (OUT_DIR holds ours_<T>t_<round>.json, ours_1t_<round>.json and
torch.txt). Every time is the best over the rounds: on a shared machine the minimum is the
least disturbed measurement.
"""
import glob
import json
import re
import sys

SIZES = (8, 64, 512, 2048)


def best_ours(pattern: str) -> dict:
    ms = {}
    for path in glob.glob(pattern):
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type", "iteration") != "iteration":
                continue
            name, n = b["name"].split("/")[:2]
            key = (name, int(n))
            ms[key] = min(ms.get(key, float("inf")), b["real_time"])  # ms (Unit set in the benchmark)
    return ms


def main() -> None:
    out, threads = sys.argv[1], int(sys.argv[2])
    ours = best_ours(f"{out}/ours_{threads}t_*.json")
    ours1 = best_ours(f"{out}/ours_1t_*.json")
    torch = {}
    for line in open(f"{out}/torch.txt"):
        m = re.match(r"torch threads=(\d+) N=(\d+) ms=([\d.]+)", line)
        if m:
            key = (int(m.group(1)), int(m.group(2)))
            torch[key] = min(torch.get(key, float("inf")), float(m.group(3)))
    nan = float("nan")
    print()
    print(f"{'':>5} {'--- ' + str(threads) + ' threads ':-<62} {'--- 1 thread ':-<42}")
    print(f"{'N':>5} {'trace ms':>9} {'GFLOP/s':>8} {'no-stats':>9} {'OpenBLAS':>9} {'torch':>9} {'speedup':>8}"
          f" {'trace ms':>9} {'OpenBLAS':>9} {'torch':>9} {'speedup':>8}")
    for n in SIZES:
        t = ours.get(("BM_Trace", n))
        if t is None:
            continue
        flops = 8.0 * n * 768 * 768 + 4.0 * n * n * 768
        tt = torch.get((threads, n), nan)
        t1 = ours1.get(("BM_Trace", n), nan)
        tt1 = torch.get((1, n), nan)
        print(f"{n:>5} {t:>9.3f} {flops / t / 1e6:>8.1f} {ours.get(('BM_TraceNoStats', n), nan):>9.3f} "
              f"{ours.get(('BM_OpenBLAS', n), nan):>9.3f} {tt:>9.3f} {tt / t:>7.2f}x "
              f"{t1:>9.3f} {ours1.get(('BM_OpenBLAS', n), nan):>9.3f} {tt1:>9.3f} {tt1 / t1:>7.2f}x")
    print("\n'trace' = the whole trace with per-row stats; 'no-stats' = without them; 'OpenBLAS' = the same")
    print("matrix products by sgemm (nothing else): the machine's practical limit. 'speedup' = PyTorch")
    print("time / our trace time (> 1: we are faster). Best of the rounds for every column.")
    gpt2_report(out, threads)
    llama_report(out, threads)
    vit_report(out, threads)
    whisper_report(out, threads)


def vit_report(out: str, threads: int) -> None:
    """ViT-B/16 and DeiT-tiny forward at 224×224 (bench_vit, bench_torch_vit.py), best of the rounds,
    and the cost of re-reading an image (BM_VisionInput) when it was measured."""
    names = {0: "vit-b16", 1: "deit-tiny"}
    ours = {}
    for t in (threads, 1):
        for path in glob.glob(f"{out}/vit_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration" or not b["name"].startswith("BM_VitForward/"):
                    continue
                key = (t, names[int(b["name"].split("/")[1])])
                ours[key] = min(ours.get(key, float("inf")), b["real_time"])
    torch = {}
    for line in open(f"{out}/torch.txt"):
        m = re.match(r"torch-vit model=(\S+) threads=(\d+) ms=([\d.]+)", line)
        if m:
            key = (int(m.group(2)), m.group(1))
            torch[key] = min(torch.get(key, float("inf")), float(m.group(3)))
    if ours:
        print("\nViT forward at 224x224 (12 layers, all attentions kept)")
        print(f"{'threads':>7} {'model':>10} {'ours ms':>9} {'torch ms':>9} {'speedup':>8}")
        for (t, name) in sorted(ours, key=lambda k: (-k[0], k[1])):
            o, p = ours[(t, name)], torch.get((t, name), float("nan"))
            print(f"{t:>7} {name:>10} {o:>9.2f} {p:>9.2f} {p / o:>7.2f}x")
    path = f"{out}/vision_input.json"
    if glob.glob(path):
        rows = {"/".join(b["name"].split("/")[:2]): b["real_time"] for b in json.load(open(path))["benchmarks"]
                if b.get("run_type", "iteration") == "iteration"}  # "BM_VisionInput/0/real_time" → "BM_VisionInput/0"
        fresh, kept = rows.get("BM_VisionInput/0"), rows.get("BM_VisionInput/1")
        if fresh and kept:
            print(f"\nre-running a 4000x3000 JPEG: decode + resize + normalise {fresh:.1f} ms; "
                  f"kept input {kept:.3f} ms ({fresh / kept:.0f}x less)")


def whisper_report(out: str, threads: int) -> None:
    """Whisper on 10 s of sound (bench_whisper, bench_torch_whisper.py): the mel, the encoder (and its
    products by OpenBLAS alone), ms per cached token; ours per thread count against PyTorch's best
    torch × BLAS setting for the same number of cores; best of the rounds."""
    names = {0: "whisper-tiny", 1: "whisper-base"}
    ours = {}  # (threads, model, what) -> ms
    for t in (threads, 1):
        for path in glob.glob(f"{out}/whisper_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration":
                    continue
                parts = b["name"].split("/")
                what = parts[0].replace("BM_Whisper", "").lower()
                model = names[int(parts[1])] if parts[1].isdigit() else "-"
                value = b["ms_per_token"] if what == "decode" else b["real_time"]  # the counter: ms per token
                key = (t, model, what)
                ours[key] = min(ours.get(key, float("inf")), value)
    torch = {}  # (cores, model, what) -> best ms over the settings using at most that many cores
    for line in open(f"{out}/torch.txt"):
        m = re.match(r"torch-whisper model=(\S+) threads=(\d+) blas=(\d+) mel_ms=([\d.]+) encoder_ms=([\d.]+) "
                     r"decode_ms_per_token=([\d.]+)", line)
        if m:
            cores = max(int(m.group(2)), int(m.group(3)))
            for t in (threads, 1):
                if cores <= t:
                    for what, v in (("mel", m.group(4)), ("encoder", m.group(5)), ("decode", m.group(6))):
                        key = (t, m.group(1) if what != "mel" else "-", what)
                        torch[key] = min(torch.get(key, float("inf")), float(v))
    if not ours:
        return
    print("\nWhisper on 10 s of sound (encoder over 1500 frames, the 500 with sound kept; decoding: ms per token)")
    print(f"{'threads':>7} {'model':>13} {'step':>9} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'OpenBLAS':>9}"
          f" {'enc/BLAS':>8}")
    for (t, model, what) in sorted(ours, key=lambda k: (-k[0], k[1], k[2])):
        if what == "products":
            continue
        o, p = ours[(t, model, what)], torch.get((t, model, what), float("nan"))
        blas = ours.get((t, model, "products"), float("nan")) if what == "encoder" else float("nan")
        ratio = f"{o / blas:>7.2f}x" if what == "encoder" else f"{'':>8}"
        print(f"{t:>7} {model:>13} {what:>9} {o:>9.2f} {p:>9.2f} {p / o:>7.2f}x {blas:>9.2f} {ratio}")
    print("torch: its best of torch x BLAS threads within the same cores; 'enc/BLAS' = encoder / its products by"
          " sgemm alone (the goal: <= 1.15).")


def gpt2_report(out: str, threads: int) -> None:
    """GPT-2-small forward (N = 128): wall ms, and CPU ms (ours: the benchmark's main-thread CPU
    time, the whole process's at 1 thread; torch: process CPU time), best of the rounds."""
    ours = {}
    for t in (threads, 1):
        for path in glob.glob(f"{out}/gpt2_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration" or not b["name"].startswith("BM_Gpt2Forward/"):
                    continue
                key = (t, int(b["name"].split("/")[1]))
                wall, cpu = ours.get(key, (float("inf"), float("inf")))
                ours[key] = (min(wall, b["real_time"]), min(cpu, b["cpu_time"]))
    torch = {}
    for line in open(f"{out}/torch.txt"):
        m = re.match(r"torch-gpt2 threads=(\d+) N=(\d+) ms=([\d.]+) cpu_ms=([\d.]+)", line)
        if m:
            key = (int(m.group(1)), int(m.group(2)))
            wall, cpu = torch.get(key, (float("inf"), float("inf")))
            torch[key] = (min(wall, float(m.group(3))), min(cpu, float(m.group(4))))
    if not ours:
        return
    products = {}
    for t in (threads, 1):
        for path in glob.glob(f"{out}/gpt2_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") == "iteration" and b["name"].startswith("BM_Gpt2Products/"):
                    key = (t, int(b["name"].split("/")[1]))
                    products[key] = min(products.get(key, float("inf")), b["real_time"])
    nan = (float("nan"), float("nan"))
    print(f"\nGPT-2-small forward (12 layers, d = 768, all attentions kept)")
    print(f"{'threads':>7} {'N':>5} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'ours cpu':>9} {'torch cpu':>9}"
          f" {'OpenBLAS':>9} {'fwd/BLAS':>8}")
    for (t, n) in sorted(ours, reverse=True):
        o, p = ours[(t, n)], torch.get((t, n), nan)
        blas = products.get((t, n), float("nan"))
        print(f"{t:>7} {n:>5} {o[0]:>9.2f} {p[0]:>9.2f} {p[0] / o[0]:>7.2f}x {o[1]:>9.2f} {p[1]:>9.2f}"
              f" {blas:>9.2f} {o[0] / blas:>7.2f}x")
    print("'OpenBLAS' = the same matrix products by sgemm alone in the same run; 'fwd/BLAS' = forward / that"
          " (the goal: <= 1.15).")


def llama_report(out: str, threads: int) -> None:
    """The rotary decoders (bench_llama, bench_torch_llama.py): forward at N = 128, its products by
    OpenBLAS alone, ms per cached token; best of the rounds, ratios to PyTorch and to OpenBLAS."""
    ours = {}  # (shape, threads, benchmark) -> best ms (forward, products) or ms per token (step)
    for path in glob.glob(f"{out}/llama_*_*t_*.json"):
        m = re.search(r"llama_(.+)_(\d+)t_\d+\.json$", path)
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type", "iteration") != "iteration":
                continue
            name = b["name"].split("/")[0]
            v = b["ms_per_token"] if name == "BM_LlamaStep" else b["real_time"]
            key = (m.group(1), int(m.group(2)), name)
            ours[key] = min(ours.get(key, float("inf")), v)
    torch = {}
    for line in open(f"{out}/torch.txt"):
        m = re.match(r"torch-llama model=(\S+) threads=(\d+) N=\d+ ms=([\d.]+)", line)
        s = re.match(r"torch-llama-step model=(\S+) threads=(\d+) ms_per_token=([\d.]+)", line)
        for hit, name in ((m, "forward"), (s, "step")):
            if hit:
                key = (hit.group(1), int(hit.group(2)), name)
                torch[key] = min(torch.get(key, float("inf")), float(hit.group(3)))
    if not ours:
        return
    nan = float("nan")
    print("\nRotary decoders, random BF16 weights kept 16-bit (ours) / float32 (torch): forward at N = 128 with all"
          " attentions, and ms per generated token with the KV cache (16-token prompt, logits + top-5)")
    print(f"{'model':>13} {'threads':>7} {'fwd ms':>8} {'torch':>8} {'speedup':>8} {'OpenBLAS':>9} {'fwd/BLAS':>8}"
          f" {'ms/token':>9} {'torch':>8} {'speedup':>8}")
    for shape in ("smollm2-135m", "qwen2.5-0.5b"):
        for t in (threads, 1):
            f = ours.get((shape, t, "BM_LlamaForward"))
            if f is None:
                continue
            b = ours.get((shape, t, "BM_LlamaProducts"), nan)
            st = ours.get((shape, t, "BM_LlamaStep"), nan)
            tf, ts = torch.get((shape, t, "forward"), nan), torch.get((shape, t, "step"), nan)
            print(f"{shape:>13} {t:>7} {f:>8.1f} {tf:>8.1f} {tf / f:>7.2f}x {b:>9.1f} {f / b:>7.2f}x"
                  f" {st:>9.2f} {ts:>8.2f} {ts / st:>7.2f}x")


if __name__ == "__main__":
    main()
