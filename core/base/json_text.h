// json_text.h — a small JSON file's text (a model's configs, preprocessor_config.json) parsed with
// nlohmann-json behind the checks every reader needs: its size limit, the depth pre-scan
// (json_depth.h) and one-line messages naming the file, never an exception.
#pragma once

#include <cstddef>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/base/status.h"

namespace attn {

// "<file> is 2049 KiB; the limit is 1024 KiB." / "<file> is not valid JSON: <where and why>."
Expected<nlohmann::json> parse_json_text(std::string_view text, const char* file, std::size_t max_bytes);

}  // namespace attn
