// gpt2.cpp — GPT-2's forward pass (pre-LN decoder, learned positions, causal attention)
// (implementation; the interface and its contract are in gpt2.h)
#include "core/pretrained/families/gpt2/gpt2.h"

#include <cassert>
#include <string>

#include "core/pretrained/blocks/blocks.h"

namespace attn::pretrained {

std::size_t Gpt2Weights::bytes() const {
    std::size_t n = wte.size() + wpe.size() + ln_f_gamma.size() + ln_f_beta.size();
    for (const Gpt2Block& b : blocks) {
        n += b.ln_1_gamma.size() + b.ln_1_beta.size() + b.ln_2_gamma.size() + b.ln_2_beta.size();
        n += b.attn.w_q.size() + b.attn.w_k.size() + b.attn.w_v.size() + b.attn.w_o.size();
        n += b.attn.b_q.size() + b.attn.b_k.size() + b.attn.b_v.size() + b.attn.b_o.size();
        n += b.fc_w.size() + b.fc_b.size() + b.proj_w.size() + b.proj_b.size();
    }
    return n * sizeof(float);
}

Expected<Gpt2Weights> load_gpt2_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                        const LayerLoaded& on_layer) {
    const int d = config.d_model, d_ff = config.d_ff;
    auto prefix = find_name_prefix(file, {"transformer.", ""}, "wte.weight", "GPT-2");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);

    Gpt2Weights w;
    w.wte = r.matrix("wte.weight", config.vocab_size, d);         // (vocab, d)
    w.wpe = r.matrix("wpe.weight", config.max_positions, d);      // (n_positions, d)
    w.ln_f_gamma = r.vector("ln_f.weight", d);
    w.ln_f_beta = r.vector("ln_f.bias", d);
    if (!r.status()) return r.status();

    w.blocks.resize(config.n_layers);
    for (int i = 0; i < config.n_layers; ++i) {
        const std::string h = "h." + std::to_string(i) + ".";
        Gpt2Block& b = w.blocks[i];
        b.ln_1_gamma = r.vector(h + "ln_1.weight", d);
        b.ln_1_beta = r.vector(h + "ln_1.bias", d);
        const Mat qkv = r.matrix(h + "attn.c_attn.weight", d, 3 * d);  // (d, 3d) = [W_Q | W_K | W_V]
        const RowVec qkv_b = r.vector(h + "attn.c_attn.bias", 3 * d);  // (3d)
        if (!r.status()) return r.status();
        b.attn.n_heads = config.n_heads;
        b.attn.w_q = qkv.leftCols(d);        // (d, d)
        b.attn.w_k = qkv.middleCols(d, d);   // (d, d)
        b.attn.w_v = qkv.rightCols(d);       // (d, d)
        b.attn.b_q = qkv_b.head(d);
        b.attn.b_k = qkv_b.segment(d, d);
        b.attn.b_v = qkv_b.tail(d);
        b.attn.w_o = r.matrix(h + "attn.c_proj.weight", d, d);        // (d, d)
        b.attn.b_o = r.vector(h + "attn.c_proj.bias", d);
        b.ln_2_gamma = r.vector(h + "ln_2.weight", d);
        b.ln_2_beta = r.vector(h + "ln_2.bias", d);
        b.fc_w = r.matrix(h + "mlp.c_fc.weight", d, d_ff);            // (d, d_ff)
        b.fc_b = r.vector(h + "mlp.c_fc.bias", d_ff);
        b.proj_w = r.matrix(h + "mlp.c_proj.weight", d_ff, d);        // (d_ff, d)
        b.proj_b = r.vector(h + "mlp.c_proj.bias", d);
        if (!r.status()) return r.status();
        if (on_layer) {
            if (Status s = on_layer(i + 1); !s) return s;
        }
    }
    return w;
}

ForwardPass gpt2_forward(const Gpt2Weights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const BoolMat& extra_blocked,
                         const AttentionOptions& opt) {
    return gpt2_forward(w, config, ids, extra_blocked, ForwardOptions{opt, {}});
}

namespace {

// Block l over the residual stream x (T, d), in place: attention (recorded in `trace`, knocked-out
// heads applied) then the MLP, each skipped when the ablation removes it.
void run_block(const Gpt2Block& b, const PretrainedConfig& config, int l, const BoolMat& blocked,
               const ForwardOptions& opt, Mat& x, LayerTrace& trace) {
    const NormBlock block{b.ln_1_gamma, b.ln_1_beta, b.attn,   b.ln_2_gamma, b.ln_2_beta,
                          b.fc_w,       b.fc_b,      b.proj_w, b.proj_b};
    pre_ln_block(block, config, l, blocked, opt, MeanOver::Prefix, x, trace);  // a mean sees what the query could
}

BoolMat causal_mask(int t) {
    BoolMat blocked = BoolMat::Zero(t, t);  // (T, T) query i sees keys j ≤ i
    for (int i = 0; i < t; ++i) blocked.row(i).tail(t - 1 - i).setOnes();
    return blocked;
}

}  // namespace

ForwardPass gpt2_forward(const Gpt2Weights& w, const PretrainedConfig& config,
                         const std::vector<int>& ids, const BoolMat& extra_blocked,
                         const ForwardOptions& opt) {
    const int t = int(ids.size()), d = config.d_model;
    assert(t >= 1 && t <= w.wpe.rows() && "gpt2_forward: 1 … n_positions tokens (callers check)");
    assert((extra_blocked.size() == 0 || (extra_blocked.rows() == t && extra_blocked.cols() == t)) &&
           "gpt2_forward: extra mask must be (T, T)");
    assert(int(w.blocks.size()) == config.n_layers);

    ForwardPass out;
    out.token_embeddings.resize(t, d);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.wte.rows() && "gpt2_forward: token id out of range (callers check)");
        out.token_embeddings.row(i) = w.wte.row(ids[i]);
    }
    out.position_embeddings = w.wpe.topRows(t);  // (T, d)

    // Causal; the caller's mask can only hide more.
    BoolMat blocked = causal_mask(t);  // (T, T)
    if (extra_blocked.size() > 0) blocked = (blocked.array() != 0 || extra_blocked.array() != 0).cast<std::uint8_t>();

    Mat x = out.token_embeddings + out.position_embeddings;  // (T, d) residual stream
    out.hidden_states.reserve(config.n_layers + 1);
    out.hidden_states.push_back(x);
    out.layers.resize(config.n_layers);
    for (int l = 0; l < config.n_layers; ++l) {
        run_block(w.blocks[l], config, l, blocked, opt, x, out.layers[l]);
        // Hugging Face records the last block's output after ln_f only.
        if (l + 1 < config.n_layers) out.hidden_states.push_back(x);
    }
    layer_norm(x, w.ln_f_gamma, w.ln_f_beta, config.layer_norm_eps, x);
    out.hidden_states.push_back(std::move(x));
    return out;
}

Mat gpt2_forward_from(const Gpt2Weights& w, const PretrainedConfig& config, Mat x, int first_layer,
                      const ForwardOptions& opt) {
    assert(first_layer >= 0 && first_layer < config.n_layers && "gpt2_forward_from: a block of the model");
    assert(x.cols() == config.d_model && x.rows() >= 1 && "gpt2_forward_from: x must be (T, d)");
    const BoolMat blocked = causal_mask(int(x.rows()));  // (T, T)
    LayerTrace trace;
    for (int l = first_layer; l < config.n_layers; ++l) run_block(w.blocks[l], config, l, blocked, opt, x, trace);
    layer_norm(x, w.ln_f_gamma, w.ln_f_beta, config.layer_norm_eps, x);
    return x;  // (T, d)
}

}  // namespace attn::pretrained
