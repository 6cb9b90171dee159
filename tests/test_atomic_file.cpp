// Atomic file writing: the target is either untouched or wholly replaced; no temp files remain.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/base/atomic_file.h"

using namespace attn;
namespace fs = std::filesystem;

static std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

static int count_entries(const fs::path& dir) {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

TEST_CASE("atomic write: success replaces, failure keeps the old file") {
    const fs::path dir = fs::temp_directory_path() / ("attnlab_atomic_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string target = (dir / "out.txt").string();

    CHECK(write_file_atomically(target, [](std::ostream& o) { o << "first"; return Status::Ok(); }).ok());
    CHECK(slurp(target) == "first");

    Status s = write_file_atomically(target, [](std::ostream& o) {
        o << "half written";
        return Status::Error("cancelled by the user");
    });
    CHECK_FALSE(s.ok());
    CHECK(s.message() == "cancelled by the user");
    CHECK(slurp(target) == "first");
    CHECK(count_entries(dir) == 1);  // no temporary file left

    CHECK(write_file_atomically(target, [](std::ostream& o) { o << "second"; return Status::Ok(); }).ok());
    CHECK(slurp(target) == "second");

    Status missing = write_file_atomically((dir / "nope" / "x.txt").string(),
                                           [](std::ostream&) { return Status::Ok(); });
    CHECK_FALSE(missing.ok());
    CHECK(missing.message().find("does not exist") != std::string::npos);
    CHECK_FALSE(write_file_atomically(dir.string(), [](std::ostream&) { return Status::Ok(); }).ok());
    CHECK_FALSE(write_file_atomically("", [](std::ostream&) { return Status::Ok(); }).ok());
    fs::remove_all(dir);
}
