// test_families.cpp — the family interface (core/pretrained/family/family.h): the registry, each family's
// capabilities on its tiny fixture, its framing of a text, and a run yielding named sections.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "core/attention/word_tokenizer.h"
#include "core/pretrained/families/mbart/mbart.h"
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

std::shared_ptr<const PretrainedModel> load(const std::string& name) {
    auto m = load_pretrained_model(kModels + name);
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
    return *m;
}

std::vector<int> framed_ids(const PretrainedModel& m, const std::string& text) {
    auto pieces = m.tokenizer->encode(text, 64);
    REQUIRE(pieces.ok());
    auto f = m.family().frame(m, *pieces, text.size(), nullptr, 0);
    REQUIRE(f.ok());
    std::vector<int> ids;
    for (const SubwordToken& t : f->tokens) ids.push_back(t.id);
    return ids;
}

}  // namespace

TEST_CASE("registry: one family per model_type, each found by its types and named in the list") {
    std::set<std::string> ids, types;
    for (const ModelFamily* f : model_families()) {
        CHECK(ids.insert(f->id()).second);
        for (std::string_view t : f->model_types()) {
            CHECK(types.insert(std::string(t)).second);  // no model_type read by two families
            CHECK(find_family(t) == f);
        }
    }
    CHECK(ids == std::set<std::string>{"gpt2", "bert", "vit", "rotary", "marian", "bart", "mbart", "whisper", "t5"});
    CHECK(find_family("gemma") == nullptr);
    CHECK(supported_model_types() ==
          "gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO), deit (DeiT), llama (Llama, "
          "SmolLM, TinyLlama), qwen2 (Qwen2, Qwen2.5), qwen3 (Qwen3), mistral (Mistral), marian (Marian "
          "translation), bart (BART), mbart (mBART-50), whisper (Whisper speech recognition), t5 (T5, Flan-T5) and mt5 (mT5)");
    // An older config without model_type: the longest "architectures" prefix decides.
    auto c = parse_model_config(R"({"architectures": ["DistilBertForMaskedLM"], "n_layers": 1, "n_heads": 2,
                                    "dim": 8, "hidden_dim": 16, "vocab_size": 10, "max_position_embeddings": 8})");
    REQUIRE(c.ok());
    CHECK(c->model_type == "distilbert");
    CHECK(family_name(*c) == "DistilBERT");
}

TEST_CASE("capabilities: what each family reads, predicts and how it places tokens") {
    const auto gpt2 = load("tiny-gpt2");
    const auto bert = load("tiny-bert");
    const auto distil = load("tiny-distilbert");
    const auto llama = load("tiny-llama");
    const auto vit = load("tiny-vit");
    const Capabilities g = gpt2->caps(), b = bert->caps(), d = distil->caps(), l = llama->caps(), v = vit->caps();
    CHECK((g.inputs.text && !g.inputs.text_pair && !g.inputs.image));
    CHECK((g.next_token && g.cached_step && g.always_causal && !g.fills_masks));
    CHECK(g.positions == PositionKind::Learned);
    CHECK((b.inputs.text && b.inputs.text_pair && b.inputs.pair_segments && b.fills_masks && !b.next_token));
    CHECK((d.inputs.text_pair && !d.inputs.pair_segments));  // DistilBERT has no segment embeddings
    CHECK((l.next_token && l.cached_step && l.chat && l.positions == PositionKind::Rotary));
    CHECK((v.inputs.image && !v.inputs.text && !v.next_token && !v.fills_masks));
    for (const Capabilities* c : {&g, &b, &d, &l, &v}) CHECK(c->stacks == 1);
    // What the views ask of a family rather than of a config: windows and rotary frequencies.
    CHECK(gpt2->family().rotary_frequencies(gpt2->config).empty());
    CHECK(llama->family().rotary_frequencies(llama->config).size() == std::size_t(llama->config.d_k() / 2));
    CHECK(llama->family().rotary_dim(llama->config) == rotary_settings(llama->config).rope.rotary_dim);
    CHECK(gpt2->family().window(gpt2->config, 0) == 0);
}

TEST_CASE("framing: [CLS] … [SEP] for BERT, the post-processor's <s> for Llama, nothing for GPT-2") {
    const auto gpt2 = load("tiny-gpt2");
    const auto bert = load("tiny-bert");
    const auto llama = load("tiny-llama");
    const auto g = framed_ids(*gpt2, "the cat");
    CHECK(g.size() == gpt2->tokenizer->encode("the cat", 64)->size());
    const auto b = framed_ids(*bert, "the cat");
    REQUIRE(b.size() >= 3);
    CHECK(b.front() == bert->tokenizer->cls_id);
    CHECK(b.back() == bert->tokenizer->sep_id);
    const auto l = framed_ids(*llama, "the cat");
    const auto bare = llama->tokenizer->encode("the cat", 64);
    CHECK(l.size() >= bare->size());  // what its tokenizer.json's post-processor adds, if anything
    // A pair: segment 1 after the first [SEP].
    auto first = bert->tokenizer->encode("the cat", 64);
    auto second = bert->tokenizer->encode("sat", 64);
    auto pair = bert->family().frame(*bert, *first, 7, &*second, 3);
    REQUIRE(pair.ok());
    CHECK(pair->segments.front() == 0);
    CHECK(pair->segments.back() == 1);
    CHECK(pair->added == "[CLS]/[SEP]");
    CHECK(gpt2->family().start_of_text(*gpt2) == gpt2->tokenizer->eos_id);
    CHECK(bert->family().pad_id(*bert) == bert->tokenizer->pad_id);
}

TEST_CASE("a run is a list of sections; a single-stack model yields one, unnamed") {
    const auto gpt2 = load("tiny-gpt2");
    RunConfig run;
    run.text = "Time flies like an arrow";
    auto sections = compute_pretrained_run(*gpt2, run);
    REQUIRE(sections.ok());
    REQUIRE(sections->size() == 1);
    CHECK(sections->front().section.empty());
    auto one = compute_pretrained_trace(*gpt2, run);
    REQUIRE(one.ok());
    CHECK(one->layers[1].heads[2].weights.isApprox(sections->front().layers[1].heads[2].weights, 0.0f));
}

TEST_CASE("a run refuses a long text by the limit it reached: the model's positions, or the run's max_tokens") {
    // tiny-gpt2 reads 64 positions. A paste past the Token limit (512) said "more than 512 tokens
    // (the model's limit)": neither number was the model's.
    const auto gpt2 = load("tiny-gpt2");
    REQUIRE(gpt2->config.max_positions == 64);
    auto text_of = [](int words) {
        std::string t;
        for (int i = 0; i < words; ++i) t += "cat ";
        return t;
    };
    const std::string model_limit =
        "The text has more than 64 tokens, but tiny-gpt2 reads at most 64 (it learned one position embedding per "
        "place). Shorten the text.";
    CHECK(text_longer_than_model(*gpt2).message() == model_limit);
    for (int words : {65, 600}) {  // past the model; past the model and the Token limit
        RunConfig run;
        run.text = text_of(words);
        run.tokenizer.max_tokens = 512;
        auto sections = compute_pretrained_run(*gpt2, run);
        REQUIRE_FALSE(sections.ok());
        CHECK(sections.error() == model_limit);
    }
    RunConfig run;  // the run's own limit is the smaller one: raising it helps, and the message says how
    run.text = text_of(20);
    run.tokenizer.max_tokens = 16;
    auto sections = compute_pretrained_run(*gpt2, run);
    REQUIRE_FALSE(sections.ok());
    CHECK(sections.error() == too_many_tokens(16).message());
    CHECK(sections.error().find("--max-tokens") != std::string::npos);
    run.tokenizer.max_tokens = 64;  // within both
    run.text = text_of(40);
    CHECK(compute_pretrained_run(*gpt2, run).ok());
    // The second sentence of a pair the same way (tiny-bert: 64 positions too).
    const auto bert = load("tiny-bert");
    RunConfig pair;
    pair.text = "the cat";
    pair.cross_text = text_of(100);
    auto refused = compute_pretrained_run(*bert, pair);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().rfind("Second sentence: The text has more than " + std::to_string(bert->config.max_positions), 0) == 0);
}

TEST_CASE("a model in memory runs through its family like one read from a folder") {
    const auto gpt2 = load("tiny-gpt2");
    const auto copy = in_memory_model(gpt2->config, gpt2->weights, "copy");
    const std::vector<int> ids = {3, 17, 42, 5};
    PassOptions opt;
    const ForwardPass a = gpt2->family().forward(*gpt2, IdsInput{ids, nullptr, 0}, opt);
    const ForwardPass b = copy->family().forward(*copy, IdsInput{ids, nullptr, 0}, opt);
    CHECK(a.hidden_states.back().isApprox(b.hidden_states.back(), 0.0f));
    CHECK(copy->weight_bytes == gpt2->weight_bytes);
    CHECK(copy->caps().next_token);
}

TEST_CASE("live_model_count: every model alive counts, read from a folder, copied or made in memory") {
    const int before = live_model_count();
    {
        const auto gpt2 = load("tiny-gpt2");
        CHECK(live_model_count() == before + 1);
        const auto copy = in_memory_model(gpt2->config, gpt2->weights, "copy");
        CHECK(live_model_count() == before + 2);
        {
            PretrainedModel value;  // a copy by value and a moved one count as themselves
            value.name = "x";
            PretrainedModel moved = std::move(value);
            CHECK(live_model_count() == before + 4);
        }
        CHECK(live_model_count() == before + 2);
    }
    CHECK(live_model_count() == before);
}

TEST_CASE("what the views ask a family instead of its settings: decoders, languages, classes, padding") {
    // An encoder–decoder's decoder, from its folder's generation settings.
    const auto marian = load("tiny-marian");
    const DecoderFacts m = marian->family().decoder_facts(*marian);
    CHECK(m.layers == marian->config.decoder_layers);
    CHECK(m.heads == marian->config.decoder_heads);
    CHECK(m.start_id == 322);  // generation_config.json's decoder_start_token_id
    CHECK(m.eos_id == 0);
    CHECK(m.num_beams == 4);
    CHECK(marian->family().translation_languages(*marian).codes.empty());  // one direction only
    const auto whisper = load("tiny-whisper");
    const DecoderFacts w = whisper->family().decoder_facts(*whisper);
    CHECK(w.layers >= 1);
    CHECK(w.eos_id == seq2seq_settings(whisper->config).eos_id);
    const LanguageFacts spoken = whisper->family().spoken_languages(*whisper);
    CHECK(spoken.codes.size() == whisper_settings(whisper->config).speech.languages.size());
    CHECK_FALSE(spoken.codes.empty());
    // mBART-50: its codes in id order and the pair tokenizer_config.json sets.
    const auto mbart = load("tiny-mbart");
    const LanguageFacts pair = mbart->family().translation_languages(*mbart);
    REQUIRE(pair.codes.size() == mbart_settings(mbart->config).languages.size());
    CHECK(pair.source == "en_XX");
    CHECK(pair.target == "ko_KR");
    auto turned = with_languages(*mbart, "ko_KR", "en_XX");
    REQUIRE(turned.ok());
    CHECK((*turned)->family().translation_languages(**turned).source == "ko_KR");
    CHECK((*turned)->family().translation_languages(**turned).target == "en_XX");
    // One-stack models have no decoder of their own and no languages to choose.
    const auto gpt2 = load("tiny-gpt2");
    CHECK(gpt2->family().decoder_facts(*gpt2).layers == 0);
    CHECK(gpt2->family().spoken_languages(*gpt2).codes.empty());
    // An image classifier names classes; DINO's encoder alone does not.
    CHECK(load("tiny-vit")->caps().names_classes);
    CHECK(load("tiny-deit")->caps().names_classes);
    CHECK_FALSE(load("tiny-dino")->caps().names_classes);
    CHECK_FALSE(gpt2->caps().names_classes);
    // The rotary decoders pad with their end-of-text token: one rule, the family's.
    for (const char* name : {"tiny-llama", "tiny-qwen2", "tiny-qwen3", "tiny-mistral"}) {
        CAPTURE(name);
        const auto m = load(name);
        const int pad = m->family().pad_id(*m);
        CHECK(pad >= 0);
        CHECK(pad < m->config.vocab_size);
        CHECK(pad == (m->tokenizer->eos_id >= 0 ? m->tokenizer->eos_id : rotary_settings(m->config).eos_id));
    }
}
