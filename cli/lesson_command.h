// lesson_command.h — `attnlab lesson FILE`: check a guided lesson (--check) or turn it into a
// PDF handout (--export), without a display.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace attn::cli {

struct LessonOptions {
    std::string file;
    bool check = false;
    std::string export_path;  // --export handout.pdf
    std::string lang;         // en | ko; empty = the lesson's own language
    std::string model_path;   // --model: the folder for steps that need a real model
    std::string font;         // empty = the bundled NanumGothic
};

void add_lesson_options(CLI::App& cmd, LessonOptions& o);

// Returns the exit code: 0 ok, 1 the lesson has errors or the file could not be written,
// 2 bad options (or a model folder that does not load).
int run_lesson(const LessonOptions& o, const char* argv0);

}  // namespace attn::cli
