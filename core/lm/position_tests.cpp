// position_tests.cpp — the shift and padding tests through the model's family (the contract is
// in position_tests.h).
#include "core/lm/position_tests.h"

#include <algorithm>
#include <cassert>
#include <chrono>

namespace attn::lm {

std::vector<float> score_changes(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b) {
    assert(a.size() == b.size() && "score_changes: runs of the same model");
    std::vector<float> out;
    for (std::size_t l = 0; l < a.size(); ++l) {
        assert(a[l].heads.size() == b[l].heads.size() && "score_changes: the same heads");
        for (std::size_t h = 0; h < a[l].heads.size(); ++h) {
            const Mat& sa = a[l].heads[h].scores;  // (T_q, T_k)
            const Mat& sb = b[l].heads[h].scores;  // (T_q, T_k)
            assert(sa.rows() == sb.rows() && sa.cols() == sb.cols() && "score_changes: the same tokens");
            out.push_back(sa.size() > 0 ? (sa - sb).cwiseAbs().maxCoeff() : 0.0f);
        }
    }
    return out;
}

int max_shift(const pretrained::PretrainedConfig& config, int n) { return std::max(0, config.max_positions - n); }

ShiftResult run_shift_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int shift) {
    assert(model.caps().positions == pretrained::PositionKind::Rotary && "run_shift_test: a rotary model");
    assert(!ids.empty() && shift >= 0 && shift <= max_shift(model.config, int(ids.size())) && "run_shift_test: a shift the model allows");
    const auto t0 = std::chrono::steady_clock::now();
    pretrained::PassOptions opt;
    opt.forward.attention.compute_stats = false;
    const pretrained::ModelFamily& family = model.family();
    const pretrained::ForwardPass base = family.forward(model, {ids, nullptr, 0}, opt);
    const pretrained::ForwardPass moved = family.forward(model, {ids, nullptr, shift}, opt);
    ShiftResult r;
    r.shift = shift;
    r.layers = int(base.layers.size());
    r.heads = base.layers.empty() ? 0 : base.layers[0].n_heads;
    r.change = score_changes(base.layers, moved.layers);
    for (float c : r.change) r.max_change = std::max(r.max_change, c);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

namespace {

// Max |Δ| of the original tokens' raw scores and renormalised weights, head by head: `a` the
// unpadded run (T, T), `b` the padded one (pad + T, pad + T), compared on its bottom-right block.
void compare_padded(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b, int pad,
                    std::vector<float>& score, std::vector<float>& weight) {
    auto renormalised = [](Mat m) {  // rows over the original keys only
        for (Eigen::Index i = 0; i < m.rows(); ++i) {
            const float sum = m.row(i).sum();
            if (sum > 0.0f) m.row(i) /= sum;
        }
        return m;
    };
    for (std::size_t l = 0; l < a.size(); ++l) {
        for (std::size_t h = 0; h < a[l].heads.size(); ++h) {
            const HeadTrace& ha = a[l].heads[h];
            const HeadTrace& hb = b[l].heads[h];
            const Eigen::Index t = ha.scores.rows();
            assert(hb.scores.rows() == t + pad && "compare_padded: the same tokens after the padding");
            (void)pad;
            const Mat sb = hb.scores.bottomRightCorner(t, t);                  // (T, T)
            const Mat wb = renormalised(hb.weights.bottomRightCorner(t, t));  // (T, T)
            score.push_back((ha.scores - sb).cwiseAbs().maxCoeff());
            weight.push_back((renormalised(ha.weights) - wb).cwiseAbs().maxCoeff());
        }
    }
}

float logits_change(const pretrained::PretrainedModel& m, const pretrained::ForwardPass& a,
                    const pretrained::ForwardPass& b) {
    const Mat la = m.family().unembed(m, a.hidden_states.back().bottomRows(1));  // (1, V)
    const Mat lb = m.family().unembed(m, b.hidden_states.back().bottomRows(1));  // (1, V)
    return (la - lb).cwiseAbs().maxCoeff();
}

}  // namespace

PadResult run_pad_test(const pretrained::PretrainedModel& model, const std::vector<int>& ids, int pad_id, int pad) {
    assert(model.caps().positions == pretrained::PositionKind::Rotary && "run_pad_test: a rotary model");
    assert(!ids.empty() && pad >= 1 && pad <= max_shift(model.config, int(ids.size())) && "run_pad_test: room for the padding");
    assert(pad_id >= 0 && pad_id < model.config.vocab_size && "run_pad_test: a token of the vocabulary");
    const auto t0 = std::chrono::steady_clock::now();
    pretrained::PassOptions opt;
    opt.forward.attention.compute_stats = false;
    const pretrained::ModelFamily& family = model.family();
    const pretrained::ForwardPass base = family.forward(model, {ids, nullptr, 0}, opt);
    std::vector<int> padded(std::size_t(pad), pad_id);
    padded.insert(padded.end(), ids.begin(), ids.end());
    const pretrained::ForwardPass visible = family.forward(model, {padded, nullptr, 0}, opt);
    const int n = int(padded.size());
    opt.blocked = BoolMat::Zero(n, n);  // (pad + T, pad + T): no query sees a padding key
    opt.blocked.leftCols(pad).setOnes();
    const pretrained::ForwardPass hidden = family.forward(model, {padded, nullptr, 0}, opt);

    PadResult r;
    r.pad = pad;
    r.pad_id = pad_id;
    r.layers = int(base.layers.size());
    r.heads = base.layers.empty() ? 0 : base.layers[0].n_heads;
    std::vector<float> hidden_weight;
    compare_padded(base.layers, hidden.layers, pad, r.hidden_score, hidden_weight);
    compare_padded(base.layers, visible.layers, pad, r.visible_score, r.visible_weight);
    for (float c : r.hidden_score) r.hidden_max_score = std::max(r.hidden_max_score, c);
    for (float c : hidden_weight) r.hidden_max_weight = std::max(r.hidden_max_weight, c);
    for (std::size_t i = 0; i < r.visible_score.size(); ++i) {
        const bool first = int(i) < r.heads;
        float& s = first ? r.visible_first_score : r.visible_later_score;
        float& a = first ? r.visible_first_weight : r.visible_later_weight;
        s = std::max(s, r.visible_score[i]);
        a = std::max(a, r.visible_weight[i]);
    }
    r.hidden_logits = logits_change(model, base, hidden);
    r.visible_logits = logits_change(model, base, visible);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace attn::lm
