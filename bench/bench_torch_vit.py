#!/usr/bin/python3
"""PyTorch reference for bench/bench_vit.cpp: ViT-B/16 and DeiT-tiny forward passes at 224×224
(random weights), every layer's attention weights kept, as the app needs them. Plain functional
ops: the patch embedding as a strided conv2d, then the pre-LN encoder.

Usage: /usr/bin/python3 bench/bench_torch_vit.py SETTING
Prints one line per model: "torch-vit model=NAME threads=T ms=MEDIAN cpu_ms=MEDIAN".
"""
import math
import statistics
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402
import torch.nn.functional as F

SHAPES = [("vit-b16", 768, 12, 3072, 1), ("deit-tiny", 192, 3, 768, 2)]


def make_weights(d, d_ff, prefix):
    g = torch.Generator().manual_seed(0)

    def randn(*shape):
        return torch.randn(*shape, generator=g) * 0.02

    blocks = [{"ln1": (torch.ones(d), torch.zeros(d)), "ln2": (torch.ones(d), torch.zeros(d)),
               "qkv": (randn(3 * d, d), randn(3 * d)), "o": (randn(d, d), randn(d)),
               "fc1": (randn(d_ff, d), randn(d_ff)), "fc2": (randn(d, d_ff), randn(d))} for _ in range(12)]
    return {"patch": (randn(d, 3, 16, 16), randn(d)), "prefix": randn(prefix, d),
            "pos": randn(196 + prefix, d), "blocks": blocks, "ln": (torch.ones(d), torch.zeros(d))}


def forward(w, pixels, d, heads):
    x = F.conv2d(pixels[None], *w["patch"], stride=16).flatten(2).transpose(1, 2)[0]  # (196, d)
    x = torch.cat([w["prefix"], x]) + w["pos"]                                           # (T, d)
    t, dk = x.shape[0], d // heads
    attentions = []
    for b in w["blocks"]:
        a = F.layer_norm(x, (d,), *b["ln1"], 1e-12)
        q, k, v = (m.view(t, heads, dk).transpose(0, 1) for m in F.linear(a, *b["qkv"]).split(d, dim=1))
        p = torch.softmax((q @ k.transpose(1, 2)) / math.sqrt(dk), dim=-1)                # (H, T, T)
        attentions.append(p)
        x = x + F.linear((p @ v).transpose(0, 1).reshape(t, d), *b["o"])
        m = F.gelu(F.linear(F.layer_norm(x, (d,), *b["ln2"], 1e-12), *b["fc1"]))
        x = x + F.linear(m, *b["fc2"])
    return F.layer_norm(x, (d,), *w["ln"], 1e-12), attentions


def main() -> None:
    threads, blas = SETTING
    torch.set_num_threads(threads)
    pixels = torch.randn(3, 224, 224, generator=torch.Generator().manual_seed(9))
    with torch.inference_mode():
        for name, d, heads, d_ff, prefix in SHAPES:
            w = make_weights(d, d_ff, prefix)
            for _ in range(3):
                forward(w, pixels, d, heads)
            times, cpu = [], []
            for _ in range(15):
                t0, c0 = time.perf_counter(), time.process_time()
                forward(w, pixels, d, heads)
                times.append((time.perf_counter() - t0) * 1e3)
                cpu.append((time.process_time() - c0) * 1e3)
            print(f"torch-vit model={name} threads={threads} blas={blas} ms={statistics.median(times):.3f} "
                  f"cpu_ms={statistics.median(cpu):.3f}", flush=True)


if __name__ == "__main__":
    main()
