// rotary_step.cpp — the rotary decoders' cached one-token step (the contract is in rotary.h).
#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/attention/softmax.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/families/rotary/rope.h"

namespace attn::pretrained {

void rotary_start_decoding(const RotaryWeights& w, const std::vector<int>& prompt, DecodeSession& s) {
    const PretrainedConfig& config = s.config;
    const int t = int(prompt.size()), H = config.n_heads, G = config.n_kv_heads(), dk = config.d_k(), group = H / G;
    const ForwardPass pass = rotary_forward(w, config, prompt);
    start_from_pass(s, prompt, pass, G * dk);
    for (int l = 0; l < config.n_layers; ++l) {
        const LayerTrace& L = pass.layers[l];
        for (int g = 0; g < G; ++g) {  // K/V head g is the block of its group's first query head
            s.cache.k[l].topRows(t).middleCols(g * dk, dk) = L.k.middleCols(g * group * dk, dk);  // (T, d_k) rotated
            s.cache.v[l].topRows(t).middleCols(g * dk, dk) = L.v.middleCols(g * group * dk, dk);
        }
    }
}

// Per-head RMSNorm of one row x (1, n_heads · d_k) with gamma (d_k).
namespace {

void head_rms_norm_row(Mat& x, int n_heads, const RowVec& gamma, float eps) {
    const int dk = int(gamma.size());
    for (int h = 0; h < n_heads; ++h) {
        auto seg = x.row(0).segment(Eigen::Index(h) * dk, dk);  // (d_k)
        const float inv = 1.0f / std::sqrt(seg.squaredNorm() / float(dk) + eps);
        seg = (seg * inv).cwiseProduct(gamma);
    }
}

}  // namespace

void rotary_append_token(const RotaryWeights& w, DecodeSession& s, int id) {
    const PretrainedConfig& c = s.config;
    const RotarySettings& dc = rotary_settings(c);
    const int pos = s.length(), t = pos + 1, H = c.n_heads, G = c.n_kv_heads(), dk = c.d_k(), group = H / G;
    reserve_session(s, t);
    const float factor = logit_factor(true, 1.0f, dk);
    const RopeTable rope = rope_table(rope_inverse_frequencies(dc.rope), pos, 1);

    TokenStep step;
    step.id = id;
    step.attention.resize(c.n_layers);
    Mat x(1, c.d_model);                              // (1, d) residual stream
    weight_rows(w.embed, id, 1, x.data());
    Mat a, q, k, v, concat(1, H * dk), y, gate, up;   // (1, d), (1, H·d_k), (1, G·d_k) ×2, …, (1, d_ff) ×2
    RowVec scores(t);                                 // (t) one head's raw q·k over the window
    for (int l = 0; l < c.n_layers; ++l) {
        const RotaryBlock& b = w.blocks[l];
        rms_norm(x, b.input_norm, dc.rms_norm_eps, a);
        const LinearJob qkv[] = {{&b.w_q, &b.b_q, &q}, {&b.w_k, &b.b_k, &k}, {&b.w_v, &b.b_v, &v}};
        linear_t_many(a, qkv, 3);  // q (1, H·d_k), k and v (1, G·d_k)
        if (dc.qk_norm) {
            head_rms_norm_row(q, H, b.q_norm, dc.rms_norm_eps);
            head_rms_norm_row(k, G, b.k_norm, dc.rms_norm_eps);
        }
        apply_rope(q, H, dk, rope);
        apply_rope(k, G, dk, rope);
        Mat& keys = s.cache.k[l];    // (cap, G·d_k)
        Mat& values = s.cache.v[l];  // (cap, G·d_k)
        keys.row(pos) = k;
        values.row(pos) = v;
        const int window = dc.window_of(l);
        const int first = window > 0 ? std::max(0, t - window) : 0, n = t - first;  // keys [first, t)
        Mat& rows = step.attention[l];  // (H, t), zero before the window
        rows = Mat::Zero(H, t);
        for (int h = 0; h < H; ++h) {
            const int g = h / group;
            auto kh = keys.middleRows(first, n).middleCols(g * dk, dk);    // (n, d_k)
            auto vh = values.middleRows(first, n).middleCols(g * dk, dk);  // (n, d_k)
            scores.head(n).noalias() = q.middleCols(h * dk, dk) * kh.transpose();  // (n)
            softmax_row(scores.data(), nullptr, n, factor, rows.row(h).data() + first);
            concat.middleCols(h * dk, dk).noalias() = rows.row(h).segment(first, n) * vh;  // (1, d_k)
        }
        linear_t(concat, b.w_o, b.b_o.size() ? b.b_o : RowVec(), y);  // (1, d)
        x += y;
        rms_norm(x, b.post_norm, dc.rms_norm_eps, a);
        const RowVec none;
        const LinearJob gate_up[] = {{&b.w_gate, &none, &gate}, {&b.w_up, &none, &up}};
        linear_t_many(a, gate_up, 2);  // gate, up (1, d_ff)
        swiglu(gate, up);
        linear_t(gate, b.w_down, RowVec(), y);  // (1, d)
        x += y;
    }
    rms_norm(x, w.norm, dc.rms_norm_eps, x);
    s.hidden.row(pos) = x;
    s.cache.n = t;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
