// take_buffer.h — a recording from the microphone as it arrives, and a sound being played, shared
// between the sound card's thread and the UI without locks (one writer, one reader each).
//
//   TakeBuffer: the capture callback appends blocks (mixed to mono) into storage reserved for the
//   whole limit (30 s), then publishes the new length; the UI reads the length, the level and,
//   once the stream has stopped, the samples. Nothing is allocated on the sound card's thread.
//   PlayCursor: the playback callback copies samples [position, end) and advances; the UI reads
//   where it is and whether it has finished.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

namespace attn::app {

inline constexpr double kMaxRecordingSeconds = 30.0;  // Whisper hears one 30-second chunk

class TakeBuffer {
public:
    // UI thread, no stream running: empties the buffer and reserves max_seconds at `rate`.
    void reset(int rate, double max_seconds = kMaxRecordingSeconds);
    // Sound card thread: mixes `frames` frames of `channels` interleaved samples to mono and appends
    // them (what does not fit is dropped). Returns false once the buffer is full: stop the stream.
    bool append(const float* interleaved, std::size_t frames, int channels);
    // Any thread.
    std::size_t frames() const { return count_.load(std::memory_order_acquire); }
    double seconds() const { return rate_ > 0 ? double(frames()) / rate_ : 0.0; }
    bool full() const { return frames() >= samples_.size(); }
    int rate() const { return rate_; }
    // The loudest sample of the last block appended (0 … 1; full scale is 1).
    float level() const { return level_.load(std::memory_order_relaxed); }
    // The samples appended so far (a copy; safe while the stream runs).
    std::vector<float> copy() const;

private:
    std::vector<float> samples_;  // sized once in reset(): the limit
    std::atomic<std::size_t> count_{0};
    std::atomic<float> level_{0.0f};
    int rate_ = 0;
};

// A meter's fill for a peak (0 … 1): −60 dBFS and below is empty, 0 dBFS full.
float level_meter_fill(float peak);

class PlayCursor {
public:
    // UI thread, no stream running: plays samples [from, to) of `sound`.
    void reset(std::shared_ptr<const std::vector<float>> sound, std::size_t from, std::size_t to);
    // Sound card thread: fills `out` (mono) with the next samples, zeros after the end. Returns
    // false once everything has been played.
    bool fill(float* out, std::size_t frames);
    std::size_t position() const { return position_.load(std::memory_order_acquire); }
    std::size_t end() const { return end_; }
    bool finished() const { return position() >= end_; }

private:
    std::shared_ptr<const std::vector<float>> sound_;
    std::atomic<std::size_t> position_{0};
    std::size_t end_ = 0;
};

}  // namespace attn::app
