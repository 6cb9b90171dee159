// bert.cpp — the BERT and DistilBERT forward pass (post-LN encoder, learned positions, bidirectional)
// (implementation; the interface and its contract are in bert.h)
#include "core/pretrained/families/bert/bert.h"

#include <cassert>
#include <string>

#include "core/pretrained/blocks/blocks.h"

namespace attn::pretrained {

std::size_t BertWeights::bytes() const {
    std::size_t n = word.size() + position.size() + token_type.size() + ln_emb_gamma.size() +
                    ln_emb_beta.size();
    for (const BertBlock& b : blocks) {
        n += b.attn.w_q.size() + b.attn.w_k.size() + b.attn.w_v.size() + b.attn.w_o.size();
        n += b.attn.b_q.size() + b.attn.b_k.size() + b.attn.b_v.size() + b.attn.b_o.size();
        n += b.ln_attn_gamma.size() + b.ln_attn_beta.size() + b.ln_out_gamma.size() + b.ln_out_beta.size();
        n += b.ff1_w.size() + b.ff1_b.size() + b.ff2_w.size() + b.ff2_b.size();
    }
    return n * sizeof(float);
}

namespace {

// Where each tensor lives in the two families' checkpoints (names after the block prefix).
struct BertNames {
    const char* family;       // for messages
    const char* prefixes[2];  // with and without the model prefix
    const char* layer;        // "encoder.layer." / "transformer.layer."
    const char *q, *k, *v, *o;
    const char* ln_attn;      // LayerNorm after attention (+ ".weight" / ".gamma")
    const char *ff1, *ff2;
    const char* ln_out;
    const char* ln_emb;
};

constexpr BertNames kBert = {
    "BERT", {"bert.", ""}, "encoder.layer.",
    "attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense",
    "attention.output.LayerNorm", "intermediate.dense", "output.dense", "output.LayerNorm",
    "embeddings.LayerNorm"};

constexpr BertNames kDistilBert = {
    "DistilBERT", {"distilbert.", ""}, "transformer.layer.",
    "attention.q_lin", "attention.k_lin", "attention.v_lin", "attention.out_lin",
    "sa_layer_norm", "ffn.lin1", "ffn.lin2", "output_layer_norm",
    "embeddings.LayerNorm"};

// A LayerNorm's (gamma, beta), under .weight/.bias or the older .gamma/.beta.
void read_layer_norm(WeightReader& r, const std::string& base, int d, RowVec& gamma, RowVec& beta) {
    gamma = r.vector(r.either(base + ".weight", base + ".gamma"), d);
    beta = r.vector(r.either(base + ".bias", base + ".beta"), d);
}

// nn.Linear (d_out, d_in) weight and (d_out) bias, as x·W (d_in, d_out).
void read_linear(WeightReader& r, const std::string& base, int d_in, int d_out, Mat& w, RowVec& b) {
    w = r.linear_weight(base + ".weight", d_out, d_in);
    b = r.vector(base + ".bias", d_out);
}

}  // namespace

Expected<BertWeights> load_bert_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                        const LayerLoaded& on_layer) {
    const bool distil = config.model_type == "distilbert";
    const BertNames& n = distil ? kDistilBert : kBert;
    const int d = config.d_model, d_ff = config.d_ff;
    auto prefix = find_name_prefix(file, {n.prefixes[0], n.prefixes[1]},
                                   "embeddings.word_embeddings.weight", n.family);
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);

    BertWeights w;
    w.word = r.matrix("embeddings.word_embeddings.weight", config.vocab_size, d);          // (vocab, d)
    w.position = r.matrix("embeddings.position_embeddings.weight", config.max_positions, d);  // (n_pos, d)
    if (!distil && config.type_vocab_size > 0) {
        w.token_type = r.matrix("embeddings.token_type_embeddings.weight", config.type_vocab_size, d);
    }
    read_layer_norm(r, n.ln_emb, d, w.ln_emb_gamma, w.ln_emb_beta);
    if (!r.status()) return r.status();

    w.blocks.resize(config.n_layers);
    for (int i = 0; i < config.n_layers; ++i) {
        const std::string p = n.layer + std::to_string(i) + ".";
        BertBlock& b = w.blocks[i];
        b.attn.n_heads = config.n_heads;
        read_linear(r, p + n.q, d, d, b.attn.w_q, b.attn.b_q);  // (d, d), (d)
        read_linear(r, p + n.k, d, d, b.attn.w_k, b.attn.b_k);
        read_linear(r, p + n.v, d, d, b.attn.w_v, b.attn.b_v);
        read_linear(r, p + n.o, d, d, b.attn.w_o, b.attn.b_o);
        read_layer_norm(r, p + n.ln_attn, d, b.ln_attn_gamma, b.ln_attn_beta);
        read_linear(r, p + n.ff1, d, d_ff, b.ff1_w, b.ff1_b);   // (d, d_ff)
        read_linear(r, p + n.ff2, d_ff, d, b.ff2_w, b.ff2_b);   // (d_ff, d)
        read_layer_norm(r, p + n.ln_out, d, b.ln_out_gamma, b.ln_out_beta);
        if (!r.status()) return r.status();
        if (on_layer) {
            if (Status s = on_layer(i + 1); !s) return s;
        }
    }
    return w;
}

ForwardPass bert_forward(const BertWeights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const std::vector<int>& segments,
                         const BoolMat& blocked, const AttentionOptions& opt) {
    return bert_forward(w, config, ids, segments, blocked, ForwardOptions{opt, {}});
}

ForwardPass bert_forward(const BertWeights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const std::vector<int>& segments,
                         const BoolMat& blocked, const ForwardOptions& opt) {
    const int t = int(ids.size()), d = config.d_model;
    assert(t >= 1 && t <= w.position.rows() && "bert_forward: 1 … max_positions tokens (callers check)");
    assert((segments.empty() || int(segments.size()) == t) && "bert_forward: one segment id per token");
    assert((blocked.size() == 0 || (blocked.rows() == t && blocked.cols() == t)) &&
           "bert_forward: mask must be (T, T)");
    assert(int(w.blocks.size()) == config.n_layers);

    ForwardPass out;
    out.token_embeddings.resize(t, d);  // (T, d) word + segment
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.word.rows() && "bert_forward: token id out of range (callers check)");
        out.token_embeddings.row(i) = w.word.row(ids[i]);
        if (w.token_type.rows() > 0) {
            const int s = segments.empty() ? 0 : segments[i];
            assert(s >= 0 && s < w.token_type.rows() && "bert_forward: segment id out of range");
            out.token_embeddings.row(i) += w.token_type.row(s);
        }
    }
    out.position_embeddings = w.position.topRows(t);  // (T, d)

    Mat x;  // (T, d) residual stream, normalized after every sum (post-LN)
    layer_norm(out.token_embeddings + out.position_embeddings, w.ln_emb_gamma, w.ln_emb_beta,
               config.layer_norm_eps, x);
    out.hidden_states.reserve(config.n_layers + 1);
    out.hidden_states.push_back(x);
    out.layers.reserve(config.n_layers);
    out.layers.resize(config.n_layers);
    for (int l = 0; l < config.n_layers; ++l) {
        const BertBlock& b = w.blocks[l];
        const NormBlock block{b.ln_attn_gamma, b.ln_attn_beta, b.attn,  b.ln_out_gamma, b.ln_out_beta,
                              b.ff1_w,         b.ff1_b,        b.ff2_w, b.ff2_b};
        post_ln_block(block, config, l, blocked, opt, MeanOver::All, x, out.layers[l]);  // a mean over the sentence
        out.hidden_states.push_back(x);
    }
    return out;
}

}  // namespace attn::pretrained
