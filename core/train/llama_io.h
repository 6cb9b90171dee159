// llama_io.h — the trained Arch::Llama model as a Hugging Face `LlamaForCausalLM` folder's parts:
// config.json, model.safetensors (F32, HF names, nn.Linear (out, in) layout: our fused q|k|v and
// gate|up split, every matrix transposed; tied lm_head, so none stored), and as the pretrained
// loader's types (the probe trace runs through core/pretrained/families/rotary/rotary.cpp, the forward that reads
// saved folders). gpt2_io.cpp writes the folder and calls these for Arch::Llama.
#pragma once

#include <string>

#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/folder/model_config.h"
#include "core/train/decoder_model.h"

namespace attn::train {

// config.json of a LlamaForCausalLM: hidden_size, intermediate_size, num_attention_heads,
// num_key_value_heads, rope_theta, rms_norm_eps, tie_word_embeddings true, no biases.
std::string llama_config_text(const ModelShape& s);  // the file's text, indented
// The same config as the loader parses it from that file.
pretrained::PretrainedConfig llama_pretrained_config(const ModelShape& s);
pretrained::RotaryWeights to_llama_weights(const DecoderModel& m);
std::string llama_safetensors_bytes(const DecoderModel& m);

}  // namespace attn::train
