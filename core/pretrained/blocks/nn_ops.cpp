// nn_ops.cpp — the transformer pieces around attention, shared by GPT-2 and BERT: linear layers,
// (implementation; the interface and its contract are in nn_ops.h)
#include "core/pretrained/blocks/nn_ops.h"

#include <unsupported/Eigen/SpecialFunctions>  // vectorized erf for Eigen arrays

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/gemm.h"
#include "core/base/parallel.h"

namespace attn::pretrained {

// Below this many multiply-adds a product runs on the calling thread: waking the pool costs more.
constexpr double kParallelMacs = 64.0 * 1024;

void linear(const Mat& x, const Mat& w, const RowVec& b, Mat& out) {
    assert(x.cols() == w.rows() && "linear: x (T, d_in) needs w (d_in, d_out)");
    assert((b.size() == 0 || b.size() == w.cols()) && "linear: bias must be (d_out) or empty");
    assert(&out != &x && "linear: out must not alias x");
    out.resize(x.rows(), w.cols());  // (T, d_out)
    ThreadPool& pool = engine_pool();
    const double macs = double(x.rows()) * double(x.cols()) * double(w.cols());
    const int blocks = macs < kParallelMacs ? 1 : pool.size();
    const Eigen::Index cols = w.cols();
    auto block = [&](int part) {
        // Multiples of 16 columns keep every block's loads aligned to whole AVX vectors.
        const Eigen::Index c0 = (cols * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index c1 = part + 1 == blocks ? cols : (cols * (part + 1) / blocks) & ~Eigen::Index(15);
        if (c1 <= c0) return;
        auto y = out.middleCols(c0, c1 - c0);  // (T, c1 - c0)
        matmul(x, w.middleCols(c0, c1 - c0), y);
        if (b.size() > 0) y.rowwise() += b.segment(c0, c1 - c0);
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
}

// One row: Eigen's gemv reads w once, where sgemm would first pack (copy) all of w for one row.
void linear_row(const Mat& x, const Mat& w, const RowVec& b, Mat& out) {
    assert(x.rows() == 1 && x.cols() == w.rows() && "linear_row: x (1, d_in), w (d_in, d_out)");
    assert((b.size() == 0 || b.size() == w.cols()) && "linear_row: bias must be (d_out) or empty");
    out.resize(1, w.cols());  // (1, d_out)
    ThreadPool& pool = engine_pool();
    const Eigen::Index cols = w.cols();
    const int blocks = double(w.size()) < kParallelMacs ? 1 : pool.size();
    auto block = [&](int part) {
        const Eigen::Index c0 = (cols * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index c1 = part + 1 == blocks ? cols : (cols * (part + 1) / blocks) & ~Eigen::Index(15);
        if (c1 <= c0) return;
        out.middleCols(c0, c1 - c0).noalias() = x * w.middleCols(c0, c1 - c0);  // (1, c1 - c0)
        if (b.size() > 0) out.middleCols(c0, c1 - c0) += b.segment(c0, c1 - c0);
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
}

Mat times_rows(const Mat& h, const Mat& table) {
    assert(h.cols() == table.cols() && "times_rows: h (T, d), table (V, d)");
    const Eigen::Index vocab = table.rows();
    Mat out(h.rows(), vocab);  // (T, V)
    ThreadPool& pool = engine_pool();
    const int blocks = vocab < 1024 ? 1 : pool.size();
    auto block = [&](int part) {
        // Multiples of 16 columns keep every block's stores on whole AVX vectors.
        const Eigen::Index r0 = (vocab * part / blocks) & ~Eigen::Index(15);
        const Eigen::Index r1 = part + 1 == blocks ? vocab : (vocab * (part + 1) / blocks) & ~Eigen::Index(15);
        if (r1 <= r0) return;
        if (h.rows() == 1) {  // one dot product per table row: gemv, the table read once
            out.middleCols(r0, r1 - r0).noalias() = h * table.middleRows(r0, r1 - r0).transpose();
        } else {
            matmul_bt(h, table.middleRows(r0, r1 - r0), out.middleCols(r0, r1 - r0));  // (T, r1 - r0)
        }
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
    return out;
}

void layer_norm(const Mat& x, const RowVec& gamma, const RowVec& beta, float eps, Mat& out) {
    assert(gamma.size() == x.cols() && beta.size() == x.cols() && "layer_norm: gamma/beta must be (d)");
    if (&out != &x) out.resize(x.rows(), x.cols());
    const float inv_d = 1.0f / float(x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        // Two passes (mean, then squared deviations): exact enough in float for rows whose mean is
        // large next to their spread, which a single-pass E[x²] − E[x]² is not.
        const float mean = x.row(i).sum() * inv_d;
        const float var = (x.row(i).array() - mean).square().sum() * inv_d;
        const float inv_std = 1.0f / std::sqrt(var + eps);
        out.row(i) = ((x.row(i).array() - mean) * inv_std * gamma.array() + beta.array()).matrix();
    }
}

// Applies fn to row blocks of x, in parallel when x is large.
template <typename Fn>
static void for_row_blocks(Mat& x, Fn fn) {
    ThreadPool& pool = engine_pool();
    const int blocks = double(x.size()) < kParallelMacs / 4 ? 1 : pool.size();
    auto block = [&](int part) {
        const Eigen::Index r0 = x.rows() * part / blocks, r1 = x.rows() * (part + 1) / blocks;
        if (r1 > r0) fn(x.middleRows(r0, r1 - r0).array());
    };
    if (blocks == 1) {
        block(0);
    } else {
        pool.parallel_for(blocks, block);
    }
}

void rms_norm(const Mat& x, const RowVec& gamma, float eps, Mat& out) {
    assert(x.cols() == gamma.size() && "rms_norm: gamma (n) for x (T, n)");
    if (&out != &x) out.resize(x.rows(), x.cols());
    for (Eigen::Index t = 0; t < x.rows(); ++t) {
        const float mean_sq = x.row(t).squaredNorm() / float(x.cols());
        const float inv = 1.0f / std::sqrt(mean_sq + eps);
        out.row(t) = (x.row(t) * inv).cwiseProduct(gamma);
    }
}

void gelu_tanh(Mat& x) {
    const float k = float(std::sqrt(2.0 / M_PI));
    for_row_blocks(x, [k](auto a) {
        a = 0.5f * a * (1.0f + (k * (a + 0.044715f * a.cube())).tanh());
    });
}

void gelu_erf(Mat& x) {
    const float inv_sqrt2 = float(1.0 / std::sqrt(2.0));
    for_row_blocks(x, [inv_sqrt2](auto a) { a = 0.5f * a * (1.0f + (a * inv_sqrt2).erf()); });
}

Mat WeightReader::matrix(const std::string& name, int rows, int cols) {
    if (!status_.ok()) return Mat();
    auto m = file_.read_matrix(prefix_ + name, rows, cols);
    if (!m) {
        status_ = m.status();
        return Mat();
    }
    return std::move(*m);
}

Mat WeightReader::linear_weight(const std::string& name, int d_out, int d_in) {
    const Mat stored = matrix(name, d_out, d_in);  // (d_out, d_in)
    return stored.transpose();                     // (d_in, d_out)
}

RowVec WeightReader::vector(const std::string& name, int n) {
    if (!status_.ok()) return RowVec();
    auto v = file_.read_vector(prefix_ + name, n);
    if (!v) {
        status_ = v.status();
        return RowVec();
    }
    return std::move(*v);
}

Mat WeightReader::reshaped(const std::string& name, const std::vector<std::int64_t>& shape, int rows, int cols) {
    if (!status_.ok()) return Mat();
    auto m = file_.read_reshaped(prefix_ + name, shape, rows, cols);
    if (!m) {
        status_ = m.status();
        return Mat();
    }
    return std::move(*m);
}

std::string WeightReader::either(const std::string& name, const std::string& old_name) const {
    if (!has(name) && has(old_name)) return old_name;
    return name;
}

Expected<std::string> find_name_prefix(const SafeTensorsFile& file,
                                       std::initializer_list<const char*> prefixes,
                                       const std::string& probe, const std::string& what) {
    std::string tried;
    for (const char* prefix : prefixes) {
        if (file.find(std::string(prefix) + probe)) return std::string(prefix);
        tried += (tried.empty() ? "" : " or ") + std::string(prefix) + probe;
    }
    return Status::Error(file.path() + " does not look like a " + what + " checkpoint: it has no " +
                         tried + ". Is the folder's config.json for the same model?");
}

void silu(Mat& x) {
    x.array() = x.array() / (1.0f + (-x.array()).exp());
}

void apply_activation(std::string_view name, Mat& x) {
    if (name == "gelu_new") {
        gelu_tanh(x);
    } else if (name == "silu") {
        silu(x);
    } else if (name == "relu") {
        x = x.cwiseMax(0.0f);
    } else {
        assert(name == "gelu" && "activation must be gelu_new, gelu, silu or relu (parse_model_config checks)");
        gelu_erf(x);
    }
}

}  // namespace attn::pretrained
