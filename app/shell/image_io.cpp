// image_io.cpp — screenshot pixels to PNG (GL-free; stb_image_write from libstb)
// (implementation; the interface and its contract are in image_io.h)
#include "app/shell/image_io.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <stb_image_write.h>
#include <unistd.h>

namespace attn::app {

void flip_rows(std::vector<std::uint8_t>& pixels, int width, int height, int channels) {
    assert(pixels.size() == size_t(width) * height * channels && "image size mismatch");
    const size_t stride = size_t(width) * channels;
    for (int y = 0; y < height / 2; ++y) {
        std::swap_ranges(pixels.begin() + y * stride, pixels.begin() + (y + 1) * stride,
                         pixels.begin() + (height - 1 - y) * stride);
    }
}

Status write_png(const std::string& path, const std::vector<std::uint8_t>& pixels, int width,
                 int height, int channels) {
    assert((channels == 3 || channels == 4) && pixels.size() == size_t(width) * height * channels);
    errno = 0;
    if (stbi_write_png(path.c_str(), width, height, channels, pixels.data(), width * channels) == 0) {
        return Status::Error("Could not write the PNG file '" + path + "'" +
                             (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()) + ".");
    }
    return Status::Ok();
}

Status check_writable(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path p(path);
    if (fs::is_directory(p, ec)) return Status::Error("'" + path + "' is a directory, not a file name.");
    fs::path dir = p.parent_path();
    if (dir.empty()) dir = ".";
    if (!fs::is_directory(dir, ec)) {
        return Status::Error("Cannot write '" + path + "': the folder '" + dir.string() + "' does not exist.");
    }
    if (::access(dir.c_str(), W_OK) != 0 || (fs::exists(p, ec) && ::access(p.c_str(), W_OK) != 0)) {
        return Status::Error("Cannot write '" + path + "': permission denied.");
    }
    return Status::Ok();
}

}  // namespace attn::app
