// What the app sends a speech model (make_request, ComputeRequest ==, settings); the Audio view's
// numbers are tested with core (tests/pretrained/test_audio_map.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/jobs/export_job.h"
#include "app/state/app_state.h"
#include "app/state/views.h"
#include "app/views/predict/predict.h"
#include "app/views/predict/translation.h"
#include "core/audio/audio.h"
#include "core/lm/knockout.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "tests/app/same_translation.h"

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
    CHECK(*req != *make_request(t, tiny_whisper()));
    t = s;
    t.audio_path = "/tmp/y.wav";
    CHECK(*req != *make_request(t, tiny_whisper()));
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

TEST_CASE("listening step by step: each step's cross-attention row equals the run's, the bars are the greedy choice") {
    const PretrainedPtr model = tiny_whisper();
    RunConfig run;
    run.audio_path = kFixtures + "audio/fixtures/ko_16k.wav";
    run.language = "ko";
    auto sections = pretrained::compute_pretrained_run(*model, run);  // the model writes its own transcript
    REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
    const Trace& cross = (*sections)[2];
    const int P = cross.audio->prompt_tokens, F = cross.audio->sound_frames;
    std::vector<int> written;
    for (int t = P; t < cross.t_q(); ++t) written.push_back(cross.q_tokens[std::size_t(t)].id);
    REQUIRE(written.size() >= 3);

    TranslateRequest q;
    q.model = model;
    q.audio_path = run.audio_path;
    q.language = "ko";
    q.prefix = {written[0], written[1], written[2]};
    const TranslateResult r = run_translate(q);  // handed to run_listen: the model listens
    REQUIRE_MESSAGE(r.error.empty(), r.error);
    CHECK(r.seconds_per_frame == doctest::Approx(0.02));
    CHECK(r.language == "ko");
    CHECK_FALSE(r.language_detected);
    REQUIRE(int(r.source_labels.size()) == F);
    CHECK(r.source_labels[1] == "0.02 s");
    REQUIRE(r.cross.size() == 3);
    double worst = 0;
    for (int t = 0; t < 3; ++t)
        for (int l = 0; l < r.n_layers; ++l) {
            const Mat& a = r.cross[std::size_t(t)][std::size_t(l)];  // (H, F)
            REQUIRE(a.cols() == F);
            for (int h = 0; h < r.n_heads; ++h)
                for (int f = 0; f < F; ++f)
                    worst = std::max(worst, double(std::fabs(a(h, f) - cross.layers[std::size_t(l)].heads[std::size_t(h)].weights(P - 1 + t, f))));
        }
    MESSAGE("step rows against the run's cross section: max diff " << worst);
    CHECK(worst < 1e-5);
    REQUIRE_FALSE(r.next.empty());
    // Greedy: the run's next token (<|endoftext|> when its transcript ended there).
    CHECK(r.next.front().id == (written.size() > 3 ? written[3] : pretrained::seq2seq_settings(model->config).eos_id));
    for (const PredictRow& row : r.next)
        for (int id : pretrained::whisper_settings(model->config).speech.suppress) CHECK(row.id != id);
    CHECK(r.written == r.next.front().id);  // Write, greedy
    // Sampled: suppressed tokens are never drawn, whatever the seed.
    q.sampling.greedy = false;
    q.sampling.temperature = 3.0f;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        q.sampling.seed = seed;
        const int id = run_translate(q).written;
        CHECK(id >= 0);
        for (int banned : pretrained::whisper_settings(model->config).speech.suppress) CHECK(id != banned);
    }
    q.sampling = lm::SamplingOptions{};

    // Write it all: the run's transcript, then <|endoftext|> when it finished.
    q.search = true;
    const TranslateResult all = run_translate(q);
    REQUIRE_MESSAGE(all.error.empty(), all.error);
    std::vector<int> want = written;
    if (int(all.prefix.size()) == int(written.size()) + 1) want.push_back(pretrained::seq2seq_settings(model->config).eos_id);
    CHECK(all.prefix == want);
    CHECK(all.ended);

    // Refusals: no recording; a file that is no sound.
    q.search = false;
    q.audio_path.clear();
    CHECK(run_translate(q).error.find("listens to a recording") != std::string::npos);
    q.audio_path = kFixtures + "audio/fixtures/broken_text.wav";
    CHECK(run_translate(q).error.find("is not a sound file AttnLab can read") != std::string::npos);
}

TEST_CASE("listening step by step: the recording is heard once while it stays the same, again when it changes") {
    const PretrainedPtr model = tiny_whisper();
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("attnlab-listen-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path wav = dir / "recording.wav";
    fs::copy_file(kFixtures + "audio/fixtures/ko_16k.wav", wav, fs::copy_options::overwrite_existing);

    TranslateRequest q;
    q.model = model;
    q.audio_path = wav.string();
    q.language = "ko";
    EncodedSource kept;
    for (int step = 0; step < 4; ++step) {
        const TranslateResult r = run_translate(q, kept);
        check_same_translation(r, run_translate(q));
        CHECK(kept.encodes == 1);  // heard for the first step only
        if (r.ended || r.next.empty()) break;
        q.prefix.push_back(r.next.front().id);
    }
    q.language = "en";  // another language: another prompt
    check_same_translation(run_translate(q, kept), run_translate(q));
    CHECK(kept.encodes == 2);
    // A new recording saved over the same file is heard anew.
    fs::copy_file(kFixtures + "audio/fixtures/fox_16k.wav", wav, fs::copy_options::overwrite_existing);
    q.prefix.clear();
    const TranslateResult fox = run_translate(q, kept);
    check_same_translation(fox, run_translate(q));
    CHECK(kept.encodes == 3);
    // A recording that is gone gives the reader's message, and nothing stays kept.
    fs::remove(wav);
    CHECK_FALSE(run_translate(q, kept).error.empty());
    CHECK(kept.key.empty());
    fs::remove_all(dir);
}

TEST_CASE("listening with heads knocked out: the knocked-out model hears it, as transcribe does; heard again when they change") {
    const PretrainedPtr model = tiny_whisper();
    CHECK(takes_knockouts(model->caps()));  // the heatmap's Knock out and the chips work on its sections
    TranslateRequest q;
    q.model = model;
    q.audio_path = kFixtures + "audio/fixtures/ko_16k.wav";
    q.language = "ko";
    q.search = true;
    EncodedSource kept;
    const TranslateResult plain = run_translate(q, kept);
    REQUIRE_MESSAGE(plain.error.empty(), plain.error);
    auto off = pretrained::parse_ablation("cross.1.attn,cross.2.attn", pretrained::AblationMode::Zero,
                                          lm::ablation_shape(*model));
    REQUIRE(off.ok());
    q.ablation = *off;
    const TranslateResult knocked = run_translate(q, kept);
    REQUIRE_MESSAGE(knocked.error.empty(), knocked.error);
    CHECK(kept.encodes == 2);  // another model: heard again
    // The same as transcribe with the same knock-outs (the greedy path both take).
    auto sound = audio::read_audio_file(q.audio_path, model->mel.sample_rate);
    REQUIRE(sound.ok());
    pretrained::SpeechOptions opt;
    opt.language = "ko";
    opt.word_times = false;
    opt.ablation = *off;
    auto said = model->family().transcribe(*model, *sound, opt);
    REQUIRE(said.ok());
    std::vector<int> want = said->ids;
    if (said->finished) want.push_back(pretrained::seq2seq_settings(model->config).eos_id);
    CHECK(knocked.prefix == want);
    opt.ablation = {};
    auto heard = model->family().transcribe(*model, *sound, opt);
    REQUIRE(heard.ok());
    CHECK(heard->ids != said->ids);  // without cross-attention the decoder writes something else
    // A head outside the model is refused with a message, never run.
    pretrained::Ablation bad;
    bad.heads.push_back({9, 0, pretrained::Section::Cross});
    q.ablation = bad;
    CHECK_FALSE(run_translate(q, kept).error.empty());
}

TEST_CASE("listening step by step: a transcript that fills the decoder is cut where greedy decoding stops") {
    const PretrainedPtr model = tiny_whisper();
    TranslateRequest q;
    q.model = model;
    q.audio_path = kFixtures + "audio/fixtures/ko_16k.wav";
    q.language = "ko";
    const TranslateResult first = run_translate(q);
    REQUIRE_MESSAGE(first.error.empty(), first.error);
    REQUIRE_FALSE(first.next.empty());
    const int limit = model->family().decoder_facts(*model).limit;
    const int P = 4;  // <|startoftranscript|> <|ko|> <|transcribe|> <|notimestamps|>
    q.prefix.assign(std::size_t(limit) + 3, first.next.front().id);  // more than the decoder holds
    const TranslateResult r = run_translate(q);
    REQUIRE_MESSAGE(r.error.empty(), r.error);
    MESSAGE("limit " << limit << ": a transcript of " << q.prefix.size() << " tokens kept " << r.prefix.size());
    CHECK(int(r.prefix.size()) == limit - P);  // prompt + transcript fill the decoder's positions
    CHECK(r.ended);
    CHECK(r.next.empty());
    CHECK(r.cross.size() == r.prefix.size());
}
