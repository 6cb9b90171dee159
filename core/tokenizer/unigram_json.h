// unigram_json.h — a Unigram tokenizer.json (T5's and mT5's, as Hugging Face converts them from a
// SentencePiece model) turned back into the SentencePiece model it came from, so that Debian's
// libsentencepiece runs it (spm_tokenizer.cpp), never a copy of its search. For a folder that has
// tokenizer.json but no spiece.model.
//
//   model.vocab [[piece, score]]        -> ModelProto.pieces (unk_id's piece UNKNOWN; the special
//                                          added tokens CONTROL; the rest NORMAL)
//   trailing <extra_id_N>, N … 0        -> not pieces: T5's sentinels, counted (extra_ids)
//   normalizer Precompiled              -> normalizer_spec.precompiled_charsmap (its base64 decoded)
//   Replace " {2,}", Strip, or a
//   WhitespaceSplit pre-tokenizer      -> remove_extra_whitespaces
//   Metaspace add_prefix_space /
//   prepend_scheme "always"/"first"   -> add_dummy_prefix
// Anything else in those places (another model type, byte_fallback, other normalizers) is refused
// by name: the model would not split text as the folder's tokenizer does.
#pragma once

#include <string>
#include <string_view>

#include "core/base/status.h"

namespace attn::pretrained {

struct UnigramModel {
    std::string spm_bytes;  // a serialized SentencePiece ModelProto (check_spm_model and the library read it)
    int extra_ids = 0;      // T5's sentinels after the pieces
};

// Errors name tokenizer.json and the part that cannot be read.
Expected<UnigramModel> unigram_json_to_spm(std::string_view tokenizer_json);

}  // namespace attn::pretrained
