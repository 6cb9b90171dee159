// post_ln_stacks.cpp — the post-LN encoder–decoder stacks (post_ln_stacks.h).
#include "core/pretrained/seq2seq/post_ln_stacks.h"

#include <cassert>

#include "core/attention/mask.h"
#include "core/pretrained/blocks/blocks.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"

namespace attn::pretrained {

void post_ln_encode(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& c, const ForwardOptions& opt,
                    Mat& x, ForwardPass& pass) {
    pass.layers.resize(blocks.size());
    const ForwardOptions fo{opt.attention, section_part(opt.ablation, Section::Encoder)};
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        post_ln_block(norm_block(blocks[l]), c, int(l), BoolMat(), fo, MeanOver::All, x, pass.layers[l]);
        pass.hidden_states.push_back(x);
    }
}

void post_ln_decode(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& c, const Mat& memory,
                    const ForwardOptions& opt, Mat& y, ForwardPass& pass, std::vector<LayerTrace>& cross) {
    const int t = int(y.rows());
    const BoolMat blocked = causal_mask(t);
    const Ablation self_off = section_part(opt.ablation, Section::Decoder);
    const Ablation cross_off = section_part(opt.ablation, Section::Cross);
    pass.layers.resize(blocks.size());
    cross.resize(blocks.size());
    Mat ff, out;  // (T, d_ff), (T, d)
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        const Seq2SeqBlock& b = blocks[l];
        const int li = int(l);
        pass.layers[l] = run_attention_layer(y, y, b.self_attn, blocked, opt.attention);
        ablate_heads(self_off, li, b.self_attn, MeanOver::Prefix, pass.layers[l]);
        if (self_off.attention_kept(li)) y += pass.layers[l].output;
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, c.layer_norm_eps, y);
        cross[l] = run_attention_layer(y, memory, b.cross_attn, BoolMat(), opt.attention);
        ablate_heads(cross_off, li, b.cross_attn, MeanOver::Prefix, cross[l]);
        if (cross_off.attention_kept(li)) y += cross[l].output;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, c.layer_norm_eps, y);
        if (self_off.mlp_kept(li)) {
            feed_forward(norm_block(b), c.activation, y, ff, out);
            y += out;
        }
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, c.layer_norm_eps, y);
        pass.hidden_states.push_back(y);
    }
}

void post_ln_decode_row(const std::vector<Seq2SeqBlock>& blocks, const PretrainedConfig& c, Seq2SeqSession& s, int pos,
                        Mat& y, Seq2SeqStep& step) {
    const int heads = c.decoder_heads;
    const float factor = logit_factor(true, 1.0f, c.d_model / heads);
    step.self_attention.resize(blocks.size());
    step.cross_attention.resize(blocks.size());
    Mat out;  // (1, d) one sublayer's output
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        const Seq2SeqBlock& b = blocks[l];
        self_attention_row(b.self_attn, y, s, l, pos, heads, factor, step.self_attention[l], out);
        y += out;
        layer_norm(y, b.ln_self_gamma, b.ln_self_beta, c.layer_norm_eps, y);
        cross_attention_row(b.cross_attn, y, s, l, pos, heads, factor, step.cross_attention[l], out);
        y += out;
        layer_norm(y, b.ln_cross_gamma, b.ln_cross_beta, c.layer_norm_eps, y);
        if (s.self_off.mlp_kept(int(l))) {
            feed_forward_row(b, c.activation, y, out);
            y += out;
        }
        layer_norm(y, b.ln_out_gamma, b.ln_out_beta, c.layer_norm_eps, y);
    }
}

}  // namespace attn::pretrained
