// temp_dir.h — a fresh directory under the system's temporary folder for one test (mkdtemp, so
// parallel runs never share one), removed with everything in it when the test ends. Tests that
// take permissions away (an unwritable folder) get them back before the removal.
//
//   attn::test::TempDir tmp("attnlab-settings");   // /tmp/attnlab-settings-Ab3xYz
//   write(tmp.path / "settings.json", ...);  tmp.file("model.safetensors")
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace attn::test {

struct TempDir {
    std::filesystem::path path;

    explicit TempDir(const std::string& prefix = "attnlab-test") {
        std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
        if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("TempDir: mkdtemp failed for " + tmpl);
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::permissions(path, std::filesystem::perms::owner_all, ec);
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace attn::test
