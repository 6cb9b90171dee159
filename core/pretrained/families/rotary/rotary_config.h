// rotary_config.h — the rotary decoders' part of config.json (rotary_config.cpp), for their family.
#pragma once

#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained::config_fields {

// Sizes, rotary positions, grouped K/V heads, sliding windows, norms and token ids into c; the
// first problem into f.
void parse_decoder(PretrainedConfig& c, Fields& f);

}  // namespace attn::pretrained::config_fields
