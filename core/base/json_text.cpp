// json_text.cpp — parse_json_text.
#include "core/base/json_text.h"

#include <exception>
#include <string>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn {

Expected<nlohmann::json> parse_json_text(std::string_view text, const char* file, std::size_t max_bytes) {
    if (text.size() > max_bytes)
        return Status::Error(std::string(file) + " is " + std::to_string((text.size() + 1023) >> 10) +
                             " KiB; the limit is " + std::to_string(max_bytes >> 10) + " KiB.");
    if (Status s = check_json_depth(text, limits::kMaxJsonDepth, file); !s.ok()) return s;
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const std::exception& e) {
        std::string what = e.what();  // "[json.exception.parse_error.101] parse error at …": the tag dropped
        if (auto end = what.find("] "); !what.empty() && what[0] == '[' && end != std::string::npos)
            what.erase(0, end + 2);
        return Status::Error(std::string(file) + " is not valid JSON: " + printable_input(what, 160) + ".");
    }
}

}  // namespace attn
