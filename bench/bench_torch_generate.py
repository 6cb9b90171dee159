#!/usr/bin/python3
"""PyTorch reference for bench/bench_generate.cpp: GPT-2-small-shaped generation with a key-value
cache written in plain torch ops (Debian's python3-torch has no transformers): a 16-token prompt
in one pass that fills the cache, then 32 greedy tokens, each one row through every layer with
its attention rows kept, logits over the 50257-token vocabulary and the top 5 — the same work
as BM_GenerateToken.

Usage: /usr/bin/python3 bench/bench_torch_generate.py SETTING
Prints "torch-generate threads=T ms_per_token=MEDIAN cpu_ms_per_token=MEDIAN" (medians of 7 runs
of 32 tokens; wall and process CPU time).
"""
import math
import statistics
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402  (after the thread caps)
import torch.nn.functional as F  # noqa: E402

D, HEADS, D_FF, LAYERS, VOCAB, POSITIONS = 768, 12, 3072, 12, 50257, 1024
PROMPT, STEPS = 16, 32
DK = D // HEADS


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


def forward(w, ids, past):
    """ids (t,) new tokens; past: per layer (K, V) each (H, n, dk) or None. Returns last-row
    logits (V,), the new cache and every layer's attention (H, t, n + t)."""
    t = ids.shape[0]
    n = 0 if past[0] is None else past[0][0].shape[1]
    x = w["wte"][ids] + w["wpe"][n:n + t]                            # (t, D)
    mask = torch.triu(torch.ones(t, n + t, dtype=torch.bool), diagonal=n + 1)
    new_past, attentions = [], []
    for b, kv in zip(w["blocks"], past):
        a = F.layer_norm(x, (D,), *b["ln_1"], 1e-5)
        qkv = torch.addmm(b["c_attn"][1], a, b["c_attn"][0])         # (t, 3D)
        q, k, v = (m.view(t, HEADS, DK).transpose(0, 1) for m in qkv.split(D, dim=1))
        if kv is not None:
            k = torch.cat([kv[0], k], dim=1)                         # (H, n + t, dk)
            v = torch.cat([kv[1], v], dim=1)
        new_past.append((k, v))
        s = (q @ k.transpose(1, 2)) / math.sqrt(DK)                 # (H, t, n + t)
        p = torch.softmax(s.masked_fill(mask, float("-inf")), dim=-1)
        attentions.append(p)
        o = (p @ v).transpose(0, 1).reshape(t, D)
        x = x + torch.addmm(b["c_proj"][1], o, b["c_proj"][0])
        m = F.layer_norm(x, (D,), *b["ln_2"], 1e-5)
        m = F.gelu(torch.addmm(b["c_fc"][1], m, b["c_fc"][0]), approximate="tanh")
        x = x + torch.addmm(b["mlp_proj"][1], m, b["mlp_proj"][0])
    h = F.layer_norm(x[-1:], (D,), *w["ln_f"], 1e-5)                # (1, D)
    return (h @ w["wte"].T)[0], new_past, attentions


def main() -> None:
    threads, blas = SETTING
    torch.set_num_threads(threads)
    w = make_weights()
    prompt = torch.tensor([(i * 37 + 11) % VOCAB for i in range(PROMPT)])
    with torch.inference_mode():
        # Time only the cached steps: the prompt's pass is set up outside, as in the C++ bench.
        _, past0, _ = forward(w, prompt, [None] * LAYERS)
        logits0, _, _ = forward(w, prompt[-1:], [(k[:, :-1], v[:, :-1]) for k, v in past0])
        times, cpu = [], []
        for r in range(8):
            logits, past = logits0, past0
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(STEPS):
                nxt = int(torch.argmax(logits))
                torch.topk(torch.softmax(logits, dim=-1), 5)
                logits, past, _ = forward(w, torch.tensor([nxt]), past)
            if r > 0:  # the first round warms up
                times.append((time.perf_counter() - t0) * 1e3 / STEPS)
                cpu.append((time.process_time() - c0) * 1e3 / STEPS)
    print(f"torch-generate threads={threads} blas={blas} ms_per_token={statistics.median(times):.3f} "
          f"cpu_ms_per_token={statistics.median(cpu):.3f}", flush=True)


if __name__ == "__main__":
    main()
