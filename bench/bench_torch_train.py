#!/usr/bin/python3
"""PyTorch reference for bench/bench_train.cpp: the same GPT-2 (2 layers, 4 heads, d = 64, MLP 4x,
tied output embedding), the same reverse task (k = 8 letters, length 6, loss on the answer only),
batch 4 (BENCH_D_MODEL / BENCH_BATCH / BENCH_LR override, as for bench_train.cpp), AdamW (betas
0.9/0.98, decay 0.01 on matrices, clipping at 1, warm-up then cosine).
Plain torch ops (Debian's python3-torch has no transformers).

Usage: /usr/bin/python3 bench/bench_torch_train.py SETTING [STEPS]
         -> "torch-train threads=T steps=S steps_per_s=… cpu_steps_per_s=…"
       /usr/bin/python3 bench/bench_torch_train.py SETTING --time-to-99
         -> "torch-99 task=reverse threads=T steps=… seconds=…"   (evaluation off the clock)
"""
import math
import os
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

K, N, LAYERS, HEADS, D, BATCH, LR, WARMUP, STEPS = 8, 6, 2, 4, 64, 4, 3e-3, 20, 400
D = int(os.environ.get("BENCH_D_MODEL", D))  # the overrides bench_train.cpp reads too
BATCH, LR = int(os.environ.get("BENCH_BATCH", BATCH)), float(os.environ.get("BENCH_LR", LR))
V, T = K + 2, 2 * N  # letters, '>', <|endoftext|>; the model reads 2n tokens


def make_params(g):
    p = {"wte": torch.randn(V, D, generator=g) * 0.02, "wpe": torch.randn(T, D, generator=g) * 0.02,
         "lnf_w": torch.ones(D), "lnf_b": torch.zeros(D)}
    proj = 0.02 / math.sqrt(2 * LAYERS)
    for l in range(LAYERS):
        p.update({f"{l}.ln1_w": torch.ones(D), f"{l}.ln1_b": torch.zeros(D),
                  f"{l}.attn_w": torch.randn(D, 3 * D, generator=g) * 0.02, f"{l}.attn_b": torch.zeros(3 * D),
                  f"{l}.proj_w": torch.randn(D, D, generator=g) * proj, f"{l}.proj_b": torch.zeros(D),
                  f"{l}.ln2_w": torch.ones(D), f"{l}.ln2_b": torch.zeros(D),
                  f"{l}.fc_w": torch.randn(D, 4 * D, generator=g) * 0.02, f"{l}.fc_b": torch.zeros(4 * D),
                  f"{l}.fcp_w": torch.randn(4 * D, D, generator=g) * proj, f"{l}.fcp_b": torch.zeros(D)})
    return {k: v.requires_grad_(True) for k, v in p.items()}


def forward(p, ids):
    B = ids.shape[0]
    hs = D // HEADS
    x = p["wte"][ids] + p["wpe"][:T]
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
    for l in range(LAYERS):
        a = F.layer_norm(x, (D,), p[f"{l}.ln1_w"], p[f"{l}.ln1_b"])
        q, k, v = (a @ p[f"{l}.attn_w"] + p[f"{l}.attn_b"]).split(D, dim=2)
        q, k, v = (t.view(B, T, HEADS, hs).transpose(1, 2) for t in (q, k, v))
        s = (q @ k.transpose(-2, -1)) / math.sqrt(hs)
        att = torch.softmax(s.masked_fill(~mask, float("-inf")), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(B, T, D)
        x = x + y @ p[f"{l}.proj_w"] + p[f"{l}.proj_b"]
        m = F.layer_norm(x, (D,), p[f"{l}.ln2_w"], p[f"{l}.ln2_b"])
        m = F.gelu(m @ p[f"{l}.fc_w"] + p[f"{l}.fc_b"], approximate="tanh")
        x = x + m @ p[f"{l}.fcp_w"] + p[f"{l}.fcp_b"]
    x = F.layer_norm(x, (D,), p["lnf_w"], p["lnf_b"])
    return x @ p["wte"].t()


def batch(g, b):
    src = torch.randint(0, K, (b, N), generator=g)
    seq = torch.cat([src, torch.full((b, 1), K), src.flip(1)], dim=1)  # (b, 2n + 1)
    ids, tgt = seq[:, :-1], seq[:, 1:].clone()
    tgt[:, :N - 1] = -1  # score the answer only: predictions made at '>' and after
    return ids, tgt


def main():
    threads, blas = SETTING
    torch.set_num_threads(threads)
    to99 = len(sys.argv) > 2 and sys.argv[2] == "--time-to-99"
    steps = int(sys.argv[2]) if len(sys.argv) > 2 and not to99 else 200
    g = torch.Generator().manual_seed(1)
    p = make_params(g)
    decay = [v for v in p.values() if v.dim() == 2]
    other = [v for v in p.values() if v.dim() != 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": other, "weight_decay": 0.0}],
                            lr=LR, betas=(0.9, 0.98), eps=1e-8)
    total = STEPS * 4 if to99 else steps + 10

    def lr_at(step):
        if step < WARMUP:
            return LR * (step + 1) / WARMUP
        prog = (step - WARMUP) / (total - WARMUP)
        return LR * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, prog))))

    def step(i):
        ids, tgt = batch(g, BATCH)
        loss = F.cross_entropy(forward(p, ids).reshape(-1, V), tgt.reshape(-1), ignore_index=-1)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(list(p.values()), 1.0)
        for group in opt.param_groups:
            group["lr"] = lr_at(i)
        opt.step()

    if to99:
        train_s, eg = 0.0, torch.Generator().manual_seed(99)
        for i in range(total):
            t0 = time.perf_counter()
            step(i)
            train_s += time.perf_counter() - t0
            if (i + 1) % 10 == 0:
                with torch.no_grad():
                    ids, tgt = batch(eg, 256)
                    pred = forward(p, ids).argmax(-1)
                    exact = ((pred == tgt) | (tgt < 0)).all(dim=1).float().mean().item()
                if exact >= 0.99:
                    print(f"torch-99 task=reverse threads={threads} blas={blas} steps={i + 1} seconds={train_s:.2f}")
                    return
        print(f"torch-99 task=reverse threads={threads} blas={blas} steps=never seconds={train_s:.2f}")
        return
    for i in range(10):
        step(i)
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(10, 10 + steps):
        step(i)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"torch-train threads={threads} blas={blas} steps={steps} steps_per_s={steps / wall:.1f} "
          f"cpu_steps_per_s={steps / cpu:.1f}")


if __name__ == "__main__":
    main()
