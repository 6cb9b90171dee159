// json_depth.h — a linear pre-scan that refuses JSON nested deeper than a limit before any parser
// builds (or later copies, recursively) a value from it.
#pragma once

#include <string>
#include <string_view>

#include "core/base/status.h"

namespace attn {

// Ok, or "<source> nests values more than N levels deep (the limit is N)...". Strings (with
// escapes) are skipped, so brackets inside them do not count. Not a validator: the parser that
// follows still reports malformed JSON.
Status check_json_depth(std::string_view text, int max_depth, const std::string& source);

}  // namespace attn
