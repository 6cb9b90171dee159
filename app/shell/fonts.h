// fonts.h — the UI font: NanumGothic with Latin + Hangul glyphs, common Chinese and Japanese ones, rare ones added on demand (needs ImGui; no GL).
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <imgui.h>

namespace attn::app {

// Characters met at run time that the atlas lacks but one of its fonts has (a rare hanzi typed,
// committed by an input method or pasted): noted while drawing, added by building a new atlas on a
// thread (every glyph is rasterized again: ~130 ms quiet, up to ~1 s under load) that the UI thread
// swaps in between frames. Bounded: at most kMaxGlyphsOnDemand characters a session, at most one
// build in flight, started at most every kGlyphRebuildInterval seconds.
inline constexpr int kMaxGlyphsOnDemand = 2048;
inline constexpr double kGlyphRebuildInterval = 0.5;

// A font atlas with the glyph-range arrays its configs point into (ImGui reads them at every Build,
// so they live as long as the atlas). Its fonts' TTF bytes are borrowed from FontSetup.
struct FontAtlasParts {
    std::unique_ptr<ImFontAtlas> atlas;
    std::vector<std::vector<ImWchar>> ranges;  // [config] pairs of first, last; 0-terminated
};

// One atlas build on its thread. The thread writes `built` and `ms`, then sets `done`; the UI
// thread reads them only after seeing `done`. The destructor joins.
struct GlyphBuildJob {
    std::thread thread;
    std::atomic<bool> done{false};
    FontAtlasParts built;
    int chars = 0;    // characters this build adds
    double ms = 0.0;  // its time on the thread
    ~GlyphBuildJob();
};

struct GlyphsOnDemand {
    struct Pending {
        ImWchar c;
        int config;  // the atlas's ConfigData index whose font has it (NanumGothic first)
    };
    std::vector<Pending> pending;  // noted, not yet in a build (noted during a build: the next one)
    std::vector<bool> checked;     // [65536] looked up once already (in a font, in no font, or refused)
    std::unique_ptr<GlyphBuildJob> job;  // the build in flight (or finished, not yet swapped in)
    int added = 0;                 // characters swapped into the atlas so far (≤ kMaxGlyphsOnDemand)
    int unavailable = 0;           // characters no font has (or over the cap): they stay '?'
    int rebuilds = 0;              // builds swapped in
    double last_rebuild_s = -1e9;  // when the last build started (steady clock, seconds)
    double total_ms = 0.0, max_ms = 0.0;  // the builds' time on their thread
    double max_swap_ms = 0.0;      // the longest swap on the UI thread (the caller measures it: texture upload)
    std::function<void()> wake;    // called by the build thread when it is done (the app: wake the event loop)
};

struct FontSetup {
    std::unique_ptr<ImFontAtlas> atlas;        // what ImGui draws with (io.Fonts): must outlive its use
    std::vector<std::vector<ImWchar>> ranges;  // [config] the atlas's glyph ranges (must outlive it)
    std::vector<unsigned char> font_bytes;     // NanumGothic.ttf, borrowed by every atlas
    std::vector<unsigned char> cjk_bytes;      // the Chinese/Japanese font file ("" = none)
    std::vector<unsigned char> symbol_bytes;   // DejaVu Sans, for symbols NanumGothic lacks ("" = none)
    bool loaded = false;       // false: ImGui's default font (no Hangul, no glyphs on demand)
    std::string path;
    std::string cjk_path;      // the font merged in for Chinese and Japanese ("" = none found)
    std::string symbol_path;   // the font merged in for symbols ("" = none found)
    int glyphs = 0;            // in the atlas
    double build_ms = 0.0;     // atlas build time
    int atlas_w = 0, atlas_h = 0;
    GlyphsOnDemand on_demand;  // declared last: destroyed first, its thread joined before the bytes go
};

// Adds NanumGothic at `size_px` to a new fonts.atlas with the Default + Korean ranges merged, plus
// every character used by the UI strings and `extra_text` (e.g. the preset sentences), and builds it.
// OversampleH = 1: the default 3 makes a 4096² atlas for ~11,000 Hangul glyphs.
// Merged into it, from Debian's fonts-droid-fallback (else fonts-noto-cjk's Simplified Chinese
// face) when installed: kana and the ~3,000 kanji of ImGui's Japanese range, the ~2,500 common
// Chinese characters, and any character of `extra_text` NanumGothic lacks — so a Japanese or
// Chinese input method's pre-edit and commits show as text, not "?". Last, from Debian's
// fonts-dejavu-core: the symbols NanumGothic lacks that tokens and formulas use (SentencePiece's
// ▁, ᵀ, block and geometric shapes, arrows, mathematical operators). The atlas is only as tall as
// its glyphs need (ImFontAtlasFlags_NoPowerOfTwoHeight). The fonts' bytes stay in `fonts`.
// Needs no ImGui context or GL: the app runs it on a thread while the window opens.
void setup_fonts(FontSetup& fonts, const std::filesystem::path& asset_dir, float size_px,
                 const std::string& extra_text);

// How many characters of `text` (UTF-8; spaces and controls not counted) `font` has no glyph
// for, i.e. would draw as '?'. --stats reports it for a few common Chinese and Japanese
// characters (tests/app/headless_smoke.sh).
int missing_glyphs(const ImFont& font, const std::string& text);

// Notes the characters of `text` (UTF-8; `wide`: ImGui's edit buffer) that fonts.atlas lacks and one
// of its fonts has, for the next build. Cheap for text already drawable (one table look-up a character).
void glyphs_note_text(FontSetup& fonts, std::string_view text);
void glyphs_note_wide(FontSetup& fonts, const ImWchar* begin, const ImWchar* end);

// UI thread, between frames. When characters are pending, no build is in flight and the last one
// started kGlyphRebuildInterval ago: starts a thread building a new atlas — the same fonts and
// configs, the current ranges plus the pending characters. true: started.
// ImGui 1.86 counts every allocation in the current context's IO.MetricsActiveAllocations (a plain
// int shown only by ImGui's Metrics window): the thread's allocations update it unsynchronized.
// Nothing else of the context is touched; wait for the build before ImGui::DestroyContext.
bool glyphs_start_build(FontSetup& fonts, double now_s);

// UI thread, between frames (ImGui holds glyph pointers within one). When the build has finished:
// its atlas becomes fonts.atlas and the previous atlas is returned — the caller points ImGui at the
// new one (io.Fonts, the current font, the texture) and then frees the old. Empty while none is ready.
FontAtlasParts glyphs_swap_built(FontSetup& fonts);

// Blocks until the build in flight (if any) has finished: scripted runs, and before the ImGui
// context is destroyed.
void glyphs_wait_build(FontSetup& fonts);

}  // namespace attn::app
