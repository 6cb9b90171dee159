// blocks.cpp — the pre-LN and post-LN blocks the layer-norm families share (the contract is in
// blocks.h).
#include "core/pretrained/blocks/blocks.h"

#include "core/pretrained/blocks/nn_ops.h"

namespace attn::pretrained {

void feed_forward(const NormBlock& b, const std::string& activation, const Mat& a, Mat& ff, Mat& y) {
    linear(a, b.ff1_w, b.ff1_b, ff);  // (T, d_ff)
    apply_activation(activation, ff);
    linear(ff, b.ff2_w, b.ff2_b, y);  // (T, d)
}

void pre_ln_block(const NormBlock& b, const PretrainedConfig& config, int layer, const BoolMat& blocked,
                  const ForwardOptions& opt, MeanOver over, Mat& x, LayerTrace& trace) {
    Mat a, ff, y;  // (T, d), (T, d_ff), (T, d)
    layer_norm(x, b.ln1_gamma, b.ln1_beta, config.layer_norm_eps, a);
    trace = run_attention_layer(a, a, b.attn, blocked, opt.attention);
    ablate_heads(opt.ablation, layer, b.attn, over, trace);
    if (opt.ablation.attention_kept(layer)) x += trace.output;
    if (opt.ablation.mlp_kept(layer)) {
        layer_norm(x, b.ln2_gamma, b.ln2_beta, config.layer_norm_eps, a);
        feed_forward(b, config.activation, a, ff, y);
        x += y;
    }
}

void post_ln_block(const NormBlock& b, const PretrainedConfig& config, int layer, const BoolMat& blocked,
                   const ForwardOptions& opt, MeanOver over, Mat& x, LayerTrace& trace) {
    Mat ff, y;  // (T, d_ff), (T, d)
    trace = run_attention_layer(x, x, b.attn, blocked, opt.attention);
    ablate_heads(opt.ablation, layer, b.attn, over, trace);
    if (opt.ablation.attention_kept(layer)) x += trace.output;
    layer_norm(x, b.ln1_gamma, b.ln1_beta, config.layer_norm_eps, x);
    if (opt.ablation.mlp_kept(layer)) {
        feed_forward(b, config.activation, x, ff, y);
        x += y;
    }
    layer_norm(x, b.ln2_gamma, b.ln2_beta, config.layer_norm_eps, x);
}

}  // namespace attn::pretrained
