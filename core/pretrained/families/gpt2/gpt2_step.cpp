// gpt2_step.cpp — GPT-2's LM head and its cached one-token step (the contract is in gpt2.h).
#include <algorithm>
#include <cassert>

#include "core/attention/softmax.h"
#include "core/base/gemm.h"
#include "core/base/parallel.h"
#include "core/pretrained/families/gpt2/gpt2.h"

namespace attn::pretrained {

Mat gpt2_logits(const Gpt2Weights& w, const Mat& h) {
    assert(h.cols() == w.wte.cols() && "gpt2_logits: h must be (T, d)");
    return times_rows(h, w.wte);  // (T, V)
}

void gpt2_start_decoding(const Gpt2Weights& w, const std::vector<int>& prompt, DecodeSession& s) {
    const PretrainedConfig& config = s.config;
    const int t = int(prompt.size());
    const ForwardPass pass = gpt2_forward(w, config, prompt, BoolMat(), AttentionOptions{});
    start_from_pass(s, prompt, pass, config.d_model);
    for (int l = 0; l < config.n_layers; ++l) {
        s.cache.k[l].topRows(t) = pass.layers[l].k;  // (T, d) with bias, as the step computes it
        s.cache.v[l].topRows(t) = pass.layers[l].v;
    }
}

void gpt2_append_token(const Gpt2Weights& w, DecodeSession& s, int id) {
    const PretrainedConfig& c = s.config;
    const int pos = s.length(), t = pos + 1, d = c.d_model, dk = c.d_k();
    reserve_session(s, t);
    const float factor = logit_factor(true, 1.0f, dk);

    TokenStep step;
    step.id = id;
    step.attention.resize(c.n_layers);
    Mat x = w.wte.row(id) + w.wpe.row(pos);  // (1, d) residual stream
    Mat a, q, k, v, concat(1, d), y, ff;      // (1, d) … , ff (1, d_ff)
    RowVec scores(t);                         // (t) one head's raw q·k
    for (int l = 0; l < c.n_layers; ++l) {
        const Gpt2Block& b = w.blocks[l];
        layer_norm(x, b.ln_1_gamma, b.ln_1_beta, c.layer_norm_eps, a);
        linear_row(a, b.attn.w_q, b.attn.b_q, q);
        linear_row(a, b.attn.w_k, b.attn.b_k, k);
        linear_row(a, b.attn.w_v, b.attn.b_v, v);
        Mat& keys = s.cache.k[l];    // (cap, d)
        Mat& values = s.cache.v[l];  // (cap, d)
        keys.row(pos) = k;
        values.row(pos) = v;
        Mat& rows = step.attention[l];  // (H, t)
        rows.resize(c.n_heads, t);
        for (int h = 0; h < c.n_heads; ++h) {
            // scores = K_h q_hᵀ over tokens 0 … pos: (t, d_k) · (d_k) -> (t)
            scores.noalias() = q.middleCols(h * dk, dk) * keys.topRows(t).middleCols(h * dk, dk).transpose();
            softmax_row(scores.data(), nullptr, t, factor, rows.row(h).data());
            concat.middleCols(h * dk, dk).noalias() = rows.row(h) * values.topRows(t).middleCols(h * dk, dk);
        }
        linear_row(concat, b.attn.w_o, b.attn.b_o, y);  // (1, d)
        x += y;
        layer_norm(x, b.ln_2_gamma, b.ln_2_beta, c.layer_norm_eps, a);
        linear_row(a, b.fc_w, b.fc_b, ff);              // (1, d_ff)
        apply_activation(c.activation, ff);
        linear_row(ff, b.proj_w, b.proj_b, y);          // (1, d)
        x += y;
    }
    layer_norm(x, w.ln_f_gamma, w.ln_f_beta, c.layer_norm_eps, x);
    s.hidden.row(pos) = x;
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
