// fuzz_replay.cpp — the regression corpus without libFuzzer: every file under
// <dir>/<target>/ is fed to the harness of that name (built with GCC into the normal test run).
// Usage: attnlab_fuzz_replay DIR [DIR...]; exits non-zero on an unknown target folder.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_target.h"

namespace attn::fuzz {
static std::map<std::string, Harness>& registry() {
    static std::map<std::string, Harness> targets;
    return targets;
}
bool register_target(const char* name, Harness harness) {
    registry()[name] = harness;
    return true;
}
}  // namespace attn::fuzz

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    int files = 0, problems = 0;
    for (int a = 1; a < argc; ++a) {
        for (const auto& target_dir : fs::directory_iterator(argv[a])) {
            if (!target_dir.is_directory()) continue;
            const std::string name = target_dir.path().filename().string();
            auto it = attn::fuzz::registry().find(name);
            if (it == attn::fuzz::registry().end()) {
                std::fprintf(stderr, "fuzz_replay: no harness named '%s'\n", name.c_str());
                ++problems;
                continue;
            }
            for (const auto& f : fs::recursive_directory_iterator(target_dir.path())) {
                if (!f.is_regular_file()) continue;
                std::ifstream in(f.path(), std::ios::binary);
                std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                it->second(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
                ++files;
            }
        }
    }
    std::printf("fuzz_replay: %d inputs replayed, %zu harnesses\n", files, attn::fuzz::registry().size());
    return problems == 0 && files > 0 ? 0 : 1;
}
