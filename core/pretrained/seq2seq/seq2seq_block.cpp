// seq2seq_block.cpp — reading and counting an encoder–decoder block (seq2seq_block.h).
#include "core/pretrained/seq2seq/seq2seq_block.h"

#include <algorithm>

namespace attn::pretrained {

namespace {

std::size_t attention_floats(const AttentionWeights& a) {
    return std::size_t(a.w_q.size() + a.w_k.size() + a.w_v.size() + a.w_o.size() + a.b_q.size() + a.b_k.size() +
                       a.b_v.size() + a.b_o.size());
}

void read_linear(WeightReader& r, const std::string& base, int d_in, int d_out, Mat& w, RowVec& b) {
    w = r.linear_weight(base + ".weight", d_out, d_in);  // stored (d_out, d_in) -> (d_in, d_out)
    b = r.vector(base + ".bias", d_out);
}

void read_attention(WeightReader& r, const std::string& base, int d, int heads, bool key_bias, AttentionWeights& a) {
    a.n_heads = heads;
    read_linear(r, base + ".q_proj", d, d, a.w_q, a.b_q);
    if (key_bias) {
        read_linear(r, base + ".k_proj", d, d, a.w_k, a.b_k);
    } else {
        a.w_k = r.linear_weight(base + ".k_proj.weight", d, d);
        a.b_k = RowVec::Zero(d);
    }
    read_linear(r, base + ".v_proj", d, d, a.w_v, a.b_v);
    read_linear(r, base + ".out_proj", d, d, a.w_o, a.b_o);
}

}  // namespace

void read_layer_norm(WeightReader& r, const std::string& base, int d, RowVec& gamma, RowVec& beta) {
    gamma = r.vector(base + ".weight", d);
    beta = r.vector(base + ".bias", d);
}

void read_seq2seq_block(WeightReader& r, const std::string& p, int d, int heads, int d_ff, bool cross, bool key_bias,
                        Seq2SeqBlock& b) {
    read_attention(r, p + "self_attn", d, heads, key_bias, b.self_attn);
    read_layer_norm(r, p + "self_attn_layer_norm", d, b.ln_self_gamma, b.ln_self_beta);
    if (cross) {
        read_attention(r, p + "encoder_attn", d, heads, key_bias, b.cross_attn);
        read_layer_norm(r, p + "encoder_attn_layer_norm", d, b.ln_cross_gamma, b.ln_cross_beta);
    }
    read_linear(r, p + "fc1", d, d_ff, b.ff1_w, b.ff1_b);
    read_linear(r, p + "fc2", d_ff, d, b.ff2_w, b.ff2_b);
    read_layer_norm(r, p + "final_layer_norm", d, b.ln_out_gamma, b.ln_out_beta);
}

Status read_encoder_decoder_blocks(const PretrainedConfig& c, WeightReader& r, bool key_bias,
                                   const LayerLoaded& on_layer, std::vector<Seq2SeqBlock>& encoder,
                                   std::vector<Seq2SeqBlock>& decoder) {
    encoder.assign(std::size_t(c.n_layers), Seq2SeqBlock{});
    decoder.assign(std::size_t(c.decoder_layers), Seq2SeqBlock{});
    const int total = c.n_layers + c.decoder_layers;
    for (int i = 0; i < total; ++i) {
        const bool dec = i >= c.n_layers;
        const int l = dec ? i - c.n_layers : i;
        read_seq2seq_block(r, (dec ? "decoder.layers." : "encoder.layers.") + std::to_string(l) + ".", c.d_model,
                           dec ? c.decoder_heads : c.n_heads, dec ? c.decoder_ff : c.d_ff, dec, key_bias,
                           (dec ? decoder : encoder)[std::size_t(l)]);
        if (!r.status()) return r.status();
        if (on_layer)
            if (Status st = on_layer(std::max(1, (i + 1) * c.n_layers / total)); !st) return st;
    }
    return Status::Ok();
}

std::size_t seq2seq_block_floats(const Seq2SeqBlock& b) {
    return attention_floats(b.self_attn) + attention_floats(b.cross_attn) +
           std::size_t(b.ff1_w.size() + b.ff1_b.size() + b.ff2_w.size() + b.ff2_b.size()) +
           std::size_t(b.ln_self_gamma.size() * 2 + b.ln_cross_gamma.size() * 2 + b.ln_out_gamma.size() * 2);
}

NormBlock norm_block(const Seq2SeqBlock& b) {
    return NormBlock{b.ln_self_gamma, b.ln_self_beta, b.self_attn, b.ln_out_gamma, b.ln_out_beta,
                     b.ff1_w,         b.ff1_b,        b.ff2_w,     b.ff2_b};
}

}  // namespace attn::pretrained
