// seq2seq_step.cpp — the shared pieces of the encoder–decoder families' cached steps.
#include "core/pretrained/seq2seq/seq2seq_step.h"

#include <algorithm>
#include <cassert>

#include "core/attention/softmax.h"
#include "core/pretrained/blocks/nn_ops.h"

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

void set_step_ablation(Seq2SeqSession& s, const Ablation& a, int decoder_layers) {
    s.self_off = section_part(a, Section::Decoder);
    s.cross_off = section_part(a, Section::Cross);
    s.self_sums.assign(std::size_t(decoder_layers), Eigen::RowVectorXd());
    s.cross_sums.assign(std::size_t(decoder_layers), Eigen::RowVectorXd());
}

bool knock_out_row(const Ablation& off, std::vector<Eigen::RowVectorXd>& sums, std::size_t l, int pos, int d_k,
                   Mat& concat) {
    if (off.empty()) return true;
    if (sums.size() <= l) sums.resize(l + 1);
    ablate_row_heads(off, int(l), d_k, pos, concat, sums[l]);
    return off.attention_kept(int(l));
}

void reserve_cache(KvCache& cache, int n, int max_rows) {
    const int have = cache.k.empty() ? 0 : int(cache.k.front().rows());
    if (n <= have) return;
    const int cap = std::min(max_rows, std::max({n, 2 * have, 16}));
    for (Mat& m : cache.k) m.conservativeResize(cap, Eigen::NoChange);
    for (Mat& m : cache.v) m.conservativeResize(cap, Eigen::NoChange);
}

void attend_row(const Mat& q, const Eigen::Ref<const Mat>& keys, const Eigen::Ref<const Mat>& values, int heads,
                float factor, Mat& rows, Mat& concat, const Mat* bias) {
    const int n = int(keys.rows()), dk = int(q.cols()) / heads;
    assert((!bias || (bias->rows() == heads && bias->cols() == n)) && "attend_row: bias (H, n)");
    rows.resize(heads, n);
    concat.resize(1, q.cols());
    RowVec scores(n);  // (n) one head's raw q·k
    for (int h = 0; h < heads; ++h) {
        scores.noalias() = q.middleCols(h * dk, dk) * keys.middleCols(h * dk, dk).transpose();  // (n)
        if (bias) scores = factor * scores + bias->row(h);  // the softmax input itself: run at factor 1
        softmax_row(scores.data(), nullptr, n, bias ? 1.0f : factor, rows.row(h).data());
        concat.middleCols(h * dk, dk).noalias() = rows.row(h) * values.middleCols(h * dk, dk);  // (1, d_k)
    }
}

void self_attention_row(const AttentionWeights& w, const Mat& a, Seq2SeqSession& s, std::size_t l, int pos, int heads,
                        float factor, Mat& rows, Mat& out) {
    KvCache& cache = s.cache;
    Mat q, k, v, concat;  // (1, d) each
    linear_row(a, w.w_q, w.b_q, q);
    linear_row(a, w.w_k, w.b_k, k);
    linear_row(a, w.w_v, w.b_v, v);
    cache.k[l].row(pos) = k;
    cache.v[l].row(pos) = v;
    attend_row(q, cache.k[l].topRows(pos + 1), cache.v[l].topRows(pos + 1), heads, factor, rows, concat);
    const bool kept = knock_out_row(s.self_off, s.self_sums, l, pos, int(concat.cols()) / heads, concat);
    linear_row(concat, w.w_o, w.b_o, out);
    if (!kept) out.setZero();
}

void cross_attention_row(const AttentionWeights& w, const Mat& a, Seq2SeqSession& s, std::size_t l, int pos, int heads,
                         float factor, Mat& rows, Mat& out) {
    const CrossMemory& memory = *s.memory;
    Mat q, concat;  // (1, d)
    linear_row(a, w.w_q, w.b_q, q);
    attend_row(q, memory.k[l], memory.v[l], heads, factor, rows, concat);
    const bool kept = knock_out_row(s.cross_off, s.cross_sums, l, pos, int(concat.cols()) / heads, concat);
    linear_row(concat, w.w_o, w.b_o, out);
    if (!kept) out.setZero();
}

void feed_forward_row(const Seq2SeqBlock& b, const std::string& activation, const Mat& a, Mat& out) {
    Mat ff;  // (1, d_ff)
    linear_row(a, b.ff1_w, b.ff1_b, ff);
    apply_activation(activation, ff);
    linear_row(ff, b.ff2_w, b.ff2_b, out);
}

}  // namespace attn::pretrained
