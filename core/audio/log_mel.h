// log_mel.h — the log-mel spectrogram a Whisper model reads, computed as Whisper computes it
// (openai/whisper audio.py; Hugging Face's WhisperFeatureExtractor), in double precision:
//
//   samples (n) at 16 kHz ──pad with zeros / cut──▶ (n_samples = 30 s · 16000 = 480000)
//   ──STFT: periodic Hann window of n_fft = 400, hop 160, centred (reflect-padded by 200)──▶
//   (n_fft/2 + 1 = 201, 3001 frames) ──|·|², the last frame dropped──▶ power (201, 3000)
//   ──mel filters (n_mels, 201): Slaney scale and area norm, 0 … 8 kHz──▶ mel (n_mels, 3000)
//   ──log10(max(mel, 1e-10)); at least (its max − 8); then (x + 4) / 4──▶ log-mel (n_mels, 3000)
//
// The FFT is Debian's FFTW3. n_mels is 80 (Whisper tiny … large-v2) or 128 (large-v3).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"

namespace attn::audio {

struct MelConfig {  // preprocessor_config.json of a WhisperFeatureExtractor
    int n_mels = 80;          // feature_size
    int sample_rate = 16000;  // sampling_rate
    int n_fft = 400;
    int hop_length = 160;
    int chunk_seconds = 30;   // chunk_length

    int n_samples() const { return chunk_seconds * sample_rate; }  // 480000
    int n_frames() const { return n_samples() / hop_length; }      // 3000
    int n_bins() const { return n_fft / 2 + 1; }                   // 201
    // What one chunk's features take in log_mel_spectrogram (the power spectrogram in doubles, the
    // features in floats), before any of it is allocated.
    std::uint64_t spectrogram_bytes() const {
        return std::uint64_t(n_frames()) * (std::uint64_t(n_bins()) * 8 + std::uint64_t(n_mels) * 4);
    }
};

// Keys: feature_size, sampling_rate, n_fft, hop_length, chunk_length, n_samples and nb_max_frames
// (checked against the others), feature_extractor_type (a WhisperFeatureExtractor, or absent);
// padding_value must be 0 and do_normalize false or absent. Other keys (a stored mel_filters
// table, return_attention_mask, processor_class) are ignored: the filters are computed.
Expected<MelConfig> parse_mel_config(std::string_view json_text);

// (n_mels, n_fft/2 + 1): triangular filters on the Slaney mel scale (linear below 1 kHz,
// logarithmic above), each scaled to unit area (2 / its width in Hz), from 0 Hz to rate / 2.
Eigen::MatrixXd mel_filters(const MelConfig& cfg);

struct LogMel {
    Mat features;          // (n_mels, n_frames): the encoder's input
    int sound_frames = 0;  // frames that hold the recording (the rest is padding): ceil(n / hop)
    bool cut = false;      // the recording was longer than the chunk; only its start is used
    float floor = 0;       // the value silence gets: (max(max − 8, −10) + 4) / 4
};

LogMel log_mel_spectrogram(const std::vector<float>& samples, const MelConfig& cfg);

// The power spectrum alone, (n_fft/2 + 1, frames), for tests and the Audio view: the STFT of the
// padded or cut samples, the last frame dropped.
Eigen::MatrixXd power_spectrogram(const std::vector<float>& samples, const MelConfig& cfg);

}  // namespace attn::audio
