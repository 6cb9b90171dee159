// resample.cpp — sample-rate conversion by libsoxr (high quality: 20-bit, linear phase), and the
// 16-bit WAV writer the app saves recordings with.
#include <soxr.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "core/audio/audio.h"

namespace attn::audio {

std::vector<float> resample(const std::vector<float>& samples, int in_rate, int out_rate) {
    assert(in_rate > 0 && out_rate > 0);
    if (in_rate == out_rate || samples.empty()) return samples;
    const double ratio = double(out_rate) / double(in_rate);
    const auto out_len = static_cast<std::size_t>(std::llround(double(samples.size()) * ratio));
    std::vector<float> out(out_len, 0.0f);
    const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
    const soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
    soxr_error_t err = nullptr;
    soxr_t r = soxr_create(in_rate, out_rate, 1, &err, &io, &quality, nullptr);
    // soxr fails only for bad arguments or no memory; neither is the file's fault.
    assert(r && !err && "soxr_create failed");
    if (!r) return out;
    // Streamed in blocks, so soxr's own buffers stay small (one call over ten minutes of sound grew
    // them by reallocation, slowly), then flushed (input = null) for the filter's tail.
    constexpr std::size_t kBlock = 1 << 14;
    std::size_t in_pos = 0, out_pos = 0;
    while (out_pos < out_len) {
        const bool flush = in_pos >= samples.size();
        const std::size_t ilen = flush ? 0 : std::min(kBlock, samples.size() - in_pos);
        std::size_t idone = 0, odone = 0;
        err = soxr_process(r, flush ? nullptr : samples.data() + in_pos, ilen, &idone, out.data() + out_pos,
                           out_len - out_pos, &odone);
        in_pos += idone;
        out_pos += odone;
        if (err || (flush && odone == 0) || (idone == 0 && odone == 0 && !flush)) break;
    }
    soxr_delete(r);
    return out;  // round(n · ratio) samples; any the filter did not produce stay silent
}

std::vector<std::uint8_t> encode_wav16(const std::vector<float>& samples, int rate) {
    assert(rate > 0);
    const auto data_bytes = static_cast<std::uint32_t>(samples.size() * 2);
    std::vector<std::uint8_t> out(44 + std::size_t(data_bytes));
    std::size_t at = 0;  // little-endian fields, in order
    auto tag = [&](const char (&s)[5]) { std::memcpy(out.data() + at, s, 4); at += 4; };
    auto u32 = [&](std::uint32_t v) { for (int i = 0; i < 4; ++i) out[at++] = std::uint8_t(v >> (8 * i)); };
    auto u16 = [&](std::uint16_t v) { out[at++] = std::uint8_t(v); out[at++] = std::uint8_t(v >> 8); };
    tag("RIFF"); u32(36 + data_bytes); tag("WAVE");
    tag("fmt "); u32(16); u16(1 /*PCM*/); u16(1 /*mono*/); u32(std::uint32_t(rate)); u32(std::uint32_t(rate) * 2);
    u16(2 /*block align*/); u16(16 /*bits*/);
    tag("data"); u32(data_bytes);
    for (float v : samples) {
        const float c = std::isfinite(v) ? std::clamp(v, -1.0f, 1.0f) : 0.0f;
        // × 32768, as libsndfile (and numpy's int16 / 32768) reads it back: k / 32768 round-trips exactly.
        const long q = std::clamp(std::lrint(double(c) * 32768.0), -32768L, 32767L);
        u16(static_cast<std::uint16_t>(static_cast<std::int16_t>(q)));
    }
    return out;
}

}  // namespace attn::audio
