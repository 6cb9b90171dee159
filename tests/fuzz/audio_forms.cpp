// audio_forms.cpp — writes one short recording in every form libsndfile can write here: each major
// format (WAV, AIFF, AU, FLAC, Ogg, MPEG, CAF, W64, RF64, …) with each of its encodings (PCM widths,
// float, µ-law, A-law, ADPCM, GSM, Vorbis, Opus, MP3, …), as libsndfile itself lists them. The audio
// fuzzer starts from these (tools/fuzz.sh), so every decoder libsndfile uses is reached, and the
// hostile corpus (tests/bad_input/hostile_corpus_test.sh) damages each one.
//
//   attnlab_audio_forms OUTDIR     → OUTDIR/<major>-<encoding>.<ext>, one line per file on stdout
//
// 0.1 s of mono 16 kHz sound: a 440 Hz tone rising into a chirp, so that no encoder sees silence.
// Test tooling: it talks to libsndfile directly, not through core/audio (which only reads).
#include <sndfile.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

std::string slug(const char* name) {
    std::string out;
    for (const char* c = name; *c; ++c) {
        if (std::isalnum(static_cast<unsigned char>(*c))) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
        } else if (!out.empty() && out.back() != '_') {
            out += '_';
        }
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out.substr(0, 32);
}

int count(int command) {
    int n = 0;
    sf_command(nullptr, command, &n, sizeof n);
    return n;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: attnlab_audio_forms OUTDIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    constexpr int kRate = 16000, kFrames = 1600;
    std::vector<float> sound(kFrames);
    for (int i = 0; i < kFrames; ++i) {
        const double t = double(i) / kRate;
        sound[i] = float(0.4 * std::sin(2 * M_PI * (440 * t + 2000 * t * t)));
    }
    int written = 0;
    for (int m = 0; m < count(SFC_GET_FORMAT_MAJOR_COUNT); ++m) {
        SF_FORMAT_INFO major{};
        major.format = m;
        sf_command(nullptr, SFC_GET_FORMAT_MAJOR, &major, sizeof major);
        for (int s = 0; s < count(SFC_GET_FORMAT_SUBTYPE_COUNT); ++s) {
            SF_FORMAT_INFO sub{};
            sub.format = s;
            sf_command(nullptr, SFC_GET_FORMAT_SUBTYPE, &sub, sizeof sub);
            SF_INFO info{};
            info.samplerate = kRate;
            info.channels = 1;
            info.format = major.format | sub.format;
            // Sound Designer II keeps its data in a resource fork (a second "._" file): no form a
            // recording arrives in.
            if ((major.format & SF_FORMAT_TYPEMASK) == SF_FORMAT_SD2 || !sf_format_check(&info)) continue;
            const std::string path = dir + "/" + slug(major.name) + "-" + slug(sub.name) + "." + major.extension;
            SNDFILE* f = sf_open(path.c_str(), SFM_WRITE, &info);
            if (!f) {  // a form libsndfile lists but cannot write here (MPEG layers I and II)
                std::remove(path.c_str());
                continue;
            }
            const sf_count_t put = sf_writef_float(f, sound.data(), kFrames);
            sf_close(f);
            // Kept only when libsndfile reads it back by its content alone (not the headerless raw
            // forms).
            SF_INFO back{};
            SNDFILE* r = put == kFrames ? sf_open(path.c_str(), SFM_READ, &back) : nullptr;
            const bool readable = r && back.frames > 0;
            if (r) sf_close(r);
            if (!readable) {
                std::remove(path.c_str());
                continue;
            }
            std::printf("%s\n", path.c_str());
            ++written;
        }
    }
    if (written == 0) {
        std::fprintf(stderr, "attnlab_audio_forms: libsndfile wrote no file into %s\n", dir.c_str());
        return 1;
    }
    return 0;
}
