// pipeline.cpp — the matrices of one head's forward pass, in order, as heatmap data (GL-free):
// (implementation; the interface and its contract are in pipeline.h)
#include "app/views/pipeline/pipeline.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string_view>

namespace attn::app {

std::vector<PipelineStage> make_pipeline(const Trace& trace, int layer, int head) {
    assert(layer >= 0 && layer < int(trace.layers.size()) && "layer out of range");
    const LayerTrace& L = trace.layers[size_t(layer)];
    assert(head >= 0 && head < L.n_heads && "head out of range");
    const BoolMat* blocked = L.blocked.size() > 0 ? &L.blocked : nullptr;
    const Mat& S = L.heads[size_t(head)].scores;  // (T_q, T_k)
    std::vector<PipelineStage> out;
    out.reserve(kPipelineStages);
    auto add = [&](const char* name, const char* formula, Txt what, const char* r, const char* c, HeatmapData d) {
        PipelineStage s;
        s.name = name;
        s.formula = formula;
        s.what = what;
        s.rows_name = r;
        s.cols_name = c;
        s.data = std::move(d);
        out.push_back(std::move(s));
    };
    const bool embeddings = layer == 0 && trace.layers.size() == 1;  // the built-in model's one layer
    // Cross-attention: queries from the decoder's stream X, keys and values from the encoder's
    // output M (T_src rows).
    const bool cross = trace.section == "cross";
    const char* tq = cross ? "T_tgt" : "T_q";
    const char* tk = cross ? "T_src" : "T_k";
    add("X", cross ? "decoder stream" : embeddings ? "E + PE" : "layer input",
        cross ? Txt::PipeXCross : embeddings ? Txt::PipeX : Txt::PipeXLayer, tq, "d_model", matrix_heatmap_data(L.x_q));
    add("Q_h", "X W_Q", cross ? Txt::PipeQCross : Txt::PipeQ, tq, "d_k", matrix_heatmap_data(Mat(L.q_head(head))));
    add("K_h", cross ? "M W_K" : "X W_K", cross ? Txt::PipeKCross : Txt::PipeK, tk, "d_k",
        matrix_heatmap_data(Mat(L.k_head(head))));
    add("V_h", cross ? "M W_V" : "X W_V", cross ? Txt::PipeVCross : Txt::PipeV, tk, "d_k",
        matrix_heatmap_data(Mat(L.v_head(head))));
    add("S", "Q_h K_h^T", Txt::PipeS, tq, tk, matrix_heatmap_data(S));
    Mat Z = L.factor * S;  // (T_q, T_k)
    const bool biased = L.has_position_bias();  // T5: each head's learned bias for the distance j − i
    if (biased) Z += L.position_bias[size_t(head)] / L.temperature;
    add("Z", biased ? "S × factor + B" : "S × factor", biased ? Txt::PipeZBias : Txt::PipeZ, tq, tk,
        matrix_heatmap_data(Z));
    add("Z_m", "Z + M, M = 0 or -∞", Txt::PipeMask, tq, tk, matrix_heatmap_data(Z, blocked));
    HeatmapData a = make_heatmap_data(L, head, HeatmapQuantity::Weights);
    add("A", "softmax(Z_m)", Txt::PipeA, tq, tk, std::move(a));
    add("O_h", "A V_h", Txt::PipeO, tq, "d_k", matrix_heatmap_data(Mat(L.out_head(head))));
    add("concat", "[O_1 … O_H]", Txt::PipeConcat, tq, "d_model", matrix_heatmap_data(L.concat));
    add("Y", "concat W_O", Txt::PipeY, tq, "d_model", matrix_heatmap_data(L.output));
    return out;
}

std::string shape_text(const PipelineStage& s) {
    return s.rows_name + " × " + s.cols_name + " = " + std::to_string(s.data.rows) + " × " +
           std::to_string(s.data.cols);
}

void share_score_scale(std::vector<PipelineStage>& stages) {
    float lo = 0.0f, hi = 0.0f;
    bool any = false;
    for (const PipelineStage& st : stages) {
        const std::string_view name = st.name;
        if (name != "S" && name != "Z" && name != "Z_m") continue;
        for (size_t k = 0; k < st.data.values.size(); ++k) {
            if (st.data.masked[k] || !std::isfinite(st.data.values[k])) continue;
            lo = any ? std::min(lo, st.data.values[k]) : st.data.values[k];
            hi = any ? std::max(hi, st.data.values[k]) : st.data.values[k];
            any = true;
        }
    }
    if (!any) return;
    if (!(hi > lo)) hi = lo + 1.0f;
    for (PipelineStage& st : stages) {
        const std::string_view name = st.name;
        if (name != "S" && name != "Z" && name != "Z_m") continue;
        st.data.vmin = lo;
        st.data.vmax = hi;
        st.data.fixed_range = false;
    }
}

namespace {

// The flow layout for one cell size; height is what it needs.
PipelineLayout flow(const std::vector<PipelineStage>& stages, float width, float cell, float caption_h,
                    float min_box_w, float label_w, float gap) {
    PipelineLayout L;
    L.cell = cell;
    float x = 0.0f, y = 0.0f, row_h = 0.0f;
    for (const PipelineStage& st : stages) {
        PipelineBox b;
        b.matrix_w = std::max(1.0f, std::floor(cell * float(std::max(st.data.cols, 1))));
        b.matrix_h = std::max(1.0f, std::floor(cell * float(std::max(st.data.rows, 1))));
        b.w = std::max(min_box_w, label_w + b.matrix_w);
        const float h = caption_h + b.matrix_h;
        if (x > 0.0f && x + b.w > width) {  // wrap
            x = 0.0f;
            y += row_h + gap;
            row_h = 0.0f;
        }
        b.x = x;
        b.y = y;
        b.matrix_x = x + label_w;
        b.matrix_y = y + caption_h;
        x += b.w + gap;
        row_h = std::max(row_h, h);
        L.boxes.push_back(b);
    }
    L.height = y + row_h;
    // A box wider than the view (a huge matrix at the smallest cell) counts as not fitting.
    for (const PipelineBox& b : L.boxes)
        if (b.x + b.w > width + 0.5f) L.height = std::numeric_limits<float>::infinity();
    return L;
}

}  // namespace

PipelineLayout layout_pipeline(const std::vector<PipelineStage>& stages, float width, float height, float caption_h,
                               float min_box_w, float label_w, float gap, float max_cell) {
    float lo = 0.25f, hi = std::max(max_cell, lo);
    if (flow(stages, width, hi, caption_h, min_box_w, label_w, gap).height <= height)
        return flow(stages, width, hi, caption_h, min_box_w, label_w, gap);
    for (int it = 0; it < 30; ++it) {  // bisection on the cell size: the height grows with it
        const float mid = 0.5f * (lo + hi);
        if (flow(stages, width, mid, caption_h, min_box_w, label_w, gap).height <= height) lo = mid;
        else hi = mid;
    }
    return flow(stages, width, lo, caption_h, min_box_w, label_w, gap);
}

}  // namespace attn::app
