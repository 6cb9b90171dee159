// ui_text_lesson.cpp — the guided lessons' UI strings in English (marked N_ for the catalogues in po/)
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Guided lessons (app/lesson, app/panels/panel_lesson)
    {Txt::LessonTitle, N_("Lesson")},
    {Txt::MenuLessons, N_("Lessons")},
    {Txt::MenuOpenLesson, N_("Open lesson…")},
    {Txt::MenuRecentLessons, N_("Recent lessons")},
    {Txt::MenuNoLessons, N_("(no built-in lessons found)")},
    {Txt::OpenLessonTitle, N_("Open a lesson")},
    {Txt::OpenLessonIntro,
     N_("A lesson is a Markdown file (.md) written as docs/lessons.md describes. Type its path, pick a "
        "built-in or recent lesson, or drop the file onto the window.")},
    {Txt::OpenLessonPathHint, N_("/path/to/lesson.md")},
    {Txt::OpenLessonGo, N_("Open")},
    {Txt::OpenLessonBuiltin, N_("Built-in lessons")},
    {Txt::LessonStepsCount, N_("%d steps")},
    {Txt::LessonBack, N_("< Back")},
    {Txt::LessonNext, N_("Next >")},
    {Txt::LessonClose, N_("Close lesson")},
    {Txt::LessonCloseTip,
     N_("Leave the lesson (Esc): every setting comes back as it was before you opened it.")},
    {Txt::LessonProgress, N_("Step %d / %d")},
    {Txt::LessonJumpTip,
     N_("Jump to any step. Each step sets up the app as the lesson says; your own changes stay until you "
        "move to another step.")},
    {Txt::LessonKeysHint, N_("Next / back: → ←  or  PageDown PageUp · Esc: leave")},
    {Txt::LessonQuestion, N_("Question")},
    {Txt::LessonCheck, N_("Check")},
    {Txt::LessonCheckTip, N_("Compare your answer with the one computed from the weights on screen.")},
    {Txt::LessonShowMe, N_("Show me")},
    {Txt::LessonShowMeTip, N_("Reveal the answer without answering.")},
    {Txt::LessonRight, N_("Right!")},
    {Txt::LessonWrong, N_("Not quite.")},
    {Txt::LessonClickHint, N_("Click a cell of the heatmap to answer (or a row's token label).")},
    {Txt::LessonYourClick, N_("Your answer: %s → %s (cell %d:%d)")},
    {Txt::LessonAnswerChoice, N_("Answer: choice %d")},
    {Txt::LessonAnswerCell, N_("Answer: %s → %s (cell %d:%d)")},
    {Txt::LessonAnswerToken, N_("Answer: %s (row %d)")},
    {Txt::LessonWaiting, N_("Computing this step's weights…")},
    {Txt::LessonNeedsModel,
     N_("This step runs a real model: open a GPT-2 or BERT folder (Model > Open model folder…).")},
    {Txt::LessonExport, N_("Export handout (PDF)")},
    {Txt::LessonExportTip,
     N_("Every step with its question, the computed answer and the figure of its view, as an A4 PDF "
        "(written in the background).")},
    {Txt::LessonExportBusy, N_("Writing the handout…")},
    {Txt::LessonExportDone, N_("Handout saved: %s")},
    {Txt::LessonExportFailed, N_("Handout not saved: %s")},
    {Txt::LessonMoreErrors, N_("(+%d more)")},
    {Txt::LessonOpenFailed, N_("Lesson not opened: %s")},
    {Txt::LessonDropHint, N_("Drop a lesson (.md) onto the window to open it.")},
    {Txt::LessonAnswerError, N_("The answer cannot be computed here: %s")},
    {Txt::LessonEnd, N_("End of the lesson.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area lesson_texts() { return area("lesson", kTexts); }

}  // namespace attn::app::ui_text_parts
