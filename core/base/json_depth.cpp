// json_depth.cpp — a linear pre-scan that refuses JSON nested deeper than a limit
// (implementation; the interface and its contract are in json_depth.h)
#include "core/base/json_depth.h"

namespace attn {

Status check_json_depth(std::string_view text, int max_depth, const std::string& source) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char ch : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (ch == '\\') escaped = true;
            else if (ch == '"') in_string = false;
            continue;
        }
        if (ch == '"') {
            in_string = true;
        } else if (ch == '[' || ch == '{') {
            if (++depth > max_depth) {
                return Status::Error(source + " nests values more than " + std::to_string(max_depth) +
                                     " levels deep (the limit); real files nest a few levels.");
            }
        } else if (ch == ']' || ch == '}') {
            if (depth > 0) --depth;
        }
    }
    return Status::Ok();
}

}  // namespace attn
