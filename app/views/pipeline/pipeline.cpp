// pipeline.cpp — the matrices of one head's forward pass, in order, as heatmap data (GL-free):
// (implementation; the interface and its contract are in pipeline.h)
#include "app/views/pipeline/pipeline.h"

#include <cassert>
#include <cmath>
#include <limits>

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
    add("X", embeddings ? "E + PE" : "layer input", Txt::PipeX, "T_q", "d_model", matrix_heatmap_data(L.x_q));
    add("Q_h", "X W_Q", Txt::PipeQ, "T_q", "d_k", matrix_heatmap_data(Mat(L.q_head(head))));
    add("K_h", "X W_K", Txt::PipeK, "T_k", "d_k", matrix_heatmap_data(Mat(L.k_head(head))));
    add("V_h", "X W_V", Txt::PipeV, "T_k", "d_k", matrix_heatmap_data(Mat(L.v_head(head))));
    add("S", "Q_h K_h^T", Txt::PipeS, "T_q", "T_k", matrix_heatmap_data(S));
    const Mat Z = L.factor * S;  // (T_q, T_k)
    add("Z", "S × factor", Txt::PipeZ, "T_q", "T_k", matrix_heatmap_data(Z));
    add("Z_m", "Z + M, M = 0 or -∞", Txt::PipeMask, "T_q", "T_k", matrix_heatmap_data(Z, blocked));
    HeatmapData a = make_heatmap_data(L, head, HeatmapQuantity::Weights);
    add("A", "softmax(Z_m)", Txt::PipeA, "T_q", "T_k", std::move(a));
    add("O_h", "A V_h", Txt::PipeO, "T_q", "d_k", matrix_heatmap_data(Mat(L.out_head(head))));
    add("concat", "[O_1 … O_H]", Txt::PipeConcat, "T_q", "d_model", matrix_heatmap_data(L.concat));
    add("Y", "concat W_O", Txt::PipeY, "T_q", "d_model", matrix_heatmap_data(L.output));
    return out;
}

std::string shape_text(const PipelineStage& s) {
    return s.rows_name + " × " + s.cols_name + " = " + std::to_string(s.data.rows) + " × " +
           std::to_string(s.data.cols);
}

}  // namespace attn::app
