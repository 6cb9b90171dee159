// lm_output.h — what the commands on real models share (generate, predict, heads, lens,
// transcribe, translate, export --view lens): writing the output, the model and its tokens as JSON,
// and the --ablate / --ablation options.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/base/json_writer.h"
#include "core/base/status.h"
#include "core/lm/sampling.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

// Writes to `path` atomically, or to standard output for "-".
Status write_output(const std::string& path, const std::function<void(std::ostream&)>& fill);
void write_model(JsonWriter& j, const pretrained::PretrainedModel& m);  // "model": {name, family, …}
void write_token(JsonWriter& j, const pretrained::PretrainedModel& m, int id);  // {id, token}
void write_top(JsonWriter& j, const pretrained::PretrainedModel& m, const std::vector<lm::TokenProb>& top);
// "ablation": {spec, mode, heads: [{layer, head}], attention_off: [layer], mlp_off: [layer]}, 1-based.
void write_ablation(JsonWriter& j, const pretrained::Ablation& a);
// --ablate / --ablation for `predict` and `lens`, and the parsed ablation for a model (errors
// name the bad item; the caller exits with kExitBadInput).
void add_ablation_options(CLI::App& cmd, std::string& ablate, std::string& mode);
Expected<pretrained::Ablation> ablation_for(const pretrained::PretrainedModel& m, const std::string& ablate,
                                            const std::string& mode);

}  // namespace attn::cli
