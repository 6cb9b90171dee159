// presets.cpp — the example sentences offered in the controls panel (GL-free)
// (implementation; the interface and its contract are in presets.h)
#include "app/state/presets.h"

#include <fstream>
#include <sstream>

namespace attn::app {

static std::string_view trim(std::string_view s) {
    const char* ws = " \t\r\n\f\v";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos) return {};
    const size_t e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

std::vector<std::string> parse_presets(std::string_view content) {
    if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos <= content.size()) {
        size_t end = content.find('\n', pos);
        if (end == std::string_view::npos) end = content.size();
        const std::string_view line = trim(content.substr(pos, end - pos));
        if (!line.empty() && line.front() != '#') out.emplace_back(line);
        pos = end + 1;
    }
    return out;
}

std::vector<std::string> builtin_presets() {
    return {"Time flies like an arrow", "Fruit flies like a banana", "The cat sat on the mat",
            "그는 집에 갔다. 그의 집은 크다."};
}

PresetList load_presets(const std::filesystem::path& path) {
    PresetList list;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        list.error = "cannot open " + path.string();
        list.sentences = builtin_presets();
        return list;
    }
    std::ostringstream content;
    content << in.rdbuf();
    list.sentences = parse_presets(content.str());
    if (list.sentences.empty()) {
        list.error = path.string() + " has no sentences";
        list.sentences = builtin_presets();
    }
    return list;
}

}  // namespace attn::app
