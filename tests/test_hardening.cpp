// Hardening (issue 15), core side: output files never damaged (links, hard links, devices, FIFOs,
// long names, standard output), JSON depth, limits named in refusals, finite traces.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/attention/engine.h"
#include "core/base/atomic_file.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

using namespace attn;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Status write_text(const std::string& path, const std::string& text) {
    return write_file_atomically(path, [&](std::ostream& o) {
        o << text;
        return Status::Ok();
    });
}

fs::path fresh_dir() {
    const fs::path dir = fs::temp_directory_path() / ("attnlab_harden_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("output files: a symbolic link is followed and stays a link") {
    const fs::path dir = fresh_dir();
    std::ofstream(dir / "real.txt") << "old";
    fs::create_symlink("real.txt", dir / "link.txt");
    REQUIRE(write_text((dir / "link.txt").string(), "new").ok());
    CHECK(fs::is_symlink(dir / "link.txt"));
    CHECK(slurp(dir / "real.txt") == "new");
    // A dangling link creates its target.
    fs::create_symlink("made.txt", dir / "dangling.txt");
    REQUIRE(write_text((dir / "dangling.txt").string(), "made").ok());
    CHECK(fs::is_symlink(dir / "dangling.txt"));
    CHECK(slurp(dir / "made.txt") == "made");
    fs::remove_all(dir);
}

TEST_CASE("output files: a hard-linked file is written in place, a failed write changes nothing") {
    const fs::path dir = fresh_dir();
    std::ofstream(dir / "a.txt") << "old";
    fs::create_hard_link(dir / "a.txt", dir / "b.txt");
    REQUIRE(write_text((dir / "a.txt").string(), "new content").ok());
    CHECK(fs::hard_link_count(dir / "a.txt") == 2);
    CHECK(slurp(dir / "b.txt") == "new content");
    Status s = write_file_atomically((dir / "a.txt").string(), [](std::ostream& o) {
        o << "half";
        return Status::Error("cancelled");
    });
    CHECK_FALSE(s.ok());
    CHECK(slurp(dir / "b.txt") == "new content");
    int entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
    CHECK(entries == 2);  // no temporary file left
    fs::remove_all(dir);
}

TEST_CASE("output files: devices and FIFOs are written in place, never replaced") {
    const fs::path dir = fresh_dir();
    // As root, private copies of /dev/null and /dev/full: a broken build must not replace the
    // system's devices (the old code did, on this test's first run). As a normal user, the real ones.
    const bool root = ::geteuid() == 0;
    const fs::path null_dev = root ? dir / "null-copy" : fs::path("/dev/null");
    const fs::path full_dev = root ? dir / "full-copy" : fs::path("/dev/full");
    if (root) {
        REQUIRE(::mknod(null_dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
        REQUIRE(::mknod(full_dev.c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0);
    }
    REQUIRE(write_text(null_dev.string(), "gone").ok());
    struct stat st {};
    REQUIRE(::stat(null_dev.c_str(), &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
    Status full = write_text(full_dev.string(), std::string(1 << 17, 'x'));
    CHECK_FALSE(full.ok());
    CHECK(full.message().find("disk full") != std::string::npos);
    REQUIRE(::stat(full_dev.c_str(), &st) == 0);
    CHECK(S_ISCHR(st.st_mode));

    // A FIFO: the reader opens first (non-blocking), the write runs beside it; bounded wait, so
    // code that replaces the FIFO instead fails here rather than hanging.
    const fs::path fifo = dir / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const int rd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(rd >= 0);
    Status written;
    std::thread writer([&] { written = write_text(fifo.string(), "through the pipe"); });
    std::string got;
    for (int waited = 0; waited < 500; ++waited) {
        char buf[256];
        const ssize_t n = ::read(rd, buf, sizeof buf);
        if (n > 0) got.append(buf, size_t(n));
        if (n == 0 && !got.empty()) break;  // the writer closed
        if (n <= 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    writer.join();
    ::close(rd);
    CHECK(written.ok());
    CHECK(got == "through the pipe");
    CHECK(fs::is_fifo(fifo));
    fs::remove_all(dir);
}

TEST_CASE("output files: any name valid for the file system works (250 bytes)") {
    const fs::path dir = fresh_dir();
    const std::string name(250, 'n');
    REQUIRE(write_text((dir / name).string(), "long").ok());
    CHECK(slurp(dir / name) == "long");
    REQUIRE(write_text((dir / name).string(), "again").ok());  // replacing it too
    CHECK(slurp(dir / name) == "again");
    fs::remove_all(dir);
}

TEST_CASE("messages show invalid bytes escaped and long input capped") {
    CHECK(printable_input("caf\xff") == "caf\\xff");
    CHECK(printable_input("a\nb") == "a\\x0ab");
    CHECK(printable_input(std::string(300, '9'), 20) == std::string(20, '9') + "...");
    CHECK(printable_input("그는") == "그는");
}

TEST_CASE("JSON nesting is refused by a linear pre-scan") {
    CHECK(check_json_depth("[[[\"[[[[[[\"]]]", 3, "x").ok());  // brackets in strings do not count
    CHECK(check_json_depth("{\"a\\\"[[\":[[1]]}", 3, "x").ok());
    const Status deep = check_json_depth(std::string(1000000, '['), limits::kMaxJsonDepth, "tokenizer.json");
    CHECK_FALSE(deep.ok());
    CHECK(deep.message().find(std::to_string(limits::kMaxJsonDepth)) != std::string::npos);
}

TEST_CASE("run limits: tokens, padding and temperature are refused with their range; traces are finite") {
    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies";
    run.mask.pad_to = 1 << 30;  // once a hang: padding is checked before any token is made
    run.tokenizer.max_tokens = size_t(1) << 40;
    Status s = compute_trace(*model, run).status();
    CHECK_FALSE(s.ok());
    run.mask.pad_to = 0;
    s = compute_trace(*model, run).status();
    CHECK(s.message().find(std::to_string(limits::kMaxTokens)) != std::string::npos);
    run.tokenizer.max_tokens = 512;
    for (float t : {1e-30f, 0.0f, -1.0f, 1e30f, std::nanf("")}) {
        run.attention.temperature = t;
        const Status r = compute_trace(*model, run).status();
        CHECK_FALSE(r.ok());
        CHECK(r.message().find("between 0.01 and 100") != std::string::npos);
    }
    for (float t : {0.01f, 100.0f}) {
        run.attention.temperature = t;
        auto tr = compute_trace(*model, run);
        REQUIRE(tr.ok());
        CHECK(check_trace_finite(*tr).ok());
        CHECK(tr->layers[0].heads[0].weights.allFinite());
    }
    CHECK_FALSE(check_trace_budget(limits::kMaxTokens, limits::kMaxTokens, limits::kMaxHeads, 1, 64).ok());
    CHECK(check_trace_budget(512, 512, 12, 12, 768).ok());  // BERT-base at its full length
}
