// log_mel.cpp — the STFT (FFTW3), the Slaney mel filters and the log scaling of log_mel.h.
#include "core/audio/log_mel.h"

#include <fftw3.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <mutex>

namespace attn::audio {

namespace {

// Slaney's mel scale (librosa's default, htk=False): linear below 1 kHz, logarithmic above.
constexpr double kMinLogHz = 1000.0;
constexpr double kLinearStep = 200.0 / 3.0;                    // Hz per mel below 1 kHz
constexpr double kMinLogMel = kMinLogHz / kLinearStep;         // 15
const double kLogStep = std::log(6.4) / 27.0;                  // mels per log(Hz) above

double hz_to_mel(double hz) {
    return hz < kMinLogHz ? hz / kLinearStep : kMinLogMel + std::log(hz / kMinLogHz) / kLogStep;
}
double mel_to_hz(double mel) {
    return mel < kMinLogMel ? mel * kLinearStep : kMinLogHz * std::exp(kLogStep * (mel - kMinLogMel));
}

// FFTW's planner is not thread-safe (its execute functions are): plans are made under one lock.
std::mutex& planner_mutex() {
    static std::mutex m;
    return m;
}

}  // namespace

Eigen::MatrixXd mel_filters(const MelConfig& cfg) {
    const int n_mels = cfg.n_mels, n_bins = cfg.n_bins();
    const double nyquist = cfg.sample_rate / 2.0;
    // Band edges: n_mels + 2 points evenly spaced in mels from 0 Hz to Nyquist.
    std::vector<double> edges(static_cast<std::size_t>(n_mels) + 2);
    const double top = hz_to_mel(nyquist);
    for (int i = 0; i < n_mels + 2; ++i) edges[std::size_t(i)] = mel_to_hz(top * i / (n_mels + 1));
    Eigen::MatrixXd w = Eigen::MatrixXd::Zero(n_mels, n_bins);
    for (int m = 0; m < n_mels; ++m) {
        const double lo = edges[std::size_t(m)], mid = edges[std::size_t(m) + 1], hi = edges[std::size_t(m) + 2];
        const double area = 2.0 / (hi - lo);  // Slaney's norm: every filter has unit area
        for (int k = 0; k < n_bins; ++k) {
            const double f = nyquist * k / (n_bins - 1);  // the bin's frequency, 0 … Nyquist
            const double rise = (f - lo) / (mid - lo), fall = (hi - f) / (hi - mid);
            w(m, k) = std::max(0.0, std::min(rise, fall)) * area;
        }
    }
    return w;
}

Eigen::MatrixXd power_spectrogram(const std::vector<float>& samples, const MelConfig& cfg) {
    const int n_fft = cfg.n_fft, hop = cfg.hop_length, n_bins = cfg.n_bins(), n_frames = cfg.n_frames();
    const int len = cfg.n_samples(), pad = n_fft / 2;
    assert(n_fft >= 2 && hop >= 1 && len > pad);
    // The chunk (cut or zero-padded to n_samples), reflect-padded by n_fft / 2 on both sides as
    // torch.stft(center=True) does: x[-i] = x[i], x[len - 1 + i] = x[len - 1 - i].
    std::vector<double> x(static_cast<std::size_t>(len) + 2 * std::size_t(pad), 0.0);
    const std::size_t used = std::min(samples.size(), std::size_t(len));
    for (std::size_t i = 0; i < used; ++i) x[std::size_t(pad) + i] = samples[i];
    for (int i = 1; i <= pad; ++i) {
        x[std::size_t(pad - i)] = x[std::size_t(pad + i)];
        x[std::size_t(pad + len - 1 + i)] = x[std::size_t(pad + len - 1 - i)];
    }
    std::vector<double> window(static_cast<std::size_t>(n_fft));  // periodic Hann (torch.hann_window)
    for (int i = 0; i < n_fft; ++i) window[std::size_t(i)] = 0.5 - 0.5 * std::cos(2.0 * M_PI * i / n_fft);

    double* in = fftw_alloc_real(std::size_t(n_fft));
    fftw_complex* out = fftw_alloc_complex(std::size_t(n_bins));
    fftw_plan plan;
    {
        std::lock_guard<std::mutex> lock(planner_mutex());
        plan = fftw_plan_dft_r2c_1d(n_fft, in, out, FFTW_ESTIMATE);
    }
    Eigen::MatrixXd power(n_bins, n_frames);  // (bins, frames); column-major: a frame is contiguous
    for (int t = 0; t < n_frames; ++t) {
        const double* frame = x.data() + std::size_t(t) * std::size_t(hop);
        for (int i = 0; i < n_fft; ++i) in[i] = frame[i] * window[std::size_t(i)];
        fftw_execute(plan);
        for (int k = 0; k < n_bins; ++k) power(k, t) = out[k][0] * out[k][0] + out[k][1] * out[k][1];
    }
    {
        std::lock_guard<std::mutex> lock(planner_mutex());
        fftw_destroy_plan(plan);
    }
    fftw_free(out);
    fftw_free(in);
    return power;
}

LogMel log_mel_spectrogram(const std::vector<float>& samples, const MelConfig& cfg) {
    const Eigen::MatrixXd mel = mel_filters(cfg) * power_spectrogram(samples, cfg);  // (n_mels, frames)
    Eigen::MatrixXd logs = mel.cwiseMax(1e-10).array().log10().matrix();
    const double floor = logs.maxCoeff() - 8.0;
    logs = logs.cwiseMax(floor);
    LogMel out;
    out.features = ((logs.array() + 4.0) / 4.0).cast<float>().matrix();
    out.floor = static_cast<float>((std::max(floor, -10.0) + 4.0) / 4.0);  // what silence becomes: log10(1e-10) at least
    const std::size_t n = samples.size();
    out.cut = n > std::size_t(cfg.n_samples());
    out.sound_frames = static_cast<int>(std::min<std::size_t>(
        (std::min(n, std::size_t(cfg.n_samples())) + std::size_t(cfg.hop_length) - 1) / std::size_t(cfg.hop_length),
        std::size_t(cfg.n_frames())));
    return out;
}

}  // namespace attn::audio
