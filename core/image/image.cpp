// image.cpp — decode_image (format by magic bytes), read_image_file, and the messages and limits
// the PNG and JPEG decoders share.
#include "core/image/image.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/image/decode_internal.h"

namespace attn::image {

namespace detail {

Status check_dimensions(std::uint64_t width, std::uint64_t height, const std::string& shown) {
    using limits::kMaxImagePixels;
    using limits::kMaxImageSide;
    if (width == 0 || height == 0) return corrupt_error(shown, "image", "its header says it has no pixels");
    if (width > static_cast<std::uint64_t>(kMaxImageSide) ||
        height > static_cast<std::uint64_t>(kMaxImageSide) || width * height > kMaxImagePixels)
        return Status::Error("'" + shown + "' is " + std::to_string(width) + " x " + std::to_string(height) +
                             " pixels; AttnLab reads images of at most " + std::to_string(kMaxImageSide) +
                             " x " + std::to_string(kMaxImageSide) + " pixels and " +
                             std::to_string(kMaxImagePixels / 1000000) +
                             " megapixels. Make it smaller first.");
    return Status::Ok();
}

Status truncated_error(const std::string& shown, const char* format) {
    return Status::Error("'" + shown + "' is cut short: its " + format +
                         " data ends before the image does. Copy or download the file again.");
}

Status corrupt_error(const std::string& shown, const char* format, const char* reason) {
    return Status::Error("'" + shown + "' is a damaged " + format + " file (" + printable_input(reason, 120) +
                         ").");
}

}  // namespace detail

namespace {

std::string shown_name(const std::string& name) {
    return printable_input(name, 200);
}

bool starts_with(const std::uint8_t* data, std::size_t size, const char* magic, std::size_t n,
                 std::size_t at = 0) {
    return size >= at + n && std::memcmp(data + at, magic, n) == 0;
}

// Formats people try that we do not read, named so the message can say what the file is.
const char* other_format(const std::uint8_t* data, std::size_t size) {
    if (starts_with(data, size, "GIF8", 4)) return "GIF";
    if (starts_with(data, size, "RIFF", 4) && starts_with(data, size, "WEBP", 4, 8)) return "WebP";
    if (starts_with(data, size, "BM", 2)) return "BMP";
    if (starts_with(data, size, "II*\0", 4) || starts_with(data, size, "MM\0*", 4)) return "TIFF";
    if (starts_with(data, size, "ftyp", 4, 4) &&
        (starts_with(data, size, "heic", 4, 8) || starts_with(data, size, "heix", 4, 8) ||
         starts_with(data, size, "mif1", 4, 8)))
        return "HEIC";
    if (starts_with(data, size, "ftyp", 4, 4) && starts_with(data, size, "avif", 4, 8)) return "AVIF";
    return nullptr;
}

std::string errno_text(int err) {
    return std::strerror(err);
}

}  // namespace

Expected<Image> decode_image(const std::uint8_t* data, std::size_t size, const std::string& name) {
    const std::string shown = shown_name(name);
    if (size == 0 || data == nullptr) return Status::Error("'" + shown + "' is empty (0 bytes).");
    if (size > limits::kMaxImageFileBytes)
        return Status::Error("'" + shown + "' is " + std::to_string((size + (1u << 20) - 1) >> 20) +
                             " MiB; AttnLab reads images of at most " +
                             std::to_string(limits::kMaxImageFileBytes >> 20) + " MiB.");
    if (starts_with(data, size, "\x89PNG\r\n\x1a\n", 8)) return detail::decode_png(data, size, shown);
    if (starts_with(data, size, "\xff\xd8\xff", 3)) return detail::decode_jpeg(data, size, shown);
    if (const char* other = other_format(data, size))
        return Status::Error("'" + shown + "' is a " + other + " image; AttnLab reads " +
                             kSupportedImageFormats + " images. Convert it and try again.");
    if (size < 8 && (starts_with(data, size, "\x89PNG", std::min<std::size_t>(size, 4)) ||
                     starts_with(data, size, "\xff\xd8", std::min<std::size_t>(size, 2))))
        return detail::truncated_error(shown, data[0] == 0x89 ? "PNG" : "JPEG");
    return Status::Error("'" + shown + "' is not a " + kSupportedImageFormats +
                         " image (its first bytes are neither); AttnLab reads only these two formats.");
}

Expected<Image> read_image_file(const std::string& path) {
    const std::string shown = shown_name(path);
    // Looked at before it is opened: opening a named pipe waits for a writer (for ever). O_NONBLOCK
    // covers a file swapped for a pipe in between; it changes nothing for a regular file.
    struct stat before {};
    if (::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode))
        return Status::Error(S_ISDIR(before.st_mode) ? "'" + shown + "' is a folder, not a file."
                                                     : "'" + shown + "' is not a regular file.");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int err = errno;
        return Status::Error("Cannot open '" + shown + "': " + errno_text(err) + ".");
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        const int err = errno;
        return Status::Error("Cannot read '" + shown + "': " + errno_text(err) + ".");
    }
    if (S_ISDIR(st.st_mode)) return Status::Error("'" + shown + "' is a folder, not a file.");
    if (!S_ISREG(st.st_mode)) return Status::Error("'" + shown + "' is not a regular file.");
    if (st.st_size <= 0) return Status::Error("'" + shown + "' is empty (0 bytes).");
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > limits::kMaxImageFileBytes)
        return Status::Error("'" + shown + "' is " + std::to_string((size + (1u << 20) - 1) >> 20) +
                             " MiB; AttnLab reads images of at most " +
                             std::to_string(limits::kMaxImageFileBytes >> 20) + " MiB.");
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            return Status::Error("Cannot read '" + shown + "': " + errno_text(err) + ".");
        }
        if (n == 0) break;  // shorter than fstat said: decode what is there (the decoder says "cut short")
        done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
    return decode_image(bytes.data(), bytes.size(), path);
}

}  // namespace attn::image
