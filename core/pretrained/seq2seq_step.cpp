// seq2seq_step.cpp — the shared pieces of the encoder–decoder families' cached steps.
#include "core/pretrained/seq2seq_step.h"

#include <algorithm>

#include "core/attention/softmax.h"
#include "core/pretrained/nn_ops.h"

namespace attn::pretrained {

std::shared_ptr<CrossMemory> cross_memory(const Mat& memory, const std::vector<Seq2SeqBlock>& decoder) {
    auto cross = std::make_shared<CrossMemory>();
    cross->source_length = int(memory.rows());
    for (const Seq2SeqBlock& b : decoder) {
        Mat k, v;  // (S, d)
        linear(memory, b.cross_attn.w_k, b.cross_attn.b_k, k);
        linear(memory, b.cross_attn.w_v, b.cross_attn.b_v, v);
        cross->k.push_back(std::move(k));
        cross->v.push_back(std::move(v));
    }
    return cross;
}

void reserve_cache(KvCache& cache, int n, int max_rows) {
    const int have = cache.k.empty() ? 0 : int(cache.k.front().rows());
    if (n <= have) return;
    const int cap = std::min(max_rows, std::max({n, 2 * have, 16}));
    for (Mat& m : cache.k) m.conservativeResize(cap, Eigen::NoChange);
    for (Mat& m : cache.v) m.conservativeResize(cap, Eigen::NoChange);
}

void attend_row(const Mat& q, const Eigen::Ref<const Mat>& keys, const Eigen::Ref<const Mat>& values, int heads,
                float factor, Mat& rows, Mat& concat) {
    const int n = int(keys.rows()), dk = int(q.cols()) / heads;
    rows.resize(heads, n);
    concat.resize(1, q.cols());
    RowVec scores(n);  // (n) one head's raw q·k
    for (int h = 0; h < heads; ++h) {
        scores.noalias() = q.middleCols(h * dk, dk) * keys.middleCols(h * dk, dk).transpose();  // (n)
        softmax_row(scores.data(), nullptr, n, factor, rows.row(h).data());
        concat.middleCols(h * dk, dk).noalias() = rows.row(h) * values.middleCols(h * dk, dk);  // (1, d_k)
    }
}

}  // namespace attn::pretrained
