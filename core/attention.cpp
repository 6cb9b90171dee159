#include "core/attention.h"

#include <cmath>
#include <limits>
#include <string>

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

static Mat project(const Mat& x, const Mat& w, const RowVec& b) {
    Mat y(x.rows(), w.cols());  // (T, d_model)
    y.noalias() = x * w;
    if (b.size() > 0) y.rowwise() += b;
    return y;
}

LayerTrace run_attention_layer(const Mat& x_q, const Mat& x_kv, const AttentionWeights& w,
                               const BoolMat& blocked, const AttentionOptions& opt) {
    assert(validate_attention(w, opt, int(x_q.cols()), int(x_kv.cols())).ok());
    assert((blocked.size() == 0 || (blocked.rows() == x_q.rows() && blocked.cols() == x_kv.rows())) &&
           "mask must be (T_q, T_k)");

    LayerTrace L;
    L.n_heads = w.n_heads;
    L.d_k = w.d_head();
    L.scale = opt.scale;
    L.temperature = opt.temperature;
    L.factor = logit_factor(opt.scale, opt.temperature, L.d_k);
    L.factor_flipped = logit_factor(!opt.scale, opt.temperature, L.d_k);
    L.x_q = x_q;
    L.x_kv = x_kv;
    L.blocked = blocked;

    // Projections: big GEMMs, parallelised inside Eigen.
    L.q = project(x_q, w.w_q, w.b_q);   // (T_q, d_model)
    L.k = project(x_kv, w.w_k, w.b_k);  // (T_k, d_model)
    L.v = project(x_kv, w.w_v, w.b_v);  // (T_k, d_model)

    const int t_q = int(x_q.rows());
    const int t_k = int(x_kv.rows());
    L.fully_masked = blocked.size() > 0 ? fully_masked_rows(blocked)
                                        : std::vector<std::uint8_t>(t_q, t_k == 0 ? 1 : 0);
    L.heads.resize(w.n_heads);
    L.concat.resize(t_q, w.d_model());
    const BoolMat* mask = blocked.size() > 0 ? &blocked : nullptr;

    // Heads are independent: one per thread (Eigen runs single-threaded inside the region).
#pragma omp parallel for schedule(dynamic, 1)
    for (int h = 0; h < w.n_heads; ++h) {
        HeadTrace& H = L.heads[h];
        H.scores.resize(t_q, t_k);
        H.scores.noalias() = L.q_head(h) * L.k_head(h).transpose();  // (T_q, T_k)
        H.weights = masked_softmax(H.scores, L.factor, mask);         // (T_q, T_k)
        L.concat.middleCols(h * L.d_k, L.d_k).noalias() = H.weights * L.v_head(h);  // (T_q, d_k)
        if (opt.compute_stats) {
            H.stats = attention_row_stats(H.scores, L.factor, mask, &H.weights);
            H.stats_flipped = attention_row_stats(H.scores, L.factor_flipped, mask, nullptr);
        }
    }

    L.output = project(L.concat, w.w_o, w.b_o);  // (T_q, d_model)
    return L;
}

}  // namespace attn
