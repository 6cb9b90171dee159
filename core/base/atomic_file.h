// atomic_file.h — write a file so that readers see the old file or the whole new one, never half.
//
// The content goes to a temporary file in the same folder, is flushed to disk, then renamed over
// the target. On any failure the temporary file is removed and the target is untouched.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "core/base/status.h"

namespace attn {

// `write` fills the stream; return a non-ok Status from it to abandon the file.
Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& write);

}  // namespace attn
