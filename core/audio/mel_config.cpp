// mel_config.cpp — preprocessor_config.json of a WhisperFeatureExtractor → MelConfig.
//
// A key we know with a value we cannot honour (normalised features, a non-zero padding value,
// n_samples that disagrees with chunk_length × sampling_rate) is refused, never ignored.
#include <cmath>
#include <exception>

#include <nlohmann/json.hpp>

#include "core/audio/log_mel.h"
#include "core/base/json_text.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn::audio {

namespace {

using json = nlohmann::json;
constexpr const char* kFile = "preprocessor_config.json";

Status bad_value(const char* key, const json& v, const std::string& expected) {
    return Status::Error(std::string(kFile) + ": \"" + key + "\" is " + printable_input(v.dump(), 60) +
                         "; expected " + expected + ".");
}

// A whole number in [lo, hi] (1e3 written as 1000.0 is fine), or absent / null (then `out` stays).
Status read_int(const json& root, const char* key, int lo, int hi, int& out) {
    auto it = root.find(key);
    if (it == root.end() || it->is_null()) return Status::Ok();
    const std::string expected = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!it->is_number()) return bad_value(key, *it, expected);
    const double d = it->get<double>();
    if (!(d >= lo && d <= hi) || std::floor(d) != d) return bad_value(key, *it, expected);
    out = static_cast<int>(d);
    return Status::Ok();
}

Expected<MelConfig> parse(const json& root) {
    if (!root.is_object()) return Status::Error(std::string(kFile) + " is not a JSON object.");
    if (auto it = root.find("feature_extractor_type"); it != root.end() && !it->is_null()) {
        if (!it->is_string()) return bad_value("feature_extractor_type", *it, "a name");
        const std::string type = it->get<std::string>();
        if (type != "WhisperFeatureExtractor")
            return Status::Error(std::string(kFile) + " describes a " + printable_input(type, 60) +
                                 "; AttnLab computes the features of a WhisperFeatureExtractor only.");
    }
    MelConfig c;
    if (Status s = read_int(root, "feature_size", 1, 512, c.n_mels); !s.ok()) return s;
    if (Status s = read_int(root, "sampling_rate", limits::kMinAudioRate, 192000, c.sample_rate); !s.ok()) return s;
    if (Status s = read_int(root, "n_fft", 2, 16384, c.n_fft); !s.ok()) return s;
    if (Status s = read_int(root, "hop_length", 1, 16384, c.hop_length); !s.ok()) return s;
    if (Status s = read_int(root, "chunk_length", 1, 60, c.chunk_seconds); !s.ok()) return s;
    if (c.hop_length > c.n_fft)
        return Status::Error(std::string(kFile) + ": hop_length " + std::to_string(c.hop_length) +
                             " is longer than n_fft " + std::to_string(c.n_fft) + "; samples would be skipped.");
    if (c.n_fft / 2 >= c.n_samples())
        return Status::Error(std::string(kFile) + ": n_fft " + std::to_string(c.n_fft) + " does not fit in a " +
                             std::to_string(c.chunk_seconds) + "-second chunk.");
    if (c.n_frames() > 100000)
        return Status::Error(std::string(kFile) + ": " + std::to_string(c.n_frames()) +
                             " frames per chunk; AttnLab computes at most 100000.");
    const std::uint64_t bytes = c.spectrogram_bytes();
    if (bytes > limits::kMaxSpectrogramBytes)
        return Status::Error(std::string(kFile) + ": n_fft " + std::to_string(c.n_fft) + " over " +
                             std::to_string(c.n_frames()) + " frames would take " + std::to_string(bytes >> 20) +
                             " MiB for one chunk's spectrogram; AttnLab's limit is " +
                             std::to_string(limits::kMaxSpectrogramBytes >> 20) + " MiB (Whisper's takes 5).");
    // Derived values a file may repeat: they must agree.
    int n_samples = c.n_samples(), n_frames = c.n_frames();
    if (Status s = read_int(root, "n_samples", 1, 1 << 30, n_samples); !s.ok()) return s;
    if (Status s = read_int(root, "nb_max_frames", 1, 1 << 30, n_frames); !s.ok()) return s;
    if (n_samples != c.n_samples() || n_frames != c.n_frames())
        return Status::Error(std::string(kFile) + ": n_samples " + std::to_string(n_samples) + " and nb_max_frames " +
                             std::to_string(n_frames) + " disagree with chunk_length × sampling_rate (" +
                             std::to_string(c.n_samples()) + ") and its frames (" + std::to_string(c.n_frames()) +
                             ").");
    if (auto it = root.find("padding_value"); it != root.end() && !it->is_null() &&
                                              !(it->is_number() && it->get<double>() == 0.0))
        return Status::Error(std::string(kFile) + ": padding_value " + printable_input(it->dump(), 30) +
                             "; Whisper pads its recordings with silence (0), and so does AttnLab.");
    if (auto it = root.find("do_normalize"); it != root.end() && !it->is_null()) {
        if (!it->is_boolean()) return bad_value("do_normalize", *it, "true or false");
        if (it->get<bool>())
            return Status::Error(std::string(kFile) + " asks for normalised samples (do_normalize); "
                                 "AttnLab does not implement that (Whisper's own files never ask for it).");
    }
    return c;
}

}  // namespace

Expected<MelConfig> parse_mel_config(std::string_view json_text) {
    auto root = parse_json_text(json_text, kFile, limits::kMaxConfigBytes);
    if (!root.ok()) return root.status();
    try {
        return parse(*root);
    } catch (const std::exception& e) {  // every access above checks its type first; stay safe anyway
        return Status::Error(std::string(kFile) + " could not be read: " + printable_input(e.what(), 160) + ".");
    }
}

}  // namespace attn::audio
