// test_audio_decode.cpp — sound files in: WAV against its bytes read here, FLAC equal to the WAV it
// was made from, stereo mixed to the channels' mean, libsoxr's resampling against the analytic
// sine and against sox, Ogg Vorbis and MP3 close to the original, damaged files and their
// messages, read_audio_file's file errors, and the WAV writer.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cmath>
#include <fstream>
#include <future>

#include "core/audio/audio.h"
#include "core/base/limits.h"
#include "tests/audio/audio_fixtures.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::audio;
using attn::test::audio_bytes;
using attn::test::audio_fixture;
using attn::test::wav16_channels;

namespace {

float max_abs_diff(const std::vector<float>& a, const std::vector<float>& b, std::size_t skip = 0) {
    float m = 0;
    for (std::size_t i = skip; i + skip < std::min(a.size(), b.size()); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

// The best normalised correlation of b against a over shifts in [-max_lag, max_lag].
double best_correlation(const std::vector<float>& a, const std::vector<float>& b, int max_lag, int& lag) {
    double best = -1;
    for (int l = -max_lag; l <= max_lag; ++l) {
        double ab = 0, aa = 0, bb = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const long j = long(i) + l;
            if (j < 0 || j >= long(b.size())) continue;
            ab += double(a[i]) * b[std::size_t(j)];
            aa += double(a[i]) * a[i];
            bb += double(b[std::size_t(j)]) * b[std::size_t(j)];
        }
        const double c = ab / std::sqrt(aa * bb + 1e-30);
        if (c > best) best = c, lag = l;
    }
    return best;
}

Expected<Sound> decode(const std::string& name, int rate = kSpeechSampleRate) {
    const auto bytes = audio_bytes(name);
    return decode_audio(bytes.data(), bytes.size(), name, rate);
}

}  // namespace

TEST_CASE("decode_audio: a 16 kHz 16-bit WAV gives its samples exactly") {
    const auto ref = wav16_channels(audio_bytes("fox_16k.wav"));
    REQUIRE(ref.size() == 1);
    auto s = decode("fox_16k.wav");
    REQUIRE_MESSAGE(s.ok(), s.status().message());
    CHECK(s->samples.size() == 55015);  // cases.json
    CHECK(s->samples.size() == ref[0].size());
    const float diff = max_abs_diff(s->samples, ref[0]);
    MESSAGE("fox_16k.wav: max |diff| against the bytes read here " << diff);
    CHECK(diff == 0.0f);
    CHECK(s->format == "WAV, 16-bit PCM");
    CHECK(s->file_sample_rate == 16000);
    CHECK(s->file_channels == 1);
    CHECK(s->sample_rate == 16000);
    CHECK(s->seconds() == doctest::Approx(55015.0 / 16000));
}

TEST_CASE("decode_audio: stereo is mixed to the channels' mean; 24-bit FLAC equals the WAV") {
    const auto ref = wav16_channels(audio_bytes("hello_22k_stereo.wav"));
    REQUIRE(ref.size() == 2);
    std::vector<float> mean(ref[0].size());
    for (std::size_t i = 0; i < mean.size(); ++i) mean[i] = (ref[0][i] + ref[1][i]) / 2;
    auto wav = decode("hello_22k_stereo.wav", 22050);
    auto flac = decode("hello_22k_stereo_24bit.flac", 22050);
    REQUIRE_MESSAGE(wav.ok(), wav.status().message());
    REQUIRE_MESSAGE(flac.ok(), flac.status().message());
    CHECK(wav->file_channels == 2);
    CHECK(flac->format == "FLAC, 24-bit");
    REQUIRE(wav->samples.size() == mean.size());
    REQUIRE(flac->samples.size() == mean.size());
    const float mix = max_abs_diff(wav->samples, mean), lossless = max_abs_diff(flac->samples, wav->samples);
    MESSAGE("stereo mix: max |diff| " << mix << "; FLAC against WAV: " << lossless);
    CHECK(mix < 1e-7f);
    CHECK(lossless == 0.0f);
}

TEST_CASE("resample: libsoxr keeps a sine a sine (44.1 kHz and 8 kHz to 16 kHz)") {
    for (int rate : {44100, 8000, 48000}) {
        const double f = 440.0;
        std::vector<float> x(static_cast<std::size_t>(rate));  // one second
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.5f * float(std::sin(2 * M_PI * f * double(i) / rate));
        const std::vector<float> y = resample(x, rate, 16000);
        CHECK(y.size() == 16000);
        float err = 0;
        for (std::size_t i = 400; i + 400 < y.size(); ++i)  // away from the edges (the filter's reach)
            err = std::max(err, std::abs(y[i] - 0.5f * float(std::sin(2 * M_PI * f * double(i) / 16000))));
        MESSAGE(rate << " Hz → 16 kHz: max |diff| against the analytic sine " << err);
        CHECK(err < 1e-5f);
    }
    CHECK(resample({}, 44100, 16000).empty());
    const std::vector<float> same{0.1f, -0.2f, 0.3f};
    CHECK(resample(same, 16000, 16000) == same);
}

TEST_CASE("decode_audio: 22.05 kHz stereo at 16 kHz matches sox's mixing and resampling") {
    auto ours = decode("hello_22k_stereo.wav");
    REQUIRE_MESSAGE(ours.ok(), ours.status().message());
    const auto sox = wav16_channels(audio_bytes("hello_16k_sox.wav"));
    REQUIRE(sox.size() == 1);
    CHECK(std::abs(long(ours->samples.size()) - long(sox[0].size())) <= 1);
    const float diff = max_abs_diff(ours->samples, sox[0], 64);
    int lag = 99;
    const double corr = best_correlation(ours->samples, sox[0], 3, lag);
    MESSAGE("against sox (16-bit): max |diff| " << diff << ", correlation " << corr << " at lag " << lag);
    CHECK(lag == 0);
    CHECK(corr > 0.9999);
    CHECK(diff < 2e-4f);  // two resamplers' filters, and sox's 16-bit output (±1.5e-5)
}

TEST_CASE("decode_audio: Ogg Vorbis and MP3 sound like the WAV they were made from") {
    auto wav = decode("fox_16k.wav");
    REQUIRE(wav.ok());
    for (const char* name : {"fox_16k.ogg", "fox_16k.mp3"}) {
        auto s = decode(name);
        REQUIRE_MESSAGE(s.ok(), s.status().message());
        CHECK(s->file_sample_rate == 16000);
        // MP3 adds its encoder's delay and padding (up to ~1,200 samples at each end).
        CHECK(std::abs(double(s->samples.size()) - double(wav->samples.size())) < 2500);
        int lag = 0;
        const double corr = best_correlation(wav->samples, s->samples, 1500, lag);
        MESSAGE(std::string(name) << " (" << s->format << "): correlation " << corr << " at lag " << lag);
        CHECK(corr > 0.95);
    }
    CHECK(decode("fox_16k.ogg")->format == "Ogg Vorbis");
    CHECK(decode("fox_16k.mp3")->format == "MP3");
}

TEST_CASE("decode_audio: damaged and wrong files are refused with one clear line") {
    struct Case {
        const char* name;
        const char* says;
    } cases[] = {
        {"broken_cut.wav", "is not a sound file AttnLab can read"},
        {"broken_text.wav", "is not a sound file AttnLab can read"},
        {"broken_nan.wav", "holds samples that are not numbers"},
        {"broken_zero_channels.wav", "is not a sound file AttnLab can read"},
    };
    for (const Case& c : cases) {
        auto s = decode(c.name);
        REQUIRE_FALSE(s.ok());
        MESSAGE(c.name << ": " << s.error());
        CHECK(s.error().find(c.says) != std::string::npos);
        CHECK(s.error().rfind(std::string("'") + c.name + "'", 0) == 0);
        CHECK(s.error().find('\n') == std::string::npos);
    }
    const std::uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0};
    auto p = decode_audio(png, sizeof png, "photo.wav");
    REQUIRE_FALSE(p.ok());
    CHECK(p.error() == "'photo.wav' is an image, not a recording; AttnLab reads " +
                           std::string(kSupportedAudioFormats) + " files.");
    // Two samples at 768 kHz are none at 16 kHz.
    const std::vector<std::uint8_t> blip = [] {
        auto b = encode_wav16({0.5f, -0.5f}, 16000);
        const std::uint32_t rate = 768000, bytes_per_s = 768000 * 2;
        std::memcpy(b.data() + 24, &rate, 4);
        std::memcpy(b.data() + 28, &bytes_per_s, 4);
        return b;
    }();
    auto tiny = decode_audio(blip.data(), blip.size(), "blip.wav");
    REQUIRE_FALSE(tiny.ok());
    CHECK(tiny.error() == "'blip.wav' (WAV, 16-bit PCM) is too short: 2 samples at 768000 Hz are less than one at 16000 Hz.");
    // A float WAV with a sample of 3e38: finite, but no recording (and it overflows the resampler).
    std::vector<std::uint8_t> loud(audio_bytes("broken_nan.wav"));
    const float huge[4] = {0.1f, 3e38f, 0.2f, 0.0f};
    std::memcpy(loud.data() + loud.size() - 16, huge, 16);
    auto l = decode_audio(loud.data(), loud.size(), "loud.wav");
    REQUIRE_FALSE(l.ok());
    CHECK(l.error() == "'loud.wav' holds a sample of 3e+38, far beyond full scale (±1); the file is damaged.");
    auto e = decode_audio(png, 0, "empty.wav");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error() == "'empty.wav' is empty (0 bytes).");
}

TEST_CASE("decode_audio: more than 10 minutes is refused from the header, before reading") {
    const std::vector<float> quiet(601 * 1000, 0.01f);  // 10 min 01 s at 1 kHz
    const auto bytes = encode_wav16(quiet, 1000);
    auto s = decode_audio(bytes.data(), bytes.size(), "lecture.wav");
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == "'lecture.wav' is 10 min 01 s long; AttnLab reads recordings of at most 10 min 00 s. "
                       "Cut out the part you need first.");
    const std::vector<float> fine(599 * 1000, 0.01f);
    const auto ok_bytes = encode_wav16(fine, 1000);
    auto ok = decode_audio(ok_bytes.data(), ok_bytes.size(), "lecture.wav", 1000);  // at its own rate: no resampling
    REQUIRE_MESSAGE(ok.ok(), ok.status().message());
    CHECK(ok->samples.size() == 599u * 1000);
    // A minute resampled in blocks: every output sample there, the level kept.
    const std::vector<float> minute = resample(std::vector<float>(60 * 1000, 0.25f), 1000, 16000);
    REQUIRE(minute.size() == 60u * 16000);
    CHECK(minute[minute.size() / 2] == doctest::Approx(0.25f).epsilon(1e-3));
    CHECK(minute[minute.size() - 2000] == doctest::Approx(0.25f).epsilon(1e-3));
}

TEST_CASE("read_audio_file: missing files, folders and named pipes") {
    auto missing = read_audio_file("/nonexistent/talk.wav");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error() == "Cannot open '/nonexistent/talk.wav': No such file or directory.");
    attn::test::TempDir dir("attnlab-audio");
    auto folder = read_audio_file(dir.path.string());
    REQUIRE_FALSE(folder.ok());
    CHECK(folder.error() == "'" + dir.path.string() + "' is a folder, not a file.");
    const std::string fifo = dir.file("talk.wav");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    auto reading = std::async(std::launch::async, [&] { return read_audio_file(fifo); });
    const bool finished = reading.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
    CHECK_MESSAGE(finished, "read_audio_file waited on a named pipe");
    if (!finished) {
        const int w = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        if (w >= 0) ::close(w);
    }
    auto r = reading.get();
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "'" + fifo + "' is not a regular file.");
    auto ok = read_audio_file(audio_fixture("ko_16k.wav"));
    REQUIRE_MESSAGE(ok.ok(), ok.status().message());
    CHECK(ok->seconds() > 1.0);
}

TEST_CASE("encode_wav16: what the app saves reads back as the same sound") {
    std::vector<float> x(1600);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.8f * float(std::sin(double(i) * 0.05));
    x[10] = 1.5f;   // clipped to full scale
    x[11] = -2.0f;
    const auto bytes = encode_wav16(x, 16000);
    CHECK(bytes.size() == 44 + 2 * x.size());
    auto s = decode_audio(bytes.data(), bytes.size(), "rec.wav");
    REQUIRE_MESSAGE(s.ok(), s.status().message());
    REQUIRE(s->samples.size() == x.size());
    CHECK(s->samples[10] == 32767.0f / 32768);
    CHECK(s->samples[11] == -1.0f);
    x[10] = 32767.0f / 32768, x[11] = -1.0f;
    const float diff = max_abs_diff(s->samples, x);
    MESSAGE("16-bit round trip: max |diff| " << diff);
    CHECK(diff <= 0.5f / 32768);
}

namespace {

// A WAV file written here: RIFF, a 16-byte fmt chunk (format tag 1 = PCM, 7 = μ-law), the data
// chunk as given; `data_size` overrides the data chunk's declared size (a header that lies).
std::vector<std::uint8_t> wav_file(int tag, int channels, int rate, int bits, const std::vector<std::uint8_t>& data,
                                   long long data_size = -1) {
    std::vector<std::uint8_t> out;
    auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
    };
    auto u16 = [&](std::uint16_t v) {
        out.push_back(std::uint8_t(v));
        out.push_back(std::uint8_t(v >> 8));
    };
    const std::uint32_t declared = data_size >= 0 ? std::uint32_t(data_size) : std::uint32_t(data.size());
    out.insert(out.end(), {'R', 'I', 'F', 'F'});
    u32(std::uint32_t(36 + std::min<std::uint64_t>(declared, 0xFFFFFFFFull - 36)));
    out.insert(out.end(), {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '});
    u32(16);
    u16(std::uint16_t(tag));
    u16(std::uint16_t(channels));
    u32(std::uint32_t(rate));
    u32(std::uint32_t(rate * channels * bits / 8));
    u16(std::uint16_t(channels * bits / 8));
    u16(std::uint16_t(bits));
    out.insert(out.end(), {'d', 'a', 't', 'a'});
    u32(declared);
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

std::vector<float> sine(int n, int rate, double hz, double amplitude) {
    std::vector<float> s(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) s[std::size_t(i)] = float(amplitude * std::sin(2.0 * M_PI * hz * i / rate));
    return s;
}

std::vector<std::uint8_t> pcm16(const std::vector<float>& interleaved) {
    std::vector<std::uint8_t> d;
    for (float x : interleaved) {
        const int v = int(std::lround(std::clamp(x, -1.0f, 1.0f) * 32767.0f));
        d.push_back(std::uint8_t(v & 0xFF));
        d.push_back(std::uint8_t((v >> 8) & 0xFF));
    }
    return d;
}

// G.711 μ-law, from its definition: sign, then the segment and step of |x| · 32635 + 132.
std::uint8_t mu_law(float x) {
    int v = int(std::lround(std::clamp(x, -1.0f, 1.0f) * 32635.0f));
    const int sign = v < 0 ? 0x80 : 0;
    v = std::min(std::abs(v), 32635) + 132;
    int segment = 7;
    for (int mask = 0x4000; segment > 0 && !(v & mask); mask >>= 1) --segment;
    const int step = (v >> (segment + 3)) & 0x0F;
    return std::uint8_t(~(sign | (segment << 4) | step));
}

}  // namespace

TEST_CASE("decode_audio: a hostile corpus built here — 8-bit, μ-law, 96 kHz, 6 channels, lying and empty headers") {
    const int n = 8000;  // 0.5 s at 16 kHz
    const std::vector<float> ref = sine(n, 16000, 440.0, 0.5);

    // 8-bit unsigned PCM: (byte − 128) / 128, so within one step (1/128) of the sine.
    std::vector<std::uint8_t> u8;
    for (float x : ref) u8.push_back(std::uint8_t(std::lround(128.0f + x * 127.0f)));
    auto s8 = decode_audio(wav_file(1, 1, 16000, 8, u8).data(), wav_file(1, 1, 16000, 8, u8).size(), "u8.wav");
    REQUIRE_MESSAGE(s8.ok(), s8.status().message());
    CHECK(s8->format == "WAV, 8-bit PCM");
    CHECK(s8->samples.size() == std::size_t(n));
    MESSAGE("8-bit: max |diff| " << max_abs_diff(s8->samples, ref));
    CHECK(max_abs_diff(s8->samples, ref) < 1.0f / 128.0f + 1e-6f);

    // μ-law: within its coarsest step at this level (about 1/64 of full scale near ±0.5).
    std::vector<std::uint8_t> mu;
    for (float x : ref) mu.push_back(mu_law(x));
    const auto mu_file = wav_file(7, 1, 16000, 8, mu);
    auto smu = decode_audio(mu_file.data(), mu_file.size(), "mulaw.wav");
    REQUIRE_MESSAGE(smu.ok(), smu.status().message());
    MESSAGE("mu-law: " << smu->format << ", max |diff| " << max_abs_diff(smu->samples, ref));
    CHECK(smu->samples.size() == std::size_t(n));
    CHECK(max_abs_diff(smu->samples, ref) < 1.0f / 64.0f);

    // 96 kHz: resampled to 16 kHz, the same 440 Hz sine (edges left out: the filter's ramp).
    const auto hi_file = wav_file(1, 1, 96000, 16, pcm16(sine(6 * n, 96000, 440.0, 0.5)));
    auto s96 = decode_audio(hi_file.data(), hi_file.size(), "r96k.wav");
    REQUIRE_MESSAGE(s96.ok(), s96.status().message());
    CHECK(s96->file_sample_rate == 96000);
    CHECK(s96->samples.size() == std::size_t(n));
    MESSAGE("96 kHz -> 16 kHz: max |diff| " << max_abs_diff(s96->samples, ref, 200));
    CHECK(max_abs_diff(s96->samples, ref, 200) < 2e-3f);

    // 6 channels: channel c carries the sine × c / 5 (c = 0 … 5); the mix is their mean, sine × 0.5.
    std::vector<float> six;
    for (float x : ref)
        for (int c = 0; c < 6; ++c) six.push_back(x * float(c) / 5.0f);
    const auto six_file = wav_file(1, 6, 16000, 16, pcm16(six));
    auto s6 = decode_audio(six_file.data(), six_file.size(), "six.wav");
    REQUIRE_MESSAGE(s6.ok(), s6.status().message());
    CHECK(s6->file_channels == 6);
    std::vector<float> mean(ref.size());
    for (std::size_t i = 0; i < ref.size(); ++i) mean[i] = ref[i] * 0.5f;
    CHECK(max_abs_diff(s6->samples, mean) < 2e-4f);

    // A header declaring ~37 hours over 1 s of data: the frames that are there are read.
    const auto liar = wav_file(1, 1, 16000, 16, pcm16(std::vector<float>(16000, 0.1f)), 0xFFFFFFF0ll);
    auto sl = decode_audio(liar.data(), liar.size(), "ten_hours.wav");
    REQUIRE_MESSAGE(sl.ok(), sl.status().message());
    CHECK(sl->samples.size() == 16000u);

    // 0 Hz and 0 channels: refused in one line that says what is missing.
    const auto zero_hz = wav_file(1, 1, 0, 16, pcm16(ref));
    auto sz = decode_audio(zero_hz.data(), zero_hz.size(), "zero_hz.wav");
    REQUIRE_FALSE(sz.ok());
    MESSAGE(sz.error());
    CHECK(sz.error().find("'zero_hz.wav' is not a sound file AttnLab can read") == 0);
    CHECK(sz.error().find("sample rate") != std::string::npos);
    // An empty data chunk: no sound.
    const auto empty = wav_file(1, 1, 16000, 16, {});
    auto se = decode_audio(empty.data(), empty.size(), "empty.wav");
    REQUIRE_FALSE(se.ok());
    CHECK(se.error() == "'empty.wav' (WAV, 16-bit PCM) holds no sound: 0 samples.");
}

TEST_CASE("decode_audio: the hostile files (gen_hostile_audio.py) each give their expected sound or refusal") {
    std::ifstream in(std::string(ATTNLAB_AUDIO_FIXTURES) + "/hostile.json");
    REQUIRE(in);
    const nlohmann::json cases = nlohmann::json::parse(in);
    REQUIRE(cases.size() == 8);
    for (auto it = cases.begin(); it != cases.end(); ++it) {  // (clang: no structured binding in CAPTURE's lambda)
        const std::string name = it.key();
        const nlohmann::json& want = it.value();
        CAPTURE(name);
        auto s = decode(name);
        if (want.contains("refused")) {
            REQUIRE_FALSE(s.ok());
            MESSAGE(name << ": " << s.error());
            CHECK(s.error().find(want["refused"].get<std::string>()) != std::string::npos);
            CHECK(s.error().rfind("'" + name + "'", 0) == 0);
            continue;
        }
        REQUIRE_MESSAGE(s.ok(), s.status().message());
        CHECK(s->samples.size() == want["samples"].get<std::size_t>());
        if (want.contains("format")) CHECK(s->format == want["format"].get<std::string>());
        if (want.contains("channels")) CHECK(s->file_channels == want["channels"].get<int>());
        const double scale = want.value("scale", 1.0);
        const std::vector<float> ref = sine(int(s->samples.size()), 16000, 440.0, 0.5 * scale);
        const float diff = max_abs_diff(s->samples, ref, want.value("skip", std::size_t(0)));
        MESSAGE(name << " (" << s->format << "): max |diff| from the sine " << diff);
        CHECK(diff <= want["tolerance"].get<double>());
    }
}
