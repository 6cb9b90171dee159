// t5.cpp — T5's weights, its two stacks and its cached step (t5.h).
#include "core/pretrained/families/t5/t5.h"

#include <cassert>
#include <cmath>
#include <string>

#include "core/attention/mask.h"
#include "core/attention/positional.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"

namespace attn::pretrained {

namespace {

int inner_width(const PretrainedConfig& c) { return c.n_heads * c.d_k(); }

void read_attention(WeightReader& r, const std::string& p, int d, int inner, T5Attention& a) {
    a.w_q = r.linear_weight(p + "q.weight", inner, d);  // stored (H·d_kv, d) -> (d, H·d_kv)
    a.w_k = r.linear_weight(p + "k.weight", inner, d);
    a.w_v = r.linear_weight(p + "v.weight", inner, d);
    a.w_o = r.linear_weight(p + "o.weight", d, inner);  // stored (d, H·d_kv) -> (H·d_kv, d)
}

// Block i of one stack ("encoder." / "decoder."): the decoder's has cross-attention, so its
// feed-forward is sublayer 2, not 1.
void read_block(WeightReader& r, const PretrainedConfig& c, const std::string& stack, int i, bool decoder, T5Block& b) {
    const int d = c.d_model, inner = inner_width(c), d_ff = c.d_ff;
    const std::string p = stack + "block." + std::to_string(i) + ".layer.";
    read_attention(r, p + "0.SelfAttention.", d, inner, b.self_attn);
    b.ln_self = r.vector(p + "0.layer_norm.weight", d);
    if (decoder) {
        read_attention(r, p + "1.EncDecAttention.", d, inner, b.cross_attn);
        b.ln_cross = r.vector(p + "1.layer_norm.weight", d);
    }
    const std::string ff = p + (decoder ? "2." : "1.");
    if (t5_settings(c).gated) {
        b.wi = r.linear_weight(ff + "DenseReluDense.wi_0.weight", d_ff, d);  // (d, d_ff)
        b.wi_gate = r.linear_weight(ff + "DenseReluDense.wi_1.weight", d_ff, d);
    } else {
        b.wi = r.linear_weight(ff + "DenseReluDense.wi.weight", d_ff, d);
    }
    b.wo = r.linear_weight(ff + "DenseReluDense.wo.weight", d, d_ff);  // (d_ff, d)
    b.ln_ff = r.vector(ff + "layer_norm.weight", d);
}

std::size_t attention_floats(const T5Attention& a) {
    return std::size_t(a.w_q.size() + a.w_k.size() + a.w_v.size() + a.w_o.size());
}

// One attention sublayer over the normed inputs: q from a_q, k and v from a_kv, the heads
// finished by the engine (attention.h) with `bias` added to their softmax input.
// Knock-outs of `off` (one section's part) in layer l: the removed heads' columns of the concat
// rewritten before W_O (T5's has no bias).
LayerTrace attention(const T5Attention& w, const PretrainedConfig& c, const Mat& a_q, const Mat& a_kv,
                     const HeadBias& bias, BoolMat blocked, const AttentionOptions& opt, const Ablation& off, int l,
                     MeanOver over) {
    LayerTrace L;
    L.n_heads = c.n_heads;
    L.d_k = c.d_k();
    L.x_q = a_q;
    L.x_kv = a_kv;
    linear(a_q, w.w_q, RowVec(), L.q);   // (T_q, H·d_kv)
    linear(a_kv, w.w_k, RowVec(), L.k);  // (T_k, H·d_kv)
    linear(a_kv, w.w_v, RowVec(), L.v);
    L.blocked = std::move(blocked);
    L.position_bias = bias;  // shared by every block of the stack
    finish_attention_heads(L, opt);
    ablate_head_outputs(off, l, over, L);
    linear(L.concat, w.w_o, RowVec(), L.output);  // (T_q, d)
    return L;
}

// out = act(a W_i) W_o, or (act(a W_i0) ⊙ a W_i1) W_o when gated.   a (T, d) -> out (T, d)
void feed_forward(const T5Block& b, const PretrainedConfig& c, const Mat& a, Mat& out) {
    Mat h;  // (T, d_ff)
    linear(a, b.wi, RowVec(), h);
    apply_activation(c.activation, h);
    if (t5_settings(c).gated) {
        Mat gate;  // (T, d_ff)
        linear(a, b.wi_gate, RowVec(), gate);
        h.array() *= gate.array();
    }
    linear(h, b.wo, RowVec(), out);
}

void embed(const T5Weights& w, const PretrainedConfig& c, const std::vector<int>& ids, ForwardPass& pass) {
    const int t = int(ids.size());
    pass.token_embeddings.resize(t, c.d_model);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.embed.rows() && "t5: token id out of range (callers check)");
        pass.token_embeddings.row(i) = w.embed.row(ids[i]);
    }
    pass.position_embeddings = Mat::Zero(t, c.d_model);  // none: positions live in the scores' bias
    pass.hidden_states.push_back(pass.token_embeddings);
}

}  // namespace

std::vector<Mat> t5_position_bias(const Mat& table, const PretrainedConfig& c, bool bidirectional, int t_q, int t_k,
                                  int first_query) {
    const int heads = int(table.cols());
    std::vector<Mat> bias(std::size_t(heads), Mat(t_q, t_k));  // [h] (t_q, t_k)
    for (int i = 0; i < t_q; ++i)
        for (int j = 0; j < t_k; ++j) {
            const int bucket =
                relative_position_bucket(j - (i + first_query), bidirectional, t5_settings(c).num_buckets, t5_settings(c).max_distance);
            for (int h = 0; h < heads; ++h) bias[std::size_t(h)](i, j) = table(bucket, h);
        }
    return bias;
}

ForwardPass t5_encode(const T5Weights& w, const PretrainedConfig& c, const std::vector<int>& source,
                      const ForwardOptions& opt) {
    const int s = int(source.size());
    ForwardPass pass;
    embed(w, c, source, pass);
    Mat x = pass.token_embeddings, a, out;  // (S, d) the residual stream, its norm, a sublayer's output
    const HeadBias bias = t5_position_bias(w.encoder_bias_table, c, /*bidirectional=*/true, s, s);
    const Ablation off = section_part(opt.ablation, Section::Encoder);
    pass.layers.resize(w.encoder.size());
    for (std::size_t l = 0; l < w.encoder.size(); ++l) {
        const T5Block& b = w.encoder[l];
        const int li = int(l);
        rms_norm(x, b.ln_self, c.layer_norm_eps, a);
        pass.layers[l] = attention(b.self_attn, c, a, a, bias, BoolMat(), opt.attention, off, li, MeanOver::All);
        if (off.attention_kept(li)) x += pass.layers[l].output;
        if (off.mlp_kept(li)) {
            rms_norm(x, b.ln_ff, c.layer_norm_eps, a);
            feed_forward(b, c, a, out);
            x += out;
        }
        if (l + 1 < w.encoder.size()) pass.hidden_states.push_back(x);  // the next block's input
    }
    rms_norm(x, w.ln_enc, c.layer_norm_eps, x);
    pass.hidden_states.push_back(x);  // the stack's output, as the decoder reads it
    return pass;
}

Seq2SeqPass t5_forward(const T5Weights& w, const PretrainedConfig& c, const std::vector<int>& source,
                       const std::vector<int>& decoder_input, const ForwardOptions& opt) {
    assert(!source.empty() && int(source.size()) <= c.max_positions && "t5_forward: 1 … max_positions source ids");
    assert(!decoder_input.empty() && int(decoder_input.size()) <= c.max_positions &&
           "t5_forward: 1 … max_positions decoder ids");
    Seq2SeqPass out;
    out.encoder = t5_encode(w, c, source, opt);
    const Mat& memory = out.encoder.hidden_states.back();  // (S, d)
    const int t = int(decoder_input.size());
    ForwardPass& pass = out.decoder;
    embed(w, c, decoder_input, pass);
    Mat y = pass.token_embeddings, a, ff;  // (T, d)
    const HeadBias bias = t5_position_bias(w.decoder_bias_table, c, /*bidirectional=*/false, t, t);
    const BoolMat blocked = causal_mask(t);
    const Ablation self_off = section_part(opt.ablation, Section::Decoder);
    const Ablation cross_off = section_part(opt.ablation, Section::Cross);
    pass.layers.resize(w.decoder.size());
    out.cross.resize(w.decoder.size());
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const T5Block& b = w.decoder[l];
        const int li = int(l);
        rms_norm(y, b.ln_self, c.layer_norm_eps, a);
        pass.layers[l] = attention(b.self_attn, c, a, a, bias, blocked, opt.attention, self_off, li, MeanOver::Prefix);
        if (self_off.attention_kept(li)) y += pass.layers[l].output;
        rms_norm(y, b.ln_cross, c.layer_norm_eps, a);
        out.cross[l] =
            attention(b.cross_attn, c, a, memory, HeadBias(), BoolMat(), opt.attention, cross_off, li, MeanOver::Prefix);
        if (cross_off.attention_kept(li)) y += out.cross[l].output;
        if (self_off.mlp_kept(li)) {
            rms_norm(y, b.ln_ff, c.layer_norm_eps, a);
            feed_forward(b, c, a, ff);
            y += ff;
        }
        if (l + 1 < w.decoder.size()) pass.hidden_states.push_back(y);
    }
    rms_norm(y, w.ln_dec, c.layer_norm_eps, y);
    pass.hidden_states.push_back(y);
    out.logits = w.logits(y, c);
    return out;
}

Mat T5Weights::logits(const Mat& y, const PretrainedConfig& c) const {
    if (lm_head.size() > 0) return times_rows(y, lm_head);   // (T, V)
    return times_rows(y * (1.0f / std::sqrt(float(c.d_model))), embed);  // tied: rescaled first
}

std::shared_ptr<CrossMemory> t5_cross_memory(const T5Weights& w, const Mat& memory) {
    auto cross = std::make_shared<CrossMemory>();
    cross->source_length = int(memory.rows());
    for (const T5Block& b : w.decoder) {
        Mat k, v;  // (S, H·d_kv)
        linear(memory, b.cross_attn.w_k, RowVec(), k);
        linear(memory, b.cross_attn.w_v, RowVec(), v);
        cross->k.push_back(std::move(k));
        cross->v.push_back(std::move(v));
    }
    return cross;
}

void t5_decode_row(const T5Weights& w, const PretrainedConfig& c, Seq2SeqSession& s, int pos, Mat& y,
                   Seq2SeqStep& step) {
    const int heads = c.n_heads;
    // Row `pos` of every head's causal bias over keys 0 … pos: (H, pos + 1).
    const std::vector<Mat> bias_rows = t5_position_bias(w.decoder_bias_table, c, false, 1, pos + 1, pos);
    Mat bias(heads, pos + 1);
    for (int h = 0; h < heads; ++h) bias.row(h) = bias_rows[std::size_t(h)].row(0);
    step.self_attention.resize(w.decoder.size());
    step.cross_attention.resize(w.decoder.size());
    Mat a, q, k, v, concat, out;  // (1, d) or (1, H·d_kv)
    const int dk = c.d_k();
    for (std::size_t l = 0; l < w.decoder.size(); ++l) {
        const T5Block& b = w.decoder[l];
        rms_norm(y, b.ln_self, c.layer_norm_eps, a);
        linear_row(a, b.self_attn.w_q, RowVec(), q);
        linear_row(a, b.self_attn.w_k, RowVec(), k);
        linear_row(a, b.self_attn.w_v, RowVec(), v);
        s.cache.k[l].row(pos) = k;
        s.cache.v[l].row(pos) = v;
        attend_row(q, s.cache.k[l].topRows(pos + 1), s.cache.v[l].topRows(pos + 1), heads, 1.0f,
                   step.self_attention[l], concat, &bias);
        if (knock_out_row(s.self_off, s.self_sums, l, pos, dk, concat)) {
            linear_row(concat, b.self_attn.w_o, RowVec(), out);
            y += out;
        }
        rms_norm(y, b.ln_cross, c.layer_norm_eps, a);
        linear_row(a, b.cross_attn.w_q, RowVec(), q);
        attend_row(q, s.memory->k[l], s.memory->v[l], heads, 1.0f, step.cross_attention[l], concat);
        if (knock_out_row(s.cross_off, s.cross_sums, l, pos, dk, concat)) {
            linear_row(concat, b.cross_attn.w_o, RowVec(), out);
            y += out;
        }
        if (s.self_off.mlp_kept(int(l))) {
            rms_norm(y, b.ln_ff, c.layer_norm_eps, a);
            feed_forward(b, c, a, out);
            y += out;
        }
    }
    rms_norm(y, w.ln_dec, c.layer_norm_eps, y);
}

std::size_t T5Weights::bytes() const {
    std::size_t n = std::size_t(embed.size() + lm_head.size() + encoder_bias_table.size() + decoder_bias_table.size() +
                                ln_enc.size() + ln_dec.size());
    for (const auto* stack : {&encoder, &decoder})
        for (const T5Block& b : *stack)
            n += attention_floats(b.self_attn) + attention_floats(b.cross_attn) +
                 std::size_t(b.wi.size() + b.wi_gate.size() + b.wo.size() + b.ln_self.size() + b.ln_cross.size() +
                             b.ln_ff.size());
    return n * sizeof(float);
}

Expected<T5Weights> load_t5_weights(const SafeTensorsFile& file, const PretrainedConfig& c, const LayerLoaded& on_layer) {
    const int d = c.d_model, V = c.vocab_size, H = c.n_heads, buckets = t5_settings(c).num_buckets;
    auto prefix = find_name_prefix(file, {"", "model."}, "encoder.block.0.layer.0.SelfAttention.q.weight", "T5");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    T5Weights w;
    w.embed = r.matrix(r.has("shared.weight") ? "shared.weight" : "encoder.embed_tokens.weight", V, d);  // (V, d)
    if (!t5_settings(c).tied) {
        WeightReader top(file, "");
        w.lm_head = top.matrix("lm_head.weight", V, d);
        if (!top.status()) return top.status();
    }
    w.encoder_bias_table = r.matrix("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", buckets, H);
    w.decoder_bias_table = r.matrix("decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", buckets, H);
    w.ln_enc = r.vector("encoder.final_layer_norm.weight", d);
    w.ln_dec = r.vector("decoder.final_layer_norm.weight", d);
    if (!r.status()) return r.status();

    const int total = c.n_layers + c.decoder_layers;
    w.encoder.resize(std::size_t(c.n_layers));
    w.decoder.resize(std::size_t(c.decoder_layers));
    for (int i = 0; i < total; ++i) {
        const bool decoder = i >= c.n_layers;
        const int l = decoder ? i - c.n_layers : i;
        read_block(r, c, decoder ? "decoder." : "encoder.", l, decoder,
                   decoder ? w.decoder[std::size_t(l)] : w.encoder[std::size_t(l)]);
        if (!r.status()) return r.status();
        // Progress on LayerLoaded's scale (n_layers) for both stacks together.
        if (on_layer) {
            const int done = int((long long)(i + 1) * c.n_layers / total);
            if (Status st = on_layer(done); !st) return st;
        }
    }
    return w;
}

}  // namespace attn::pretrained
