// test_whisper_family.cpp — Whisper through the family interface: loading the tiny folder by its
// model_type, generation_config.json's speech settings, transcription (language detection, greedy
// with suppress_tokens / begin_suppress_tokens, word times from the alignment heads) and a run's
// three sections over a recording, against gen_tiny_whisper.py's plain-torch goldens
// (reference.json "transcribe": openai's find_alignment steps written in torch).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/audio/audio.h"
#include "core/pretrained/families/whisper/whisper_listen.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kFolder = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/tiny-whisper";
const std::string kAudio = std::string(ATTNLAB_FIXTURE_DIR) + "/../audio/fixtures/";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const PretrainedModel& model() {
    static const std::shared_ptr<const PretrainedModel> m = [] {
        auto loaded = load_pretrained_model(kFolder);
        REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
        return *loaded;
    }();
    return *m;
}

const nlohmann::json& reference() {
    static const nlohmann::json r = nlohmann::json::parse(read_text(kFolder + "/reference.json"));
    return r;
}

std::vector<int> ints(const nlohmann::json& a) {
    std::vector<int> out;
    for (const auto& v : a) out.push_back(v.get<int>());
    return out;
}

// Word times equal the golden's within one frame (0.02 s); texts and token counts exactly.
void check_words(const std::vector<TimedWord>& got, const nlohmann::json& want, int offset) {
    REQUIRE(got.size() == want.size());
    double worst = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        CHECK(got[i].text == want[i]["text"].get<std::string>());
        CHECK(got[i].end_token - got[i].first_token == int(want[i]["tokens"].size()));
        (void)offset;
        worst = std::max({worst, std::fabs(got[i].start - want[i]["start"].get<double>()),
                          std::fabs(got[i].end - want[i]["end"].get<double>())});
    }
    MESSAGE("word times: max difference " << worst << " s over " << got.size() << " words");
    CHECK(worst <= 0.02 + 1e-9);
}

}  // namespace

TEST_CASE("Whisper family: the tiny folder loads by its model_type with its speech settings") {
    const PretrainedModel& m = model();
    CHECK(family_name(m.config) == "Whisper");
    const Capabilities caps = m.caps();
    CHECK(caps.inputs.audio);
    CHECK_FALSE(caps.inputs.text);
    CHECK(caps.stacks == 2);
    const SpeechConfig& sp = whisper_settings(m.config).speech;
    CHECK(sp.start_id == 275);
    CHECK(sp.no_timestamps_id == 283);
    CHECK(sp.transcribe_id == 279);
    CHECK(sp.translate_id == 278);
    REQUIRE(sp.languages.size() == 2);
    CHECK(sp.languages[0] == std::pair<std::string, int>{"en", 276});
    CHECK(sp.languages[1] == std::pair<std::string, int>{"ko", 277});
    CHECK(sp.multilingual);
    CHECK(sp.alignment_heads == std::vector<std::pair<int, int>>{{1, 0}, {1, 2}});
    CHECK(sp.begin_suppress == std::vector<int>{220, 274});
    CHECK(sp.suppress.size() == 22);
    CHECK(m.mel.n_mels == 80);
    CHECK(m.mel.chunk_seconds == 2);
}

TEST_CASE("Whisper family: transcription and word times equal the torch reference") {
    const PretrainedModel& m = model();
    for (const auto& c : reference()["transcribe"]) {
        if (!c["typed"].is_null()) continue;  // the run's case below
        const std::string wav = c["audio"].get<std::string>();
        CAPTURE(wav);
        auto sound = audio::read_audio_file(kAudio + wav);
        REQUIRE(sound.ok());
        SpeechOptions opt;
        opt.language = c["language"].get<std::string>();
        opt.max_tokens = c["max_tokens"].get<int>();
        auto t = m.family().transcribe(m, *sound, opt);
        REQUIRE_MESSAGE(t.ok(), (t.ok() ? "" : t.error()));
        CHECK(t->prompt == ints(c["prompt"]));
        CHECK(t->ids == ints(c["tokens"]));
        CHECK(t->finished == c["finished"].get<bool>());
        CHECK(t->language_detected == opt.language.empty());
        if (opt.language.empty()) {
            const auto& p = c["language_probabilities"];
            REQUIRE(t->language_scores.size() == 2);
            const std::string top = t->language_scores[0].first;
            CHECK(std::fabs(t->language_scores[0].second - p[top].get<double>()) < 1e-5);
        }
        CHECK(t->untimed.empty());
        CHECK(t->alignment_heads == "layer 2 head 1, layer 2 head 3");
        check_words(t->words, c["words"], 0);
    }
}

TEST_CASE("Whisper family: a run over a recording yields encoder, decoder and cross sections trimmed to the sound") {
    const PretrainedModel& m = model();
    const nlohmann::json* typed = nullptr;
    for (const auto& c : reference()["transcribe"])
        if (!c["typed"].is_null()) typed = &c;
    REQUIRE(typed != nullptr);
    RunConfig run;
    run.audio_path = kAudio + (*typed)["audio"].get<std::string>();
    run.cross_text = (*typed)["typed"].get<std::string>();
    run.language = (*typed)["language"].get<std::string>();
    auto sections = compute_pretrained_run(m, run);
    REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
    REQUIRE(sections->size() == 3);
    const Trace& enc = (*sections)[0];
    const Trace& dec = (*sections)[1];
    const Trace& cross = (*sections)[2];
    CHECK(enc.section == "encoder");
    CHECK(dec.section == "decoder");
    CHECK(cross.section == "cross");
    const int F = (*typed)["frames"].get<int>();
    REQUIRE(enc.audio != nullptr);
    const TraceAudio& a = *enc.audio;
    CHECK(a.sound_frames == F);
    CHECK(a.frames == 100);
    CHECK(enc.t_q() == F);
    CHECK(enc.t_k() == F);
    CHECK(enc.q_tokens[1].text == "0.02 s");
    CHECK(enc.q_tokens[1].kind == TokenKind::Frame);
    CHECK(enc.layers[0].heads[0].weights.rows() == F);
    // The encoder's rows keep their share of the whole chunk's softmax: less than 1 where padding drew some.
    const double kept = enc.layers[0].heads[0].weights.row(0).sum();
    CHECK(kept <= 1.0 + 1e-5);
    CHECK(kept > 0.0);
    // Decoder rows: the prompt, then the typed pieces; no <|endoftext|>.
    const std::vector<int> prompt = ints((*typed)["prompt"]), tokens = ints((*typed)["tokens"]);
    REQUIRE(dec.t_q() == int(prompt.size() + tokens.size()));
    for (std::size_t i = 0; i < prompt.size(); ++i) CHECK(dec.q_tokens[i].id == prompt[i]);
    for (std::size_t i = 0; i < tokens.size(); ++i) CHECK(dec.q_tokens[prompt.size() + i].id == tokens[i]);
    CHECK(dec.q_tokens[0].text == "<|startoftranscript|>");
    CHECK(cross.t_q() == dec.t_q());
    CHECK(cross.t_k() == F);
    CHECK(cross.layers[1].heads[2].weights.cols() == F);
    CHECK(a.prompt_tokens == int(prompt.size()));
    CHECK(a.transcript == run.cross_text);
    CHECK_FALSE(a.transcript_generated);
    CHECK(a.language == "ko");
    CHECK_FALSE(a.language_detected);
    check_words(a.words, (*typed)["words"], int(prompt.size()));
    REQUIRE(a.words.size() >= 4);
    CHECK(a.words[3].text == " 집");  // three byte pieces grouped back into one character
    CHECK(a.words[3].first_token == int(prompt.size()) + 3);
    CHECK(a.words[3].end_token == int(prompt.size()) + 7);
    CHECK(cross.audio == enc.audio);
}

TEST_CASE("Whisper family: refusals are messages") {
    const PretrainedModel& m = model();
    RunConfig run;
    run.text = "hello";
    auto r = compute_pretrained_run(m, run);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("listens to a recording") != std::string::npos);

    run.audio_path = kAudio + "ko_16k.wav";
    run.language = "xx";
    r = compute_pretrained_run(m, run);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("does not know the language \"xx\". It knows en, ko.") != std::string::npos);

    run.language = "";
    run.audio_path = kAudio + "broken_text.wav";
    r = compute_pretrained_run(m, run);
    REQUIRE_FALSE(r.ok());
    MESSAGE(r.error());

    // 10 ms of sound: less than one encoder frame (20 ms).
    audio::Sound tiny;
    tiny.samples.assign(160, 0.1f);
    auto t = m.family().transcribe(m, tiny, SpeechOptions{});
    REQUIRE_FALSE(t.ok());
    CHECK(t.error().find("needs at least 20 ms") != std::string::npos);
}

TEST_CASE("Whisper family: word times follow a cross-attention staircase (rows from <|notimestamps|>)") {
    // Prompt of 4, text " the cat!" (3 pieces), <|endoftext|>: 8 decoder rows over 40 frames. The
    // row that predicts text token r (prompt row 3 + r) looks at frames [10 r, 10 r + 10), so word
    // k spanning tokens [a, b) was heard from 0.2 a s to 0.2 b s.
    const PretrainedModel& m = model();
    const std::vector<int> text = {258, 261, 0};
    std::vector<TimedWord> words = whisper_words(m, text);
    REQUIRE(words.size() == 3);
    CHECK(words[0].text == " the");
    CHECK(words[1].text == " cat");
    CHECK(words[2].text == "!");
    const int P = 4, T = P + 3 + 1, F = 40;
    std::vector<LayerTrace> cross(2);
    for (LayerTrace& L : cross) {
        L.n_heads = 4;
        L.factor = 1.0f;
        L.heads.resize(4);
        for (HeadTrace& h : L.heads) {
            h.scores = Mat::Constant(T, F, -2.0f);
            for (int r = 0; r <= 3; ++r) h.scores.block(P - 1 + r, 10 * r, 1, 10).setConstant(3.0f);
        }
    }
    std::string heads;
    time_words(m, cross, P, 3, 0.02, words, heads);
    CHECK(heads == "layer 2 head 1, layer 2 head 3");
    for (int k = 0; k < 3; ++k) {
        CAPTURE(k);
        CHECK(words[std::size_t(k)].start == doctest::Approx(0.2 * k));
        CHECK(words[std::size_t(k)].end == doctest::Approx(0.2 * (k + 1)));
    }
}

TEST_CASE("Whisper family: a chunk whose encoder would not fit the memory budget is refused before it is heard") {
    // The tiny model with a 60 s chunk at a 10-sample hop: 96,000 mel frames, 48,000 encoder
    // frames. One encoder layer's scores and weights over that chunk alone would take
    // 2 · H · 48,000² · 4 bytes (36 GiB for 2 heads) — far over the budget every run shares.
    PretrainedModel big = model();
    big.mel.hop_length = 10;
    big.mel.chunk_seconds = 60;
    big.config.max_positions = big.mel.n_frames() / 2;
    REQUIRE(big.config.max_positions == 48000);
    const RunMemory need = listening_memory(big);
    CHECK(need.kept_bytes == 0);
    CHECK(need.working_bytes > 2.0 * big.config.n_heads * 48000.0 * 48000.0 * 4.0);
    CHECK(need.working_bytes > double(limits::kMaxTraceBytes));
    CHECK(listening_memory(model()).working_bytes < double(limits::kMaxTraceBytes));

    auto sound = audio::read_audio_file(kAudio + "ko_16k.wav");
    REQUIRE(sound.ok());
    // Transcription (the CLI's transcribe, the app's listening) and a traced run (dump) alike.
    auto t = big.family().transcribe(big, *sound, SpeechOptions{});
    REQUIRE_FALSE(t.ok());
    MESSAGE(t.error());
    CHECK(t.error().find("This run would need ") == 0);
    CHECK(t.error().find("MiB while it works (a chunk of") != std::string::npos);
    CHECK(t.error().find("a chunk of 48000 frames, " + std::to_string(big.config.n_heads) + " heads") !=
          std::string::npos);
    CHECK(t.error().find("the limit is 4096 MiB") != std::string::npos);
    RunConfig run;
    run.audio_path = kAudio + "ko_16k.wav";
    auto r = compute_pretrained_run(big, run);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == t.error());
    Seq2SeqSession session;
    Transcript said;
    CHECK_FALSE(big.family().start_listening(big, *sound, SpeechOptions{}, session, said).ok());
}

TEST_CASE("Whisper family: a traced run counts the traces it keeps and the chunk it works in, in one figure") {
    const PretrainedModel& m = model();
    const RunMemory listening = listening_memory(m);
    CHECK(listening.working_bytes > 0);
    // --all-frames keeps every frame of the chunk: the traces' figure for max_positions frames.
    const RunMemory kept = trace_memory(m.config.max_positions, m.config.max_positions,
                                        std::max(m.config.n_heads, m.config.decoder_heads),
                                        m.config.n_layers + 2 * m.config.decoder_layers, m.config.d_model);
    RunMemory both = kept;
    both.working_bytes = listening.working_bytes;
    CHECK(check_run_memory(both, "advice").ok());  // the tiny model fits
    both.kept_bytes = double(limits::kMaxTraceBytes) - listening.working_bytes + 1;
    const Status over = check_run_memory(both, "Use a shorter recording.");
    REQUIRE_FALSE(over.ok());
    CHECK(over.message().find("MiB kept") != std::string::npos);
    CHECK(over.message().find("Use a shorter recording.") != std::string::npos);
}
