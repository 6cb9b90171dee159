// lesson_internal.h — helpers shared by the lesson sources (not part of the API in lesson.h).
// String trimming, key tables, the answer grammar and applying a step's actions.
#pragma once

#include <string>

#include "core/lesson/lesson.h"

namespace attn::lesson {

std::string trim_copy(const std::string& s);
std::string shorten(const std::string& s, size_t max_bytes = 60);
std::string unquote(const std::string& s);  // "a b" → a b (outer double quotes only)

bool is_setting_key(const std::string& key);   // state actions, incl. highlight, reset, model
bool is_question_key(const std::string& key);  // ask, choice, answer, explain
const char* setting_keys();

RichText inline_markdown(const std::string& text);  // `ask`, `choice`, `explain` values

Expected<AnswerExpr> parse_answer(const std::string& text);
// Choices present for choice answers (and in range), none for click answers.
Status check_answer_shape(const Question& question);

// The title block's settings on a default state; then one step on top (errors name file:line).
Status apply_start(const Lesson& lesson, LessonState& state);
Status apply_step(const Lesson& lesson, const Step& step, LessonState& state);

}  // namespace attn::lesson
