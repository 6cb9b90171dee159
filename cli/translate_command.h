// translate_command.h — `attnlab generate` on a translation model (an encoder and a decoder):
// the source translated greedily or by beam search, each written token with its probability, the
// step's most probable tokens and the cross-attention row the decoder read while choosing it.
#pragma once

#include "cli/generate_options.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

// o.text is the source; o.beams (0: the folder's num_beams) and o.tokens (when given) bound the
// search. Returns the exit code (cli_messages.h).
int run_translate(const GenerateOptions& o, const pretrained::PretrainedModel& m);

}  // namespace attn::cli
