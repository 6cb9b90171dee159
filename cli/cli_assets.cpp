#include "cli/cli_assets.h"

#include <cstdlib>
#include <system_error>

namespace attn::cli {

namespace fs = std::filesystem;

std::vector<fs::path> asset_dir_candidates(const char* env_override, const fs::path& source_dir,
                                           const fs::path& exe_path) {
    std::vector<fs::path> out;
    if (env_override && *env_override) out.emplace_back(env_override);
    if (!source_dir.empty()) out.push_back(source_dir);
    if (!exe_path.empty()) out.push_back(exe_path.parent_path() / ".." / "share" / "attnlab");
    return out;
}

fs::path current_executable(const char* argv0) {
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && !p.empty()) return p;
    if (argv0 && *argv0) return fs::absolute(argv0, ec);
    return {};
}

Expected<std::string> find_figure_font(const char* argv0) {
#ifdef ATTNLAB_SOURCE_ASSET_DIR
    const fs::path source_dir = ATTNLAB_SOURCE_ASSET_DIR;
#else
    const fs::path source_dir;
#endif
    const auto candidates =
        asset_dir_candidates(std::getenv("ATTNLAB_ASSET_DIR"), source_dir, current_executable(argv0));
    std::error_code ec;
    std::string looked;
    for (const fs::path& dir : candidates) {
        const fs::path font = dir / kFigureFontRelative;
        if (fs::is_regular_file(font, ec)) return font.lexically_normal().string();
        looked += "\n  " + font.lexically_normal().string();
    }
    if (fs::is_regular_file(kSystemNanumGothic, ec)) return std::string(kSystemNanumGothic);
    looked += "\n  " + std::string(kSystemNanumGothic);
    return Status::Error(
        "The figure font NanumGothic.ttf was not found. Looked in:" + looked +
        "\nSet ATTNLAB_ASSET_DIR to the folder holding fonts/, install fonts-nanum, or pass --font FILE.");
}

}  // namespace attn::cli
