#!/usr/bin/python3
"""PyTorch reference for bench/bench_whisper.cpp: Whisper on 10 s of sound at whisper-tiny and
whisper-base shapes (random weights), in plain functional ops:

  mel       the log-mel of 10 s padded to 30 s: torch.stft (n_fft 400, hop 160, periodic Hann,
            reflect-centred), 80 mel filters, log10, clamp at max − 8, (x + 4) / 4
  encoder   conv1d (k 3) + GELU twice (the second with stride 2) + positions, then the pre-LN blocks
            over 1500 frames, every head's weights kept for the 500 frames that hold sound (as the app)

Attention runs head by head on 2-D matrices: with Debian's torch, a (H, T, d_k) @ (H, d_k, T)
batched product and a 3-D softmax are ~16x slower than the same work as H 2-D ones (measured on
this 2-core machine: 200 ms against 12 ms for QKᵀ of six 1500-frame heads), so the reference
takes its faster form.
  decode    the cross-attention keys and values once, then 4 prompt tokens and 28 greedy ones with a
            key/value cache: ms per token

Usage: /usr/bin/python3 bench/bench_torch_whisper.py SETTING
Prints one line per model: "torch-whisper model=NAME threads=T blas=B mel_ms=… encoder_ms=… decode_ms_per_token=…"
(medians).
"""
import math
import sys

import torch_threads  # noqa: E402  (bench/torch_threads.py, beside this script)

# Cap the BLAS threads before torch loads them (torch_threads.py says why).
SETTING = torch_threads.cap(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else (1, 1)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

SHAPES = [("whisper-tiny", 384, 6, 4, 1536), ("whisper-base", 512, 8, 6, 2048)]
VOCAB, MELS, FRAMES, DEC_POS, SOUND_FRAMES = 51865, 80, 1500, 448, 500
PROMPT, WRITTEN = [50258, 50264, 50359, 50363], 28


def make_weights(d, heads, layers, d_ff):
    g = torch.Generator().manual_seed(0)

    def randn(*shape):
        return torch.randn(*shape, generator=g) * 0.02

    def attn():
        return {"q": (randn(d, d), randn(d)), "k": (randn(d, d), torch.zeros(d)), "v": (randn(d, d), randn(d)),
                "o": (randn(d, d), randn(d))}

    def block(cross):
        b = {"ln1": (torch.ones(d), torch.zeros(d)), "self": attn(), "ln3": (torch.ones(d), torch.zeros(d)),
             "fc1": (randn(d_ff, d), randn(d_ff)), "fc2": (randn(d, d_ff), randn(d))}
        if cross:
            b["ln2"], b["cross"] = (torch.ones(d), torch.zeros(d)), attn()
        return b

    return {"conv1": (randn(d, MELS, 3), randn(d)), "conv2": (randn(d, d, 3), randn(d)), "pos": randn(FRAMES, d),
            "enc": [block(False) for _ in range(layers)], "dec": [block(True) for _ in range(layers)],
            "embed": randn(VOCAB, d), "dec_pos": randn(DEC_POS, d),
            "ln_enc": (torch.ones(d), torch.zeros(d)), "ln_dec": (torch.ones(d), torch.zeros(d))}


def log_mel(samples, filters, window):
    padded = F.pad(samples, (0, 480000 - samples.shape[0]))
    spec = torch.stft(padded, 400, 160, window=window, return_complex=True)[:, :-1].abs() ** 2  # (201, 3000)
    mel = torch.clamp(filters @ spec, min=1e-10).log10()
    mel = torch.maximum(mel, mel.max() - 8.0)
    return (mel + 4.0) / 4.0


def heads_of(x, heads):
    t, d = x.shape
    return list(x.view(t, heads, d // heads).transpose(0, 1))  # H × (T, d_k)


def attend(qs, ks, vs):
    """Each head's softmax(q kᵀ / √d_k) and its weighted sum of v, on 2-D matrices."""
    ps, outs = [], []
    for q, k, v in zip(qs, ks, vs):
        p = torch.softmax(q @ k.T / math.sqrt(q.shape[1]), dim=-1)
        ps.append(p)
        outs.append(p @ v)
    return ps, torch.cat(outs, dim=1)  # H × (T_q, T_k), (T_q, d)


def encode(w, mel, heads):
    x = F.gelu(F.conv1d(mel[None], *w["conv1"], padding=1))
    x = F.gelu(F.conv1d(x, *w["conv2"], padding=1, stride=2))[0].T + w["pos"]  # (1500, d)
    d = x.shape[1]
    kept = []
    for b in w["enc"]:
        a = F.layer_norm(x, (d,), *b["ln1"], 1e-5)
        q, k, v = (heads_of(F.linear(a, *b["self"][n]), heads) for n in "qkv")
        ps, o = attend(q, k, v)  # H × (S, S)
        kept.append([p[:SOUND_FRAMES, :SOUND_FRAMES].clone() for p in ps])
        x = x + F.linear(o, *b["self"]["o"])
        x = x + F.linear(F.gelu(F.linear(F.layer_norm(x, (d,), *b["ln3"], 1e-5), *b["fc1"])), *b["fc2"])
    return F.layer_norm(x, (d,), *w["ln_enc"], 1e-5), kept


def decode(w, memory, heads):
    d = memory.shape[1]
    cross = [(heads_of(F.linear(memory, *b["cross"]["k"]), heads), heads_of(F.linear(memory, *b["cross"]["v"]), heads))
             for b in w["dec"]]
    cache = [([], []) for _ in w["dec"]]
    ids = list(PROMPT)
    logits = None
    for t in range(len(PROMPT) + WRITTEN):
        if t >= len(PROMPT):
            ids.append(int(logits.argmax()))
        y = (w["embed"][ids[t]] + w["dec_pos"][t])[None]  # (1, d)
        for b, (ck, cv), (ks, vs) in zip(w["dec"], cross, cache):
            a = F.layer_norm(y, (d,), *b["ln1"], 1e-5)
            q, k, v = (F.linear(a, *b["self"][n]) for n in "qkv")
            ks.append(k)
            vs.append(v)
            K, V = torch.cat(ks, 0), torch.cat(vs, 0)  # (t, d)
            _, o = attend(heads_of(q, heads), heads_of(K, heads), heads_of(V, heads))
            y = y + F.linear(o, *b["self"]["o"])
            a = F.layer_norm(y, (d,), *b["ln2"], 1e-5)
            _, o = attend(heads_of(F.linear(a, *b["cross"]["q"]), heads), ck, cv)  # H × (1, S)
            y = y + F.linear(o, *b["cross"]["o"])
            y = y + F.linear(F.gelu(F.linear(F.layer_norm(y, (d,), *b["ln3"], 1e-5), *b["fc1"])), *b["fc2"])
        logits = F.layer_norm(y, (d,), *w["ln_dec"], 1e-5)[0] @ w["embed"].T  # (V)
    return logits


def main() -> None:
    threads, blas = SETTING
    torch.set_num_threads(threads)
    i = torch.arange(160000, dtype=torch.float32)
    noise = torch.randn(160000, generator=torch.Generator().manual_seed(8)) * 0.02
    samples = 0.3 * torch.sin(0.07 * i) + 0.2 * torch.sin(0.013 * i) + noise
    filters = torch.rand(MELS, 201, generator=torch.Generator().manual_seed(3)) * 0.01
    window = torch.hann_window(400)
    with torch.inference_mode():
        mel = log_mel(samples, filters, window)
        mel_ms = torch_threads.median_ms(lambda: log_mel(samples, filters, window), 15)
        for name, d, heads, layers, d_ff in SHAPES:
            w = make_weights(d, heads, layers, d_ff)
            memory, _ = encode(w, mel, heads)
            enc_ms = torch_threads.median_ms(lambda: encode(w, mel, heads), 5)
            dec_ms = torch_threads.median_ms(lambda: decode(w, memory, heads), 5) / (len(PROMPT) + WRITTEN)
            print(f"torch-whisper model={name} threads={threads} blas={blas} mel_ms={mel_ms:.3f} "
                  f"encoder_ms={enc_ms:.3f} decode_ms_per_token={dec_ms:.3f}", flush=True)


if __name__ == "__main__":
    main()
