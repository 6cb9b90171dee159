// asset_paths.h — where the app and the command line find their assets (fonts, presets).
//
// Candidates, first one holding the marker file wins:
//   1. $ATTNLAB_ASSET_DIR                          explicit override
//   2. <dir of the executable>/assets              a copied or unpacked tree next to the binary
//   3. <dir of the executable>/../share/attnlab    installed: bin/attnlab + share/attnlab/
//   4. the source tree's assets/ (given by the caller from its compile definition)
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn {

inline constexpr const char* kAssetMarker = "presets.txt";
inline constexpr const char* kFigureFontRelative = "fonts/NanumGothic.ttf";
inline constexpr const char* kSystemNanumGothic = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";

std::vector<std::filesystem::path> asset_dir_candidates(const std::filesystem::path& exe_path,
                                                        const char* env_override,
                                                        const std::filesystem::path& source_dir);

// The first candidate that contains `marker`, or an empty path.
std::filesystem::path find_asset_dir(const std::vector<std::filesystem::path>& candidates,
                                     const char* marker = kAssetMarker);

// This process's executable (Linux: /proc/self/exe), falling back to argv0.
std::filesystem::path current_executable(const char* argv0);

// The resolved asset folder for this process (empty when none was found).
std::filesystem::path resolve_asset_dir(const char* argv0, const std::filesystem::path& source_dir);

// The figure font: <asset_dir>/fonts/NanumGothic.ttf, else Debian's fonts-nanum copy; the error
// says where it looked and what to do.
Expected<std::string> find_figure_font(const std::filesystem::path& asset_dir);

}  // namespace attn
