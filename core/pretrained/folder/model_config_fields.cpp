// model_config_fields.cpp — the checks and field groups several families' config readers share
// (model_config_fields.h). Limits, generous for real models yet small enough that a typo cannot make us
// allocate terabytes:
//   layers 1..1024, heads 1..1024, d_model 1..65536, d_ff 1..1048576, vocab 1..1000000,
//   positions 1..1048576, type_vocab_size 0..1024, layer-norm epsilon in (0, 0.1].
#include "core/pretrained/folder/model_config_fields.h"

#include <string>

#include <nlohmann/json.hpp>

#include "core/base/limits.h"

namespace attn::pretrained {

using json = nlohmann::json;
using config_fields::Fields;
using config_fields::printable;

namespace config_fields {

void read_encoder_decoder_stacks(Fields& f, PretrainedConfig& c) {
    c.n_layers = f.integer("encoder_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("encoder_attention_heads", 1, limits::kMaxHeads);
    c.d_ff = f.integer("encoder_ffn_dim", 1, limits::kMaxFeedForward);
    c.decoder_layers = f.integer("decoder_layers", 1, limits::kMaxLayers);
    c.decoder_heads = f.integer("decoder_attention_heads", 1, limits::kMaxHeads);
    c.decoder_ff = f.integer("decoder_ffn_dim", 1, limits::kMaxFeedForward);
}

Status check_activation_and_heads(PretrainedConfig& c) {
    if (c.activation == "gelu_pytorch_tanh") c.activation = "gelu_new";
    if (c.activation == "swish") c.activation = "silu";  // one function, two names
    if (c.activation != "gelu_new" && c.activation != "gelu" && c.activation != "silu")
        return Status::Error("config.json asks for the activation \"" + printable(c.activation) +
                             "\"; AttnLab implements \"gelu\" (erf), \"gelu_new\" (tanh) and \"swish\" / \"silu\" only.");
    if (c.d_model % c.n_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) + " is not divisible by the " +
                             std::to_string(c.n_heads) + " attention heads, so the heads cannot split it evenly.");
    return Status::Ok();
}

std::string first_architecture(const json& root) {
    auto it = root.find("architectures");
    if (it == root.end() || !it->is_array() || it->empty() || !(*it)[0].is_string()) return {};
    return (*it)[0].get<std::string>();
}

}  // namespace config_fields

}  // namespace attn::pretrained
