// attention_flow.cpp — attention rollout and selection sums.
#include "core/attention/attention_flow.h"

#include <cassert>

namespace attn {

Mat mean_head_attention(const LayerTrace& layer) {
    assert(!layer.heads.empty());
    Mat m = layer.heads[0].weights;  // (T_q, T_k)
    for (std::size_t h = 1; h < layer.heads.size(); ++h) m += layer.heads[h].weights;
    return m / float(layer.heads.size());
}

std::vector<Mat> attention_rollout(const std::vector<LayerTrace>& layers) {
    std::vector<Mat> out;
    Mat r;  // (T, T) rollout so far
    for (const LayerTrace& layer : layers) {
        assert(layer.t_q() == layer.t_k() && "attention_rollout: self-attention layers");
        Mat a = mean_head_attention(layer);  // (T, T)
        a.diagonal().array() += 1.0f;
        // Rows of Ā sum to 1 (0 when fully masked): every row of Ā + I has a positive sum.
        a.array().colwise() /= a.rowwise().sum().array();
        r = out.empty() ? a : Mat(a * r);
        out.push_back(r);
    }
    return out;
}

RowVec attention_from_rows(const Mat& a, const std::vector<int>& rows) {
    RowVec s = RowVec::Zero(a.cols());  // (T_k)
    for (int i : rows) {
        assert(i >= 0 && i < a.rows() && "attention_from_rows: a query of the matrix");
        s += a.row(i);
    }
    return s;
}

Vec attention_to_columns(const Mat& a, const std::vector<int>& cols) {
    Vec s = Vec::Zero(a.rows());  // (T_q)
    for (int j : cols) {
        assert(j >= 0 && j < a.cols() && "attention_to_columns: a key of the matrix");
        s += a.col(j);
    }
    return s;
}

}  // namespace attn
