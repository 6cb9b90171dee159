#!/usr/bin/python3
"""Writes a random-weight rotary decoder folder (config.json + model.safetensors, BF16) in the real
shape of a published model, for bench/bench_llama.cpp, bench/bench_torch_llama.py and
attnlab_peak_memory --llama. No tokenizer: the benchmarks feed token ids.

Usage: /usr/bin/python3 bench/make_llama_folder.py SHAPE OUT_DIR      SHAPE: smollm2-135m | qwen2.5-0.5b

The weights are random bf16 bit patterns (sign, exponents for magnitudes 2^-10 … 2^-5, every
mantissa: about the size of trained weights, ~20× faster to draw than normals); norms are 1.
The timing of a forward pass does not depend on the values. Our own safetensors writer (8-byte
header length, JSON header, raw little-endian data): Debian 12 has no python3-safetensors.
"""
import json
import os
import sys

import numpy as np

SHAPES = {
    # HuggingFaceTB/SmolLM2-135M: LlamaForCausalLM, tied embeddings.
    "smollm2-135m": dict(model_type="llama", arch="LlamaForCausalLM", hidden=576, layers=30, heads=9, kv_heads=3,
                         ffn=1536, vocab=49152, bias=False, theta=100000.0, eps=1e-5, positions=8192),
    # Qwen/Qwen2.5-0.5B: Qwen2ForCausalLM, q/k/v biases, tied embeddings.
    "qwen2.5-0.5b": dict(model_type="qwen2", arch="Qwen2ForCausalLM", hidden=896, layers=24, heads=14, kv_heads=2,
                         ffn=4864, vocab=151936, bias=True, theta=1000000.0, eps=1e-6, positions=32768),
}


def random_bf16(rng, shape):
    n = int(np.prod(shape))
    r = rng.integers(0, 1 << 16, size=n, dtype=np.uint16)
    sign = (r & 1) << 15
    exponent = (117 + (r >> 1) % 6).astype(np.uint16) << 7  # 2^-10 … 2^-5
    mantissa = (r >> 4) & 0x7F
    return (sign | exponent | mantissa).astype("<u2").reshape(shape)


def ones_bf16(shape):
    return np.full(shape, 0x3F80, dtype="<u2")  # 1.0


def main() -> None:
    name, out = sys.argv[1], sys.argv[2]
    s = SHAPES[name]
    d, dk = s["hidden"], s["hidden"] // s["heads"]
    dq, dkv = s["heads"] * dk, s["kv_heads"] * dk
    rng = np.random.default_rng(0)
    tensors = [("model.embed_tokens.weight", random_bf16(rng, (s["vocab"], d))),
               ("model.norm.weight", ones_bf16((d,)))]
    for i in range(s["layers"]):
        p = f"model.layers.{i}."
        tensors += [(p + "input_layernorm.weight", ones_bf16((d,))),
                    (p + "post_attention_layernorm.weight", ones_bf16((d,))),
                    (p + "self_attn.q_proj.weight", random_bf16(rng, (dq, d))),
                    (p + "self_attn.k_proj.weight", random_bf16(rng, (dkv, d))),
                    (p + "self_attn.v_proj.weight", random_bf16(rng, (dkv, d))),
                    (p + "self_attn.o_proj.weight", random_bf16(rng, (d, dq))),
                    (p + "mlp.gate_proj.weight", random_bf16(rng, (s["ffn"], d))),
                    (p + "mlp.up_proj.weight", random_bf16(rng, (s["ffn"], d))),
                    (p + "mlp.down_proj.weight", random_bf16(rng, (d, s["ffn"])))]
        if s["bias"]:
            tensors += [(p + "self_attn.q_proj.bias", random_bf16(rng, (dq,))),
                        (p + "self_attn.k_proj.bias", random_bf16(rng, (dkv,))),
                        (p + "self_attn.v_proj.bias", random_bf16(rng, (dkv,)))]
    header, offset = {}, 0
    for key, a in tensors:
        header[key] = {"dtype": "BF16", "shape": list(a.shape), "data_offsets": [offset, offset + a.nbytes]}
        offset += a.nbytes
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the data section 8-byte aligned, as Hugging Face writes it
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "model.safetensors"), "wb") as f:
        f.write(len(text).to_bytes(8, "little"))
        f.write(text)
        for _, a in tensors:
            f.write(a.tobytes())
    config = {"architectures": [s["arch"]], "model_type": s["model_type"], "hidden_size": d,
              "intermediate_size": s["ffn"], "num_hidden_layers": s["layers"], "num_attention_heads": s["heads"],
              "num_key_value_heads": s["kv_heads"], "vocab_size": s["vocab"], "rope_theta": s["theta"],
              "rms_norm_eps": s["eps"], "max_position_embeddings": s["positions"], "hidden_act": "silu",
              "tie_word_embeddings": True, "torch_dtype": "bfloat16"}
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    print(f"{name}: {sum(a.size for _, a in tensors) / 1e6:.1f} M parameters in {out}", flush=True)


if __name__ == "__main__":
    main()
