// What the app sends a speech model (make_request, same_request, settings); the Audio view's
// numbers are tested with core (tests/pretrained/test_audio_map.cpp).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/jobs/export_job.h"
#include "app/state/app_state.h"
#include "app/state/views.h"
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

std::shared_ptr<const Trace> cross_section() {
    static const std::shared_ptr<const Trace> cross = [] {
        RunConfig r;
        r.audio_path = kFixtures + "audio/fixtures/ko_16k.wav";
        r.language = "ko";
        r.cross_text = " the cat, 집!";
        auto s = pretrained::compute_pretrained_run(*tiny_whisper(), r);
        REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
        return std::make_shared<const Trace>((*s)[2]);
    }();
    return cross;
}

}  // namespace

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

TEST_CASE("export: the Audio view saves its figure and CSV with the alignment heads and the followed word") {
    ExportInputs in;
    in.trace = cross_section();
    in.model = tiny_whisper();
    in.layer = 0;
    in.head = -1;  // the alignment heads (the view's default)
    in.word = 3;   // " 집"
    in.lang = FigureLang::Ko;
    in.font_file = std::string(ATTNLAB_ASSET_DIR) + "/fonts/NanumGothic.ttf";
    ExportSettings set;
    set.view = FigureView::Audio;
    const FigureRequest r = make_figure_request(in, set);
    CHECK(r.word == 3);
    CHECK(r.head == -1);
    in.word = 40;  // a word the trace does not have (a stale selection): none followed
    CHECK(make_figure_request(in, set).word == -1);
    in.word = 3;
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "attnlab-audio-export-test";
    std::filesystem::create_directories(dir);
    for (ExportKind kind : {ExportKind::Png, ExportKind::Svg, ExportKind::Pdf, ExportKind::Csv}) {
        set.kind = kind;
        set.path = (dir / "audio").string();
        const ExportOutcome out = run_export(in, set);
        REQUIRE_MESSAGE(out.ok, out.message);
        CHECK(std::filesystem::file_size(out.path) > 500);
    }
    std::ifstream svg(dir / "audio.svg");
    std::stringstream text;
    text << svg.rdbuf();
    CHECK(text.str().find("디코더가") != std::string::npos);  // "…“집”을(를) 찾는 곳": the word's title, in Korean
    std::ifstream csv(dir / "audio.csv");
    std::string header;
    std::getline(csv, header);
    CHECK(header.rfind("\xEF\xBB\xBFtoken,word,start_s,end_s,0.00,", 0) == 0);
    std::filesystem::remove_all(dir);
}
