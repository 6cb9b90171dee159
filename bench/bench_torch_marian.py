#!/usr/bin/python3
"""PyTorch reference for bench/bench_marian.cpp: a translation model at opus-mt-ko-en's shape
(random weights) in plain functional ops:

  encoder   embeddings × √d + sinusoidal positions, then 6 post-LN blocks (swish) over S = 128
            source tokens, every head's attention weights kept (as the app keeps them)
  decode    after a 32-token source: the encoder and every decoder layer's cross-attention keys and
            values once (outside the clock, as in the C++ bench), then the start token and 32 greedy
            tokens with a key/value cache, each ending in logits over the 65,001-token vocabulary:
            ms per decoder step

Attention runs head by head on 2-D matrices (bench_torch_whisper.py says why: faster with Debian's
torch on this machine).

Usage: /usr/bin/python3 bench/bench_torch_marian.py SETTING
Prints "torch-marian threads=T blas=B encoder_ms=… decode_ms_per_token=…" (medians).
"""
import math
import sys

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

D, HEADS, LAYERS, FF, VOCAB, POSITIONS = 512, 8, 6, 2048, 65001, 512
SOURCE, SHORT_SOURCE, WRITTEN = 128, 32, 32


def sinusoids(n, d):
    pos = torch.arange(n, dtype=torch.float32)[:, None]
    i = torch.arange(d // 2, dtype=torch.float32)[None, :]
    angle = pos / torch.pow(torch.tensor(10000.0), 2.0 * i / d)
    return torch.cat((torch.sin(angle), torch.cos(angle)), dim=1)


def make_weights():
    g = torch.Generator().manual_seed(0)

    def randn(*shape):
        return torch.randn(*shape, generator=g) * 0.02

    def attn():
        return {n: (randn(D, D), randn(D)) for n in "qkvo"}

    def block(cross):
        b = {"self": attn(), "ln1": (torch.ones(D), torch.zeros(D)), "fc1": (randn(FF, D), randn(FF)),
             "fc2": (randn(D, FF), randn(D)), "ln3": (torch.ones(D), torch.zeros(D))}
        if cross:
            b["cross"], b["ln2"] = attn(), (torch.ones(D), torch.zeros(D))
        return b

    return {"embed": randn(VOCAB, D), "bias": randn(VOCAB), "pos": sinusoids(POSITIONS, D),
            "enc": [block(False) for _ in range(LAYERS)], "dec": [block(True) for _ in range(LAYERS)]}


def heads_of(x):
    t = x.shape[0]
    return list(x.view(t, HEADS, D // HEADS).transpose(0, 1))  # H × (T, d_k)


def attend(qs, ks, vs):
    ps, outs = [], []
    for q, k, v in zip(qs, ks, vs):
        p = torch.softmax(q @ k.T / math.sqrt(q.shape[1]), dim=-1)
        ps.append(p)
        outs.append(p @ v)
    return ps, torch.cat(outs, dim=1)


def ffn(b, x):
    return F.linear(F.silu(F.linear(x, *b["fc1"])), *b["fc2"])


def encode(w, ids):
    x = w["embed"][ids] * math.sqrt(D) + w["pos"][:len(ids)]
    kept = []
    for b in w["enc"]:
        q, k, v = (heads_of(F.linear(x, *b["self"][n])) for n in "qkv")
        ps, o = attend(q, k, v)
        kept.append(ps)
        x = F.layer_norm(x + F.linear(o, *b["self"]["o"]), (D,), *b["ln1"], 1e-5)
        x = F.layer_norm(x + ffn(b, x), (D,), *b["ln3"], 1e-5)
    return x, kept


def cross_memory(w, memory):
    """Every decoder layer's cross-attention keys and values, once per source."""
    return [(heads_of(F.linear(memory, *b["cross"]["k"])), heads_of(F.linear(memory, *b["cross"]["v"])))
            for b in w["dec"]]


def step(w, cross, cache, token, pos):
    y = (w["embed"][token] * math.sqrt(D) + w["pos"][pos])[None]  # (1, d)
    for b, (ck, cv), (ks, vs) in zip(w["dec"], cross, cache):
        q, k, v = (F.linear(y, *b["self"][n]) for n in "qkv")
        ks.append(k)
        vs.append(v)
        _, o = attend(heads_of(q), heads_of(torch.cat(ks, 0)), heads_of(torch.cat(vs, 0)))
        y = F.layer_norm(y + F.linear(o, *b["self"]["o"]), (D,), *b["ln1"], 1e-5)
        _, o = attend(heads_of(F.linear(y, *b["cross"]["q"])), ck, cv)
        y = F.layer_norm(y + F.linear(o, *b["cross"]["o"]), (D,), *b["ln2"], 1e-5)
        y = F.layer_norm(y + ffn(b, y), (D,), *b["ln3"], 1e-5)
    return y[0] @ w["embed"].T + w["bias"]  # (V)


def decode(w, cross):
    cache = [([], []) for _ in w["dec"]]
    logits = step(w, cross, cache, VOCAB - 1, 0)
    for t in range(1, WRITTEN + 1):
        nxt = int(logits.argmax())
        logits = step(w, cross, cache, 5 if nxt == 0 else nxt, t)
    return logits


def main() -> None:
    threads, blas = SETTING
    torch.set_num_threads(threads)
    with torch.inference_mode():
        w = make_weights()
        ids = torch.tensor([1 + (i * 7919) % (VOCAB - 2) for i in range(SOURCE)])
        enc_ms = torch_threads.median_ms(lambda: encode(w, ids), 7)
        memory, _ = encode(w, ids[:SHORT_SOURCE])
        cross = cross_memory(w, memory)
        dec_ms = torch_threads.median_ms(lambda: decode(w, cross), 5) / (WRITTEN + 1)
        print(f"torch-marian threads={threads} blas={blas} encoder_ms={enc_ms:.3f} decode_ms_per_token={dec_ms:.3f}",
              flush=True)


if __name__ == "__main__":
    main()
