// sound_device.cpp — the microphone and the speakers through PortAudio (the contract is in
// sound_device.h). The only file that includes portaudio.h.
#include "app/sound/sound_device.h"
#include "core/base/parallel.h"

#include <alsa/asoundlib.h>
#include <jack/jack.h>
#include <portaudio.h>

#include <algorithm>
#include <chrono>

namespace attn::app {

namespace {

// ALSA and JACK report their probing (no card, no JACK server) on stderr while PortAudio starts;
// the user gets our one message instead.
void quiet_alsa(const char*, int, const char*, int, const char*, ...) {}
void quiet_jack(const char*) {}

constexpr int kWantedRate = 16000;  // what Whisper hears; devices that cannot record it use their own

int capture_callback(const void* input, void*, unsigned long frames, const PaStreamCallbackTimeInfo*,
                     PaStreamCallbackFlags, void* user) {
    auto* self = static_cast<std::pair<TakeBuffer*, int>*>(user);
    if (input == nullptr) return paContinue;
    return self->first->append(static_cast<const float*>(input), frames, self->second) ? paContinue : paComplete;
}

int playback_callback(const void*, void* output, unsigned long frames, const PaStreamCallbackTimeInfo*,
                      PaStreamCallbackFlags, void* user) {
    return static_cast<PlayCursor*>(user)->fill(static_cast<float*>(output), frames) ? paContinue : paComplete;
}

}  // namespace

SoundDevice::SoundDevice()
    : thread_([this] {
          name_this_thread("attn-sound");
          run();
      }) {}

SoundDevice::~SoundDevice() {
    post(Request::of(Request::Quit));
    if (thread_.joinable()) thread_.join();
}

void SoundDevice::post(Request r) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (r.kind == Request::Record || r.kind == Request::Play) {
            error_ = SoundError{};
            mode_ = SoundMode::Starting;
        }
        requests_.push_back(std::move(r));
    }
    wake_.notify_one();
}

void SoundDevice::record(double max_seconds) {
    Request r = Request::of(Request::Record);
    r.max_seconds = std::clamp(max_seconds, 0.1, kMaxRecordingSeconds);
    post(std::move(r));
}

void SoundDevice::play(std::shared_ptr<const std::vector<float>> sound, int rate, std::size_t from, std::size_t to) {
    Request r = Request::of(Request::Play);
    r.sound = std::move(sound);
    r.rate = rate;
    r.from = from;
    r.to = to;
    post(std::move(r));
}

void SoundDevice::stop() { post(Request::of(Request::Stop)); }

SoundMode SoundDevice::mode() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return mode_;
}

SoundError SoundDevice::take_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ != SoundMode::Idle) return SoundError{};  // a request still starting: its outcome comes later
    SoundError out = std::move(error_);
    error_ = SoundError{};
    return out;
}

std::optional<RecordedTake> SoundDevice::take_recording() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<RecordedTake> out = std::move(take_);
    take_.reset();
    return out;
}

double SoundDevice::played_seconds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (mode_ != SoundMode::Playing) return 0.0;
    return double(cursor_.position() / std::size_t(std::max(play_step_, 1))) / std::max(play_rate_, 1);
}

void SoundDevice::run() {
    for (;;) {
        Request r;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            // While a stream runs, wake now and then to notice that it ended by itself.
            wake_.wait_for(lock, std::chrono::milliseconds(stream_ ? 40 : 1000), [&] { return !requests_.empty(); });
            if (requests_.empty()) {
                lock.unlock();
                if (stream_ && Pa_IsStreamActive(static_cast<PaStream*>(stream_)) != 1) finish();
                continue;
            }
            r = std::move(requests_.front());
            requests_.pop_front();
        }
        if (r.kind == Request::Quit) {
            finish();
            if (system_open_) Pa_Terminate();
            return;
        }
        finish();  // any new request ends what runs
        if (r.kind == Request::Record) start_recording(r);
        else if (r.kind == Request::Play) start_playing(r);
    }
}

bool SoundDevice::open_system() {
    if (system_open_) return true;
    snd_lib_error_set_handler(quiet_alsa);
    jack_set_error_function(quiet_jack);
    jack_set_info_function(quiet_jack);
    const PaError e = Pa_Initialize();
    if (e != paNoError) {
        fail(SoundProblem::NoSoundSystem, Pa_GetErrorText(e));
        return false;
    }
    system_open_ = true;
    return true;
}

void SoundDevice::fail(SoundProblem problem, std::string detail) {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = SoundError{problem, std::move(detail)};
    mode_ = SoundMode::Idle;
}

void SoundDevice::start_recording(const Request& r) {
    if (!open_system()) return;
    const PaDeviceIndex device = Pa_GetDefaultInputDevice();
    const PaDeviceInfo* info = device == paNoDevice ? nullptr : Pa_GetDeviceInfo(device);
    if (info == nullptr || info->maxInputChannels < 1) return fail(SoundProblem::NoInput, "");
    PaStreamParameters in{};
    in.device = device;
    in.sampleFormat = paFloat32;
    in.suggestedLatency = info->defaultLowInputLatency;
    // 16 kHz mono when the device can; else its own rate and up to two channels (mixed to mono).
    int rate = kWantedRate;
    in.channelCount = 1;
    if (Pa_IsFormatSupported(&in, nullptr, rate) != paFormatIsSupported) {
        rate = int(info->defaultSampleRate);
        in.channelCount = std::min(info->maxInputChannels, 2);
    }
    live_.reset(rate, r.max_seconds);
    capture_ = {&live_, in.channelCount};
    PaStream* stream = nullptr;
    PaError e = Pa_OpenStream(&stream, &in, nullptr, rate, paFramesPerBufferUnspecified, paClipOff, capture_callback,
                              &capture_);
    if (e == paNoError) e = Pa_StartStream(stream);
    if (e != paNoError) {
        if (stream) Pa_CloseStream(stream);
        return fail(SoundProblem::InputFailed, Pa_GetErrorText(e));
    }
    stream_ = stream;
    recording_ = true;
    std::lock_guard<std::mutex> lock(mutex_);
    mode_ = SoundMode::Recording;
}

void SoundDevice::start_playing(const Request& r) {
    if (!r.sound || r.from >= std::min(r.to, r.sound->size())) return fail(SoundProblem::None, "");  // nothing to play
    if (!open_system()) return;
    const PaDeviceIndex device = Pa_GetDefaultOutputDevice();
    const PaDeviceInfo* info = device == paNoDevice ? nullptr : Pa_GetDeviceInfo(device);
    if (info == nullptr || info->maxOutputChannels < 1) return fail(SoundProblem::NoOutput, "");
    PaStreamParameters out{};
    out.device = device;
    out.channelCount = 1;
    out.sampleFormat = paFloat32;
    out.suggestedLatency = info->defaultLowOutputLatency;
    // The sound's own rate when the device takes it; else 3× (48 kHz for 16 kHz), each sample held.
    int step = 1;
    if (Pa_IsFormatSupported(nullptr, &out, r.rate) != paFormatIsSupported) step = 3;
    std::shared_ptr<const std::vector<float>> sound = r.sound;
    std::size_t from = r.from, to = std::min(r.to, r.sound->size());
    if (step > 1) {
        auto held = std::make_shared<std::vector<float>>();
        held->reserve((to - from) * std::size_t(step));
        for (std::size_t i = from; i < to; ++i) held->insert(held->end(), std::size_t(step), (*r.sound)[i]);
        sound = held;
        from = 0;
        to = held->size();
    }
    cursor_.reset(sound, from, to);
    PaStream* stream = nullptr;
    PaError e = Pa_OpenStream(&stream, nullptr, &out, double(r.rate) * step, paFramesPerBufferUnspecified, paClipOff,
                              playback_callback, &cursor_);
    if (e == paNoError) e = Pa_StartStream(stream);
    if (e != paNoError) {
        if (stream) Pa_CloseStream(stream);
        return fail(SoundProblem::OutputFailed, Pa_GetErrorText(e));
    }
    stream_ = stream;
    recording_ = false;
    std::lock_guard<std::mutex> lock(mutex_);
    play_rate_ = r.rate;
    play_step_ = step;
    mode_ = SoundMode::Playing;
}

void SoundDevice::finish() {
    if (stream_ == nullptr) return;
    auto* stream = static_cast<PaStream*>(stream_);
    Pa_StopStream(stream);  // waits for the callback's last block
    Pa_CloseStream(stream);
    stream_ = nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    if (recording_) take_ = RecordedTake{live_.copy(), live_.rate(), live_.full()};
    recording_ = false;
    mode_ = SoundMode::Idle;
}

}  // namespace attn::app
