// asset_paths.h — where the fonts and preset sentences are found (GL-free).
//
// Candidates, first match wins (a directory matches when it holds `presets.txt`):
//   1. $ATTNLAB_ASSET_DIR                      explicit override
//   2. <dir of the executable>/assets          a copied or unpacked tree next to the binary
//   3. <dir of the executable>/../share/attnlab   installed: bin/attnlab + share/attnlab/
//   4. the source tree's assets/ (compile definition)   running from a build directory
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace attn::app {

inline constexpr const char* kAssetMarker = "presets.txt";

std::vector<std::filesystem::path> asset_dir_candidates(const std::filesystem::path& exe_path,
                                                        const char* env_override,
                                                        const std::filesystem::path& source_dir);

// The first candidate that contains `marker`, or an empty path.
std::filesystem::path find_asset_dir(const std::vector<std::filesystem::path>& candidates,
                                     const char* marker = kAssetMarker);

// This process's executable (Linux: /proc/self/exe), falling back to argv0.
std::filesystem::path current_executable(const char* argv0);

// The resolved directory for this process (empty when none was found).
std::filesystem::path resolve_asset_dir(const char* argv0);

}  // namespace attn::app
