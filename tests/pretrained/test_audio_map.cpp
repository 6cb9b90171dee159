// test_audio_map.cpp — a speech run's cross-attention against time (core/attention/audio_map.h) and
// the audio figure and CSV (core/figure) on the real tiny Whisper's run over the Korean recording
// with a typed transcript.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/attention/audio_map.h"
#include "core/figure/figure.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kFolder = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-whisper";
const std::string kAudio = std::string(ATTNLAB_FIXTURE_DIR) + "/../audio/fixtures/";

const std::vector<Trace>& run() {
    static const std::vector<Trace> sections = [] {
        auto model = load_pretrained_model(kFolder);
        REQUIRE_MESSAGE(model.ok(), (model.ok() ? "" : model.error()));
        RunConfig r;
        r.audio_path = kAudio + "ko_16k.wav";
        r.language = "ko";
        r.cross_text = " the cat, 집!";
        auto s = compute_pretrained_run(**model, r);
        REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
        return *s;
    }();
    return sections;
}

}  // namespace

TEST_CASE("audio map: the alignment heads are the trace's pairs that exist, 0-based") {
    const Trace& cross = run()[2];
    REQUIRE(cross.section == "cross");
    CHECK(audio_alignment_heads(cross) == std::vector<std::pair<int, int>>{{1, 0}, {1, 2}});
    Trace no_audio = cross;
    no_audio.audio.reset();
    CHECK(audio_alignment_heads(no_audio).empty());
}

TEST_CASE("audio map: a word's cross-attention is the mean of its rows and of the heads") {
    const Trace& cross = run()[2];
    const TraceAudio& a = *cross.audio;
    REQUIRE(a.words.size() == 5);
    const TimedWord& w = a.words[3];  // " 집": three rows
    const std::vector<std::pair<int, int>> heads = {{1, 0}, {1, 2}};
    const std::vector<float> got = audio_cross_rows(cross, w.first_token, w.end_token, heads);
    REQUIRE(int(got.size()) == a.sound_frames);
    double worst = 0;
    for (int f = 0; f < a.sound_frames; ++f) {
        double want = 0;
        for (const auto& [l, h] : heads)
            for (int r = w.first_token; r < w.end_token; ++r) want += cross.layers[l].heads[h].weights(r, f);
        want /= 2.0 * (w.end_token - w.first_token);
        worst = std::max(worst, std::fabs(want - got[std::size_t(f)]));
    }
    MESSAGE("word row against a direct sum: max diff " << worst);
    CHECK(worst < 1e-6);
    CHECK(audio_cross_rows(cross, 0, 1, {{7, 0}}).empty());  // no such layer
    const std::vector<float> one = audio_cross_row(cross, 4, {{0, 1}});
    CHECK(one[0] == cross.layers[0].heads[1].weights(4, 0));
}

TEST_CASE("audio map: waveform columns hold each stretch's lowest and highest sample") {
    const std::vector<float> s = {0.0f, 0.5f, -0.25f, 1.0f, -1.0f, 0.2f};
    const auto c = waveform_columns(s, s.size(), 3);
    REQUIRE(c.size() == 3);
    CHECK(c[0] == std::pair<float, float>{0.0f, 0.5f});
    CHECK(c[1] == std::pair<float, float>{-0.25f, 1.0f});
    CHECK(c[2] == std::pair<float, float>{-1.0f, 0.2f});
    CHECK(waveform_columns(s, 0, 3).empty());
    CHECK(waveform_columns(s, 100, 12).size() == 12);  // more columns than samples: each reads one
}

TEST_CASE("audio map: one row per written token, the prompt left out, each the heads' mean") {
    const Trace& cross = run()[2];
    const int P = cross.audio->prompt_tokens;
    const HeadList heads = audio_alignment_heads(cross);
    const Mat m = audio_cross_map(cross, heads);  // (T − P, F)
    REQUIRE(m.rows() == cross.t_q() - P);
    REQUIRE(m.cols() == cross.t_k());
    double worst = 0;
    for (int r = 0; r < m.rows(); ++r)
        for (int f = 0; f < m.cols(); ++f) {
            double want = 0;
            for (const auto& [l, h] : heads) want += cross.layers[l].heads[h].weights(P + r, f);
            worst = std::max(worst, std::fabs(want / double(heads.size()) - m(r, f)));
        }
    MESSAGE("map against a direct mean: max diff " << worst);
    CHECK(worst < 1e-6);
    CHECK(heard_samples(*cross.audio) <= cross.audio->samples.size());
    CHECK(heard_samples(*cross.audio) ==
          std::size_t(cross.audio->sound_frames * cross.audio->seconds_per_frame * cross.audio->sample_rate));
}

namespace {

FigureRequest audio_request(int word, FigureLang lang = FigureLang::En) {
    FigureRequest r;
    r.view = FigureView::Audio;
    r.layer = 0;
    r.head = -1;  // the alignment heads
    r.word = word;
    r.options.lang = lang;
    r.options.font_files = {ATTNLAB_TEST_FONT};
    return r;
}

std::vector<std::string> split(const std::string& line) {  // no quoted commas in these rows
    std::vector<std::string> out(1);
    bool quoted = false;
    for (char ch : line) {
        if (ch == '"') quoted = !quoted;
        else if (ch == ',' && !quoted) out.emplace_back();
        else out.back() += ch;
    }
    return out;
}

}  // namespace

TEST_CASE("audio figure: PNG, SVG and PDF in English and Korean, with and without a followed word") {
    const Trace& cross = run()[2];
    for (FigureLang lang : {FigureLang::En, FigureLang::Ko}) {
        for (int word : {-1, 3}) {
            const FigureRequest r = audio_request(word, lang);
            REQUIRE(validate_figure_request(cross, r, FigureFormat::Png).ok());
            std::vector<std::string> warnings;
            auto png = render_figure(cross, r, FigureFormat::Png, &warnings);
            REQUIRE_MESSAGE(png.ok(), png.status().message());
            CHECK(png->compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
            auto pdf = render_figure(cross, r, FigureFormat::Pdf);
            REQUIRE(pdf.ok());
            CHECK(pdf->compare(0, 5, "%PDF-") == 0);
            auto svg = render_figure(cross, r, FigureFormat::Svg);
            REQUIRE(svg.ok());
            const bool ko = lang == FigureLang::Ko;
            CHECK(svg->find(word < 0 ? (ko ? "듣기: 디코더가 글자를" : "Listening: where the decoder looks in the sound")
                                     : (ko ? "찾는 곳" : "looks for")) != std::string::npos);
            CHECK(svg->find(ko ? "로그 멜 스펙트로그램" : "Log-mel spectrogram") != std::string::npos);
            CHECK(svg->find("집") != std::string::npos);                  // the words row
            CHECK(svg->find("layer 2 head 1, layer 2 head 3") != std::string::npos);  // which heads
            for (const std::string& w : warnings) MESSAGE(w);
            CHECK(warnings.empty());
        }
    }
}

TEST_CASE("audio figure: the CSV holds each written token's word, times and cross-attention") {
    const Trace& cross = run()[2];
    const TraceAudio& a = *cross.audio;
    const int P = a.prompt_tokens, F = a.sound_frames;
    for (int head : {-1, 2}) {
        FigureRequest r = audio_request(-1);
        r.layer = 1;
        r.head = head;
        auto csv = audio_csv(cross, r, true);
        REQUIRE_MESSAGE(csv.ok(), csv.status().message());
        REQUIRE(csv->compare(0, 3, "\xEF\xBB\xBF") == 0);
        std::vector<std::vector<std::string>> rows;
        std::size_t at = 3;
        while (at < csv->size()) {
            const std::size_t end = csv->find("\r\n", at);
            REQUIRE(end != std::string::npos);
            rows.push_back(split(csv->substr(at, end - at)));
            at = end + 2;
        }
        REQUIRE(int(rows.size()) == 1 + cross.t_q() - P);
        REQUIRE(int(rows[0].size()) == 4 + F);
        CHECK(rows[0][0] == "token");
        CHECK(rows[0][4] == "0.00");
        CHECK(rows[0][5] == "0.02");
        const HeadList heads = head < 0 ? HeadList{{1, 0}, {1, 2}} : HeadList{{1, head}};
        double worst = 0;
        for (int t = P; t < cross.t_q(); ++t) {
            const auto& row = rows[std::size_t(t - P + 1)];
            REQUIRE(int(row.size()) == 4 + F);
            CHECK(row[0] == cross.q_tokens[std::size_t(t)].text);
            for (int f = 0; f < F; ++f) {
                double want = 0;
                for (const auto& [l, h] : heads) want += cross.layers[l].heads[h].weights(t, f);
                worst = std::max(worst, std::fabs(want / double(heads.size()) - std::stod(row[std::size_t(4 + f)])));
            }
        }
        MESSAGE("audio CSV (head " << head << ") against a direct mean: max diff " << worst);
        CHECK(worst < 1e-6);
        // " 집" is the fourth word: its tokens' rows carry its text and times.
        const TimedWord& w = a.words[3];
        const auto& row = rows[std::size_t(w.first_token - P + 1)];
        CHECK(row[1] == w.text);
        CHECK(std::stod(row[2]) == w.start);
        CHECK(std::stod(row[3]) == w.end);
    }
}

TEST_CASE("audio figure: refused outside a speech run's cross section, or with a head or word out of range") {
    const std::vector<Trace>& s = run();
    Status st = validate_figure_request(s[1], audio_request(-1), FigureFormat::Png);  // the decoder section
    REQUIRE_FALSE(st.ok());
    CHECK(st.message().find("--audio FILE") != std::string::npos);
    CHECK_FALSE(audio_csv(s[1], audio_request(-1)).ok());
    FigureRequest r = audio_request(5);
    st = validate_figure_request(s[2], r, FigureFormat::Png);
    REQUIRE_FALSE(st.ok());
    CHECK(st.message() == "Word 6 is out of range: the transcript has 5 words (1–5).");
    r = audio_request(-1);
    r.head = 4;
    st = validate_figure_request(s[2], r, FigureFormat::Png);
    REQUIRE_FALSE(st.ok());
    CHECK(st.message().find("Head 5 is out of range") == 0);
    r.head = -2;
    CHECK_FALSE(render_figure(s[2], r, FigureFormat::Png).ok());
    Trace silent = s[2];
    silent.audio.reset();
    CHECK_FALSE(validate_figure_request(silent, audio_request(-1), FigureFormat::Svg).ok());
}
