// task_fit.h: whether a text is one of a trained model's task inputs (reverse over a–h, 6 letters).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/lm/task_fit.h"

using namespace attn;

namespace {

std::vector<int> ids_of(const train::Task& t, const std::string& text) {
    std::vector<int> ids;
    for (char c : text) {
        int id = -1;
        for (int i = 0; i < int(t.vocab.size()); ++i)
            if (t.vocab[std::size_t(i)] == std::string(1, c)) id = i;
        ids.push_back(id < 0 ? 999 : id);
    }
    return ids;
}

}  // namespace

TEST_CASE("task fit: the reverse task's own inputs fit; a misplaced '>', a foreign letter or a long input do not") {
    auto task = train::find_task("reverse")->make(train::TaskParams{});
    REQUIRE(task.ok());
    CHECK(lm::task_input_note(*task, ids_of(*task, "abcdef>")).empty());
    CHECK(lm::task_input_note(*task, ids_of(*task, "abcdef>fedcb")).empty());
    CHECK(lm::task_input_note(*task, ids_of(*task, "hg")).empty());  // a prefix of an input
    CHECK(lm::task_input_note(*task, {}).empty());
    const std::string early = lm::task_input_note(*task, ids_of(*task, "abc>"));
    MESSAGE(early);
    CHECK(early.find("never has \">\" at position 4") != std::string::npos);
    CHECK(early.find("a b c d e f g h") != std::string::npos);
    CHECK(lm::task_input_note(*task, ids_of(*task, "abcdefg")).find("position 7") != std::string::npos);  // no '>'
    CHECK(lm::task_input_note(*task, ids_of(*task, "abcdez")).find("outside its vocabulary") != std::string::npos);
    CHECK(lm::task_input_note(*task, ids_of(*task, "abcdef>fedcbaa")).find("at most 12 tokens") != std::string::npos);
    // A text task takes any window of its text: nothing to check.
    auto text = train::find_task("text")->make(train::TaskParams{});
    REQUIRE(text.ok());
    CHECK(lm::task_input_note(*text, {0, 0, 0}).empty());
}
