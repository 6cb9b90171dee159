#include "core/attention.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/parallel.h"
#include "core/softmax.h"

namespace attn {

float logit_factor(bool scale, float temperature, int d_k) {
    assert(temperature > 0.0f && d_k > 0);
    const double f = (scale ? 1.0 / std::sqrt(double(d_k)) : 1.0) / double(temperature);
    return float(f);
}

float LayerTrace::logit(int h, int i, int j) const {
    if (is_blocked(i, j)) return -std::numeric_limits<float>::infinity();
    return factor * heads[h].scores(i, j);
}

Mat LayerTrace::logits(int h) const {
    Mat z = factor * heads[h].scores;  // (T_q, T_k)
    if (blocked.size() > 0) {
        z = (blocked.array() != 0).select(-std::numeric_limits<float>::infinity(), z.array());
    }
    return z;
}

static std::string shape(const Mat& m) {
    return std::to_string(m.rows()) + " x " + std::to_string(m.cols());
}

Status validate_attention(const AttentionWeights& w, const AttentionOptions& opt, int d_in_q,
                          int d_in_kv) {
    const int d = w.d_model();
    if (w.n_heads < 1) return Status::Error("The number of heads must be at least 1.");
    if (d < 1) return Status::Error("d_model must be at least 1.");
    if (d % w.n_heads != 0) {
        return Status::Error("d_model (" + std::to_string(d) + ") must be divisible by the number of heads (" +
                             std::to_string(w.n_heads) + ").");
    }
    for (const Mat* m : {&w.w_q, &w.w_k, &w.w_v, &w.w_o}) {
        if (m->rows() != d || m->cols() != d) {
            return Status::Error("A projection matrix is " + shape(*m) + "; expected " +
                                 std::to_string(d) + " x " + std::to_string(d) + ".");
        }
    }
    for (const RowVec* b : {&w.b_q, &w.b_k, &w.b_v, &w.b_o}) {
        if (b->size() != 0 && b->size() != d) {
            return Status::Error("A bias has " + std::to_string(b->size()) + " entries; expected " +
                                 std::to_string(d) + ".");
        }
    }
    if (d_in_q != d || d_in_kv != d) {
        return Status::Error("The inputs have width " + std::to_string(d_in_q) + " / " +
                             std::to_string(d_in_kv) + " but the layer expects d_model = " +
                             std::to_string(d) + ".");
    }
    if (!(opt.temperature > 0.0f) || !std::isfinite(opt.temperature)) {
        return Status::Error("The temperature must be a positive number (got " +
                             std::to_string(opt.temperature) + ").");
    }
    return Status::Ok();
}

// y = x·W + b for several (x, W, b, y) at once, split into column blocks across the pool.
struct Projection {
    const Mat* x;     // (T, d_in)
    const Mat* w;     // (d_in, d_out)
    const RowVec* b;  // (d_out) or empty
    Mat* y;           // (T, d_out) output
};

static void project_all(std::initializer_list<Projection> jobs) {
    const std::vector<Projection> list(jobs);
    const int blocks = engine_pool().size();
    for (const Projection& p : list) p.y->resize(p.x->rows(), p.w->cols());
    engine_pool().parallel_for(int(list.size()) * blocks, [&](int task) {
        const Projection& p = list[task / blocks];
        const int part = task % blocks;
        const Eigen::Index cols = p.w->cols();
        const Eigen::Index c0 = cols * part / blocks, c1 = cols * (part + 1) / blocks;
        if (c1 == c0) return;
        p.y->middleCols(c0, c1 - c0).noalias() = *p.x * p.w->middleCols(c0, c1 - c0);
        if (p.b->size() > 0) p.y->middleCols(c0, c1 - c0).rowwise() += p.b->segment(c0, c1 - c0);
    });
}

// Everything downstream of the raw scores: weights, head outputs, stats, W_O. Fills `L` in place
// from L.q, L.k, L.v and L.blocked; computes the raw scores first when `need_scores`.
static void attend(LayerTrace& L, const AttentionWeights& w, const AttentionOptions& opt, bool need_scores) {
    L.scale = opt.scale;
    L.temperature = opt.temperature;
    L.factor = logit_factor(opt.scale, opt.temperature, L.d_k);
    L.factor_flipped = logit_factor(!opt.scale, opt.temperature, L.d_k);

    const int t_q = L.t_q(), t_k = L.t_k();
    L.fully_masked = L.blocked.size() > 0 ? fully_masked_rows(L.blocked)
                                          : std::vector<std::uint8_t>(t_q, t_k == 0 ? 1 : 0);
    L.heads.resize(w.n_heads);
    L.concat.resize(t_q, w.d_model());
    const BoolMat* mask = L.blocked.size() > 0 ? &L.blocked : nullptr;

    // Heads are independent: spread over the pool.
    engine_pool().parallel_for(w.n_heads, [&](int h) {
        HeadTrace& H = L.heads[h];
        if (need_scores) {
            H.scores.resize(t_q, t_k);
            H.scores.noalias() = L.q_head(h) * L.k_head(h).transpose();  // (T_q, T_k)
        }
        H.weights = masked_softmax(H.scores, L.factor, mask);  // (T_q, T_k)
        L.concat.middleCols(h * L.d_k, L.d_k).noalias() = H.weights * L.v_head(h);  // (T_q, d_k)
        if (opt.compute_stats) {
            H.stats = attention_row_stats(H.scores, L.factor, mask, &H.weights);
            H.stats_flipped = attention_row_stats(H.scores, L.factor_flipped, mask, nullptr);
        } else {
            H.stats = RowStats{};
            H.stats_flipped = RowStats{};
        }
    });

    project_all({{&L.concat, &w.w_o, &w.b_o, &L.output}});  // (T_q, d_model)
}

LayerTrace run_attention_layer(const Mat& x_q, const Mat& x_kv, const AttentionWeights& w,
                               const BoolMat& blocked, const AttentionOptions& opt) {
    assert(validate_attention(w, opt, int(x_q.cols()), int(x_kv.cols())).ok());
    assert((blocked.size() == 0 || (blocked.rows() == x_q.rows() && blocked.cols() == x_kv.rows())) &&
           "mask must be (T_q, T_k)");

    LayerTrace L;
    L.n_heads = w.n_heads;
    L.d_k = w.d_head();
    L.x_q = x_q;
    L.x_kv = x_kv;
    L.blocked = blocked;
    // Projections: Q (T_q, d_model), K and V (T_k, d_model).
    project_all({{&x_q, &w.w_q, &w.b_q, &L.q}, {&x_kv, &w.w_k, &w.b_k, &L.k}, {&x_kv, &w.w_v, &w.b_v, &L.v}});
    attend(L, w, opt, /*need_scores=*/true);
    return L;
}

LayerTrace reattend_layer(const LayerTrace& prev, const AttentionWeights& w, const BoolMat& blocked,
                          const AttentionOptions& opt) {
    assert(validate_attention(w, opt, int(prev.x_q.cols()), int(prev.x_kv.cols())).ok());
    assert(prev.n_heads == w.n_heads && int(prev.heads.size()) == w.n_heads);
    assert((blocked.size() == 0 || (blocked.rows() == prev.t_q() && blocked.cols() == prev.t_k())) &&
           "mask must be (T_q, T_k)");
    LayerTrace L;
    L.n_heads = prev.n_heads;
    L.d_k = prev.d_k;
    L.x_q = prev.x_q;
    L.x_kv = prev.x_kv;
    L.q = prev.q;
    L.k = prev.k;
    L.v = prev.v;
    L.blocked = blocked;
    L.heads.resize(w.n_heads);
    for (int h = 0; h < w.n_heads; ++h) L.heads[h].scores = prev.heads[h].scores;
    attend(L, w, opt, /*need_scores=*/false);
    return L;
}

}  // namespace attn
