#include "app/asset_paths.h"

#include <cstdlib>
#include <system_error>

#ifndef ATTNLAB_SOURCE_ASSET_DIR
#define ATTNLAB_SOURCE_ASSET_DIR ""
#endif

namespace fs = std::filesystem;

namespace attn::app {

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

fs::path resolve_asset_dir(const char* argv0) {
    return find_asset_dir(asset_dir_candidates(current_executable(argv0),
                                               std::getenv("ATTNLAB_ASSET_DIR"),
                                               fs::path(ATTNLAB_SOURCE_ASSET_DIR)));
}

}  // namespace attn::app
