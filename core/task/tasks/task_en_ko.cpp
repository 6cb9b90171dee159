// task_en_ko.cpp — `the big dog sees the small cat` -> `큰 개가 작은 고양이를 본다`: a toy English →
// Korean grammar for the encoder–decoder. Korean puts the verb last (subject–object–verb) and marks
// each noun with a particle: 이/가 for the subject, 을/를 for the object, the first of each pair after
// a final consonant (받침), the second after a vowel.
//
//   transitive (70%):   the [ADJ] NOUN VERB the [ADJ] NOUN  ->  [ADJ] NOUN 이|가 [ADJ] NOUN 을|를 VERB
//   intransitive (30%): the [ADJ] NOUN VERB                 ->  [ADJ] NOUN 이|가 VERB
//
// Each noun takes an adjective with probability 40%. Subjects are animate nouns; objects any noun.
// Pieces are SentencePiece-style: one "▁word" piece per word, and the particles are pieces without
// "▁", so they join the noun before ("▁고양이" "가" -> 고양이가).
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "core/task/seq2seq_task.h"
#include "core/i18n/marks.h"

namespace attn::train {

namespace {

const char* const kWordStart = "\xE2\x96\x81";  // ▁ U+2581

struct Word {
    const char* en;
    const char* ko;
};

// The first kAnimate nouns can be subjects; all can be objects. Half end in a final consonant.
constexpr int kAnimate = 8;
const Word kNouns[] = {
    {"cat", "고양이"}, {"dog", "개"},   {"student", "학생"}, {"teacher", "선생님"}, {"friend", "친구"},
    {"child", "아이"}, {"bird", "새"},  {"bear", "곰"},      {"book", "책"},        {"apple", "사과"},
    {"bread", "빵"},   {"fish", "생선"}, {"flower", "꽃"},    {"letter", "편지"},
};
const Word kTransitive[] = {
    {"sees", "본다"},  {"eats", "먹는다"},  {"likes", "좋아한다"},
    {"reads", "읽는다"}, {"finds", "찾는다"}, {"draws", "그린다"},
};
const Word kIntransitive[] = {
    {"sleeps", "잔다"}, {"runs", "달린다"}, {"cries", "운다"}, {"sings", "노래한다"}, {"laughs", "웃는다"},
};
// No adjective may share a Korean form with another word (새 "new" would be 새 "bird").
const Word kAdjectives[] = {
    {"big", "큰"}, {"small", "작은"}, {"good", "좋은"}, {"pretty", "예쁜"}, {"red", "빨간"},
};

constexpr int kNounCount = int(std::size(kNouns));
constexpr int kTransitiveCount = int(std::size(kTransitive));
constexpr int kIntransitiveCount = int(std::size(kIntransitive));
constexpr int kAdjectiveCount = int(std::size(kAdjectives));

// The last code point of a UTF-8 word (0 if the word is empty or malformed at its end).
std::uint32_t last_code_point(const std::string& s) {
    std::size_t i = s.size();
    while (i > 0 && (static_cast<unsigned char>(s[i - 1]) & 0xC0) == 0x80) --i;  // skip continuation bytes
    if (i == 0) return 0;
    const unsigned char lead = static_cast<unsigned char>(s[--i]);
    const std::size_t n = s.size() - i;  // bytes of the last code point
    std::uint32_t cp;
    if (n == 1 && lead < 0x80) return lead;
    if (n == 2 && (lead & 0xE0) == 0xC0) cp = lead & 0x1F;
    else if (n == 3 && (lead & 0xF0) == 0xE0) cp = lead & 0x0F;
    else if (n == 4 && (lead & 0xF8) == 0xF0) cp = lead & 0x07;
    else return 0;
    for (std::size_t k = i + 1; k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[k]) & 0x3F);
    return cp;
}

// Whether a Korean word ends in a final consonant (받침). A precomposed Hangul syllable is
// 0xAC00 + (initial × 21 + vowel) × 28 + final, with final 0 meaning none.
bool ends_in_consonant(const std::string& word) {
    const std::uint32_t cp = last_code_point(word);
    return cp >= 0xAC00 && cp <= 0xD7A3 && (cp - 0xAC00) % 28 != 0;
}

// The ids of the pieces, fixed when the task is made, so the sampler only picks numbers.
struct Lexicon {
    int the = 0;
    struct Noun { int en, ko, subject_particle, object_particle; };
    struct Pair { int en, ko; };
    std::vector<Noun> nouns;
    std::vector<Pair> transitive, intransitive, adjectives;
};

Expected<Seq2SeqTask> make_en_ko(const TaskParams& p) {
    if (p.n_symbols != 0)
        return Status::Error("--symbols: en-ko has a fixed vocabulary of English and Korean words; it has no "
                             "alphabet size to set.");
    if (p.length != 0)
        return Status::Error("--length: en-ko has no length to set (its sentences have 3 to 7 words).");
    if (!p.text.empty())
        return Status::Error("--text: en-ko makes its own sentences from a fixed grammar; it takes no text.");

    Seq2SeqTask t;
    t.name = "en-ko";
    t.params = p;  // all zero / empty: nothing to resolve
    auto add = [&t](const std::string& piece) {
        t.vocab.push_back(piece);
        return int(t.vocab.size()) - 1;
    };
    auto word = [&add](const char* w) { return add(kWordStart + std::string(w)); };
    // Vocab: English words, then Korean words, then the four particles (no ▁: they continue a word).
    Lexicon lex;
    lex.the = word("the");
    for (const Word& w : kNouns) lex.nouns.push_back({word(w.en), 0, 0, 0});
    for (const Word& w : kTransitive) lex.transitive.push_back({word(w.en), 0});
    for (const Word& w : kIntransitive) lex.intransitive.push_back({word(w.en), 0});
    for (const Word& w : kAdjectives) lex.adjectives.push_back({word(w.en), 0});
    for (int i = 0; i < kNounCount; ++i) lex.nouns[i].ko = word(kNouns[i].ko);
    for (int i = 0; i < kTransitiveCount; ++i) lex.transitive[i].ko = word(kTransitive[i].ko);
    for (int i = 0; i < kIntransitiveCount; ++i) lex.intransitive[i].ko = word(kIntransitive[i].ko);
    for (int i = 0; i < kAdjectiveCount; ++i) lex.adjectives[i].ko = word(kAdjectives[i].ko);
    const int part_i = add("이"), part_ga = add("가"), part_eul = add("을"), part_reul = add("를");
    for (int i = 0; i < kNounCount; ++i) {
        const bool batchim = ends_in_consonant(kNouns[i].ko);
        lex.nouns[i].subject_particle = batchim ? part_i : part_ga;
        lex.nouns[i].object_particle = batchim ? part_eul : part_reul;
    }
    t.max_source = t.max_target = 7;  // the ADJ NOUN VERB the ADJ NOUN; ADJ NOUN 가 ADJ NOUN 를 VERB

    t.sample = [lex](TaskRng& rng, Seq2SeqExample& ex) {
        ex.source.clear();
        ex.target.clear();
        // "the [ADJ] NOUN" in English, "[ADJ] NOUN+particle" in Korean.
        auto noun_phrase = [&](int n_choices, bool subject) {
            const int adj = rng.below(10) < 4 ? rng.below(kAdjectiveCount) : -1;
            const Lexicon::Noun& noun = lex.nouns[rng.below(n_choices)];
            ex.source.push_back(lex.the);
            if (adj >= 0) ex.source.push_back(lex.adjectives[adj].en);
            ex.source.push_back(noun.en);
            if (adj >= 0) ex.target.push_back(lex.adjectives[adj].ko);
            ex.target.push_back(noun.ko);
            ex.target.push_back(subject ? noun.subject_particle : noun.object_particle);
        };
        const bool transitive = rng.below(10) >= 3;
        noun_phrase(kAnimate, true);
        if (!transitive) {
            const Lexicon::Pair& verb = lex.intransitive[rng.below(kIntransitiveCount)];
            ex.source.push_back(verb.en);
            ex.target.push_back(verb.ko);
            return;
        }
        const Lexicon::Pair& verb = lex.transitive[rng.below(kTransitiveCount)];
        ex.source.push_back(verb.en);  // English: the verb between subject and object
        noun_phrase(kNounCount, false);
        ex.target.push_back(verb.ko);  // Korean: the verb at the end
    };
    return t;
}

}  // namespace

Seq2SeqTaskInfo en_ko_task_info() {
    Seq2SeqTaskInfo info;
    info.name = "en-ko";
    info.summary_en = "the big dog sees the small cat -> 큰 개가 작은 고양이를 본다: toy English to Korean";
    info.explain =
        N_("The encoder reads a short English sentence; the decoder writes it in Korean, where the verb "
           "comes last and every noun takes a particle. The cross-attention should learn the alignment: "
           "each Korean word looks at its English word, so for the adjectives and nouns the lines run in "
           "order, and then the verb, written last, looks back to the English verb in the middle, so the "
           "lines cross. A particle looks at its noun: 이/가 marks the subject and 을/를 the object, and "
           "which of each pair depends on whether the noun ends in a consonant (받침: 학생이, 고양이가). "
           "\"the\" has no Korean word, so no row should rely on it.");
    // 100% of 1000 fresh sentences translated exactly after 600 steps (about 4 s on one core).
    info.defaults.n_layers = 2;  // per stack
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.batch = 32;
    info.defaults.steps = 600;
    info.defaults.warmup = 50;
    info.defaults.lr = 1e-3f;
    info.make = make_en_ko;
    return info;
}

}  // namespace attn::train
