#!/usr/bin/python3
"""PyTorch reference for bench/bench_gpt2.cpp: a GPT-2-small-shaped forward pass (12 layers,
12 heads, d = 768, d_ff = 3072, random weights) over N tokens, every layer's attention weights
kept, as the app needs them. Plain functional ops (Debian's python3-torch has no transformers).

Usage: /usr/bin/python3 bench/bench_torch_gpt2.py SETTING N [N ...]
Prints one line per N: "torch-gpt2 threads=T blas=B N=N ms=MEDIAN cpu_ms=MEDIAN" (wall and process CPU
time per pass; on a shared machine the CPU time is the steadier of the two).
"""
import math
import statistics
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402  (after the thread caps)
import torch.nn.functional as F

D, HEADS, D_FF, LAYERS, VOCAB, POSITIONS = 768, 12, 3072, 12, 1024, 1024


def make_weights():
    g = torch.Generator().manual_seed(0)

    def randn(*shape):
        return torch.randn(*shape, generator=g) * 0.02

    blocks = []
    for _ in range(LAYERS):
        blocks.append({
            "ln_1": (torch.ones(D), torch.zeros(D)), "ln_2": (torch.ones(D), torch.zeros(D)),
            "c_attn": (randn(D, 3 * D), randn(3 * D)), "c_proj": (randn(D, D), randn(D)),
            "c_fc": (randn(D, D_FF), randn(D_FF)), "mlp_proj": (randn(D_FF, D), randn(D)),
        })
    return {"wte": randn(VOCAB, D), "wpe": randn(POSITIONS, D), "blocks": blocks,
            "ln_f": (torch.ones(D), torch.zeros(D))}


def forward(w, ids):
    t = ids.shape[0]
    dk = D // HEADS
    causal = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
    x = w["wte"][ids] + w["wpe"][:t]                              # (T, D)
    attentions = []
    for b in w["blocks"]:
        a = F.layer_norm(x, (D,), *b["ln_1"], 1e-5)
        qkv = torch.addmm(b["c_attn"][1], a, b["c_attn"][0])       # (T, 3D) Conv1D: x·W + b
        q, k, v = (m.view(t, HEADS, dk).transpose(0, 1) for m in qkv.split(D, dim=1))
        s = (q @ k.transpose(1, 2)) / math.sqrt(dk)               # (H, T, T)
        p = torch.softmax(s.masked_fill(causal, float("-inf")), dim=-1)
        attentions.append(p)
        o = (p @ v).transpose(0, 1).reshape(t, D)
        x = x + torch.addmm(b["c_proj"][1], o, b["c_proj"][0])
        m = F.layer_norm(x, (D,), *b["ln_2"], 1e-5)
        m = F.gelu(torch.addmm(b["c_fc"][1], m, b["c_fc"][0]), approximate="tanh")
        x = x + torch.addmm(b["mlp_proj"][1], m, b["mlp_proj"][0])
    return F.layer_norm(x, (D,), *w["ln_f"], 1e-5), attentions


def main() -> None:
    threads, blas = SETTING
    sizes = [int(a) for a in sys.argv[2:]] or [128]
    torch.set_num_threads(threads)
    w = make_weights()
    with torch.inference_mode():
        for n in sizes:
            ids = torch.tensor([(i * 37 + 11) % VOCAB for i in range(n)])
            for _ in range(3):
                forward(w, ids)
            times, cpu = [], []
            for _ in range(15):
                t0, c0 = time.perf_counter(), time.process_time()
                forward(w, ids)
                times.append((time.perf_counter() - t0) * 1e3)
                cpu.append((time.process_time() - c0) * 1e3)
            print(f"torch-gpt2 threads={threads} blas={blas} N={n} ms={statistics.median(times):.3f} "
                  f"cpu_ms={statistics.median(cpu):.3f}", flush=True)


if __name__ == "__main__":
    main()
