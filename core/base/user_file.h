// user_file.h — a user's file (an image, a recording) read whole into memory, safely.
//
// Folders, pipes and devices are refused before they are opened (opening a named pipe waits for a
// writer for ever), and a file larger than `max_bytes` before it is read. Every refusal is one
// line naming the file, e.g. "'talk.wav' is 300 MiB; AttnLab reads recordings of at most 256 MiB."
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn {

// `kind`: what the limit is about, plural, for the message ("images", "recordings"). A file
// shorter than its size said (being written) is returned as far as it goes.
Expected<std::vector<std::uint8_t>> read_user_file(const std::string& path, std::size_t max_bytes,
                                                   const char* kind);

// "'name' is 300 MiB; AttnLab reads <kind> of at most 256 MiB." (also for bytes already in memory)
Status too_large_error(const std::string& shown, std::uint64_t bytes, std::size_t max_bytes, const char* kind);

}  // namespace attn
