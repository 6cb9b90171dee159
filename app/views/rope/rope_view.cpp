// rope_view.cpp — the numbers of the RoPE view, GL-free
// (implementation; the interface and its contract are in rope_view.h)
#include "app/views/rope/rope_view.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/pretrained/llama.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/rope.h"

namespace attn::app {

bool has_rotary(const LayerTrace& layer) { return layer.q_unrotated.size() > 0 && layer.k_unrotated.size() > 0; }

Vec2f rotate_pair(Vec2f v, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return {float(double(v.x) * c - double(v.y) * s), float(double(v.y) * c + double(v.x) * s)};
}

RopePairVectors rope_pair_vectors(const LayerTrace& L, int head, int pair, int rotary_dim) {
    assert(has_rotary(L) && head >= 0 && head < L.n_heads && "rope_pair_vectors: a rotary layer's head");
    assert(rotary_dim >= 2 && rotary_dim <= L.d_k && pair >= 0 && pair < rotary_dim / 2 && "rope_pair_vectors: a pair");
    const int x = head * L.d_k + pair, y = x + rotary_dim / 2;  // columns of the pair in (T, H·d_k)
    RopePairVectors out;
    auto take = [&](const Mat& m, std::vector<Vec2f>& dst) {
        dst.resize(std::size_t(m.rows()));
        for (Eigen::Index t = 0; t < m.rows(); ++t) {
            dst[std::size_t(t)] = {m(t, x), m(t, y)};
            out.extent = std::max(out.extent, std::hypot(m(t, x), m(t, y)));
        }
    };
    take(L.q_unrotated, out.q_before);
    take(L.q, out.q_after);
    take(L.k_unrotated, out.k_before);
    take(L.k, out.k_after);
    return out;
}

RopeSpectrum rope_spectrum(const pretrained::RopeConfig& rope) {
    RopeSpectrum s;
    s.inv_freq = pretrained::rope_inverse_frequencies(rope);
    s.wavelength.reserve(s.inv_freq.size());
    for (double f : s.inv_freq) s.wavelength.push_back(f > 0.0 ? 2.0 * M_PI / f : INFINITY);
    return s;
}

std::vector<float> score_changes(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b) {
    assert(a.size() == b.size() && "score_changes: runs of the same model");
    std::vector<float> out;
    for (std::size_t l = 0; l < a.size(); ++l) {
        assert(a[l].heads.size() == b[l].heads.size() && "score_changes: the same heads");
        for (std::size_t h = 0; h < a[l].heads.size(); ++h) {
            const Mat& sa = a[l].heads[h].scores;  // (T_q, T_k)
            const Mat& sb = b[l].heads[h].scores;  // (T_q, T_k)
            assert(sa.rows() == sb.rows() && sa.cols() == sb.cols() && "score_changes: the same tokens");
            out.push_back(sa.size() > 0 ? (sa - sb).cwiseAbs().maxCoeff() : 0.0f);
        }
    }
    return out;
}

int max_shift(const pretrained::PretrainedConfig& config, int n) { return std::max(0, config.max_positions - n); }

ShiftResult run_shift_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int shift) {
    const pretrained::LlamaWeights* w = pretrained::llama_weights(model);
    assert(w && "run_shift_test: a rotary model");
    assert(!ids.empty() && shift >= 0 && shift <= max_shift(model.config, int(ids.size())) && "run_shift_test: a shift the model allows");
    const auto t0 = std::chrono::steady_clock::now();
    pretrained::DecoderOptions opt;
    opt.attention.compute_stats = false;
    const pretrained::ForwardPass base = pretrained::llama_forward(*w, model.config, ids, opt);
    opt.first_position = shift;
    const pretrained::ForwardPass moved = pretrained::llama_forward(*w, model.config, ids, opt);
    ShiftResult r;
    r.shift = shift;
    r.layers = int(base.layers.size());
    r.heads = base.layers.empty() ? 0 : base.layers[0].n_heads;
    r.change = score_changes(base.layers, moved.layers);
    for (float c : r.change) r.max_change = std::max(r.max_change, c);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

namespace {

// Max |Δ| of the original tokens' raw scores and renormalised weights, head by head: `a` the
// unpadded run (T, T), `b` the padded one (pad + T, pad + T), compared on its bottom-right block.
void compare_padded(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b, int pad,
                    std::vector<float>& score, std::vector<float>& weight) {
    auto renormalised = [](Mat m) {  // rows over the original keys only
        for (Eigen::Index i = 0; i < m.rows(); ++i) {
            const float sum = m.row(i).sum();
            if (sum > 0.0f) m.row(i) /= sum;
        }
        return m;
    };
    for (std::size_t l = 0; l < a.size(); ++l) {
        for (std::size_t h = 0; h < a[l].heads.size(); ++h) {
            const HeadTrace& ha = a[l].heads[h];
            const HeadTrace& hb = b[l].heads[h];
            const Eigen::Index t = ha.scores.rows();
            assert(hb.scores.rows() == t + pad && "compare_padded: the same tokens after the padding");
            (void)pad;
            const Mat sb = hb.scores.bottomRightCorner(t, t);                  // (T, T)
            const Mat wb = renormalised(hb.weights.bottomRightCorner(t, t));  // (T, T)
            score.push_back((ha.scores - sb).cwiseAbs().maxCoeff());
            weight.push_back((renormalised(ha.weights) - wb).cwiseAbs().maxCoeff());
        }
    }
}

float logits_change(const pretrained::LlamaWeights& w, const pretrained::ForwardPass& a, const pretrained::ForwardPass& b) {
    const Mat la = pretrained::llama_logits(w, a.hidden_states.back().bottomRows(1));  // (1, V)
    const Mat lb = pretrained::llama_logits(w, b.hidden_states.back().bottomRows(1));  // (1, V)
    return (la - lb).cwiseAbs().maxCoeff();
}

}  // namespace

int pad_token_id(const pretrained::PretrainedConfig& config) {
    const pretrained::DecoderConfig& dc = config.decoder;
    if (dc.eos_id >= 0 && dc.eos_id < config.vocab_size) return dc.eos_id;
    if (dc.bos_id >= 0 && dc.bos_id < config.vocab_size) return dc.bos_id;
    return 0;
}

PadResult run_pad_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int pad_id, int pad) {
    const pretrained::LlamaWeights* w = pretrained::llama_weights(model);
    assert(w && "run_pad_test: a rotary model");
    assert(!ids.empty() && pad >= 1 && pad <= max_shift(model.config, int(ids.size())) && "run_pad_test: room for the padding");
    assert(pad_id >= 0 && pad_id < model.config.vocab_size && "run_pad_test: a token of the vocabulary");
    const auto t0 = std::chrono::steady_clock::now();
    pretrained::DecoderOptions opt;
    opt.attention.compute_stats = false;
    const pretrained::ForwardPass base = pretrained::llama_forward(*w, model.config, ids, opt);
    std::vector<int> padded(std::size_t(pad), pad_id);
    padded.insert(padded.end(), ids.begin(), ids.end());
    const pretrained::ForwardPass visible = pretrained::llama_forward(*w, model.config, padded, opt);
    const int n = int(padded.size());
    opt.extra_blocked = BoolMat::Zero(n, n);  // (pad + T, pad + T): no query sees a padding key
    opt.extra_blocked.leftCols(pad).setOnes();
    const pretrained::ForwardPass hidden = pretrained::llama_forward(*w, model.config, padded, opt);

    PadResult r;
    r.pad = pad;
    r.pad_id = pad_id;
    r.layers = int(base.layers.size());
    r.heads = base.layers.empty() ? 0 : base.layers[0].n_heads;
    std::vector<float> hidden_weight;
    compare_padded(base.layers, hidden.layers, pad, r.hidden_score, hidden_weight);
    compare_padded(base.layers, visible.layers, pad, r.visible_score, r.visible_weight);
    for (float c : r.hidden_score) r.hidden_max_score = std::max(r.hidden_max_score, c);
    for (float c : hidden_weight) r.hidden_max_weight = std::max(r.hidden_max_weight, c);
    for (std::size_t i = 0; i < r.visible_score.size(); ++i) {
        const bool first = int(i) < r.heads;
        float& s = first ? r.visible_first_score : r.visible_later_score;
        float& a = first ? r.visible_first_weight : r.visible_later_weight;
        s = std::max(s, r.visible_score[i]);
        a = std::max(a, r.visible_weight[i]);
    }
    r.hidden_logits = logits_change(*w, base, hidden);
    r.visible_logits = logits_change(*w, base, visible);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

double kv_cache_bytes(int layers, int kv_heads, int head_dim, int bytes_per_value, long long n) {
    return 2.0 * double(layers) * double(kv_heads) * double(head_dim) * double(bytes_per_value) * double(n);
}

std::string format_bytes(double bytes) {
    static const char* const kUnit[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[48];
    if (u == 0) {
        std::snprintf(buf, sizeof(buf), "%.0f B", bytes);
    } else {
        std::snprintf(buf, sizeof(buf), bytes < 10.0 ? "%.2f %s" : bytes < 100.0 ? "%.1f %s" : "%.0f %s", bytes, kUnit[u]);
    }
    return buf;
}

KvCacheCompare kv_cache_compare(int layers, int heads, int kv_heads, int head_dim, int bytes_per_value, long long n) {
    KvCacheCompare c;
    c.mha = {heads, kv_cache_bytes(layers, heads, head_dim, bytes_per_value, n)};
    c.model = {kv_heads, kv_cache_bytes(layers, kv_heads, head_dim, bytes_per_value, n)};
    c.mqa = {1, kv_cache_bytes(layers, 1, head_dim, bytes_per_value, n)};
    return c;
}

}  // namespace attn::app
