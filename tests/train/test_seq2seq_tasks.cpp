// test_seq2seq_tasks.cpp — the encoder–decoder trainer's tasks (core/task/seq2seq_task.h): the
// registry, reverse and sort as translation, and the toy English → Korean grammar. The en-ko checks
// parse the sentences themselves and compare them with Korean written out by hand here (which
// particle each noun takes, which verb is which), not with anything the task computes.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/i18n/languages.h"
#include "core//task/seq2seq_task.h"

using namespace attn;
using namespace attn::train;

namespace {

const std::string kWordStart = "\xE2\x96\x81";  // ▁ U+2581

Seq2SeqTask make_s2s(const char* name, const TaskParams& p = {}) {
    const Seq2SeqTaskInfo* info = find_seq2seq_task(name);
    REQUIRE(info != nullptr);
    Expected<Seq2SeqTask> t = info->make(p);
    REQUIRE_MESSAGE(t.ok(), t.status().message());
    return std::move(t).value();
}

std::string make_error(const char* name, const TaskParams& p) {
    Expected<Seq2SeqTask> t = find_seq2seq_task(name)->make(p);
    return t.ok() ? std::string("(no error)") : t.error();
}

std::vector<std::string> split_words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> w;
    for (std::string x; in >> x;) w.push_back(x);
    return w;
}

int piece_id(const Seq2SeqTask& t, const std::string& piece) {
    const auto it = std::find(t.vocab.begin(), t.vocab.end(), piece);
    REQUIRE_MESSAGE(it != t.vocab.end(), "no piece " << piece);
    return int(it - t.vocab.begin());
}

// Counts failures over many samples and keeps the first, so one CHECK reports them all.
struct Failures {
    int count = 0;
    std::string first;
    void expect(bool ok, const std::string& what) {
        if (!ok && count++ == 0) first = what;
    }
};

// Korean facts, by hand: each noun's subject particle (이 after a final consonant, 가 after a vowel;
// "" = inanimate, never a subject in this grammar) and object particle (을 / 를).
struct NounFact {
    const char *en, *ko, *subject, *object;
};
const NounFact kNounFacts[] = {
    {"cat", "고양이", "가", "를"},  {"dog", "개", "가", "를"},   {"student", "학생", "이", "을"},
    {"teacher", "선생님", "이", "을"}, {"friend", "친구", "가", "를"}, {"child", "아이", "가", "를"},
    {"bird", "새", "가", "를"},     {"bear", "곰", "이", "을"},   {"book", "책", "", "을"},
    {"apple", "사과", "", "를"},    {"bread", "빵", "", "을"},   {"fish", "생선", "", "을"},
    {"flower", "꽃", "", "을"},     {"letter", "편지", "", "를"},
};
const std::map<std::string, std::string> kVerbs = {
    {"sees", "본다"},   {"eats", "먹는다"},  {"likes", "좋아한다"}, {"reads", "읽는다"},  {"finds", "찾는다"},
    {"draws", "그린다"}, {"sleeps", "잔다"}, {"runs", "달린다"},    {"cries", "운다"},    {"sings", "노래한다"},
    {"laughs", "웃는다"},
};
const std::set<std::string> kIntransitive = {"sleeps", "runs", "cries", "sings", "laughs"};
const std::map<std::string, std::string> kAdjectives = {
    {"big", "큰"}, {"small", "작은"}, {"good", "좋은"}, {"pretty", "예쁜"}, {"red", "빨간"},
};

const NounFact* noun_by_en(const std::string& en) {
    for (const NounFact& n : kNounFacts)
        if (en == n.en) return &n;
    return nullptr;
}
const NounFact* noun_by_ko(const std::string& ko) {
    for (const NounFact& n : kNounFacts)
        if (ko == n.ko) return &n;
    return nullptr;
}

// The test's own translation: parses "the [ADJ] NOUN VERB [the [ADJ] NOUN]" and writes the Korean;
// "" if the sentence does not parse.
std::string translate(const std::vector<std::string>& w) {
    std::size_t i = 0;
    std::vector<std::string> out;
    auto noun_phrase = [&](bool subject) {
        if (i >= w.size() || w[i++] != "the") return false;
        if (i < w.size() && kAdjectives.count(w[i])) out.push_back(kAdjectives.at(w[i++]));
        const NounFact* n = i < w.size() ? noun_by_en(w[i++]) : nullptr;
        if (!n || (subject && !*n->subject)) return false;
        out.push_back(std::string(n->ko) + (subject ? n->subject : n->object));
        return true;
    };
    if (!noun_phrase(true) || i >= w.size() || !kVerbs.count(w[i])) return "";
    const std::string verb = w[i++], verb_ko = kVerbs.at(verb);
    if (!kIntransitive.count(verb) && !noun_phrase(false)) return "";
    if (i != w.size()) return "";
    std::string s;
    for (const std::string& x : out) s += x + " ";
    return s + verb_ko;
}

}  // namespace

TEST_CASE("seq2seq task: registry") {
    CHECK(seq2seq_task_names() == "reverse, sort, en-ko");
    for (const char* name : {"reverse", "sort", "en-ko"}) {
        CAPTURE(name);
        const Seq2SeqTaskInfo* info = find_seq2seq_task(name);
        REQUIRE(info != nullptr);
        CHECK(std::string(info->name) == name);
        CHECK((info->make != nullptr));
        CHECK(std::string(info->summary_en).size() > 0);
        CHECK(std::string(info->explain).size() > 0);
        CHECK(attn::i18n::translate(1, nullptr, info->explain) != info->explain);  // po/ko.po has it
    }
    CHECK(find_seq2seq_task("copy") == nullptr);
    CHECK(find_seq2seq_task("") == nullptr);
    CHECK(find_seq2seq_task("en_ko") == nullptr);
}

TEST_CASE("seq2seq task: reverse and sort write the reversed and the sorted source") {
    TaskParams custom;
    custom.n_symbols = 5;
    custom.length = 9;
    for (const char* name : {"reverse", "sort"}) {
        for (const TaskParams& p : {TaskParams{}, custom}) {
            CAPTURE(name);
            CAPTURE(p.length);
            const Seq2SeqTask t = make_s2s(name, p);
            const int k = p.n_symbols ? p.n_symbols : 8, n = p.length ? p.length : 6;
            CHECK(t.params.n_symbols == k);
            CHECK(t.params.length == n);
            CHECK(t.max_source == n);
            CHECK(t.max_target == n);
            CHECK(int(t.vocab.size()) == k);
            TaskRng rng(3);
            Failures bad;
            for (int s = 0; s < 200; ++s) {
                Seq2SeqExample ex;
                t.sample(rng, ex);
                std::vector<int> want = ex.source;
                if (std::string(name) == "reverse") std::reverse(want.begin(), want.end());
                else std::sort(want.begin(), want.end());
                const bool in_range = std::all_of(ex.source.begin(), ex.source.end(),
                                                  [k](int id) { return id >= 0 && id < k; });
                bad.expect(int(ex.source.size()) == n && int(ex.target.size()) == n && in_range,
                           "lengths or ids: " + t.text(ex.source));
                bad.expect(ex.target == want, t.text(ex.source) + " -> " + t.text(ex.target));
            }
            CHECK_MESSAGE(bad.count == 0, bad.first);
        }
    }
}

TEST_CASE("seq2seq task: letter pieces as text") {
    const Seq2SeqTask t = make_s2s("reverse");
    CHECK(t.vocab[0] == kWordStart + "a");
    CHECK(t.text({2, 0}) == "c a");
    CHECK(t.text({1}) == "b");
    CHECK(t.text({}) == "");
}

TEST_CASE("seq2seq task: reverse and sort reject bad parameters") {
    for (const char* name : {"reverse", "sort"}) {
        CAPTURE(name);
        TaskParams p;
        p.n_symbols = 1;
        CHECK(make_error(name, p).find("--symbols") != std::string::npos);
        p.n_symbols = 27;
        CHECK(make_error(name, p).find("--symbols") != std::string::npos);
        p = TaskParams{};
        p.length = 33;
        CHECK(make_error(name, p).find("--length") != std::string::npos);
        p.length = -1;
        CHECK(make_error(name, p).find("--length") != std::string::npos);
    }
}

TEST_CASE("seq2seq task: en-ko pieces and parameters") {
    const Seq2SeqTask t = make_s2s("en-ko");
    CHECK(t.name == "en-ko");
    CHECK(t.max_source == 7);
    CHECK(t.max_target == 7);
    CHECK(t.params.n_symbols == 0);
    CHECK(t.params.length == 0);
    CHECK(t.params.text.empty());
    CHECK(std::set<std::string>(t.vocab.begin(), t.vocab.end()).size() == t.vocab.size());
    // Every piece is a word ("▁…") or one of the four particles, which continue a word.
    const std::set<std::string> particles = {"이", "가", "을", "를"};
    for (const std::string& piece : t.vocab) {
        CAPTURE(piece);
        CHECK((piece.compare(0, kWordStart.size(), kWordStart) == 0 || particles.count(piece) == 1));
    }
    for (const char* p : {"이", "가", "을", "를"}) piece_id(t, p);

    TaskParams p;
    p.length = 6;
    CHECK(make_error("en-ko", p).find("--length") != std::string::npos);
    p = TaskParams{};
    p.n_symbols = 8;
    CHECK(make_error("en-ko", p).find("--symbols") != std::string::npos);
    p = TaskParams{};
    p.text = "the cat sleeps";
    CHECK(make_error("en-ko", p).find("--text") != std::string::npos);
}

TEST_CASE("seq2seq task: en-ko word order and particles") {
    const Seq2SeqTask t = make_s2s("en-ko");
    const int V = int(t.vocab.size());
    const std::set<std::string> particles = {"이", "가", "을", "를"};
    TaskRng rng(1);
    Failures ids, order, particle, whole, function;
    std::map<std::string, std::string> target_of;  // source text -> target text
    int intransitive = 0;
    for (int s = 0; s < 3000; ++s) {
        Seq2SeqExample ex;
        t.sample(rng, ex);
        const std::string src = t.text(ex.source), tgt = t.text(ex.target);
        const std::string pair = src + " -> " + tgt;
        auto ok_ids = [V](const std::vector<int>& v, int max) {
            return !v.empty() && int(v.size()) <= max &&
                   std::all_of(v.begin(), v.end(), [V](int id) { return id >= 0 && id < V; });
        };
        ids.expect(ok_ids(ex.source, t.max_source) && ok_ids(ex.target, t.max_target), "ids: " + pair);
        if (!ok_ids(ex.source, t.max_source) || !ok_ids(ex.target, t.max_target)) continue;
        ids.expect(src.compare(0, 4, "the ") == 0, "start: " + pair);

        // Word order: the one English verb is the 3rd or 4th word; its Korean is the last piece.
        const std::vector<std::string> en = split_words(src), ko = split_words(tgt);
        std::vector<std::size_t> verbs;
        for (std::size_t i = 0; i < en.size(); ++i)
            if (kVerbs.count(en[i])) verbs.push_back(i);
        const bool one_verb = verbs.size() == 1 && (verbs[0] == 2 || verbs[0] == 3);
        order.expect(one_verb, "verb position: " + pair);
        if (one_verb) {
            const std::string& verb_ko = kVerbs.at(en[verbs[0]]);
            order.expect(t.vocab[ex.target.back()] == kWordStart + verb_ko && !ko.empty() && ko.back() == verb_ko,
                         "verb not last: " + pair);
            intransitive += kIntransitive.count(en[verbs[0]]) ? 1 : 0;
        }

        // Particles: the first follows the subject noun, the second the object noun.
        int n_particles = 0;
        for (std::size_t i = 0; i < ex.target.size(); ++i) {
            const std::string& piece = t.vocab[ex.target[i]];
            if (!particles.count(piece)) continue;
            const NounFact* noun = i > 0 ? noun_by_ko(t.vocab[ex.target[i - 1]].substr(kWordStart.size())) : nullptr;
            const bool subject = n_particles++ == 0;
            particle.expect(noun && piece == (subject ? noun->subject : noun->object),
                            "particle " + piece + " in " + pair);
        }
        const long n_nouns = std::count_if(en.begin(), en.end(), [](const std::string& w) { return noun_by_en(w); });
        particle.expect(n_particles == n_nouns && n_particles >= 1, "particle count: " + pair);

        // The whole sentence against the test's own translation.
        whole.expect(tgt == translate(en), pair + " (expected " + translate(en) + ")");
        // The same source always gives the same target.
        const auto [it, fresh] = target_of.emplace(src, tgt);
        function.expect(fresh || it->second == tgt, src + " -> " + it->second + " and " + tgt);
    }
    CHECK_MESSAGE(ids.count == 0, ids.first);
    CHECK_MESSAGE(order.count == 0, order.first);
    CHECK_MESSAGE(particle.count == 0, particle.first);
    CHECK_MESSAGE(whole.count == 0, whole.first);
    CHECK_MESSAGE(function.count == 0, function.first);
    CHECK(target_of.size() >= 100);
    CHECK(intransitive > 600);  // about 30% of 3000
    CHECK(intransitive < 1200);
}

TEST_CASE("seq2seq task: en-ko is deterministic for a seed") {
    const Seq2SeqTask t = make_s2s("en-ko");
    TaskRng a(42), b(42), c(43);
    int differ = 0, same_as_other_seed = 0;
    for (int s = 0; s < 500; ++s) {
        Seq2SeqExample x, y, z;
        t.sample(a, x);
        t.sample(b, y);
        t.sample(c, z);
        differ += x.source != y.source || x.target != y.target ? 1 : 0;
        same_as_other_seed += x.source == z.source ? 1 : 0;
    }
    CHECK(differ == 0);
    CHECK(same_as_other_seed < 50);
}

TEST_CASE("seq2seq task: en-ko example sentence") {
    const Seq2SeqTask t = make_s2s("en-ko");
    std::vector<int> source, target;
    for (const char* w : {"the", "big", "dog", "sees", "the", "small", "cat"}) source.push_back(piece_id(t, kWordStart + w));
    for (const char* piece : {"▁큰", "▁개", "가", "▁작은", "▁고양이", "를", "▁본다"}) target.push_back(piece_id(t, piece));
    CHECK(t.text(source) == "the big dog sees the small cat");
    CHECK(t.text(target) == "큰 개가 작은 고양이를 본다");
    // And the sampler, when it draws this source, writes this target (seed 7 draws it after ~150,000).
    TaskRng rng(7);
    Seq2SeqExample ex;
    int draws = 0;
    do {
        t.sample(rng, ex);
    } while (ex.source != source && ++draws < 3000000);
    REQUIRE_MESSAGE(ex.source == source, "not drawn in 3,000,000 samples");
    CHECK(t.text(ex.target) == t.text(target));
    CHECK(ex.target == target);
}
