// audio.h — sound files → the mono 16 kHz samples speech models listen to.
//
// Read by Debian's libsndfile from bytes in memory (WAV, FLAC, Ogg Vorbis/Opus, MP3, AIFF, …; the
// format by its content, never by the file name), mixed to mono (the channels' mean, as ffmpeg's
// `-ac 1` does for Whisper), and resampled by Debian's libsoxr (the resampler librosa uses) to
// 16 kHz. MP3 keeps its encoder's delay (lame: 1,105 samples, 69 ms at the start; libsndfile's
// mpg123 reads no gapless header). Every refusal is one line naming the file: empty, not a sound file, damaged, too long
// or too large (limits.h), or samples that are not numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"

namespace attn::audio {

inline constexpr int kSpeechSampleRate = 16000;  // Whisper's (preprocessor_config.json: sampling_rate)

struct Sound {
    std::vector<float> samples;  // (n) mono, `sample_rate` Hz; ±1 is full scale
    int sample_rate = kSpeechSampleRate;
    // What the file held, for the UI and `dump`.
    std::string format;          // e.g. "WAV, 16-bit PCM", "FLAC, 24-bit", "Ogg Vorbis"
    int file_sample_rate = 0;
    int file_channels = 0;

    double seconds() const { return sample_rate > 0 ? double(samples.size()) / sample_rate : 0.0; }
};

// The file's sound, mono, at `rate` Hz. `name` only appears in messages.
Expected<Sound> decode_audio(const std::uint8_t* data, std::size_t size, const std::string& name,
                             int rate = kSpeechSampleRate);
Expected<Sound> read_audio_file(const std::string& path, int rate = kSpeechSampleRate);  // size-capped read + decode

// The steps of decode_audio, for tests and the microphone.
// interleaved: (frames, channels) → (frames), the channels' mean.
std::vector<float> mix_to_mono(const float* interleaved, std::size_t frames, int channels);
// libsoxr, high quality, streamed in blocks; the output has round(n · out_rate / in_rate) samples.
// Equal rates copy.
std::vector<float> resample(const std::vector<float>& samples, int in_rate, int out_rate);

// 16-bit PCM WAV bytes (mono) of `samples` at `rate` Hz, clipped to ±1: what the app saves.
std::vector<std::uint8_t> encode_wav16(const std::vector<float>& samples, int rate);

// The largest sample magnitude read (full scale is 1; 1000 is +60 dB, beyond any real recording).
inline constexpr float kMaxSampleMagnitude = 1000.0f;

// The formats named in messages and the UI.
inline constexpr const char* kSupportedAudioFormats = "WAV, FLAC, Ogg (Vorbis, Opus), MP3 or AIFF";

}  // namespace attn::audio
