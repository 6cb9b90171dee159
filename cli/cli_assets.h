// cli_assets.h — where the command line finds its assets (the bundled figure font).
//
// Asset folder candidates, first one holding fonts/NanumGothic.ttf wins:
//   1. $ATTNLAB_ASSET_DIR                       explicit override
//   2. the source tree's assets/ (compile-time ATTNLAB_SOURCE_ASSET_DIR)   running from a build
//   3. <dir of the executable>/../share/attnlab  installed: bin/attnlab + share/attnlab/
// If none has it, Debian's fonts-nanum copy is used when installed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/status.h"

namespace attn::cli {

inline constexpr const char* kFigureFontRelative = "fonts/NanumGothic.ttf";
inline constexpr const char* kSystemNanumGothic = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";

// The candidates in order (entries for unset inputs are left out).
std::vector<std::filesystem::path> asset_dir_candidates(const char* env_override,
                                                        const std::filesystem::path& source_dir,
                                                        const std::filesystem::path& exe_path);

// This process's executable (/proc/self/exe), falling back to argv0.
std::filesystem::path current_executable(const char* argv0);

// The figure font: the first candidate's fonts/NanumGothic.ttf, else the system copy; an error
// saying where it looked when there is none.
Expected<std::string> find_figure_font(const char* argv0);

}  // namespace attn::cli
