// fuzz_audio.cpp — a sound file (libsndfile picks the format by its content): decoded to mono
// 16 kHz, checked for a consistent result, and a decoded sound's log-mel spectrogram computed over a
// one-second chunk (every value finite, the floor the smallest).
#include <cmath>

#include "core/audio/audio.h"
#include "core/audio/log_mel.h"
#include "core/base/limits.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(audio) {
    using namespace attn::audio;
    auto s = decode_audio(data, size, "fuzz.wav");
    if (!s.ok()) {
        if (s.error().empty()) __builtin_trap();
        return 0;
    }
    if (s->samples.empty() || s->sample_rate != kSpeechSampleRate || s->file_channels < 1 ||
        s->seconds() > attn::limits::kMaxAudioSeconds + 1 || s->format.empty())
        __builtin_trap();
    for (float v : s->samples)
        if (!std::isfinite(v)) __builtin_trap();
    MelConfig cfg;
    cfg.chunk_seconds = 1;
    const LogMel lm = log_mel_spectrogram(s->samples, cfg);
    if (lm.features.cols() != cfg.n_frames() || !lm.features.allFinite() ||
        lm.features.minCoeff() < lm.floor - 1e-4f)
        __builtin_trap();
    return 0;
}
