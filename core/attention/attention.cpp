// attention.cpp — one multi-head scaled dot-product attention layer, every intermediate kept
// (implementation; the interface and its contract are in attention.h)
#include "core/attention/attention.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstdio>

#include "core/base/gemm.h"
#include "core/base/limits.h"
#include "core/base/parallel.h"
#include "core/attention/stats.h"

namespace attn {

float logit_factor(bool scale, float temperature, int d_k) {
    assert(temperature > 0.0f && d_k > 0);
    const double f = (scale ? 1.0 / std::sqrt(double(d_k)) : 1.0) / double(temperature);
    return float(f);
}

float LayerTrace::scaled_score(int h, int i, int j) const {
    const float z = factor * heads[h].scores(i, j);
    return has_position_bias() ? z + position_bias[std::size_t(h)](i, j) / temperature : z;
}

Mat LayerTrace::scaled_scores(int h) const {
    Mat z = factor * heads[h].scores;  // (T_q, T_k)
    if (has_position_bias()) z += position_bias[std::size_t(h)] / temperature;
    return z;
}

float LayerTrace::logit(int h, int i, int j) const {
    if (is_blocked(i, j)) return -std::numeric_limits<float>::infinity();
    return scaled_score(h, i, j);
}

Mat LayerTrace::logits(int h) const {
    Mat z = scaled_scores(h);  // (T_q, T_k)
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
    return validate_attention_options(opt);
}

Status validate_attention_options(const AttentionOptions& opt) {
    if (!(opt.temperature >= limits::kMinTemperature && opt.temperature <= limits::kMaxTemperature)) {
        // Outside this range the logits overflow float (or every row is uniform): refused, never NaN.
        char got[32];
        std::snprintf(got, sizeof got, "%g", double(opt.temperature));
        return Status::Error(std::string("The temperature must be between 0.01 and 100 (got ") + got + ").");
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
        matmul(*p.x, p.w->middleCols(c0, c1 - c0), p.y->middleCols(c0, c1 - c0));
        if (p.b->size() > 0) p.y->middleCols(c0, c1 - c0).rowwise() += p.b->segment(c0, c1 - c0);
    });
}

// glibc hands blocks above its mmap threshold (128 KiB, growing to at most 32 MiB) straight back to
// the OS on free, and trims the heap top above twice that. A trace's score and weight matrices are
// that large (16 MiB each at T = 2048), so every recomputed trace page-faulted all of its memory in
// again: ≈ 12 ms per 16 MiB matrix on the 2-core test machine, more than its Q·Kᵀ product. Keeping
// blocks up to 32 MiB in the heap and the freed heap in the process lets the next trace reuse the
// pages. Costs: the process keeps its largest trace's memory after freeing it. Once per process;
// ATTNLAB_KEEP_FREED=0 keeps glibc's defaults (to measure the difference).
static void keep_freed_memory() {
#if defined(__GLIBC__)
    static const bool done = [] {
        if (const char* env = std::getenv("ATTNLAB_KEEP_FREED"); env && env[0] == '0') return false;
        mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's maximum on 64-bit
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
        return true;
    }();
    (void)done;
#endif
}

// Rows per task in attend(). A task is one head's block of query rows: its scores, softmax, stats
// and A·V are independent of every other block's, so with few heads (or one) every thread still
// gets work, and a thread slowed by another process holds up less. Aim at ≥ 8 tasks per thread,
// but not below 64 rows: each block's A·V re-packs V_h (T_k × d_k), and single-thread time grew
// ~10% at 16 rows per block (N = 2048) while 64 … whole heads measured the same.
static int rows_per_block(int t_q, int n_heads, int threads) {
    const int blocks_per_head = std::max(1, (8 * threads + n_heads - 1) / n_heads);
    const int rows = (t_q + blocks_per_head - 1) / blocks_per_head;
    return std::max(1, std::min(t_q, std::max(64, rows)));
}

// Everything downstream of the raw scores: weights, head outputs, stats, W_O. Fills `L` in place
// from L.q, L.k, L.v and L.blocked; computes the raw scores first when `need_scores`.
// w_o null: the heads only (concat), the caller projects.
static void attend(LayerTrace& L, const Mat* w_o, const RowVec& b_o, const AttentionOptions& opt, bool need_scores) {
    L.scale = opt.scale;
    L.temperature = opt.temperature;
    L.factor = logit_factor(opt.scale, opt.temperature, L.d_k);
    L.factor_flipped = logit_factor(!opt.scale, opt.temperature, L.d_k);

    const int t_q = L.t_q(), t_k = L.t_k(), d_k = L.d_k;
    L.fully_masked = L.blocked.size() > 0 ? fully_masked_rows(L.blocked)
                                          : std::vector<std::uint8_t>(t_q, t_k == 0 ? 1 : 0);
    const int n_heads = L.n_heads;
    L.heads.resize(n_heads);
    L.concat.resize(t_q, n_heads * d_k);
    const BoolMat* mask = L.blocked.size() > 0 ? &L.blocked : nullptr;
    // Every buffer is sized here, on the calling thread, before the parallel loop fills it.
    for (HeadTrace& H : L.heads) {
        if (need_scores) H.scores.resize(t_q, t_k);
        H.weights.resize(t_q, t_k);
        H.stats = opt.compute_stats ? RowStats::zeros(t_q) : RowStats{};
        H.stats_flipped = opt.compute_stats ? RowStats::zeros(t_q) : RowStats{};
    }
    // With a position bias the softmax input is no longer factor · scores: each head's z (and, for
    // the other scaling's stats, z with the other factor) is formed in `z` and run at factor 1;
    // `spare` takes the weights and stats those second runs are not kept for.
    const bool biased = L.has_position_bias();
    assert((!biased || (int(L.position_bias.size()) == n_heads && L.position_bias.front().rows() == t_q &&
                        L.position_bias.front().cols() == t_k)) && "position_bias: [H] (T_q, T_k)");
    std::vector<Mat> z, spare_weights;  // [h] (T_q, T_k), only with a bias
    std::vector<RowStats> spare;
    if (biased) {
        z.assign(std::size_t(n_heads), Mat(t_q, t_k));
        spare_weights.assign(std::size_t(n_heads), Mat(t_q, t_k));
        spare.assign(std::size_t(n_heads), RowStats::zeros(t_q));
    }
    const float inv_temperature = 1.0f / opt.temperature;

    // Tasks = heads × blocks of query rows, spread over the pool.
    const int rows = rows_per_block(t_q, n_heads, engine_pool().size());
    const int blocks = t_q == 0 ? 0 : (t_q + rows - 1) / rows;
    engine_pool().parallel_for(n_heads * blocks, [&](int task) {
        const int h = task / blocks;
        const int r0 = (task % blocks) * rows, n = std::min(rows, t_q - r0);
        HeadTrace& H = L.heads[h];
        if (need_scores) {  // (n, T_k) raw scores
            matmul_bt(L.q_head(h).middleRows(r0, n), L.k_head(h), H.scores.middleRows(r0, n));
        }
        if (biased) {  // z = factor · scores + bias / τ, then the other factor's z for its stats
            const std::size_t hh = std::size_t(h);
            const auto bias = L.position_bias[hh].middleRows(r0, n);
            z[hh].middleRows(r0, n) = L.factor * H.scores.middleRows(r0, n) + inv_temperature * bias;
            softmax_rows_with_stats(z[hh], mask, r0, r0 + n, 1.0f, H.weights, 1.0f,
                                    opt.compute_stats ? &H.stats : nullptr, &spare[hh]);
            if (opt.compute_stats) {
                z[hh].middleRows(r0, n) = L.factor_flipped * H.scores.middleRows(r0, n) + inv_temperature * bias;
                softmax_rows_with_stats(z[hh], mask, r0, r0 + n, 1.0f, spare_weights[hh], 1.0f, &H.stats_flipped,
                                        &spare[hh]);
            }
        } else {
            softmax_rows_with_stats(H.scores, mask, r0, r0 + n, L.factor, H.weights, L.factor_flipped,
                                    opt.compute_stats ? &H.stats : nullptr, &H.stats_flipped);
        }
        matmul(H.weights.middleRows(r0, n), L.v_head(h), L.concat.block(r0, h * d_k, n, d_k));  // (n, d_k)
    });

    if (w_o) project_all({{&L.concat, w_o, &b_o, &L.output}});  // (T_q, d_model)
}

LayerTrace run_attention_layer(const Mat& x_q, const Mat& x_kv, const AttentionWeights& w,
                               const BoolMat& blocked, const AttentionOptions& opt) {
    assert(validate_attention(w, opt, int(x_q.cols()), int(x_kv.cols())).ok());
    assert((blocked.size() == 0 || (blocked.rows() == x_q.rows() && blocked.cols() == x_kv.rows())) &&
           "mask must be (T_q, T_k)");

    keep_freed_memory();
    LayerTrace L;
    L.n_heads = w.n_heads;
    L.d_k = w.d_head();
    L.x_q = x_q;
    L.x_kv = x_kv;
    L.blocked = blocked;
    // Projections: Q (T_q, d_model), K and V (T_k, d_model).
    project_all({{&x_q, &w.w_q, &w.b_q, &L.q}, {&x_kv, &w.w_k, &w.b_k, &L.k}, {&x_kv, &w.w_v, &w.b_v, &L.v}});
    attend(L, &w.w_o, w.b_o, opt, /*need_scores=*/true);
    return L;
}

void finish_attention_heads(LayerTrace& L, const AttentionOptions& opt) {
    assert(L.n_heads >= 1 && L.d_k >= 1 && "finish_attention_heads: n_heads and d_k set");
    assert(L.q.cols() == Eigen::Index(L.n_heads) * L.d_k && L.k.cols() == L.q.cols() && L.v.cols() == L.q.cols() &&
           "finish_attention_heads: q, k, v (T, H·d_k)");
    assert(L.k.rows() == L.v.rows() && "finish_attention_heads: K and V have the same rows");
    assert((L.blocked.size() == 0 || (L.blocked.rows() == L.t_q() && L.blocked.cols() == L.t_k())) &&
           "mask must be (T_q, T_k)");
    assert((L.kv_head.empty() || int(L.kv_head.size()) == L.n_heads) && "kv_head: one entry per query head");
    assert(opt.temperature > 0.0f);
    keep_freed_memory();
    attend(L, nullptr, RowVec(), opt, /*need_scores=*/true);
}

LayerTrace reattend_layer(const LayerTrace& prev, const AttentionWeights& w, const BoolMat& blocked,
                          const AttentionOptions& opt) {
    assert(validate_attention(w, opt, int(prev.x_q.cols()), int(prev.x_kv.cols())).ok());
    assert(prev.n_heads == w.n_heads && int(prev.heads.size()) == w.n_heads);
    assert((blocked.size() == 0 || (blocked.rows() == prev.t_q() && blocked.cols() == prev.t_k())) &&
           "mask must be (T_q, T_k)");
    keep_freed_memory();
    LayerTrace L;
    L.n_heads = prev.n_heads;
    L.d_k = prev.d_k;
    L.x_q = prev.x_q;
    L.x_kv = prev.x_kv;
    L.q = prev.q;
    L.k = prev.k;
    L.v = prev.v;
    L.blocked = blocked;
    L.position_bias = prev.position_bias;
    L.heads.resize(w.n_heads);
    for (int h = 0; h < w.n_heads; ++h) L.heads[h].scores = prev.heads[h].scores;
    attend(L, &w.w_o, w.b_o, opt, /*need_scores=*/false);
    return L;
}

LayerTrace other_scaling_layer(const LayerTrace& L, int only_head) {
    assert(only_head < L.n_heads && int(L.heads.size()) == L.n_heads && "other_scaling_layer: a computed layer");
    LayerTrace O;
    O.n_heads = L.n_heads;
    O.d_k = L.d_k;
    O.scale = !L.scale;
    O.temperature = L.temperature;
    O.factor = L.factor_flipped;
    O.factor_flipped = L.factor;
    O.q = Mat(L.t_q(), 0);  // shapes only: (T_q, ·) and (T_k, ·)
    O.k = Mat(L.t_k(), 0);
    O.kv_head = L.kv_head;
    O.n_kv_heads = L.n_kv_heads;
    O.position_bias = L.position_bias;
    O.blocked = L.blocked;
    O.fully_masked = L.fully_masked;
    O.heads.resize(std::size_t(L.n_heads));
    const BoolMat* mask = L.blocked.size() > 0 ? &L.blocked : nullptr;
    const int t_q = L.t_q();
    for (int h = 0; h < L.n_heads; ++h) {
        if (only_head >= 0 && h != only_head) continue;  // no copy of heads nobody asked for
        const HeadTrace& src = L.heads[std::size_t(h)];
        HeadTrace& H = O.heads[std::size_t(h)];
        H.scores = src.scores;
        H.stats = src.stats_flipped;
        H.stats_flipped = src.stats;
        H.weights.resize(t_q, L.t_k());
        if (O.has_position_bias()) {  // z = factor · scores + bias / τ, run at factor 1 (as attend does)
            const Mat z = O.scaled_scores(h);  // (T_q, T_k)
            softmax_rows_with_stats(z, mask, 0, t_q, 1.0f, H.weights, 1.0f, nullptr, nullptr);
        } else {
            softmax_rows_with_stats(H.scores, mask, 0, t_q, O.factor, H.weights, O.factor_flipped, nullptr, nullptr);
        }
    }
    return O;
}

void trim_layer_trace(LayerTrace& L, int rows, int cols) {
    assert(rows >= 0 && rows <= L.t_q() && cols >= 0 && cols <= L.t_k() && "trim_layer_trace: within the layer");
    auto top = [](Mat& m, int n) {
        if (m.rows() > n) m = Mat(m.topRows(n));
    };
    auto head = [](Vec& v, int n) {
        if (v.size() > n) v = Vec(v.head(n));
    };
    top(L.x_q, rows);
    top(L.q, rows);
    top(L.q_unrotated, rows);
    top(L.concat, rows);
    top(L.output, rows);
    top(L.x_kv, cols);
    top(L.k, cols);
    top(L.v, cols);
    top(L.k_unrotated, cols);
    if (L.blocked.size() > 0) L.blocked = BoolMat(L.blocked.topLeftCorner(rows, cols));
    if (L.has_position_bias()) {  // a trimmed copy of its own (the shared table stays whole)
        std::vector<Mat> trimmed;
        for (const Mat& b : L.position_bias) trimmed.push_back(Mat(b.topLeftCorner(rows, cols)));
        L.position_bias = HeadBias(std::move(trimmed));
    }
    if (L.fully_masked.size() > std::size_t(rows)) L.fully_masked.resize(std::size_t(rows));
    for (HeadTrace& h : L.heads) {
        h.scores = Mat(h.scores.topLeftCorner(rows, cols));
        h.weights = Mat(h.weights.topLeftCorner(rows, cols));
        for (RowStats* st : {&h.stats, &h.stats_flipped})
            for (Vec* v : {&st->entropy, &st->max_weight, &st->logit_mean, &st->logit_var, &st->jacobian_norm})
                head(*v, rows);
    }
}

}  // namespace attn
