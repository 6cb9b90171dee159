// image_samples.h — the sample images bundled in assets/samples (File > Open image > Samples),
// GL-free. assets/samples/samples.txt lists them, one a line: file|English name|Korean name
// ('#' starts a comment line; tools/make_samples.py writes the list and the images).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/i18n/ui_text.h"

namespace attn::app {

struct ImageSample {
    std::string path;  // absolute
    std::string en, ko;
    const std::string& name(Lang lang) const { return lang == Lang::Ko && !ko.empty() ? ko : en; }
};

// The samples listed in <asset_dir>/samples/samples.txt whose files exist; empty when the list is
// missing (a tree without samples) — never an error.
std::vector<ImageSample> load_image_samples(const std::filesystem::path& asset_dir);

// The lines of a samples.txt (relative file names joined to `dir`); malformed lines are skipped.
std::vector<ImageSample> parse_image_samples(const std::string& text, const std::filesystem::path& dir);

}  // namespace attn::app
