// The microphone's and the speakers' buffers (app/sound/take_buffer.h), the takes on disk
// (recordings.h), and SoundDevice on a machine without a sound card (CI): every request ends in a
// clear problem, nothing waits, nothing is left running.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "app/sound/recordings.h"
#include "app/sound/sound_device.h"
#include "app/sound/take_buffer.h"
#include "core/audio/audio.h"

using namespace attn;
using namespace attn::app;

namespace fs = std::filesystem;

TEST_CASE("take buffer: blocks are mixed to mono and appended up to the limit, exactly") {
    TakeBuffer b;
    b.reset(100, 0.05);  // 5 samples
    const float stereo[] = {0.2f, 0.4f, -1.0f, 0.0f, 0.5f, 0.5f};
    CHECK(b.append(stereo, 3, 2));
    CHECK(b.frames() == 3);
    CHECK(b.level() == doctest::Approx(0.5f));
    const float mono[] = {0.1f, 0.2f, 0.3f, 0.4f};
    CHECK_FALSE(b.append(mono, 4, 1));  // only two fit: full
    CHECK(b.full());
    CHECK(b.seconds() == doctest::Approx(0.05));
    const std::vector<float> got = b.copy();
    REQUIRE(got.size() == 5);
    CHECK(got[0] == doctest::Approx(0.3f));
    CHECK(got[1] == doctest::Approx(-0.5f));
    CHECK(got[2] == doctest::Approx(0.5f));
    CHECK(got[3] == 0.1f);
    CHECK(got[4] == 0.2f);
    CHECK_FALSE(b.append(mono, 4, 1));  // nothing more is taken
    CHECK(b.frames() == 5);
    b.reset(16000);
    CHECK(b.frames() == 0);
    CHECK(b.copy().empty());
}

TEST_CASE("level meter: −60 dBFS and below empty, full scale full, NaN empty") {
    CHECK(level_meter_fill(0.0f) == 0.0f);
    CHECK(level_meter_fill(0.0005f) == 0.0f);
    CHECK(level_meter_fill(1.0f) == doctest::Approx(1.0f));
    CHECK(level_meter_fill(0.1f) == doctest::Approx(40.0f / 60.0f));  // −20 dBFS
    CHECK(level_meter_fill(2.0f) == 1.0f);
    CHECK(level_meter_fill(std::nanf("")) == 0.0f);
}

TEST_CASE("play cursor: plays [from, to) then zeros, and says when it is done") {
    auto sound = std::make_shared<const std::vector<float>>(std::vector<float>{1, 2, 3, 4, 5, 6});
    PlayCursor c;
    c.reset(sound, 1, 4);
    float out[2];
    CHECK(c.fill(out, 2));
    CHECK(out[0] == 2.0f);
    CHECK(out[1] == 3.0f);
    CHECK_FALSE(c.fill(out, 2));
    CHECK(out[0] == 4.0f);
    CHECK(out[1] == 0.0f);
    CHECK(c.finished());
    c.reset(sound, 5, 99);  // `to` past the end: up to the end
    CHECK(c.end() == 6);
    c.reset(nullptr, 0, 10);
    CHECK(c.finished());
}

TEST_CASE("recordings: a take is kept as a 16-bit WAV that reads back; short takes and bad folders are refused") {
    const fs::path dir = fs::temp_directory_path() / "attnlab-sound-test";
    fs::remove_all(dir);
    RecordedTake take;
    take.rate = 48000;
    for (int i = 0; i < 48000; ++i) take.samples.push_back(0.5f * float(std::sin(i * 0.05)));
    auto path = save_take(take, dir.string(), std::time_t(1764300000));
    REQUIRE_MESSAGE(path.ok(), path.status().message());
    CHECK(fs::path(*path).filename().string().rfind("recording-", 0) == 0);
    auto again = save_take(take, dir.string(), std::time_t(1764300000));  // the same second: a new name
    REQUIRE(again.ok());
    CHECK(*again != *path);
    auto sound = audio::read_audio_file(*path);
    REQUIRE_MESSAGE(sound.ok(), sound.status().message());
    CHECK(sound->file_sample_rate == 48000);
    CHECK(sound->seconds() == doctest::Approx(1.0).epsilon(0.01));

    RecordedTake click;
    click.rate = 16000;
    click.samples.assign(1000, 0.1f);  // 62 ms
    CHECK_FALSE(save_take(click, dir.string(), 0).ok());
    CHECK_FALSE(save_take(take, "/proc/attnlab-no-such-folder", 0).ok());

    // Save as: a WAV source is copied byte for byte; anything else is what was heard, encoded.
    const fs::path copy = dir / "copy.wav";
    REQUIRE(save_recording_as(*path, {}, 16000, copy.string()).ok());
    CHECK(fs::file_size(copy) == fs::file_size(*path));
    const fs::path encoded = dir / "heard.wav";
    REQUIRE(save_recording_as((dir / "x.mp3").string(), std::vector<float>(1600, 0.25f), 16000, encoded.string()).ok());
    CHECK(fs::file_size(encoded) == 44 + 2 * 1600);
    CHECK_FALSE(save_recording_as(*path, {}, 16000, *path).ok());  // onto itself
    CHECK(fs::file_size(*path) == fs::file_size(copy));             // untouched
    CHECK_FALSE(save_recording_as("", {}, 16000, (dir / "none.wav").string()).ok());
    CHECK_FALSE(save_recording_as(*path, {}, 16000, "/proc/attnlab-no/x.wav").ok());
    fs::remove_all(dir);
}

namespace {

bool has_sound_card() {
    std::ifstream cards("/proc/asound/cards");
    std::string line;
    return cards && std::getline(cards, line) && line.find("no soundcards") == std::string::npos;
}

// Waits (at most 20 s) for the device to leave Starting.
SoundMode settle(const SoundDevice& d) {
    for (int i = 0; i < 400 && d.mode() == SoundMode::Starting; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return d.mode();
}

}  // namespace

TEST_CASE("sound device: without a sound card, recording and playing end in a clear problem, and nothing hangs") {
    if (has_sound_card()) {
        MESSAGE("this machine has a sound card: the no-device case is not checked here");
        return;
    }
    SoundDevice d;
    CHECK(d.mode() == SoundMode::Idle);
    d.record();
    CHECK(settle(d) == SoundMode::Idle);
    const SoundError e = d.take_error();
    MESSAGE("record without a card: problem " << int(e.problem) << " (" << e.detail << ")");
    CHECK((e.problem == SoundProblem::NoInput || e.problem == SoundProblem::NoSoundSystem ||
           e.problem == SoundProblem::InputFailed));
    CHECK_FALSE(d.take_recording().has_value());
    auto sound = std::make_shared<const std::vector<float>>(16000, 0.0f);
    d.play(sound, 16000, 0, sound->size());
    CHECK(settle(d) == SoundMode::Idle);
    const SoundError p = d.take_error();
    CHECK((p.problem == SoundProblem::NoOutput || p.problem == SoundProblem::NoSoundSystem ||
           p.problem == SoundProblem::OutputFailed));
    d.stop();  // nothing runs: harmless
    d.play(sound, 16000, 5, 5);  // an empty span: nothing to open
    CHECK(settle(d) == SoundMode::Idle);
    CHECK(d.take_error().problem == SoundProblem::None);
    // An error is told once.
    d.record();
    CHECK(settle(d) == SoundMode::Idle);
    CHECK(d.take_error().problem != SoundProblem::None);
    CHECK(d.take_error().problem == SoundProblem::None);
}

// Through a real PortAudio stream: ALSA's "file" plugin as the default device reads the microphone
// from a raw file and writes what is played to another (ctest app_sound_device sets HOME and
// ATTNLAB_SOUND_FILE_DEVICE to a folder; ALSA reads $HOME/.asoundrc once per process).
TEST_CASE("sound device: through ALSA's file plugin, a recording equals the input and playback writes the sound") {
    const char* dir_env = std::getenv("ATTNLAB_SOUND_FILE_DEVICE");
    if (dir_env == nullptr) {
        MESSAGE("ATTNLAB_SOUND_FILE_DEVICE is not set: run through ctest (app_sound_device)");
        return;
    }
    const fs::path dir(dir_env);
    fs::create_directories(dir);
    // The microphone: 3 s of a 440 Hz tone, float32 as the stream reads it.
    std::vector<float> tone(16000 * 3);
    for (std::size_t i = 0; i < tone.size(); ++i) tone[i] = 0.5f * float(std::sin(2.0 * M_PI * 440.0 * double(i) / 16000.0));
    {
        std::ofstream in(dir / "in.raw", std::ios::binary);
        in.write(reinterpret_cast<const char*>(tone.data()), std::streamsize(tone.size() * sizeof(float)));
    }
    fs::remove(dir / "out.raw");
    {
        std::ofstream rc(dir / ".asoundrc");
        rc << "pcm.!default {\n  type file\n  slave.pcm \"null\"\n  file \"" << (dir / "out.raw").string()
           << "\"\n  infile \"" << (dir / "in.raw").string() << "\"\n  format \"raw\"\n}\n";
    }
    SoundDevice d;
    d.record(1.0);  // the limit stops it by itself
    std::optional<RecordedTake> take;
    for (int i = 0; i < 400 && !take; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        take = d.take_recording();
    }
    if (!take) {
        const SoundError e = d.take_error();
        FAIL("no take; problem " << int(e.problem) << " " << e.detail);
    }
    CHECK(take->rate == 16000);
    CHECK(take->hit_limit);
    REQUIRE(take->samples.size() == 16000);
    double worst = 0;
    for (std::size_t i = 0; i < take->samples.size(); ++i) worst = std::max(worst, double(std::fabs(take->samples[i] - tone[i])));
    MESSAGE("recorded against the input: max diff " << worst);
    CHECK(worst == 0.0);
    CHECK(d.mode() == SoundMode::Idle);

    // The speakers: half a second of the take, then Idle; the file holds exactly those samples first.
    auto sound = std::make_shared<const std::vector<float>>(take->samples);
    d.play(sound, 16000, 1000, 9000);
    CHECK(settle(d) != SoundMode::Starting);
    for (int i = 0; i < 400 && d.mode() == SoundMode::Playing; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(d.mode() == SoundMode::Idle);
    CHECK(d.take_error().problem == SoundProblem::None);
    // PortAudio primes the device with a few blocks of silence: the sound starts after them.
    std::ifstream out(dir / "out.raw", std::ios::binary);
    std::vector<char> raw((std::istreambuf_iterator<char>(out)), std::istreambuf_iterator<char>());
    std::vector<float> got(raw.size() / sizeof(float));
    std::memcpy(got.data(), raw.data(), got.size() * sizeof(float));
    std::size_t lead = 0;
    auto starts_at = [&](std::size_t k) {
        for (std::size_t i = 0; i < 16; ++i)
            if (k + i >= got.size() || got[k + i] != (*sound)[1000 + i]) return false;
        return true;
    };
    while (lead <= 8192 && !starts_at(lead)) ++lead;
    MESSAGE("played: " << got.size() << " samples written, the sound from sample " << lead);
    REQUIRE(lead <= 8192);
    REQUIRE(got.size() >= lead + 8000);
    worst = 0;
    for (std::size_t i = 0; i < 8000; ++i) worst = std::max(worst, double(std::fabs(got[lead + i] - (*sound)[1000 + i])));
    MESSAGE("played against the sound: max diff " << worst);
    CHECK(worst == 0.0);
}
