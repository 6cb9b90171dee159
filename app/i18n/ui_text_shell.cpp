// ui_text_shell.cpp — the shell's UI strings in English and Korean: window titles, status, the menus, the export dialog
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Window titles
    {Txt::ControlsTitle, "Controls", "설정"},
    {Txt::HeatmapTitle, "Attention heatmap", "어텐션 히트맵"},

    // Status
    {Txt::Computing, "computing", "계산 중"},
    {Txt::StatusLine, "%d × %d tokens · %d heads · d_k = %d · %.1f ms",
     "토큰 %d × %d · 헤드 %d개 · d_k = %d · %.1f ms"},
    {Txt::NoTrace, "Type a sentence to begin.", "문장을 입력하세요."},
    {Txt::FontMissing, "Font file not found: Hangul is shown as '?'.",
     "글꼴 파일이 없어 한글이 '?'로 보입니다."},

    // Views and menus
    {Txt::ViewHeatmap, "Heatmap", "히트맵"},
    {Txt::ViewExplainer, "Cell explainer", "칸 설명"},
    {Txt::ViewAllHeads, "All heads", "모든 헤드"},
    {Txt::ViewScaling, "Scaling lab", "스케일링 실험"},
    {Txt::ViewPipeline, "Pipeline", "계산 과정"},
    {Txt::ViewLines, "Line view", "선 보기"},
    {Txt::ViewPositional, "Positional encoding", "위치 인코딩"},
    {Txt::MenuView, "View", "보기"},
    {Txt::MenuHelp, "Help", "도움말"},
    {Txt::MenuShortcuts, "Keyboard shortcuts", "단축키"},
    {Txt::ShortcutsText,
     "Ctrl+1 … Ctrl+9, Ctrl+0   switch views\nPageUp / PageDown   previous / next layer\n"
     "Ctrl+E   export a figure or the numbers\nF5   presentation mode\nEsc   leave presentation mode",
     "Ctrl+1 … Ctrl+9, Ctrl+0   보기 전환\nPageUp / PageDown   이전 / 다음 층\n"
     "Ctrl+E   그림이나 숫자 내보내기\nF5   발표 모드\nEsc   발표 모드 끝내기"},
    {Txt::MenuManual,
     "The user guide: /usr/share/doc/attnlab/docs/ (docs/ in the source), and `man attnlab` for the command line.",
     "사용 안내서: /usr/share/doc/attnlab/docs/ (소스에서는 docs/), 명령줄은 `man attnlab`."},
    {Txt::AboutFree, "Free software: anyone may use, copy, change and share it.",
     "자유 소프트웨어: 누구나 쓰고, 복사하고, 고치고, 나눌 수 있습니다."},
    {Txt::ClickToExplain, "Click a cell to see its numbers step by step.",
     "칸을 클릭하면 그 값이 계산되는 과정을 단계별로 봅니다."},

    // View menu extras
    {Txt::MenuControls, "Controls panel", "설정 패널"},
    {Txt::MenuPresentation, "Presentation mode", "발표 모드"},
    {Txt::MenuUiScale, "UI scale", "화면 배율"},
    {Txt::MenuUiScaleTip, "Size of all text and widgets (saved for the next session).",
     "모든 글자와 위젯의 크기입니다 (다음 실행에도 유지됩니다)."},
    {Txt::PresentationHint, "Presentation mode · Esc to leave", "발표 모드 · Esc로 끝내기"},
    {Txt::HeadsAutoScale, "Own colour scale per map", "지도마다 자기 색 범위"},
    {Txt::HeadsAutoScaleTip,
     "With many tokens every weight is small and the 0-1 scale looks dark.\nThis colours each map "
     "from 0 to its 99th percentile (shown after its name); larger weights get the top colour.",
     "토큰이 많으면 가중치가 모두 작아 0-1 범위에서는 어둡게 보입니다.\n각 지도를 0부터 자기 "
     "99번째 백분위수까지의 색으로 칠합니다 (이름 뒤에 표시). 더 큰 가중치는 가장 밝은 색이 "
     "됩니다."},

    // Export dialog
    {Txt::MenuFile, "File", "파일"},
    {Txt::MenuExport, "Export figure or numbers...", "그림 또는 숫자 내보내기..."},
    {Txt::ExportTitle, "Export", "내보내기"},
    {Txt::ExportWhat, "Figure", "그림"},
    {Txt::ExportFormat, "Format", "형식"},
    {Txt::ExportSize, "Size", "크기"},
    {Txt::ExportSizeSlide, "Slide 16:9", "슬라이드 16:9"},
    {Txt::ExportSizeA4, "A4 portrait", "A4 세로"},
    {Txt::ExportSizeA4L, "A4 landscape", "A4 가로"},
    {Txt::ExportPngScale, "PNG scale", "PNG 배율"},
    {Txt::ExportPngScaleTip, "Pixels per figure unit: 1 = 120 dpi (1600 x 900 for a slide), 2 = 240 dpi.",
     "그림 단위당 픽셀 수: 1 = 120 dpi (슬라이드 1600 x 900), 2 = 240 dpi."},
    {Txt::ExportTransparent, "Transparent background", "투명 배경"},
    {Txt::ExportTransparentTip, "No background colour: the slide's own background shows through.",
     "배경색 없이 저장합니다: 슬라이드의 배경이 그대로 보입니다."},
    {Txt::ExportPath, "File", "파일"},
    {Txt::ExportPathTip, "Where to save. The extension follows the format; an existing file is replaced "
     "only when the export succeeds.",
     "저장할 곳입니다. 확장자는 형식에 맞춰집니다. 기존 파일은 내보내기가 성공했을 때만 바뀝니다."},
    {Txt::ExportGo, "Export", "내보내기"},
    {Txt::ExportClose, "Close", "닫기"},
    {Txt::ExportBusy, "Exporting...", "내보내는 중..."},
    {Txt::ExportNumbersTip, "CSV: the head's matrix shown in the heatmap (weights, scores or scaled scores). "
     "JSON: every intermediate matrix, as `attnlab dump` writes it.",
     "CSV: 히트맵에 보이는 헤드의 행렬 (가중치, 점수 또는 스케일된 점수). JSON: `attnlab dump`처럼 "
     "모든 중간 행렬."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area shell_texts() { return area("shell", kTexts); }

}  // namespace attn::app::ui_text_parts
