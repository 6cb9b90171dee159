// ui_text_lesson.cpp — the guided lessons' UI strings in English and Korean
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Guided lessons (app/lesson, app/panels/panel_lesson)
    {Txt::LessonTitle, "Lesson",
     "레슨"},
    {Txt::MenuLessons, "Lessons",
     "레슨"},
    {Txt::MenuOpenLesson, "Open lesson…",
     "레슨 열기…"},
    {Txt::MenuRecentLessons, "Recent lessons",
     "최근 레슨"},
    {Txt::MenuNoLessons, "(no built-in lessons found)",
     "(내장 레슨을 찾지 못했습니다)"},
    {Txt::OpenLessonTitle, "Open a lesson",
     "레슨 열기"},
    {Txt::OpenLessonIntro, "A lesson is a Markdown file (.md) written as docs/lessons.md describes. Type its path, pick a built-in or recent lesson, or drop the file onto the window.",
     "레슨은 docs/lessons.md 형식의 마크다운 파일(.md)입니다. 경로를 입력하거나, 내장 레슨이나 최근 레슨을 고르거나, 파일을 창에 끌어다 놓으세요."},
    {Txt::OpenLessonPathHint, "/path/to/lesson.md",
     "/경로/레슨.md"},
    {Txt::OpenLessonGo, "Open",
     "열기"},
    {Txt::OpenLessonBuiltin, "Built-in lessons",
     "내장 레슨"},
    {Txt::LessonStepsCount, "%d steps",
     "%d단계"},
    {Txt::LessonBack, "< Back",
     "< 이전"},
    {Txt::LessonNext, "Next >",
     "다음 >"},
    {Txt::LessonClose, "Close lesson",
     "레슨 닫기"},
    {Txt::LessonCloseTip, "Leave the lesson (Esc): every setting comes back as it was before you opened it.",
     "레슨을 닫습니다 (Esc). 모든 설정이 레슨을 열기 전으로 돌아갑니다."},
    {Txt::LessonProgress, "Step %d / %d",
     "%d / %d단계"},
    {Txt::LessonJumpTip, "Jump to any step. Each step sets up the app as the lesson says; your own changes stay until you move to another step.",
     "원하는 단계로 건너뜁니다. 단계마다 레슨대로 앱을 설정하며, 직접 바꾼 설정은 다른 단계로 옮길 때까지 유지됩니다."},
    {Txt::LessonKeysHint, "Next / back: → ←  or  PageDown PageUp · Esc: leave",
     "다음 / 이전: → ←  또는  PageDown PageUp · Esc: 닫기"},
    {Txt::LessonQuestion, "Question",
     "질문"},
    {Txt::LessonCheck, "Check",
     "확인"},
    {Txt::LessonCheckTip, "Compare your answer with the one computed from the weights on screen.",
     "화면의 가중치로 계산한 답과 내 답을 비교합니다."},
    {Txt::LessonShowMe, "Show me",
     "정답 보기"},
    {Txt::LessonShowMeTip, "Reveal the answer without answering.",
     "답하지 않고 정답을 봅니다."},
    {Txt::LessonRight, "Right!",
     "맞았습니다!"},
    {Txt::LessonWrong, "Not quite.",
     "아쉽네요, 틀렸습니다."},
    {Txt::LessonClickHint, "Click a cell of the heatmap to answer (or a row's token label).",
     "히트맵의 칸(또는 행의 토큰 이름)을 눌러 답하세요."},
    {Txt::LessonYourClick, "Your answer: %s → %s (cell %d:%d)",
     "내 답: %s → %s (%d:%d 칸)"},
    {Txt::LessonAnswerChoice, "Answer: choice %d",
     "정답: %d번"},
    {Txt::LessonAnswerCell, "Answer: %s → %s (cell %d:%d)",
     "정답: %s → %s (%d:%d 칸)"},
    {Txt::LessonAnswerToken, "Answer: %s (row %d)",
     "정답: %s (%d행)"},
    {Txt::LessonWaiting, "Computing this step's weights…",
     "이 단계의 가중치를 계산하는 중…"},
    {Txt::LessonNeedsModel, "This step runs a real model: open a GPT-2 or BERT folder (Model > Open model folder…).",
     "이 단계는 실제 모델을 씁니다: GPT-2나 BERT 폴더를 여세요 (모델 > 모델 폴더 열기…)."},
    {Txt::LessonExport, "Export handout (PDF)",
     "유인물 내보내기 (PDF)"},
    {Txt::LessonExportTip, "Every step with its question, the computed answer and the figure of its view, as an A4 PDF (written in the background).",
     "단계마다 질문, 계산한 답, 화면의 그림을 담은 A4 PDF를 만듭니다 (백그라운드에서 씁니다)."},
    {Txt::LessonExportBusy, "Writing the handout…",
     "유인물을 쓰는 중…"},
    {Txt::LessonExportDone, "Handout saved: %s",
     "유인물을 저장했습니다: %s"},
    {Txt::LessonExportFailed, "Handout not saved: %s",
     "유인물을 저장하지 못했습니다: %s"},
    {Txt::LessonMoreErrors, "(+%d more)",
     "(외 %d개)"},
    {Txt::LessonOpenFailed, "Lesson not opened: %s",
     "레슨을 열지 못했습니다: %s"},
    {Txt::LessonDropHint, "Drop a lesson (.md) onto the window to open it.",
     "레슨 파일(.md)을 창에 끌어다 놓으면 열립니다."},
    {Txt::LessonAnswerError, "The answer cannot be computed here: %s",
     "여기서는 답을 계산할 수 없습니다: %s"},
    {Txt::LessonEnd, "End of the lesson.",
     "레슨이 끝났습니다."},
    // Train view
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area lesson_texts() { return area("lesson", kTexts); }

}  // namespace attn::app::ui_text_parts
