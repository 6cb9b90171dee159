// blocks.h — the transformer blocks the layer-norm families share (GPT-2, ViT: pre-LN; BERT:
// post-LN), as llama.cpp shares build_norm / build_attn / build_ffn between its architectures.
//
//   pre-LN  (GPT-2, ViT):  x = x + Attention(LN_1(x));  x = x + FFN(LN_2(x))
//   post-LN (BERT):        x = LN_1(x + Attention(x));  x = LN_2(x + FFN(x))
//   FFN(a) = act(a W_1 + b_1) W_2 + b_2                  (T, d_ff) inside
// Knock-outs (intervention.h) apply inside: removed heads rewritten before W_O, a removed
// sublayer adds nothing (post-LN still normalises). An empty ablation changes nothing, bit for bit.
#pragma once

#include <string>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

// One layer-norm block's weights, by reference into a family's own block struct.
struct NormBlock {
    const RowVec& ln1_gamma;   // (d) before attention (pre-LN) or after it (post-LN)
    const RowVec& ln1_beta;
    const AttentionWeights& attn;
    const RowVec& ln2_gamma;   // (d) before the FFN (pre-LN) or after it (post-LN)
    const RowVec& ln2_beta;
    const Mat& ff1_w;          // (d, d_ff)
    const RowVec& ff1_b;       // (d_ff)
    const Mat& ff2_w;          // (d_ff, d)
    const RowVec& ff2_b;       // (d)
};

// y = act(a W_1 + b_1) W_2 + b_2 for a (T, d) -> y (T, d). `ff` (T, d_ff) is scratch.
void feed_forward(const NormBlock& b, const std::string& activation, const Mat& a, Mat& ff, Mat& y);

// Block `layer` over the residual stream x (T, d), in place; its attention recorded in `trace`.
// `over` is what a mean ablation averages over (causal: the prefix; encoders: everything).
void pre_ln_block(const NormBlock& b, const PretrainedConfig& config, int layer, const BoolMat& blocked,
                  const ForwardOptions& opt, MeanOver over, Mat& x, LayerTrace& trace);
void post_ln_block(const NormBlock& b, const PretrainedConfig& config, int layer, const BoolMat& blocked,
                   const ForwardOptions& opt, MeanOver over, Mat& x, LayerTrace& trace);

}  // namespace attn::pretrained
