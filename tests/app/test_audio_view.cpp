// The Audio view's numbers (app/views/audio/audio_view.h) on the real tiny Whisper's run over the
// Korean recording, and what the app sends a speech model (make_request, same_request, settings).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/state/views.h"
#include "app/views/audio/audio_view.h"
#include "app/views/predict/predict.h"
#include "core/pretrained/pretrained_model.h"

using namespace attn;
using namespace attn::app;

namespace {

const std::string kFixtures = std::string(ATTNLAB_ASSET_DIR) + "/../tests/";

PretrainedPtr tiny_whisper() {
    static PretrainedPtr model = [] {
        auto m = pretrained::load_pretrained_model(kFixtures + "fixtures/pretrained/models/tiny-whisper");
        REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
        return *m;
    }();
    return model;
}

const std::vector<Trace>& run() {
    static const std::vector<Trace> sections = [] {
        RunConfig r;
        r.audio_path = kFixtures + "audio/fixtures/ko_16k.wav";
        r.language = "ko";
        r.cross_text = " the cat, 집!";
        auto s = pretrained::compute_pretrained_run(*tiny_whisper(), r);
        REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
        return *s;
    }();
    return sections;
}

}  // namespace

TEST_CASE("audio view: the alignment heads come back from the trace's caption, 0-based") {
    const Trace& cross = run()[2];
    REQUIRE(cross.section == "cross");
    CHECK(alignment_heads_of(cross) == std::vector<std::pair<int, int>>{{1, 0}, {1, 2}});
    Trace no_audio = cross;
    no_audio.audio.reset();
    CHECK(alignment_heads_of(no_audio).empty());
}

TEST_CASE("audio view: a word's cross-attention is the mean of its rows and of the heads") {
    const Trace& cross = run()[2];
    const TraceAudio& a = *cross.audio;
    REQUIRE(a.words.size() == 5);
    const TimedWord& w = a.words[3];  // " 집": three rows
    const std::vector<std::pair<int, int>> heads = {{1, 0}, {1, 2}};
    const std::vector<float> got = cross_rows(cross, w.first_token, w.end_token, heads);
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
    CHECK(cross_rows(cross, 0, 1, {{7, 0}}).empty());  // no such layer
    const std::vector<float> one = cross_row(cross, 4, {{0, 1}});
    CHECK(one[0] == cross.layers[0].heads[1].weights(4, 0));
}

TEST_CASE("audio view: waveform columns hold each stretch's lowest and highest sample") {
    const std::vector<float> s = {0.0f, 0.5f, -0.25f, 1.0f, -1.0f, 0.2f};
    const auto c = waveform_columns(s, s.size(), 3);
    REQUIRE(c.size() == 3);
    CHECK(c[0] == std::pair<float, float>{0.0f, 0.5f});
    CHECK(c[1] == std::pair<float, float>{-0.25f, 1.0f});
    CHECK(c[2] == std::pair<float, float>{-1.0f, 0.2f});
    CHECK(waveform_columns(s, 0, 3).empty());
    CHECK(waveform_columns(s, 100, 12).size() == 12);  // more columns than samples: each reads one
}

TEST_CASE("make_request: a speech model gets the recording, the language and a typed transcript when one is on") {
    AppState s;
    s.audio_path = "/tmp/x.wav";
    s.speech_language = "ko";
    s.cross = true;
    s.cross_text = "typed";
    auto req = make_request(s, tiny_whisper());
    REQUIRE(req.ok());
    CHECK(req->run.audio_path == "/tmp/x.wav");
    CHECK(req->run.language == "ko");
    CHECK(req->run.cross_text == "typed");
    AppState off = s;
    off.cross = false;
    CHECK(make_request(off, tiny_whisper())->run.cross_text.empty());
    auto plain = make_request(s);  // the built-in model never hears it
    REQUIRE(plain.ok());
    CHECK(plain->run.audio_path.empty());
    AppState t = s;
    t.speech_language = "en";
    CHECK_FALSE(same_request(*req, *make_request(t, tiny_whisper())));
    t = s;
    t.audio_path = "/tmp/y.wav";
    CHECK_FALSE(same_request(*req, *make_request(t, tiny_whisper())));
    CHECK(needs_audio(AppState{}, tiny_whisper().get()));
    CHECK_FALSE(needs_audio(s, tiny_whisper().get()));
    CHECK(predict_support(tiny_whisper().get()) == PredictSupport::Speech);
    CHECK(predict_intro(PredictSupport::Speech) == Txt::PredictSpeech);
    View v = View::Heatmap;
    CHECK(parse_view("audio", &v));
    CHECK(v == View::Audio);
}
