// atomic_file.cpp — write a file so that readers see the old file or the whole new one, never half
// (implementation; the interface and its contract are in atomic_file.h)
#include "core/base/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace attn {

Status write_file_atomically(const std::string& path, const std::function<Status(std::ostream&)>& write) {
    namespace fs = std::filesystem;
    if (path.empty()) return Status::Error("No output file given.");
    std::error_code ec;
    const fs::path target(path);
    if (fs::is_directory(target, ec)) return Status::Error("'" + path + "' is a folder, not a file.");
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec)) {
        return Status::Error("Cannot write '" + path + "': the folder '" + dir.string() + "' does not exist.");
    }

    std::string tmp = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = mkstemp(tmp.data());
    if (fd < 0) {
        return Status::Error("Cannot write '" + path + "': " + std::strerror(errno) + ".");
    }
    ::close(fd);
    {
        // mkstemp creates 0600; give the file the usual permissions for a user document.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::chmod(tmp.c_str(), 0666 & ~mask);
    }

    Status result;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            result = Status::Error("Cannot write '" + path + "': " + std::strerror(errno) + ".");
        } else {
            result = write(out);
            out.flush();
            if (result.ok() && !out) {
                result = Status::Error("Writing '" + path + "' failed (disk full?).");
            }
        }
    }
    if (result.ok()) {
        const int sync_fd = ::open(tmp.c_str(), O_RDONLY);
        if (sync_fd >= 0) {
            ::fsync(sync_fd);
            ::close(sync_fd);
        }
        if (std::rename(tmp.c_str(), path.c_str()) != 0) {
            result = Status::Error("Cannot replace '" + path + "': " + std::strerror(errno) + ".");
        }
    }
    if (!result.ok()) std::remove(tmp.c_str());
    return result;
}

}  // namespace attn
