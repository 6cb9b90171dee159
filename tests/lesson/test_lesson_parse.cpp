// test_lesson_parse.cpp — the lesson parser: every key in both languages, rich text, and bad
// files (unknown key, bad value, no title, invalid UTF-8, 50 MB, binary garbage) with line numbers.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <random>

#include "core/lesson/lesson.h"

using namespace attn;
using namespace attn::lesson;

namespace {

const char* kEveryKey = R"(# Every key

```attnlab
lang = en
model = builtin
text = Time flies like an arrow
```

Intro **text**.

## Settings

Some *italic*, **bold** and `code`.

1. first
2. second
   - nested

```attnlab
text = "Time flies like an arrow"
cross_text = like an arrow
view = heads
layer = 1
head = 2
d_model = 32
heads = 2
seed = 7
positional = off
scale = off
temperature = 0.5
causal = on
window = 1
global = 0,2
pad_to = 6
block = 2:0,3:1
cell = 1:2
highlight = cell 1:2
highlight = row 1
highlight = column 2
highlight = token 0
highlight = control scale
```

## Question

```attnlab
reset = all
when = always
ask = Which **key**?
choice = one
choice = two
answer = if max row 1 > 0.5 then 1 else 2
explain = Because.
```

## Click

```attnlab
reset = mask
view = cell
ask = Click it
answer = argmax row 1 head 1
```
)";

std::string error_of(const std::string& text, const std::string& name = "t.md") {
    auto l = parse_lesson(text, name);
    REQUIRE_FALSE(l.ok());
    return l.error();
}

}  // namespace

TEST_CASE("every key parses and lands in the engine's structs") {
    auto l = parse_lesson(kEveryKey, "every.md");
    REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
    CHECK(l->title == "Every key");
    CHECK(l->lang == Lang::En);
    REQUIRE(l->steps.size() == 3);
    CHECK(l->steps[0].title == "Settings");
    CHECK(l->steps[0].line == 11);
    CHECK(to_plain_text(l->intro) == "Intro text.");

    auto s = state_at_step(*l, 0);
    REQUIRE(s.ok());
    CHECK(s->run.text == "Time flies like an arrow");  // quotes removed
    CHECK(s->run.cross_text == "like an arrow");
    CHECK(s->view == "heads");
    CHECK(s->layer == 0);
    CHECK(s->head == 1);
    CHECK(s->model.d_model == 32);
    CHECK(s->model.n_heads == 2);
    CHECK(s->model.seed == 7);
    CHECK_FALSE(s->model.positional);
    CHECK_FALSE(s->run.attention.scale);
    CHECK(s->run.attention.temperature == doctest::Approx(0.5));
    CHECK(s->run.mask.causal);
    CHECK(s->run.mask.window == 1);
    CHECK(s->run.mask.global_tokens == std::vector<int>{0, 2});
    CHECK(s->run.mask.pad_to == 6);
    CHECK(s->run.mask.blocked_cells == std::vector<std::pair<int, int>>{{2, 0}, {3, 1}});
    CHECK(s->cell_query == 1);
    CHECK(s->cell_key == 2);
    REQUIRE(s->highlights.size() == 5);
    CHECK(s->highlights[0].kind == Highlight::Kind::Cell);
    CHECK(s->highlights[2].kind == Highlight::Kind::Column);
    CHECK(s->highlights[2].b == 2);
    CHECK(s->highlights[4].control == "scale");

    const Question& q = *l->steps[1].question;
    CHECK(to_plain_text(q.ask) == "Which key?");
    REQUIRE(q.choices.size() == 2);
    CHECK(q.answer.kind == AnswerExpr::Kind::If);
    CHECK(to_plain_text(q.explain) == "Because.");
    CHECK(l->steps[2].question->is_click());
}

TEST_CASE("rich text keeps bold, italic, code and list items") {
    auto l = parse_lesson(kEveryKey, "every.md");
    REQUIRE(l.ok());
    const RichText& t = l->steps[0].text;
    REQUIRE(t.blocks.size() == 4);
    const auto& spans = t.blocks[0].spans;
    REQUIRE(spans.size() == 7);
    CHECK(spans[1].italic);
    CHECK(spans[3].bold);
    CHECK(spans[5].code);
    CHECK(t.blocks[1].kind == TextBlock::Kind::Numbered);
    CHECK(t.blocks[2].number == 2);
    CHECK(t.blocks[3].kind == TextBlock::Kind::Bullet);
    CHECK(t.blocks[3].depth == 1);
    CHECK(to_pango_markup(t).find("<i>italic</i>") != std::string::npos);
    CHECK(to_pango_markup(t).find("<tt>code</tt>") != std::string::npos);
}

TEST_CASE("a Korean lesson") {
    const char* text = "# 한국어 수업\n\n```attnlab\nlang = ko\ntext = 그는 집에 갔다.\n```\n\n## 첫 단계\n\n"
                       "**쿼리**와 *키*\n\n```attnlab\nask = 어디를 볼까요?\nanswer = argmax row @집에\n```\n";
    auto l = parse_lesson(text, "ko.md");
    REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
    CHECK(l->lang == Lang::Ko);
    CHECK(l->title == "한국어 수업");
    CHECK(l->steps[0].title == "첫 단계");
    CHECK(l->steps[0].question->answer.click.word == "집에");
    CHECK(to_pango_markup(l->steps[0].text) == "<b>쿼리</b>와 <i>키</i>");
}

TEST_CASE("errors name the file, the line and what is allowed") {
    const std::string head = "# T\n\n## S\n\n```attnlab\n";  // the block's first line is line 6
    auto err = error_of(head + "colour = red\n```\n");
    CHECK(err.find("t.md:6:") == 0);
    CHECK(err.find("unknown key 'colour'") != std::string::npos);
    CHECK(err.find("causal") != std::string::npos);  // lists the allowed keys

    err = error_of(head + "\nscale = maybe\n```\n");
    CHECK(err.find("t.md:7:") == 0);
    CHECK(err.find("allowed are on and off") != std::string::npos);

    err = error_of(head + "window = -3\n```\n");
    CHECK(err.find("t.md:6: window") == 0);
    err = error_of(head + "view = spreadsheet\n```\n");
    CHECK(err.find("allowed views are heatmap") != std::string::npos);
    for (const char* view : {"predict", "lens"}) {  // the model views lesson 11 opens
        auto ok = parse_lesson(head + "view = " + view + "\n```\n", "t.md");
        CHECK_MESSAGE(ok.ok(), view);
    }
    err = error_of(head + "temperature = 0\n```\n");
    CHECK(err.find("positive number") != std::string::npos);
    err = error_of(head + "head = 0\n```\n");
    CHECK(err.find("from 1") != std::string::npos);
    err = error_of(head + "highlight = circle 3\n```\n");
    CHECK(err.find("'cell Q:K'") != std::string::npos);
    err = error_of(head + "block = 1-2\n```\n");
    CHECK(err.find("query:key") != std::string::npos);
    err = error_of(head + "heads = 5\n```\n");  // 64 is not divisible by 5: the engine's own check
    CHECK(err.find("t.md:3:") == 0);
    err = error_of(head + "causal = on\ncausal = off\n```\n");
    CHECK(err.find("t.md:7:") == 0);
    CHECK(err.find("twice") != std::string::npos);
    err = error_of(head + "just words\n```\n");
    CHECK(err.find("t.md:6:") == 0);
    CHECK(err.find("key = value") != std::string::npos);

    // Questions
    err = error_of(head + "ask = Why?\n```\n");
    CHECK(err.find("no 'answer ='") != std::string::npos);
    err = error_of(head + "ask = Why?\nchoice = a\nchoice = b\nanswer = 3\n```\n");
    CHECK(err.find("t.md:9:") == 0);
    CHECK(err.find("only 2 choices") != std::string::npos);
    err = error_of(head + "ask = Why?\nchoice = a\nchoice = b\nanswer = argmax row 1\n```\n");
    CHECK(err.find("click question") != std::string::npos);
    err = error_of(head + "ask = Why?\nanswer = biggest row 1\n```\n");
    CHECK(err.find("not an answer") != std::string::npos);
    err = error_of(head + "ask = Why?\nchoice = a\nchoice = b\nanswer = if max row 1 >> 0 then 1 else 2\n```\n");
    CHECK(err.find("not a comparison") != std::string::npos);
    err = error_of(head + "ask = Why?\nchoice = a\nanswer = 1\n```\n");
    CHECK(err.find("at least two") != std::string::npos);

    // Structure
    err = error_of("Just some text.\n\n## Step\n");
    CHECK(err.find("t.md:1:") == 0);
    CHECK(err.find("'# Lesson title'") != std::string::npos);
    err = error_of("");
    CHECK(err.find("no '# Title'") != std::string::npos);
    err = error_of("# Title only\n\nNo steps.\n");
    CHECK(err.find("no steps") != std::string::npos);
    err = error_of("# T\n\n```attnlab\nask = early?\n```\n\n## S\n");
    CHECK(err.find("t.md:4:") == 0);
    CHECK(err.find("belongs to a step") != std::string::npos);
    err = error_of("# T\n\n```attnlab\nlang = fr\n```\n\n## S\n");
    CHECK(err.find("allowed are en and ko") != std::string::npos);
    err = error_of("# T\n\n## \n\ntext\n");
    CHECK(err.find("without a title") != std::string::npos);
    err = error_of("# T\n\n## S\n\n# Second title\n");
    CHECK(err.find("t.md:5:") == 0);

    // Several errors are all reported, one per line.
    err = error_of(head + "colour = red\nsize = big\n```\n");
    CHECK(err.find("t.md:6:") != std::string::npos);
    CHECK(err.find("\nt.md:7:") != std::string::npos);
}

TEST_CASE("a step or an introduction past 16 KiB of text is refused, naming the step and the limit") {
    const std::string para = std::string(1000, 'w') + "\n\n";  // 1,000 bytes of text per paragraph
    std::string paras;
    for (int i = 0; i < 17; ++i) paras += para;
    // 16 paragraphs (16,000 bytes of text) are fine; 17 are not.
    std::string ok = "# T\n\n## First\n\nshort\n\n## Long\n\n";
    for (int i = 0; i < 16; ++i) ok += para;
    CHECK(parse_lesson(ok, "t.md").ok());
    auto err = error_of("# T\n\n## First\n\nshort\n\n## Long\n\n" + paras);
    CHECK(err.find("t.md:7: step 2 'Long' has 17 KiB of text; a step holds at most 16 KiB.") == 0);
    // The question's text counts too.
    err = error_of("# T\n\n## Q\n\n```attnlab\nask = " + std::string(9000, 'a') + "\nexplain = " +
                   std::string(9000, 'b') + "\nanswer = argmax row 0\n```\n");
    CHECK(err.find("t.md:3: step 1 'Q' has 18 KiB") == 0);
    err = error_of("# T\n\n" + paras + "## S\n\nx\n");
    CHECK(err.find("t.md:1: the introduction has 17 KiB of text; it holds at most 16 KiB.") == 0);
}

TEST_CASE("invalid UTF-8, binary garbage and huge files are refused, naming the line") {
    std::string bad = "# T\n\n## S\n\nok line\ncaf\xC3\x28 bad\n";
    auto err = error_of(bad);
    CHECK(err.find("t.md:6: invalid UTF-8") == 0);
    CHECK(err.find("0xC3") != std::string::npos);

    std::string nul = "# T\n\n## S\n\nabc";
    nul.push_back('\0');
    nul += "def\n";
    CHECK(error_of(nul).find("t.md:5: binary data") == 0);

    // 50 MB: refused before parsing, naming the limit.
    std::string big(50u << 20, 'a');
    err = error_of(big);
    CHECK(err.find("limited to 256 KiB.") != std::string::npos);
    const std::string path = "lesson_test_big.md";
    {
        std::ofstream out(path, std::ios::binary);
        out.write(big.data(), std::streamsize(big.size()));
    }
    auto from_file = load_lesson_file(path);
    std::remove(path.c_str());
    REQUIRE_FALSE(from_file.ok());
    CHECK(from_file.error().find("limited to 256 KiB") != std::string::npos);
    CHECK(load_lesson_file("no/such/lesson.md").error().find("Cannot open") == 0);

    // Random bytes, and random mutations of a good lesson: an error or a lesson, never a crash.
    std::mt19937 rng(5);
    for (int round = 0; round < 200; ++round) {
        std::string junk(size_t(rng() % 4000), '\0');
        for (char& c : junk) c = char(rng() & 0xFF);
        (void)parse_lesson(junk, "junk.md");
        std::string mutated = kEveryKey;
        for (int k = 0; k < 8; ++k) mutated[rng() % mutated.size()] = char(0x20 + rng() % 0x5F);
        auto m = parse_lesson(mutated, "mutated.md");
        if (m.ok() && !m->steps.empty()) (void)state_at_step(*m, int(m->steps.size()) - 1);
    }
}
