// audio_fixtures.h — paths and readers for tests/audio/fixtures (gen_audio_fixtures.py).
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace attn::test {

inline std::string audio_fixture(const std::string& name) {
    return std::string(ATTNLAB_AUDIO_FIXTURES) + "/" + name;
}

inline std::vector<std::uint8_t> audio_bytes(const std::string& name) {
    std::ifstream in(audio_fixture(name), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A 16-bit PCM WAV's samples by channel, read here from its chunks (not by libsndfile): the
// independent reference for the decoder. Empty when the file is not such a WAV.
inline std::vector<std::vector<float>> wav16_channels(const std::vector<std::uint8_t>& b) {
    auto u32 = [&](std::size_t at) { std::uint32_t v; std::memcpy(&v, b.data() + at, 4); return v; };
    auto u16 = [&](std::size_t at) { std::uint16_t v; std::memcpy(&v, b.data() + at, 2); return v; };
    if (b.size() < 12 || std::memcmp(b.data(), "RIFF", 4) != 0 || std::memcmp(b.data() + 8, "WAVE", 4) != 0) return {};
    int channels = 0, bits = 0;
    for (std::size_t at = 12; at + 8 <= b.size();) {
        const std::uint32_t len = u32(at + 4);
        if (std::memcmp(b.data() + at, "fmt ", 4) == 0) {
            channels = u16(at + 10);
            bits = u16(at + 22);
        } else if (std::memcmp(b.data() + at, "data", 4) == 0 && channels > 0 && bits == 16) {
            const std::size_t n = std::min<std::size_t>(len, b.size() - at - 8) / (2 * std::size_t(channels));
            std::vector<std::vector<float>> out(static_cast<std::size_t>(channels), std::vector<float>(n));
            for (std::size_t i = 0; i < n; ++i)
                for (int c = 0; c < channels; ++c) {
                    std::int16_t s;
                    std::memcpy(&s, b.data() + at + 8 + (i * std::size_t(channels) + std::size_t(c)) * 2, 2);
                    out[std::size_t(c)][i] = float(s) / 32768.0f;
                }
            return out;
        }
        at += 8 + len + (len & 1);
    }
    return {};
}

}  // namespace attn::test
