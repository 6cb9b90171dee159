// gpt2_io.h — the trained model as a Hugging Face GPT-2 folder (Llama: llama_io.h), and as a
// pretrained model in memory (so the probe trace runs through the very family that reads saved folders).
//
// Folder: config.json, model.safetensors (F32, HF names, Conv1D (in, out) layout, no lm_head:
// tied), vocab.json + merges.txt (byte-level BPE with single-character tokens and no merges),
// tokenizer_config.json, task.json, train_log.json (written by run_folder.h).
#pragma once

#include <memory>
#include <string>

#include "core/base/status.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/train/decoder_model.h"

namespace attn::train {

pretrained::PretrainedConfig to_pretrained_config(const ModelShape& s);
// A block's attention in the loader's layout from the trainer's (q | k | v packed (C, 3C) with
// their biases, then W_O (C, C) and b_O): GPT-2's and the ViT's blocks.
AttentionWeights packed_attention(const float* params, const LayerOffsets& o, int C, int heads);
pretrained::Gpt2Weights to_gpt2_weights(const DecoderModel& m);
// The model as it is now, through the same exporter as its saved folder: a pretrained model in
// memory (pretrained_model.h) of the family its shape names (GPT-2 or the rotary decoders), so
// every pass the family offers runs on it.
std::shared_ptr<const pretrained::PretrainedModel> to_pretrained_model(const DecoderModel& m, const std::string& name);

// model.safetensors bytes for the model's tensors (header padded to 8 bytes, as Hugging Face does).
std::string gpt2_safetensors_bytes(const DecoderModel& m);


}  // namespace attn::train
