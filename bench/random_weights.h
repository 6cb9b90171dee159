// random_weights.h — the benchmarks' random GPT-2-shaped weights: the same seeds in every bench, so
// bench_gpt2, bench_generate and bench_vit time the same numbers (N(0, 0.02) matrices, unit
// LayerNorm gains, zero LayerNorm biases).
#pragma once

#include <utility>

#include "core/attention/attention.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/folder/model_config.h"
#include "tests/random_matrix.h"

namespace attn::bench {

// (n) N(0, stddev) values from `seed`.
inline RowVec random_row(int n, float stddev, unsigned seed) {
    return testing::random_normal(1, n, stddev, seed).row(0);
}

// One layer's seeds start at seed(l) = 100 + 20·l; its attention takes seed(l) … seed(l) + 4 and its
// MLP seed(l) + 5 … seed(l) + 8.
inline unsigned layer_seed(int layer) { return 100 + 20 * unsigned(layer); }

// W_Q, W_K, W_V, W_O (d, d) from seeds s … s + 3; one (d) bias row (seed s + 4) for all four.
inline AttentionWeights random_attention(int d, int n_heads, unsigned s) {
    AttentionWeights a;
    a.n_heads = n_heads;
    a.w_q = testing::random_normal(d, d, 0.02f, s);
    a.w_k = testing::random_normal(d, d, 0.02f, s + 1);
    a.w_v = testing::random_normal(d, d, 0.02f, s + 2);
    a.w_o = testing::random_normal(d, d, 0.02f, s + 3);
    a.b_q = a.b_k = a.b_v = a.b_o = random_row(d, 0.02f, s + 4);
    return a;
}

// The MLP's (d, d_ff) + (d_ff) and (d_ff, d) + (d) from seeds s + 5 … s + 8.
inline void random_mlp(int d, int d_ff, unsigned s, Mat& w1, RowVec& b1, Mat& w2, RowVec& b2) {
    w1 = testing::random_normal(d, d_ff, 0.02f, s + 5);
    b1 = random_row(d_ff, 0.02f, s + 6);
    w2 = testing::random_normal(d_ff, d, 0.02f, s + 7);
    b2 = random_row(d, 0.02f, s + 8);
}

// GPT-2 small's shape (12 layers, 12 heads, d = 768, d_ff = 3072, 1024 positions, gelu_new) with a
// vocabulary of `vocab` (the LM head's share of the cost).
inline pretrained::PretrainedConfig gpt2_small_config(int vocab) {
    pretrained::PretrainedConfig c;
    c.model_type = "gpt2";
    c.family = pretrained::find_family(c.model_type);
    c.n_layers = 12;
    c.n_heads = 12;
    c.d_model = 768;
    c.d_ff = 3072;
    c.vocab_size = vocab;
    c.max_positions = 1024;
    c.layer_norm_eps = 1e-5f;
    c.activation = "gelu_new";
    return c;
}

// A GPT-2 of c's shape: wte (V, d) seed 1, wpe (max_positions, d) N(0, 0.01) seed 2, then the blocks.
inline pretrained::Gpt2Weights random_gpt2_weights(const pretrained::PretrainedConfig& c) {
    const int d = c.d_model;
    pretrained::Gpt2Weights w;
    w.wte = testing::random_normal(c.vocab_size, d, 0.02f, 1);  // (V, d)
    w.wpe = testing::random_normal(c.max_positions, d, 0.01f, 2);
    w.ln_f_gamma = RowVec::Ones(d);
    w.ln_f_beta = RowVec::Zero(d);
    for (int l = 0; l < c.n_layers; ++l) {
        const unsigned s = layer_seed(l);
        pretrained::Gpt2Block b;
        b.ln_1_gamma = b.ln_2_gamma = RowVec::Ones(d);
        b.ln_1_beta = b.ln_2_beta = RowVec::Zero(d);
        b.attn = random_attention(d, c.n_heads, s);
        random_mlp(d, c.d_ff, s, b.fc_w, b.fc_b, b.proj_w, b.proj_b);
        w.blocks.push_back(std::move(b));
    }
    return w;
}

}  // namespace attn::bench
