// take_buffer.cpp — the recording and playback buffers (the contract is in take_buffer.h).
#include "app/sound/take_buffer.h"

#include <algorithm>
#include <cmath>

namespace attn::app {

void TakeBuffer::reset(int rate, double max_seconds) {
    rate_ = std::max(rate, 1);
    samples_.assign(std::size_t(std::max(0.0, std::round(max_seconds * rate_))), 0.0f);
    count_.store(0, std::memory_order_release);
    level_.store(0.0f, std::memory_order_relaxed);
}

bool TakeBuffer::append(const float* in, std::size_t frames, int channels) {
    const std::size_t at = count_.load(std::memory_order_relaxed);  // only this thread writes it
    const std::size_t n = std::min(frames, samples_.size() - std::min(at, samples_.size()));
    float peak = 0.0f;
    channels = std::max(channels, 1);
    for (std::size_t i = 0; i < n; ++i) {
        float sum = 0.0f;
        for (int c = 0; c < channels; ++c) sum += in[i * std::size_t(channels) + std::size_t(c)];
        const float v = sum / float(channels);
        samples_[at + i] = v;
        peak = std::max(peak, std::fabs(v));
    }
    level_.store(std::min(peak, 1.0f), std::memory_order_relaxed);
    count_.store(at + n, std::memory_order_release);
    return at + n < samples_.size();
}

std::vector<float> TakeBuffer::copy() const {
    const std::size_t n = frames();
    return std::vector<float>(samples_.begin(), samples_.begin() + std::ptrdiff_t(n));
}

float level_meter_fill(float peak) {
    if (!(peak > 1e-3f)) return 0.0f;  // below −60 dBFS (and NaN)
    return std::clamp((20.0f * std::log10(peak) + 60.0f) / 60.0f, 0.0f, 1.0f);
}

void PlayCursor::reset(std::shared_ptr<const std::vector<float>> sound, std::size_t from, std::size_t to) {
    sound_ = std::move(sound);
    const std::size_t size = sound_ ? sound_->size() : 0;
    end_ = std::min(to, size);
    position_.store(std::min(from, end_), std::memory_order_release);
}

bool PlayCursor::fill(float* out, std::size_t frames) {
    const std::size_t at = position_.load(std::memory_order_relaxed);
    const std::size_t n = std::min(frames, end_ - std::min(at, end_));
    for (std::size_t i = 0; i < n; ++i) out[i] = (*sound_)[at + i];
    std::fill(out + n, out + frames, 0.0f);
    position_.store(at + n, std::memory_order_release);
    return at + n < end_;
}

}  // namespace attn::app
