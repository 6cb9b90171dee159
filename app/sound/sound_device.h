// sound_device.h — the microphone and the speakers (PortAudio), on a thread of their own: opening
// the sound system can take a second, so the UI only posts requests and reads the state each frame.
//
//   record(limit) → Recording … stop() or the limit → a take (mono samples at the device's rate)
//   play(sound, rate, [from, to)) → Playing … stop() or the end
//
// Without an input (or output) device, or when the sound system refuses, the request ends in an
// error the UI words in its language (SoundProblem + the system's own text); nothing else changes.
// The sound system is opened at the first request, never at start (machines without a sound card
// need not touch it).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/sound/take_buffer.h"

namespace attn::app {

enum class SoundMode { Idle, Starting, Recording, Playing };
enum class SoundProblem { None, NoSoundSystem, NoInput, NoOutput, InputFailed, OutputFailed };

struct SoundError {
    SoundProblem problem = SoundProblem::None;
    std::string detail;  // the sound system's words (English), may be empty
};

struct RecordedTake {
    std::vector<float> samples;  // mono, −1 … 1
    int rate = 16000;
    bool hit_limit = false;  // the limit stopped it (not the user)
};

class SoundDevice {
public:
    SoundDevice();
    ~SoundDevice();  // stops what runs, closes the sound system, joins the thread
    SoundDevice(const SoundDevice&) = delete;
    SoundDevice& operator=(const SoundDevice&) = delete;

    void record(double max_seconds = kMaxRecordingSeconds);
    // Plays samples [from, to) of `sound` (mono at `rate`).
    void play(std::shared_ptr<const std::vector<float>> sound, int rate, std::size_t from, std::size_t to);
    void stop();

    SoundMode mode() const;
    // The last request's error, once: reading it clears it (so does the next request).
    SoundError take_error();
    // A recording that has ended, once.
    std::optional<RecordedTake> take_recording();
    // The take so far (seconds, level): read it only while mode() is Recording (the sound thread
    // resets it before it says so).
    const TakeBuffer& live() const { return live_; }
    // While playing: seconds into the sound from where it started.
    double played_seconds() const;

private:
    struct Request {
        enum Kind { Record, Play, Stop, Quit } kind = Stop;
        static Request of(Kind k) {
            Request r;
            r.kind = k;
            return r;
        }
        double max_seconds = kMaxRecordingSeconds;
        std::shared_ptr<const std::vector<float>> sound;
        int rate = 16000;
        std::size_t from = 0, to = 0;
    };
    void post(Request r);
    void run();
    bool open_system();
    void start_recording(const Request& r);
    void start_playing(const Request& r);
    void finish();  // closes the stream; a recording becomes the take
    void fail(SoundProblem problem, std::string detail);  // the request ends: Idle with this error

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Request> requests_;
    SoundMode mode_ = SoundMode::Idle;  // guarded by mutex_
    SoundError error_;                  // guarded by mutex_
    std::optional<RecordedTake> take_;  // guarded by mutex_
    int play_rate_ = 16000, play_step_ = 1;  // guarded by mutex_: the device rate = sound rate · step

    // The sound thread's own.
    void* stream_ = nullptr;  // PaStream*
    bool system_open_ = false;
    bool recording_ = false;
    TakeBuffer live_;
    std::pair<TakeBuffer*, int> capture_{nullptr, 1};  // what the capture callback appends to, its channels
    PlayCursor cursor_;

    // Last: members are built in order, and the thread must find every one above already built
    // (it locks mutex_ at once; TSan saw it locked before its constructor ran).
    std::thread thread_;
};

}  // namespace attn::app
