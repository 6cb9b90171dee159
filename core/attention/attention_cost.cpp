// attention_cost.cpp — softmax, window, linear and tiled online attention, lean, and their timing sweep
// (implementation; the interface and its contract are in attention_cost.h)
#include "core/attention/attention_cost.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <limits>

#include "core/attention/linear_attention.h"
#include "core/attention/softmax.h"
#include "core/base/gemm.h"
#include "core/base/rng.h"

namespace attn {

const char* cost_method_name(CostMethod m) {
    switch (m) {
        case CostMethod::Softmax: return "softmax";
        case CostMethod::Window: return "window";
        case CostMethod::Linear: return "linear";
        case CostMethod::Online: return "online";
    }
    return "?";
}

Mat dense_attention(const Mat& q, const Mat& k, const Mat& v, float factor, std::size_t* scratch) {
    assert(q.cols() == k.cols() && k.rows() == v.rows());
    const int n_q = int(q.rows()), n_k = int(k.rows());
    Mat s(n_q, n_k);  // (n_q, n_k) scores, then weights in place
    matmul_bt(q, k, s);
    Mat a(n_q, n_k);  // (n_q, n_k) weights
    for (int i = 0; i < n_q; ++i) softmax_row(s.row(i).data(), nullptr, n_k, factor, a.row(i).data());
    Mat out(n_q, v.cols());  // (n_q, d_v)
    matmul(a, v, out);
    if (scratch) *scratch = std::size_t(s.size() + a.size()) * sizeof(float);
    return out;
}

Mat banded_attention(const Mat& q, const Mat& k, const Mat& v, float factor, int window, std::size_t* scratch) {
    assert(q.cols() == k.cols() && k.rows() == v.rows() && window >= 0);
    const int n_q = int(q.rows()), n_k = int(k.rows()), d = int(q.cols()), d_v = int(v.cols());
    const int band = 2 * window + 1;
    Mat w(n_q, band);  // (n_q, 2w+1) the band of weights: the only attention matrix kept
    Mat out = Mat::Zero(n_q, d_v);
    for (int i = 0; i < n_q; ++i) {
        const int j0 = std::max(0, i - window), j1 = std::min(n_k - 1, i + window);
        float* wi = w.row(i).data();
        float m = -std::numeric_limits<float>::infinity();
        for (int j = j0; j <= j1; ++j) {
            float dot = 0.0f;
            for (int c = 0; c < d; ++c) dot += q(i, c) * k(j, c);
            wi[j - j0] = factor * dot;
            m = std::max(m, wi[j - j0]);
        }
        float l = 0.0f;
        for (int j = j0; j <= j1; ++j) {
            wi[j - j0] = std::exp(wi[j - j0] - m);
            l += wi[j - j0];
        }
        for (int j = j0; j <= j1; ++j) {
            wi[j - j0] /= l;
            out.row(i).noalias() += wi[j - j0] * v.row(j);
        }
    }
    if (scratch) *scratch = std::size_t(w.size()) * sizeof(float);
    return out;
}

Mat tiled_attention(const Mat& q, const Mat& k, const Mat& v, float factor, int tile, std::size_t* scratch) {
    assert(q.cols() == k.cols() && k.rows() == v.rows() && tile >= 1);
    const int n_q = int(q.rows()), n_k = int(k.rows()), d_v = int(v.cols());
    tile = std::min(tile, std::max(n_k, 1));
    Mat s(n_q, tile);                   // (n_q, tile) one tile of scores, reused
    Mat acc = Mat::Zero(n_q, d_v);      // (n_q, d_v) running unnormalised output a
    Vec m = Vec::Constant(n_q, -std::numeric_limits<float>::infinity());  // (n_q) running max
    Vec l = Vec::Zero(n_q);             // (n_q) running sum
    for (int j0 = 0; j0 < n_k; j0 += tile) {
        const int t = std::min(tile, n_k - j0);
        auto st = s.leftCols(t);
        matmul_bt(q, k.middleRows(j0, t), st);
        for (int i = 0; i < n_q; ++i) {
            float* si = s.row(i).data();
            float mt = m(i);
            for (int j = 0; j < t; ++j) {
                si[j] *= factor;
                mt = std::max(mt, si[j]);
            }
            const float rescale = std::isinf(m(i)) ? 0.0f : std::exp(m(i) - mt);
            float sum = 0.0f;
            for (int j = 0; j < t; ++j) {
                si[j] = std::exp(si[j] - mt);
                sum += si[j];
            }
            l(i) = rescale * l(i) + sum;
            acc.row(i) *= rescale;
            m(i) = mt;
        }
        acc.noalias() += s.leftCols(t) * v.middleRows(j0, t);  // (n_q, t)·(t, d_v)
    }
    for (int i = 0; i < n_q; ++i) acc.row(i) /= l(i);
    if (scratch) *scratch = std::size_t(s.size() + m.size() + l.size() + acc.size()) * sizeof(float);
    return acc;
}

Mat linear_attention_lean(const Mat& q, const Mat& k, const Mat& v, std::size_t* scratch) {
    assert(q.cols() == k.cols() && k.rows() == v.rows());
    const Mat fq = elu_plus_one(q);             // (n_q, d)
    const Mat fk = elu_plus_one(k);             // (n_k, d)
    const Mat kv = fk.transpose() * v;          // (d, d_v)  Σ_j φ(k_j) v_jᵀ
    const RowVec z = fk.colwise().sum();        // (1, d)    Σ_j φ(k_j)
    Mat out = fq * kv;                          // (n_q, d_v)
    const Vec den = fq * z.transpose();         // (n_q)
    for (int i = 0; i < out.rows(); ++i) out.row(i) /= den(i);
    if (scratch) *scratch = std::size_t(fq.size() + fk.size() + kv.size() + z.size() + den.size()) * sizeof(float);
    return out;
}

namespace {

Mat random_mat(int rows, int cols, std::uint64_t stream) {
    NormalStream rng(stream);
    Mat m(rows, cols);
    for (int i = 0; i < m.size(); ++i) m.data()[i] = float(rng.next());
    return m;
}

double run_once(CostMethod method, const Mat& q, const Mat& k, const Mat& v, const CostSweepConfig& c,
                std::size_t* scratch) {
    const float factor = 1.0f / std::sqrt(float(c.d));
    const auto t0 = std::chrono::steady_clock::now();
    Mat out;
    switch (method) {
        case CostMethod::Softmax: out = dense_attention(q, k, v, factor, scratch); break;
        case CostMethod::Window: out = banded_attention(q, k, v, factor, c.window, scratch); break;
        case CostMethod::Linear: out = linear_attention_lean(q, k, v, scratch); break;
        case CostMethod::Online: out = tiled_attention(q, k, v, factor, c.tile, scratch); break;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    // Keep the result observable so the work cannot be optimised away.
    volatile float sink = out.size() > 0 ? out(0, 0) : 0.0f;
    (void)sink;
    return ms;
}

}  // namespace

CostSweep run_cost_sweep(const CostSweepConfig& c, const std::atomic<bool>* cancel,
                         const std::function<void(const CostSweep&)>& on_sample) {
    CostSweep sweep;
    sweep.d = c.d;
    sweep.window = c.window;
    sweep.tile = c.tile;
    bool stopped[kCostMethods] = {};
    const auto start = std::chrono::steady_clock::now();
    auto elapsed_ms = [&] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    for (int n : c.sizes) {
        const Mat q = random_mat(n, c.d, 1), k = random_mat(n, c.d, 2), v = random_mat(n, c.d, 3);
        for (int mi = 0; mi < kCostMethods; ++mi) {
            if (stopped[mi]) continue;
            if ((cancel && cancel->load()) || elapsed_ms() > c.total_budget_ms) return sweep;
            const CostMethod method = CostMethod(mi);
            std::size_t scratch = 0;
            double best = run_once(method, q, k, v, c, &scratch);  // warm-up (and first estimate)
            const int repeats = best < 5.0 ? 7 : best < 50.0 ? 4 : best < 300.0 ? 2 : 1;
            for (int r = 0; r < repeats; ++r) best = std::min(best, run_once(method, q, k, v, c, nullptr));
            sweep.samples[mi].push_back({n, best, double(scratch) / (1024.0 * 1024.0)});
            if (on_sample) on_sample(sweep);
            if (best > c.method_budget_ms) stopped[mi] = true;
        }
    }
    return sweep;
}

}  // namespace attn
