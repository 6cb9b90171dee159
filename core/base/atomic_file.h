// atomic_file.h — write a file so that readers see the old file or the whole new one, never half,
// without damaging what the path already is (a link, a hard-linked file, a device, a pipe).
//
//   a regular file (or none):  the content goes to a short temporary name in the same folder
//                              (".attnlab-XXXXXX", so any name valid for the file system works),
//                              is flushed to disk, then renamed over the target.
//   a symbolic link:           followed; its final target is replaced as above, the link stays.
//   a hard-linked file:        written to a temporary file first, then copied into the file in
//                              place, so every name of it sees the new content.
//   a device, FIFO or socket:  written in place (e.g. /dev/null, /dev/stdout, a named pipe).
//   "-":                       standard output.
// On any failure before the last step the target is untouched and no temporary file remains;
// write errors (disk full, a closed pipe) are reported with the system's reason.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "core/base/status.h"

namespace attn {

// `write` fills the stream; return a non-ok Status from it to abandon the file.
Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& write);

// The same, for callers that accept "-" (standard output) as a path: this is the one place
// where "-" is given that meaning.
inline bool is_standard_output(const std::string& path) { return path == "-"; }

}  // namespace attn
