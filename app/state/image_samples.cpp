// image_samples.cpp — the sample images bundled in assets/samples, GL-free
// (implementation; the interface and its contract are in image_samples.h)
#include "app/state/image_samples.h"

#include <fstream>
#include <sstream>
#include <system_error>

namespace attn::app {

std::vector<ImageSample> parse_image_samples(const std::string& text, const std::filesystem::path& dir) {
    std::vector<ImageSample> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const size_t a = line.find('|');
        const size_t b = a == std::string::npos ? std::string::npos : line.find('|', a + 1);
        if (a == 0 || b == std::string::npos || b == a + 1) continue;
        const std::string file = line.substr(0, a);
        // A bare file name only: the list cannot point outside its folder.
        if (file.find('/') != std::string::npos || file.find('\\') != std::string::npos || file == "." || file == "..")
            continue;
        ImageSample s;
        s.path = (dir / file).string();
        s.en = line.substr(a + 1, b - a - 1);
        s.ko = line.substr(b + 1);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<ImageSample> load_image_samples(const std::filesystem::path& asset_dir) {
    if (asset_dir.empty()) return {};
    const std::filesystem::path dir = asset_dir / "samples";
    std::ifstream in(dir / "samples.txt", std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<ImageSample> out;
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(dir, ec);
    for (ImageSample& s : parse_image_samples(text.str(), ec ? dir : abs.lexically_normal())) {
        if (std::filesystem::is_regular_file(s.path, ec)) out.push_back(std::move(s));
    }
    return out;
}

}  // namespace attn::app
