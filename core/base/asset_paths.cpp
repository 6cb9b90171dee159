// asset_paths.cpp — where the app and the command line find their assets (fonts, presets)
// (implementation; the interface and its contract are in asset_paths.h)
#include "core/base/asset_paths.h"

#include <cstdlib>
#include <system_error>

namespace fs = std::filesystem;

namespace attn {

std::vector<fs::path> asset_dir_candidates(const fs::path& exe_path, const char* env_override,
                                           const fs::path& source_dir) {
    std::vector<fs::path> out;
    if (env_override != nullptr && env_override[0] != '\0') out.emplace_back(env_override);
    if (!exe_path.empty()) {
        const fs::path exe_dir = exe_path.parent_path();
        out.push_back(exe_dir / "assets");
        out.push_back((exe_dir / ".." / "share" / "attnlab").lexically_normal());
    }
    if (!source_dir.empty()) out.push_back(source_dir);
    return out;
}

fs::path find_asset_dir(const std::vector<fs::path>& candidates, const char* marker) {
    for (const fs::path& dir : candidates) {
        std::error_code ec;
        if (fs::is_regular_file(dir / marker, ec)) return dir;
    }
    return {};
}

fs::path current_executable(const char* argv0) {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && !exe.empty()) return exe;
    if (argv0 == nullptr) return {};
    exe = fs::absolute(argv0, ec);
    return ec ? fs::path() : exe;
}

fs::path resolve_asset_dir(const char* argv0, const fs::path& source_dir) {
    return find_asset_dir(
        asset_dir_candidates(current_executable(argv0), std::getenv("ATTNLAB_ASSET_DIR"), source_dir));
}

Expected<std::string> find_figure_font(const fs::path& asset_dir) {
    std::error_code ec;
    std::string looked;
    if (!asset_dir.empty()) {
        const fs::path font = (asset_dir / kFigureFontRelative).lexically_normal();
        if (fs::is_regular_file(font, ec)) return font.string();
        looked += "\n  " + font.string();
    }
    if (fs::is_regular_file(kSystemNanumGothic, ec)) return std::string(kSystemNanumGothic);
    looked += "\n  " + std::string(kSystemNanumGothic);
    return Status::Error(
        "The figure font NanumGothic.ttf was not found. Looked in:" + looked +
        "\nSet ATTNLAB_ASSET_DIR to the folder holding fonts/, install fonts-nanum, or pass --font FILE.");
}

}  // namespace attn
