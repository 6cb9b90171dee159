// image_io.h — screenshot pixels to PNG (GL-free; stb_image_write from libstb).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::app {

// Reverses the row order of a (height, width, channels) byte image: GL reads bottom-up.
void flip_rows(std::vector<std::uint8_t>& pixels, int width, int height, int channels);

// Writes a (height, width, channels) top-down image; channels 3 or 4. The message names the path.
Status write_png(const std::string& path, const std::vector<std::uint8_t>& pixels, int width,
                 int height, int channels);

// Cheap early check that `path` can be created (its directory exists and is writable), so a
// screenshot run fails before opening a window.
Status check_writable(const std::string& path);

}  // namespace attn::app
