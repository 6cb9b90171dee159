#!/usr/bin/python3
"""PyTorch reference for bench/bench_llama.cpp: the same rotary decoder folder (from
bench/make_llama_folder.py, BF16 widened to float32) in plain torch ops — our own RMSNorm,
rotate-half RoPE, grouped-query attention and SwiGLU (Debian's python3-torch has no transformers).

  forward   N tokens, every layer's attention weights kept, no LM head (as BM_LlamaForward)
  step      after a 16-token prompt, 32 greedy tokens with a KV cache, each with the logits over
            the vocabulary and the top-5 (as BM_LlamaStep)

Usage: /usr/bin/python3 bench/bench_torch_llama.py SETTING DIR NAME [N]
Prints "torch-llama model=NAME threads=T blas=B N=N ms=MEDIAN cpu_ms=MEDIAN" and
"torch-llama-step model=NAME threads=T ms_per_token=MEDIAN cpu_ms_per_token=MEDIAN".
"""
import json
import math
import os
import statistics
import sys
import time

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

PROMPT, STEPS = 16, 32


def load(folder):
    cfg = json.load(open(os.path.join(folder, "config.json")))
    with open(os.path.join(folder, "model.safetensors"), "rb") as f:
        n = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(n))
        data = f.read()
    t = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        assert info["dtype"] == "BF16"
        b, e = info["data_offsets"]
        bits = np.frombuffer(data, dtype="<u2", count=(e - b) // 2, offset=b).astype(np.uint32) << 16
        t[name] = torch.from_numpy(bits.view(np.float32).reshape(info["shape"]).copy())
    return cfg, t


class Model:
    def __init__(self, cfg, t):
        self.d, self.H, self.G = cfg["hidden_size"], cfg["num_attention_heads"], cfg["num_key_value_heads"]
        self.dk = self.d // self.H
        self.eps, self.L = cfg["rms_norm_eps"], cfg["num_hidden_layers"]
        self.embed, self.norm = t["model.embed_tokens.weight"], t["model.norm.weight"]
        self.layers = []
        for i in range(self.L):
            p = f"model.layers.{i}."
            self.layers.append({k: t.get(p + v) for k, v in {
                "in": "input_layernorm.weight", "post": "post_attention_layernorm.weight",
                "wq": "self_attn.q_proj.weight", "wk": "self_attn.k_proj.weight", "wv": "self_attn.v_proj.weight",
                "bq": "self_attn.q_proj.bias", "bk": "self_attn.k_proj.bias", "bv": "self_attn.v_proj.bias",
                "wo": "self_attn.o_proj.weight", "gate": "mlp.gate_proj.weight", "up": "mlp.up_proj.weight",
                "down": "mlp.down_proj.weight"}.items()})
        self.inv_freq = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, self.dk, 2, dtype=torch.float64) / self.dk))

    def rms(self, x, g):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * g

    def rope(self, x, cos, sin):  # x (heads, T, d_k); rotate-half pairs (i, i + d_k/2)
        half = self.dk // 2
        x1, x2 = x[..., :half], x[..., half:]
        return torch.cat((x1 * cos - x2 * sin, x2 * cos + x1 * sin), dim=-1)

    def forward(self, ids, cache=None):
        """ids (T); cache: per layer [k, v] of earlier tokens (G, n, d_k), extended in place."""
        t = ids.shape[0]
        start = cache[0][0].shape[1] if cache and cache[0] else 0
        pos = torch.arange(start, start + t, dtype=torch.float64)
        ang = torch.outer(pos, self.inv_freq)
        cos, sin = ang.cos().float(), ang.sin().float()  # (T, d_k/2)
        causal = torch.triu(torch.ones(t, start + t, dtype=torch.bool), diagonal=start + 1)
        x = self.embed[ids]  # (T, d)
        attentions = []
        for i, b in enumerate(self.layers):
            a = self.rms(x, b["in"])
            q = F.linear(a, b["wq"], b["bq"]).view(t, self.H, self.dk).transpose(0, 1)
            k = F.linear(a, b["wk"], b["bk"]).view(t, self.G, self.dk).transpose(0, 1)
            v = F.linear(a, b["wv"], b["bv"]).view(t, self.G, self.dk).transpose(0, 1)
            q, k = self.rope(q, cos, sin), self.rope(k, cos, sin)
            if cache is not None:
                if cache[i]:
                    k, v = torch.cat((cache[i][0], k), 1), torch.cat((cache[i][1], v), 1)
                cache[i] = [k, v]
            group = self.H // self.G
            kr, vr = k.repeat_interleave(group, 0), v.repeat_interleave(group, 0)  # (H, n, d_k)
            s = (q @ kr.transpose(1, 2)) / math.sqrt(self.dk)  # (H, T, n)
            p = torch.softmax(s.masked_fill(causal, float("-inf")), dim=-1)
            attentions.append(p)
            x = x + F.linear((p @ vr).transpose(0, 1).reshape(t, self.d), b["wo"])
            m = self.rms(x, b["post"])
            x = x + F.linear(F.silu(F.linear(m, b["gate"])) * F.linear(m, b["up"]), b["down"])
        return self.rms(x, self.norm), attentions


def main() -> None:
    (threads, blas), folder, name = SETTING, sys.argv[2], sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 128
    torch.set_num_threads(threads)
    cfg, tensors = load(folder)
    model = Model(cfg, tensors)
    vocab = cfg["vocab_size"]
    with torch.inference_mode():
        ids = torch.tensor([(i * 37 + 11) % vocab for i in range(n)])
        model.forward(ids)
        times, cpu = [], []
        for _ in range(5):
            t0, c0 = time.perf_counter(), time.process_time()
            model.forward(ids)
            times.append((time.perf_counter() - t0) * 1e3)
            cpu.append((time.process_time() - c0) * 1e3)
        print(f"torch-llama model={name} threads={threads} blas={blas} N={n} ms={statistics.median(times):.3f} "
              f"cpu_ms={statistics.median(cpu):.3f}", flush=True)

        prompt = torch.tensor([(i * 37 + 11) % vocab for i in range(PROMPT)])
        times, cpu = [], []
        for _ in range(3):
            cache = [None] * model.L
            h, _ = model.forward(prompt, cache)
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(STEPS):
                logits = F.linear(h[-1], model.embed)  # (V) tied head
                torch.topk(logits, 5)
                torch.softmax(logits, -1)
                h, _ = model.forward(logits.argmax().view(1), cache)
            times.append((time.perf_counter() - t0) * 1e3 / STEPS)
            cpu.append((time.process_time() - c0) * 1e3 / STEPS)
        print(f"torch-llama-step model={name} threads={threads} blas={blas} ms_per_token={statistics.median(times):.3f} "
              f"cpu_ms_per_token={statistics.median(cpu):.3f}", flush=True)


if __name__ == "__main__":
    main()
