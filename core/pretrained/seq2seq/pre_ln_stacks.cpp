// pre_ln_stacks.cpp — the pre-LN encoder–decoder stacks (pre_ln_stacks.h).
#include "core/pretrained/seq2seq/pre_ln_stacks.h"

#include <cassert>

#include "core/attention/mask.h"
#include "core/pretrained/blocks/blocks.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"

namespace attn::pretrained {

namespace {

// Entry l + 1 of the hidden states after block l: its output, or the final norm's after the last.
void close_block(std::size_t l, std::size_t blocks, FinalNorm norm, float eps, Mat& x, ForwardPass& pass) {
    if (l + 1 == blocks) layer_norm(x, norm.gamma, norm.beta, eps, x);
    pass.hidden_states.push_back(x);
}

}  // namespace

void pre_ln_encode(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& c,
                   const ForwardOptions& opt, int keep, Mat& x, ForwardPass& pass) {
    assert(!blocks.empty() && "pre_ln_encode: at least one block");
    pass.layers.resize(blocks.size());
    const ForwardOptions fo{opt.attention, section_part(opt.ablation, Section::Encoder)};
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        pre_ln_block(norm_block(blocks[l]), c, int(l), BoolMat(), fo, MeanOver::All, x, pass.layers[l]);
        if (keep >= 0) trim_layer_trace(pass.layers[l], keep, keep);
        close_block(l, blocks.size(), norm, c.layer_norm_eps, x, pass);
    }
}

void pre_ln_decode(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& c,
                   const Mat& memory, const ForwardOptions& opt, Mat& y, ForwardPass& pass,
                   std::vector<LayerTrace>& cross) {
    assert(!blocks.empty() && "pre_ln_decode: at least one block");
    const float eps = c.layer_norm_eps;
    const BoolMat blocked = causal_mask(int(y.rows()));
    const Ablation self_off = section_part(opt.ablation, Section::Decoder);
    const Ablation cross_off = section_part(opt.ablation, Section::Cross);
    pass.layers.resize(blocks.size());
    cross.resize(blocks.size());
    Mat a, ff, out;  // (T, d) a sublayer's normalised input, (T, d_ff), (T, d)
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        const Seq2SeqBlock& b = blocks[l];
        const int li = int(l);
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, eps, a);
        pass.layers[l] = run_attention_layer(a, a, b.self_attn, blocked, opt.attention);
        ablate_heads(self_off, li, b.self_attn, MeanOver::Prefix, pass.layers[l]);
        if (self_off.attention_kept(li)) y += pass.layers[l].output;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, eps, a);
        cross[l] = run_attention_layer(a, memory, b.cross_attn, BoolMat(), opt.attention);
        ablate_heads(cross_off, li, b.cross_attn, MeanOver::Prefix, cross[l]);
        if (cross_off.attention_kept(li)) y += cross[l].output;
        if (self_off.mlp_kept(li)) {
            layer_norm(y, b.ln_out_gamma, b.ln_out_beta, eps, a);
            feed_forward(norm_block(b), c.activation, a, ff, out);
            y += out;
        }
        close_block(l, blocks.size(), norm, eps, y, pass);
    }
}

void pre_ln_decode_row(const std::vector<Seq2SeqBlock>& blocks, FinalNorm norm, const PretrainedConfig& c,
                       Seq2SeqSession& s, int pos, Mat& y, Seq2SeqStep& step) {
    const int heads = c.decoder_heads;
    const float factor = logit_factor(true, 1.0f, c.d_model / heads);
    const float eps = c.layer_norm_eps;
    step.self_attention.resize(blocks.size());
    step.cross_attention.resize(blocks.size());
    Mat a, out;  // (1, d) a sublayer's normalised input and its output
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        const Seq2SeqBlock& b = blocks[l];
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, eps, a);
        self_attention_row(b.self_attn, a, s, l, pos, heads, factor, step.self_attention[l], out);
        y += out;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, eps, a);
        cross_attention_row(b.cross_attn, a, s, l, pos, heads, factor, step.cross_attention[l], out);
        y += out;
        if (s.self_off.mlp_kept(int(l))) {
            layer_norm(y, b.ln_out_gamma, b.ln_out_beta, eps, a);
            feed_forward_row(b, c.activation, a, out);
            y += out;
        }
    }
    layer_norm(y, norm.gamma, norm.beta, eps, y);
}

}  // namespace attn::pretrained
