// line_view.cpp — geometry and selection of the line view (BertViz-style "head view"), GL-free
// (implementation; the interface and its contract are in line_view.h)
#include "app/views/lines/line_view.h"

#include <algorithm>
#include <cassert>

namespace attn::app {

std::vector<AttentionLine> attention_lines(const LayerTrace& layer, int head, int focus_q, int focus_k,
                                           float min_weight) {
    assert(head >= 0 && head < layer.n_heads && "head out of range");
    const Mat& a = layer.heads[size_t(head)].weights;  // (T_q, T_k)
    std::vector<AttentionLine> out;
    const int i0 = focus_q >= 0 ? focus_q : 0, i1 = focus_q >= 0 ? focus_q + 1 : int(a.rows());
    const int j0 = focus_k >= 0 ? focus_k : 0, j1 = focus_k >= 0 ? focus_k + 1 : int(a.cols());
    for (int i = i0; i < i1 && i < a.rows(); ++i) {
        const float row_max = focus_q >= 0 ? a.row(i).maxCoeff() : 1.0f;
        for (int j = j0; j < j1 && j < a.cols(); ++j) {
            const float w = a(i, j);
            if (w < min_weight || w <= 0.0f) continue;
            const float alpha = row_max > 0.0f ? std::min(w / row_max, 1.0f) : 0.0f;
            out.push_back({i, j, alpha});
        }
    }
    return out;
}

float token_y(int index, int count, float top, float height) {
    const float band = height / float(std::max(count, 1));
    return top + (float(index) + 0.5f) * band;
}

int token_at(float y, int count, float top, float height) {
    if (count <= 0 || height <= 0.0f || y < top || y >= top + height) return -1;
    return std::clamp(int((y - top) / height * float(count)), 0, count - 1);
}

}  // namespace attn::app
