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


def torch_best(path: str, regex: str, key, threads: int, value=lambda m: float(m["ms"])) -> dict:
    """PyTorch's best line per (cores, key) over its torch x BLAS thread settings that fit in that
    many cores (a 1x1 run counts for 2 cores too: the reference at its best settings, whatever
    they are). regex has named groups t (torch threads), b (BLAS threads) and what value reads;
    returns {(cores, *key(m)): (value, "TxB", match)} with the lowest value."""
    best = {}
    try:
        lines = open(path).read().splitlines()
    except FileNotFoundError:
        return best
    for line in lines:
        m = re.match(regex, line)
        if not m:
            continue
        t, b = int(m["t"]), int(m["b"])
        for cores in sorted({threads, 1}):
            if max(t, b) <= cores:
                k, v = (cores,) + tuple(key(m)), value(m)
                if k not in best or v < best[k][0]:
                    best[k] = (v, f"{t}x{b}", m)
    return best


def won(best: dict, k) -> str:
    """The setting that won for key k ("-" when PyTorch was not measured)."""
    return best[k][1] if k in best else "-"


def ms(best: dict, k) -> float:
    return best[k][0] if k in best else float("nan")


def main() -> None:
    out, threads = sys.argv[1], int(sys.argv[2])
    ours = best_ours(f"{out}/ours_{threads}t_*.json")
    ours1 = best_ours(f"{out}/ours_1t_*.json")
    torch = torch_best(f"{out}/torch.txt", r"torch threads=(?P<t>\d+) blas=(?P<b>\d+) N=(?P<n>\d+) ms=(?P<ms>[\d.]+)",
                       lambda m: (int(m["n"]),), threads)
    nan = float("nan")
    print()
    print(f"{'':>5} {'--- ' + str(threads) + ' threads ':-<62} {'--- 1 thread ':-<42}")
    print(f"{'N':>5} {'trace ms':>9} {'GFLOP/s':>8} {'no-stats':>9} {'OpenBLAS':>9} {'torch':>9} {'speedup':>8}"
          f" {'trace ms':>9} {'OpenBLAS':>9} {'torch':>9} {'speedup':>8}  torch setting ({threads} / 1)")
    for n in SIZES:
        t = ours.get(("BM_Trace", n))
        if t is None:
            continue
        flops = 8.0 * n * 768 * 768 + 4.0 * n * n * 768
        tt = ms(torch, (threads, n))
        t1 = ours1.get(("BM_Trace", n), nan)
        tt1 = ms(torch, (1, n))
        print(f"{n:>5} {t:>9.3f} {flops / t / 1e6:>8.1f} {ours.get(('BM_TraceNoStats', n), nan):>9.3f} "
              f"{ours.get(('BM_OpenBLAS', n), nan):>9.3f} {tt:>9.3f} {tt / t:>7.2f}x "
              f"{t1:>9.3f} {ours1.get(('BM_OpenBLAS', n), nan):>9.3f} {tt1:>9.3f} {tt1 / t1:>7.2f}x"
              f"  {won(torch, (threads, n))} / {won(torch, (1, n))}")
    print("\n'trace' = the whole trace with per-row stats; 'no-stats' = without them; 'OpenBLAS' = the same")
    print("matrix products by sgemm (nothing else): the machine's practical limit. 'speedup' = PyTorch")
    print("time / our trace time (> 1: we are faster). Best of the rounds for every column; PyTorch at its")
    print("best torch x BLAS thread setting within the same cores ('torch setting': the one that won).")
    gpt2_report(out, threads)
    llama_report(out, threads)
    vit_report(out, threads)
    whisper_report(out, threads)
    marian_report(out, threads)
    generate_report(out, threads)
    train_report(out, threads)


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
    torch = torch_best(f"{out}/torch.txt", r"torch-vit model=(?P<name>\S+) threads=(?P<t>\d+) blas=(?P<b>\d+) ms=(?P<ms>[\d.]+)",
                       lambda m: (m["name"],), threads)
    if ours:
        print("\nViT forward at 224x224 (12 layers, all attentions kept)")
        print(f"{'threads':>7} {'model':>10} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'torch setting':>13}")
        for (t, name) in sorted(ours, key=lambda k: (-k[0], k[1])):
            o, p = ours[(t, name)], ms(torch, (t, name))
            print(f"{t:>7} {name:>10} {o:>9.2f} {p:>9.2f} {p / o:>7.2f}x {won(torch, (t, name)):>13}")
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
    torch = {}  # (cores, model, what) -> (best ms, setting, match) over the settings within those cores
    line = (r"torch-whisper model=(?P<name>\S+) threads=(?P<t>\d+) blas=(?P<b>\d+) mel_ms=(?P<mel>[\d.]+) "
            r"encoder_ms=(?P<encoder>[\d.]+) decode_ms_per_token=(?P<decode>[\d.]+)")
    for what in ("mel", "encoder", "decode"):
        torch.update(torch_best(f"{out}/torch.txt", line, lambda m, w=what: (m["name"] if w != "mel" else "-", w),
                                threads, value=lambda m, w=what: float(m[w])))
    if not ours:
        return
    print("\nWhisper on 10 s of sound (encoder over 1500 frames, the 500 with sound kept; decoding: ms per token)")
    print(f"{'threads':>7} {'model':>13} {'step':>9} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'OpenBLAS':>9}"
          f" {'enc/BLAS':>8} {'torch setting':>13}")
    for (t, model, what) in sorted(ours, key=lambda k: (-k[0], k[1], k[2])):
        if what == "products":
            continue
        encoder = what in ("encoder", "listen")  # listen: the encoder without stats or trace
        theirs = (t, model, "encoder" if encoder else what)
        o, p = ours[(t, model, what)], ms(torch, theirs)
        blas = ours.get((t, model, "products"), float("nan")) if encoder else float("nan")
        ratio = f"{o / blas:>7.2f}x" if encoder else f"{'':>8}"
        print(f"{t:>7} {model:>13} {what:>9} {o:>9.2f} {p:>9.2f} {p / o:>7.2f}x {blas:>9.2f} {ratio}"
              f" {won(torch, theirs):>13}")
    print("torch: its best of torch x BLAS threads within the same cores; 'enc/BLAS' = encoder / its products by"
          " sgemm alone (the goal: <= 1.15); 'encoder' keeps every head's weights and row statistics for the"
          " views, 'listen' is the encoder transcribe runs.")


def marian_report(out: str, threads: int) -> None:
    """A translation model at opus-mt-ko-en's shape (bench_marian, bench_torch_marian.py): the encoder
    at S = 128 (and its products by OpenBLAS alone), ms per cached decoder step; ours per thread
    count against PyTorch's best torch × BLAS setting within the same cores; best of the rounds."""
    ours = {}  # (threads, what) -> ms
    for t in (threads, 1):
        for path in glob.glob(f"{out}/marian_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration":
                    continue
                what = b["name"].split("/")[0].replace("BM_Marian", "").lower()
                value = b["ms_per_token"] if what == "decode" else b["real_time"]
                ours[(t, what)] = min(ours.get((t, what), float("inf")), value)
    torch = {}
    line = (r"torch-marian threads=(?P<t>\d+) blas=(?P<b>\d+) encoder_ms=(?P<encoder>[\d.]+) "
            r"decode_ms_per_token=(?P<decode>[\d.]+)")
    for what in ("encoder", "decode"):
        torch.update(torch_best(f"{out}/torch.txt", line, lambda m, w=what: (w,), threads,
                                value=lambda m, w=what: float(m[w])))
    if not ours:
        return
    print("\nTranslation at opus-mt-ko-en's shape (encoder at S = 128; decoding: ms per cached step)")
    print(f"{'threads':>7} {'step':>9} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'OpenBLAS':>9} {'enc/BLAS':>8}"
          f" {'torch setting':>13}")
    for (t, what) in sorted(ours, key=lambda k: (-k[0], k[1])):
        if what == "products":
            continue
        encoder = what in ("encoder", "encode")
        theirs = (t, "encoder" if encoder else what)
        o, p = ours[(t, what)], ms(torch, theirs)
        blas = ours.get((t, "products"), float("nan")) if encoder else float("nan")
        ratio = f"{o / blas:>7.2f}x" if encoder else f"{'':>8}"
        print(f"{t:>7} {what:>9} {o:>9.2f} {p:>9.2f} {p / o:>7.2f}x {blas:>9.2f} {ratio} {won(torch, theirs):>13}")
    print("torch: its best of torch x BLAS threads within the same cores; 'enc/BLAS' = encoder / its products by"
          " sgemm alone (the goal: <= 1.15); 'encoder' keeps every head's weights and row statistics for the"
          " views, 'encode' is the encoder a translation runs.")


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
    torch = torch_best(f"{out}/torch.txt",
                       r"torch-gpt2 threads=(?P<t>\d+) blas=(?P<b>\d+) N=(?P<n>\d+) ms=(?P<ms>[\d.]+) cpu_ms=(?P<cpu>[\d.]+)",
                       lambda m: (int(m["n"]),), threads)
    if not ours:
        return
    products = {}
    for t in (threads, 1):
        for path in glob.glob(f"{out}/gpt2_{t}t_*.json"):
            for b in json.load(open(path))["benchmarks"]:
                if b.get("run_type", "iteration") == "iteration" and b["name"].startswith("BM_Gpt2Products/"):
                    key = (t, int(b["name"].split("/")[1]))
                    products[key] = min(products.get(key, float("inf")), b["real_time"])
    print(f"\nGPT-2-small forward (12 layers, d = 768, all attentions kept)")
    print(f"{'threads':>7} {'N':>5} {'ours ms':>9} {'torch ms':>9} {'speedup':>8} {'ours cpu':>9} {'torch cpu':>9}"
          f" {'OpenBLAS':>9} {'fwd/BLAS':>8} {'torch setting':>13}")
    for (t, n) in sorted(ours, reverse=True):
        o, p = ours[(t, n)], ms(torch, (t, n))
        pc = float(torch[(t, n)][2]["cpu"]) if (t, n) in torch else float("nan")  # the winning run's CPU
        blas = products.get((t, n), float("nan"))
        print(f"{t:>7} {n:>5} {o[0]:>9.2f} {p:>9.2f} {p / o[0]:>7.2f}x {o[1]:>9.2f} {pc:>9.2f}"
              f" {blas:>9.2f} {o[0] / blas:>7.2f}x {won(torch, (t, n)):>13}")
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
    torch = torch_best(f"{out}/torch.txt",
                       r"torch-llama model=(?P<name>\S+) threads=(?P<t>\d+) blas=(?P<b>\d+) N=\d+ ms=(?P<ms>[\d.]+)",
                       lambda m: (m["name"], "forward"), threads)
    torch.update(torch_best(f"{out}/torch.txt",
                            r"torch-llama-step model=(?P<name>\S+) threads=(?P<t>\d+) blas=(?P<b>\d+) "
                            r"ms_per_token=(?P<ms>[\d.]+)", lambda m: (m["name"], "step"), threads))
    if not ours:
        return
    nan = float("nan")
    print("\nRotary decoders, random BF16 weights kept 16-bit (ours) / float32 (torch): forward at N = 128 with all"
          " attentions, and ms per generated token with the KV cache (16-token prompt, logits + top-5)")
    print(f"{'model':>13} {'threads':>7} {'fwd ms':>8} {'torch':>8} {'speedup':>8} {'OpenBLAS':>9} {'fwd/BLAS':>8}"
          f" {'ms/token':>9} {'torch':>8} {'speedup':>8}  torch setting (fwd / step)")
    for shape in ("smollm2-135m", "qwen2.5-0.5b"):
        for t in (threads, 1):
            f = ours.get((shape, t, "BM_LlamaForward"))
            if f is None:
                continue
            b = ours.get((shape, t, "BM_LlamaProducts"), nan)
            st = ours.get((shape, t, "BM_LlamaStep"), nan)
            tf, ts = ms(torch, (t, shape, "forward")), ms(torch, (t, shape, "step"))
            print(f"{shape:>13} {t:>7} {f:>8.1f} {tf:>8.1f} {tf / f:>7.2f}x {b:>9.1f} {f / b:>7.2f}x"
                  f" {st:>9.2f} {ts:>8.2f} {ts / st:>7.2f}x  {won(torch, (t, shape, 'forward'))} /"
                  f" {won(torch, (t, shape, 'step'))}")


def generate_report(out: str, threads: int) -> None:
    """GPT-2-small generation with the KV cache (ms per token after a 16-token prompt) against the
    plain-torch cache at its best setting, and our head ranking / head roles (bench_generate)."""
    ours = {}  # (threads, benchmark) -> best ms (per token for BM_GenerateToken)
    try:
        lines = open(f"{out}/generate.txt").read().splitlines()
    except FileNotFoundError:
        return
    for line in lines:
        m = re.match(r"ours-(\S+) threads=(\d+) ms=([\d.]+)", line)
        if m:
            per = re.search(r"(?<!cpu_)ms_per_token=([\d.]+)", line)
            k, v = (int(m[2]), m[1].split("/")[0]), float(per[1] if per else m[3])  # "BM_RankHeads/iterations:2"
            ours[k] = min(ours.get(k, float("inf")), v)
    torch = torch_best(f"{out}/generate.txt",
                       r"torch-generate threads=(?P<t>\d+) blas=(?P<b>\d+) ms_per_token=(?P<ms>[\d.]+)",
                       lambda m: (), threads)
    print("\nGPT-2-small generation with the KV cache (ms per token, logits + top-5), head ranking and roles")
    print(f"{'threads':>7} {'ours':>8} {'torch':>8} {'speedup':>8} {'torch setting':>13} {'rank 144 heads':>15}"
          f" {'head roles':>11}")
    for t in sorted({k[0] for k in ours}, reverse=True):
        o, p = ours.get((t, "BM_GenerateToken"), float("nan")), ms(torch, (t,))
        print(f"{t:>7} {o:>8.2f} {p:>8.2f} {p / o:>7.2f}x {won(torch, (t,)):>13}"
              f" {ours.get((t, 'BM_RankHeads'), float('nan')):>12.1f} ms {ours.get((t, 'BM_HeadRoles'), float('nan')):>8.1f} ms")


def train_report(out: str, threads: int) -> None:
    """Training steps of the default reverse model (bench_train, bench_torch_train.py): steps/s, best
    round, against PyTorch's best setting; then the time until 99% exact."""
    try:
        lines = open(f"{out}/train.txt").read().splitlines()
    except FileNotFoundError:
        return
    ours = {}
    for line in lines:
        m = re.match(r"ours-train threads=(\d+) steps=\d+ steps_per_s=([\d.]+) cpu_steps_per_s=([\d.]+)", line)
        if m:
            w, c = ours.get(int(m[1]), (0.0, 0.0))
            ours[int(m[1])] = (max(w, float(m[2])), max(c, float(m[3])))
    torch = torch_best(f"{out}/train.txt",
                       r"torch-train threads=(?P<t>\d+) blas=(?P<b>\d+) steps=\d+ steps_per_s=(?P<s>[\d.]+) "
                       r"cpu_steps_per_s=(?P<c>[\d.]+)", lambda m: (), threads, value=lambda m: 1.0 / float(m["s"]))
    print("\ntraining, default reverse model (steps/s, best round): threads | ours | torch | ratio (wall) |"
          " ratio (CPU) | torch setting")
    for t in sorted(ours, reverse=True):
        if (t,) in torch:
            o, m = ours[t], torch[(t,)][2]
            print(f"  {t} | {o[0]:.1f} | {float(m['s']):.1f} | {o[0] / float(m['s']):.1f}x |"
                  f" {o[1] / float(m['c']):.1f}x | {won(torch, (t,))}")
    for line in lines:
        if "-99 " in line:
            print("  " + line.strip())


if __name__ == "__main__":
    main()
