// spm_model_check.h — a SentencePiece model file's normalization tables checked before
// libsentencepiece reads them (the library trusts them and reads outside a damaged one).
#pragma once

#include <string>
#include <string_view>

#include "core/base/status.h"

namespace attn::pretrained {

// Ok, or a message naming `source`: the protobuf framing is broken, or a precompiled character
// map (normalizer or denormalizer) would send the library's prefix search outside the file.
Status check_spm_model(std::string_view bytes, const std::string& source);

}  // namespace attn::pretrained
