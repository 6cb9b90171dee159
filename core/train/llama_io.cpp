// llama_io.cpp — converting the trained modern decoder into Hugging Face Llama's config and tensors.
#include "core/train/llama_io.h"

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/train/safetensors_out.h"

namespace attn::train {

using json = nlohmann::ordered_json;

std::string llama_config_text(const ModelShape& m) {
    assert(m.arch == Arch::Llama);
    json c;
    c["architectures"] = {"LlamaForCausalLM"};
    c["model_type"] = "llama";
    c["vocab_size"] = m.vocab;
    c["hidden_size"] = m.d_model;
    c["intermediate_size"] = m.d_ff();
    c["num_hidden_layers"] = m.n_layers;
    c["num_attention_heads"] = m.n_heads;
    c["num_key_value_heads"] = m.kv_heads();
    c["head_dim"] = m.head_size();
    c["hidden_act"] = "silu";
    c["max_position_embeddings"] = m.n_positions;
    c["rms_norm_eps"] = m.ln_eps;
    c["rope_theta"] = m.rope_theta;
    c["rope_scaling"] = nullptr;
    c["attention_bias"] = false;
    c["mlp_bias"] = false;
    c["attention_dropout"] = 0.0;
    c["initializer_range"] = 0.02;
    c["tie_word_embeddings"] = true;
    c["bos_token_id"] = m.vocab - 1;
    c["eos_token_id"] = m.vocab - 1;
    c["torch_dtype"] = "float32";
    return c.dump(2) + "\n";
}

pretrained::PretrainedConfig llama_pretrained_config(const ModelShape& s) {
    auto c = pretrained::parse_model_config(llama_config_text(s));
    assert(c && "our own config.json parses");
    return *c;
}

pretrained::RotaryWeights to_llama_weights(const DecoderModel& m) {
    const ModelShape& s = m.shape;
    const int C = s.d_model, F = s.d_ff(), KC = s.kv_heads() * s.head_size(), W = s.qkv_width();
    const float* P = m.params.data();
    const ParamLayout& L = m.layout;
    auto mat = [&](std::size_t off, int rows, int cols) { return Mat(Eigen::Map<const Mat>(P + off, rows, cols)); };
    auto vec = [&](std::size_t off, int n) { return RowVec(Eigen::Map<const RowVec>(P + off, n)); };
    pretrained::RotaryWeights w;
    w.embed = pretrained::weight_from_float(mat(L.wte, s.vocab, C));  // (V, d) as stored
    w.norm = vec(L.lnf_w, C);
    for (const LayerOffsets& o : L.layers) {
        pretrained::RotaryBlock b;
        b.input_norm = vec(o.ln1_w, C);
        const Mat qkv = mat(o.qkv_w, C, W);  // (C, C + 2·KC)
        // Our x·W matrices (in, out) → the stored nn.Linear layout (out, in).
        auto stored = [](const Mat& x_w) { return pretrained::weight_from_float(x_w.transpose()); };
        b.w_q = stored(qkv.leftCols(C));
        b.w_k = stored(qkv.middleCols(C, KC));
        b.w_v = stored(qkv.rightCols(KC));
        b.w_o = stored(mat(o.attproj_w, C, C));
        b.post_norm = vec(o.ln2_w, C);
        const Mat gate_up = mat(o.fc_w, C, 2 * F);  // (C, 2F)
        b.w_gate = stored(gate_up.leftCols(F));
        b.w_up = stored(gate_up.rightCols(F));
        b.w_down = stored(mat(o.fcproj_w, F, C));
        w.blocks.push_back(std::move(b));
    }
    return w;
}

std::string llama_safetensors_bytes(const DecoderModel& m) {
    const pretrained::RotaryWeights w = to_llama_weights(m);
    // (name, tensor as stored): to_llama_weights already holds nn.Linear's (out, in) layout.
    std::vector<std::pair<std::string, Mat>> tensors;
    auto row = [](const RowVec& v) { return Mat(v); };
    tensors.emplace_back("model.embed_tokens.weight", w.embed.f32);
    for (std::size_t l = 0; l < w.blocks.size(); ++l) {
        const pretrained::RotaryBlock& b = w.blocks[l];
        const std::string h = "model.layers." + std::to_string(l) + ".";
        tensors.emplace_back(h + "input_layernorm.weight", row(b.input_norm));
        tensors.emplace_back(h + "self_attn.q_proj.weight", b.w_q.f32);
        tensors.emplace_back(h + "self_attn.k_proj.weight", b.w_k.f32);
        tensors.emplace_back(h + "self_attn.v_proj.weight", b.w_v.f32);
        tensors.emplace_back(h + "self_attn.o_proj.weight", b.w_o.f32);
        tensors.emplace_back(h + "post_attention_layernorm.weight", row(b.post_norm));
        tensors.emplace_back(h + "mlp.gate_proj.weight", b.w_gate.f32);
        tensors.emplace_back(h + "mlp.up_proj.weight", b.w_up.f32);
        tensors.emplace_back(h + "mlp.down_proj.weight", b.w_down.f32);
    }
    tensors.emplace_back("model.norm.weight", row(w.norm));

    std::vector<F32Tensor> out;
    for (const auto& [name, t] : tensors) {  // row-major Mat: the values in stored order
        std::vector<long> shape = t.rows() == 1 && name.find("norm") != std::string::npos
                                      ? std::vector<long>{long(t.cols())}
                                      : std::vector<long>{long(t.rows()), long(t.cols())};
        out.push_back({name, std::move(shape), t.data(), std::size_t(t.size())});
    }
    return f32_safetensors_bytes(out);
}

}  // namespace attn::train
