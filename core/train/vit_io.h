// vit_io.h — the trained Vision Transformer as a Hugging Face ViTForImageClassification folder:
// config.json (model_type vit, id2label), model.safetensors (F32, Hugging Face's names and (out, in)
// layouts, the patch kernel as Conv2d (d, 3, P, P): the grey kernel split evenly over the three RGB
// channels), preprocessor_config.json (ViTImageProcessor: 28×28, rescale 1/255, mean = std = 0.5),
// task.json and train_log.json. The folder opens in load_pretrained_model like any ViT.
//
// The same model in memory (to_vit_pretrained_model) is a ViT of the pretrained family, so the
// trainer's probes run through the very forward pass that reads saved folders.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/pretrained/families/vit/vit.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/train/vit_model.h"

namespace attn::train {

// config.json's text for the model and its class names.
std::string vit_config_json(const VitShape& s, const std::vector<std::string>& class_names);
// model.safetensors' bytes.
std::string vit_safetensors_bytes(const VitModel& m);

// The family's weights for the model as it is now: the saved tensors' values in the loader's
// layouts ((in, out) matrices, the patch kernel (3·P·P, d) with a third of the grey kernel per channel).
pretrained::VitWeights to_vit_weights(const VitModel& m);
// A ViT in memory (pretrained_model.h): config.json's settings, these weights and the saved
// folder's preprocessing (28×28, mean = std = 0.5), named `name`.
std::shared_ptr<const pretrained::PretrainedModel> to_vit_pretrained_model(const VitModel& m,
                                                                           const std::vector<std::string>& class_names,
                                                                           const std::string& name);

}  // namespace attn::train
