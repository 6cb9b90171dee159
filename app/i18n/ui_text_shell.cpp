// ui_text_shell.cpp — the shell's UI strings in English (marked N_ for the catalogues in po/): window titles, status, the menus, the export dialog
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Window titles
    {Txt::ControlsTitle, N_("Controls")},
    {Txt::HeatmapTitle, N_("Attention heatmap")},

    // Status
    {Txt::Computing, N_("computing")},
    {Txt::StatusLine, N_("%d × %d tokens · %d heads · d_k = %d · %.1f ms")},
    {Txt::NoTrace, N_("Type a sentence to begin.")},
    {Txt::FontMissing, N_("Font file not found: Hangul is shown as '?'.")},

    // Views and menus
    {Txt::ViewHeatmap, N_("Heatmap")},
    {Txt::ViewExplainer, N_("Cell explainer")},
    {Txt::ViewAllHeads, N_("All heads")},
    {Txt::ViewScaling, N_("Scaling lab")},
    {Txt::ViewPipeline, N_("Pipeline")},
    {Txt::ViewLines, N_("Line view")},
    {Txt::ViewPositional, N_("Positional encoding")},
    {Txt::MenuView, N_("View")},
    {Txt::MenuHelp, N_("Help")},
    {Txt::MenuShortcuts, N_("Keyboard shortcuts")},
    {Txt::ShortcutsText,
     N_("Ctrl+1 … Ctrl+9, Ctrl+0   switch views\n"
        "PageUp / PageDown   previous / next layer\n"
        "Ctrl+E   export a figure or the numbers\n"
        "F5   presentation mode\n"
        "Esc   leave presentation mode")},
    {Txt::MenuManual,
     N_("The user guide: /usr/share/doc/attnlab/docs/ (docs/ in the source), and `man attnlab` for the "
        "command line.")},
    {Txt::AboutFree, N_("Free software: anyone may use, copy, change and share it.")},
    {Txt::ClickToExplain, N_("Click a cell to see its numbers step by step.")},

    // View menu extras
    {Txt::MenuControls, N_("Controls panel")},
    {Txt::MenuPresentation, N_("Presentation mode")},
    {Txt::MenuUiScale, N_("UI scale")},
    {Txt::MenuUiScaleTip, N_("Size of all text and widgets (saved for the next session).")},
    {Txt::PresentationHint, N_("Presentation mode · Esc to leave")},
    {Txt::HeadsAutoScale, N_("Own colour scale per map")},
    {Txt::HeadsAutoScaleTip,
     N_("With many tokens every weight is small and the 0-1 scale looks dark.\n"
        "This colours each map from 0 to its 99th percentile (shown after its name); larger weights get "
        "the top colour.")},

    // Export dialog
    {Txt::MenuFile, N_("File")},
    {Txt::MenuExport, N_("Export figure or numbers...")},
    {Txt::ExportTitle, N_("Export")},
    {Txt::ExportWhat, N_("Figure")},
    {Txt::ExportFormat, N_("Format")},
    {Txt::ExportSize, N_("Size")},
    {Txt::ExportSizeSlide, N_("Slide 16:9")},
    {Txt::ExportSizeA4, N_("A4 portrait")},
    {Txt::ExportSizeA4L, N_("A4 landscape")},
    {Txt::ExportPngScale, N_("PNG scale")},
    {Txt::ExportPngScaleTip,
     N_("Pixels per figure unit: 1 = 120 dpi (1600 x 900 for a slide), 2 = 240 dpi.")},
    {Txt::ExportTransparent, N_("Transparent background")},
    {Txt::ExportTransparentTip, N_("No background colour: the slide's own background shows through.")},
    {Txt::ExportPath, N_("File")},
    {Txt::ExportPathTip,
     N_("Where to save. The extension follows the format; an existing file is replaced only when the "
        "export succeeds.")},
    {Txt::ExportGo, N_("Export")},
    {Txt::ExportClose, N_("Close")},
    {Txt::ExportBusy, N_("Exporting...")},
    {Txt::ExportNumbersTip,
     N_("CSV: the head's matrix shown in the heatmap (weights, scores or scaled scores). JSON: every "
        "intermediate matrix, as `attnlab dump` writes it.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area shell_texts() { return area("shell", kTexts); }

}  // namespace attn::app::ui_text_parts
