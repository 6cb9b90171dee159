// vit_io.h — the trained Vision Transformer as a Hugging Face ViTForImageClassification folder:
// config.json (model_type vit, id2label), model.safetensors (F32, Hugging Face's names and (out, in)
// layouts, the patch kernel as Conv2d (d, 3, P, P): the grey kernel split evenly over the three RGB
// channels), preprocessor_config.json (ViTImageProcessor: 28×28, rescale 1/255, mean = std = 0.5),
// task.json and train_log.json. The folder opens in load_pretrained_model like any ViT.
#pragma once

#include <string>

#include "core/base/status.h"
#include "core/pretrained/model_config.h"
#include "core/train/vit_model.h"

namespace attn::train {

struct ImageTrainState;

// config.json's text for the model and its class names.
std::string vit_config_json(const VitShape& s, const std::vector<std::string>& class_names);
// model.safetensors' bytes.
std::string vit_safetensors_bytes(const VitModel& m);

// Written atomically (save_model_folder's rules: an existing folder is never overwritten).
Status save_vit_folder(const ImageTrainState& s, const std::string& dir);

}  // namespace attn::train
