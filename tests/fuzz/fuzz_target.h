// fuzz_target.h — one macro that makes a harness body either libFuzzer's entry point (the clang
// build, ATTNLAB_FUZZ=ON: one executable per target) or a named function of the GCC replay
// program (fuzz_replay.cpp), which feeds every file of tests/fuzz/regressions/<target>/ to it.
//
//   ATTNLAB_FUZZ_TARGET(settings) {   // data, size: the input bytes
//       ...parse them; return 0;
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace attn::fuzz {
using Harness = int (*)(const std::uint8_t* data, std::size_t size);
bool register_target(const char* name, Harness harness);  // fuzz_replay.cpp
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}
}  // namespace attn::fuzz

#ifdef ATTNLAB_LIBFUZZER
#define ATTNLAB_FUZZ_TARGET(name) extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
#else
#define ATTNLAB_FUZZ_TARGET(name)                                                                     \
    static int fuzz_##name(const std::uint8_t* data, std::size_t size);                               \
    [[maybe_unused]] static const bool fuzz_registered_##name = attn::fuzz::register_target(#name, fuzz_##name); \
    static int fuzz_##name(const std::uint8_t* data, std::size_t size)
#endif
