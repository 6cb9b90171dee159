// model_config.h — the parts of a Hugging Face config.json that our forward pass needs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"

namespace attn::pretrained {

enum class Architecture { Gpt2, Bert, DistilBert, Vit };
const char* architecture_name(Architecture a);  // "GPT-2", "BERT", "DistilBERT", "ViT"

// What sits on top of a Vision Transformer's last layer.
enum class VisionHead {
    None,        // ViTModel, DeiTModel (DINO's checkpoints): the encoder only
    Classifier,  // ViTForImageClassification, DeiTForImageClassification: a linear layer on the class token
    Teacher,     // DeiTForImageClassificationWithTeacher: the mean of the class and distillation heads
};

// The image side of a ViT / DeiT config (model_type "vit" or "deit").
struct VisionConfig {
    int image_size = 0;        // the checkpoint's square input (its position grid is image/patch)
    int patch_size = 0;        // P: the image is cut into P×P patches, one token each
    int num_channels = 3;
    bool qkv_bias = true;
    int prefix_tokens = 1;     // 1: [CLS]; 2: DeiT's [CLS] and [DIST] before the patches
    VisionHead head = VisionHead::None;  // from "architectures"; the loader checks the weights agree
    std::vector<std::string> labels;     // id2label in id order ("LABEL_i" where a label is missing)
    int grid() const { return patch_size > 0 ? image_size / patch_size : 0; }
};

struct PretrainedConfig {
    Architecture arch = Architecture::Gpt2;
    std::string model_type;     // as in config.json: "gpt2", "bert", "distilbert"
    int n_layers = 0;           // gpt2 n_layer, bert num_hidden_layers, distilbert n_layers
    int n_heads = 0;            // gpt2 n_head, bert num_attention_heads, distilbert n_heads
    int d_model = 0;            // gpt2 n_embd, bert hidden_size, distilbert dim
    int d_ff = 0;               // gpt2 n_inner (null = 4 d_model), bert intermediate_size, distilbert hidden_dim
    int vocab_size = 0;
    int max_positions = 0;      // gpt2 n_positions, bert/distilbert max_position_embeddings
    int type_vocab_size = 0;    // bert segment embeddings (0 = none: gpt2, distilbert)
    float layer_norm_eps = 1e-5f;  // gpt2 layer_norm_epsilon, bert layer_norm_eps, distilbert 1e-12
    std::string activation;     // "gelu_new" (tanh form) or "gelu" (erf form); others refused
    VisionConfig vision;        // Architecture::Vit only
    int d_k() const { return d_model / n_heads; }
    bool is_vision() const { return arch == Architecture::Vit; }
};

// "ViT" or "DeiT" for vision models (model_type decides), else architecture_name(arch).
std::string family_name(const PretrainedConfig& config);

// Parses config.json text. Errors: malformed JSON (with the parser's position), unsupported
// model_type (names it and lists what is supported), missing or out-of-range fields (named),
// d_model not divisible by n_heads, unsupported activation.
Expected<PretrainedConfig> parse_model_config(std::string_view json_text);

}  // namespace attn::pretrained
