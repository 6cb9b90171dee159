// test_core_messages_sound.cpp — a refused recording's message in Korean, including libsndfile's own
// reason: every form libsndfile writes (tests/fuzz/audio_forms.cpp) and the sound fixtures, each
// damaged the ways the hostile corpus damages them (tests/bad_input/hostile_corpus.py), decoded by
// core/audio; each refusal must come back translated with no English sentence left in it.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "app/i18n/core_messages.h"
#include "core/audio/audio.h"
#include "tests/app/core_messages_check.h"
#include "tests/temp_dir.h"

namespace attn::app {
namespace {

namespace fs = std::filesystem;
using messages_test::check_translated;

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The five damages of hostile_corpus.py (its noise and flips are seeded differently: any will do).
std::vector<std::string> damaged(const std::string& b) {
    const std::size_t n = b.size();
    std::vector<std::string> out;
    out.push_back(b.substr(0, n / 2));
    out.push_back(b.substr(0, std::min<std::size_t>(64, std::max<std::size_t>(1, n / 4))));
    std::string flip = b;
    for (std::size_t at = 3; at < std::min<std::size_t>(64, n); at += 7) flip[at] = char(~flip[at]);
    out.push_back(flip);
    std::string sizes = b;
    for (std::size_t at : {4, 8, 16, 24, 28, 40})
        if (at + 4 <= n) sizes.replace(at, 4, "\xff\xff\xff\xff");
    out.push_back(sizes);
    std::string noise = b;
    std::uint32_t x = 12345;
    for (std::size_t i = n / 4; i < 3 * n / 4; ++i) {
        x = x * 1664525u + 1013904223u;
        noise[i] = char(x >> 24);
    }
    out.push_back(noise);
    return out;
}

// The reason inside "… can read (REASON); it reads …" or "… damaged X file (REASON).", or "".
std::string reason_of(const std::string& m) {
    const std::string read = "AttnLab can read (", tail = "); it reads";
    if (auto a = m.find(read); a != std::string::npos) {
        const auto e = m.rfind(tail);
        return e == std::string::npos ? "" : m.substr(a + read.size(), e - a - read.size());
    }
    if (auto a = m.find(" file ("); a != std::string::npos && m.find("is a damaged") != std::string::npos)
        return m.substr(a + 7, m.size() - a - 9);
    return "";
}

TEST_CASE("sound messages: libsndfile's reasons for every damaged form come back in Korean") {
    test::TempDir dir("attnlab-sound-messages");
    const fs::path forms = dir.path / "forms";
    fs::create_directories(forms);
    const std::string cmd = std::string("'") + ATTNLAB_AUDIO_FORMS + "' '" + forms.string() + "' >/dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::vector<fs::path> originals;
    for (const auto& e : fs::directory_iterator(forms)) originals.push_back(e.path());
    for (const char* f : {"fox_16k.mp3", "fox_16k.ogg", "hello_22k_stereo_24bit.flac", "ko_16k.wav"})
        originals.push_back(fs::path(ATTNLAB_AUDIO_FIXTURES) / f);
    REQUIRE(originals.size() > 100);

    int refused = 0;
    std::set<std::string> reasons;
    for (const fs::path& p : originals) {
        for (const std::string& bytes : damaged(read_bytes(p))) {
            auto s = audio::decode_audio(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                                         p.filename().string());
            if (s.ok()) continue;
            ++refused;
            INFO("file: " << p.filename().string());
            check_translated(s.error());
            const std::string why = reason_of(s.error());
            if (why.empty()) continue;
            reasons.insert(why);
            // The reason itself is translated: a Korean sentence, not libsndfile's English one
            // (a decoder's own words after "the decoder said:" stay as it printed them).
            const std::string ko = localize_core_message(s.error(), Lang::Ko);
            const std::string own = why.substr(0, why.find("; the decoder said:"));
            CHECK_MESSAGE(ko.find(own) == std::string::npos, "untranslated reason: " << why);
        }
    }
    MESSAGE(refused << " damaged recordings refused, " << reasons.size() << " different reasons from libsndfile");
    CHECK(refused > 300);
    CHECK(reasons.size() > 15);
}

}  // namespace
}  // namespace attn::app
