// rng.h — small deterministic random numbers for the built-in model.
//
// The built-in model must give the same numbers on every machine and in every run for a given
// seed, so we use our own generators (splitmix64 + Box-Muller in double) rather than <random>'s
// distributions, whose outputs differ between standard libraries.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>

namespace attn {

inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// FNV-1a over bytes: a stable hash of a token's UTF-8 text.
inline std::uint64_t hash_bytes(std::string_view bytes, std::uint64_t seed = 0) {
    std::uint64_t h = 0xCBF29CE484222325ull ^ splitmix64(seed);
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    return splitmix64(h);
}

// A stream of standard normal values; the same (stream id) gives the same sequence everywhere.
class NormalStream {
public:
    explicit NormalStream(std::uint64_t stream_id) : state_(stream_id) {}

    double next() {
        if (has_spare_) {
            has_spare_ = false;
            return spare_;
        }
        // Two uniforms in (0, 1]: 53 random bits each.
        double u1 = (double((next_u64() >> 11) + 1)) * 0x1.0p-53;
        double u2 = (double(next_u64() >> 11)) * 0x1.0p-53;
        double r = std::sqrt(-2.0 * std::log(u1));
        double t = 6.283185307179586 * u2;
        spare_ = r * std::sin(t);
        has_spare_ = true;
        return r * std::cos(t);
    }

private:
    std::uint64_t next_u64() {
        state_ += 0x9E3779B97F4A7C15ull;
        return splitmix64(state_);
    }
    std::uint64_t state_;
    double spare_ = 0.0;
    bool has_spare_ = false;
};

}  // namespace attn
