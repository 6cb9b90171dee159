// test_log_mel.cpp — Whisper's log-mel spectrogram against torch (gen_audio_fixtures.py: torch.stft
// and the Slaney filters in numpy, float64), the filters against the same, properties (a tone lands
// in its mel band, silence is the floor, louder is higher by exactly log10), and
// preprocessor_config.json.
#include <doctest/doctest.h>

#include <cmath>

#include "core/audio/audio.h"
#include "core/audio/log_mel.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/audio/audio_fixtures.h"

using namespace attn;
using namespace attn::audio;
using attn::test::audio_bytes;
using attn::test::audio_fixture;
using attn::pretrained::SafeTensorsFile;

namespace {

const SafeTensorsFile& golden() {
    static const SafeTensorsFile file = SafeTensorsFile::open(audio_fixture("fox_log_mel.safetensors")).value();
    return file;
}

std::vector<float> fox() {
    const auto bytes = audio_bytes("fox_16k.wav");
    return decode_audio(bytes.data(), bytes.size(), "fox_16k.wav").value().samples;
}

}  // namespace

TEST_CASE("mel_filters: Slaney filters equal the numpy reference (librosa's formulas)") {
    const Eigen::MatrixXd w = mel_filters(MelConfig{});
    REQUIRE(w.rows() == 80);
    REQUIRE(w.cols() == 201);
    const Mat ref = golden().read_matrix("filters_80", 80, 201).value();
    const double diff = (w - ref.cast<double>()).cwiseAbs().maxCoeff();
    MESSAGE("mel filters (80 x 201): max |diff| " << diff << " (reference stored as float32)");
    CHECK(diff < 1e-9);
    // Each filter is a triangle of unit area in Hz (Slaney's norm): Σ w · 40 Hz ≈ 1 where it is
    // wide enough to be sampled by the 40 Hz bins.
    CHECK(w.minCoeff() >= 0);
    CHECK(w.row(79).sum() * 40.0 == doctest::Approx(1.0).epsilon(0.02));
}

TEST_CASE("log_mel_spectrogram: the fox equals torch's, 80 and 128 bins") {
    const std::vector<float> x = fox();
    for (int n_mels : {80, 128}) {
        MelConfig cfg;
        cfg.n_mels = n_mels;
        const LogMel lm = log_mel_spectrogram(x, cfg);
        REQUIRE(lm.features.rows() == n_mels);
        REQUIRE(lm.features.cols() == 3000);
        CHECK(lm.sound_frames == 344);  // ceil(55015 / 160)
        CHECK_FALSE(lm.cut);
        const int kept = n_mels == 80 ? 354 : 100;
        const std::string name = "log_mel_" + std::to_string(n_mels);
        const Mat ref = golden().read_matrix(name, n_mels, kept).value();
        const float floor = golden().read_vector("floor_" + std::to_string(n_mels), 1).value()(0);
        const float diff = (lm.features.leftCols(kept) - ref).cwiseAbs().maxCoeff();
        const float pad = (lm.features.rightCols(3000 - 346).array() - floor).abs().maxCoeff();
        MESSAGE(name << ": max |diff| " << diff << " over " << kept << " frames; padding frames against the floor "
                     << pad << "; floor " << lm.floor << " (torch " << floor << ")");
        CHECK(diff < 1e-5f);
        CHECK(pad < 1e-6f);
        CHECK(lm.floor == doctest::Approx(floor).epsilon(1e-6));
    }
}

TEST_CASE("log_mel_spectrogram: a 1 kHz tone lights its band; silence is the floor; louder shifts by log10") {
    MelConfig cfg;
    std::vector<float> tone(16000);
    for (std::size_t i = 0; i < tone.size(); ++i) tone[i] = 0.1f * float(std::sin(2 * M_PI * 1000.0 * double(i) / 16000));
    const LogMel lm = log_mel_spectrogram(tone, cfg);
    // The band whose filter weighs the 1 kHz bin (bin 25) most.
    const Eigen::MatrixXd w = mel_filters(cfg);
    Eigen::Index band = 0;
    w.col(25).maxCoeff(&band);
    Eigen::Index loudest = 0;
    lm.features.col(50).maxCoeff(&loudest);
    CHECK(loudest == band);
    CHECK(lm.sound_frames == 100);

    const LogMel silence = log_mel_spectrogram(std::vector<float>(16000, 0.0f), cfg);
    CHECK(silence.features.maxCoeff() == doctest::Approx(-1.5));  // log10(1e-10) = -10 → (-10 + 4) / 4
    CHECK(silence.features.minCoeff() == doctest::Approx(-1.5));
    CHECK(silence.floor == doctest::Approx(-1.5));  // the clamp at 1e-10, not max − 8

    // ×10 in amplitude is ×100 in power: +2 in log10, +0.5 after (x + 4) / 4, wherever not clamped.
    std::vector<float> loud = tone;
    for (float& v : loud) v *= 10;
    const LogMel louder = log_mel_spectrogram(loud, cfg);
    CHECK(louder.features(band, 50) - lm.features(band, 50) == doctest::Approx(0.5).epsilon(1e-4));
    CHECK(louder.floor - lm.floor == doctest::Approx(0.5).epsilon(1e-4));

    // Longer than the chunk: only its start is used, and the result says so.
    const LogMel cut = log_mel_spectrogram(std::vector<float>(31 * 16000, 0.01f), cfg);
    CHECK(cut.cut);
    CHECK(cut.sound_frames == 3000);
}

TEST_CASE("parse_mel_config: Whisper's files, and values AttnLab cannot honour") {
    auto tiny = parse_mel_config(R"({"chunk_length": 30, "feature_extractor_type": "WhisperFeatureExtractor",
        "feature_size": 80, "hop_length": 160, "n_fft": 400, "n_samples": 480000, "nb_max_frames": 3000,
        "padding_side": "right", "padding_value": 0.0, "processor_class": "WhisperProcessor",
        "return_attention_mask": false, "sampling_rate": 16000, "mel_filters": [[0.0, 0.1]]})");
    REQUIRE_MESSAGE(tiny.ok(), tiny.status().message());
    CHECK(tiny->n_mels == 80);
    CHECK(tiny->n_frames() == 3000);
    auto large = parse_mel_config(R"({"feature_size": 128})");
    REQUIRE(large.ok());
    CHECK(large->n_mels == 128);
    CHECK(large->n_samples() == 480000);

    struct Bad {
        const char* json;
        const char* says;
    } bad[] = {
        {R"({"feature_extractor_type": "Wav2Vec2FeatureExtractor"})", "a WhisperFeatureExtractor only"},
        {R"({"feature_size": 0})", "\"feature_size\" is 0; expected a whole number from 1 to 512"},
        {R"({"feature_size": 80.5})", "expected a whole number"},
        {R"({"hop_length": 500})", "hop_length 500 is longer than n_fft 400"},
        {R"({"n_samples": 160000})", "disagree with chunk_length"},
        {R"({"padding_value": 1.0})", "pads its recordings with silence"},
        {R"({"do_normalize": true})", "does not implement that"},
        {R"([1, 2])", "is not a JSON object"},
        {R"({"feature_size": )", "is not valid JSON"},
    };
    for (const Bad& b : bad) {
        auto r = parse_mel_config(b.json);
        REQUIRE_FALSE(r.ok());
        MESSAGE(r.error());
        CHECK(r.error().find(b.says) != std::string::npos);
        CHECK(r.error().rfind("preprocessor_config.json", 0) == 0);
    }
}
