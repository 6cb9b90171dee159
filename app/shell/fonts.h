// fonts.h — the UI font: NanumGothic with Latin + Hangul glyphs, common Chinese and Japanese ones, rare ones added on demand (needs ImGui; no GL).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace attn::app {

// Characters met at run time that the atlas lacks but one of its fonts has (a rare hanzi typed,
// committed by an input method or pasted): noted while drawing, added by one atlas rebuild between
// frames. Bounded: at most kMaxGlyphsOnDemand characters a session, at most one rebuild every
// kGlyphRebuildInterval seconds (a rebuild takes ~100-300 ms: every glyph is rasterized again).
inline constexpr int kMaxGlyphsOnDemand = 2048;
inline constexpr double kGlyphRebuildInterval = 0.5;

struct GlyphsOnDemand {
    struct Pending {
        ImWchar c;
        int config;  // the atlas's ConfigData index whose font has it (NanumGothic first)
    };
    std::vector<Pending> pending;  // noted, not yet in the atlas
    std::vector<bool> checked;     // [65536] looked up once already (in a font, in no font, or refused)
    int added = 0;                 // characters added so far (≤ kMaxGlyphsOnDemand)
    int unavailable = 0;           // characters no font has (or over the cap): they stay '?'
    int rebuilds = 0;
    double last_rebuild_s = -1e9;  // steady clock, seconds
    double total_ms = 0.0, max_ms = 0.0;
};

struct FontSetup {
    ImFontAtlas atlas;         // shared with the ImGui context: must outlive it and the backend
    ImVector<ImWchar> ranges;  // must outlive the atlas build
    ImVector<ImWchar> cjk_ranges;
    bool loaded = false;       // false: ImGui's default font (no Hangul)
    std::string path;
    std::string cjk_path;      // the font merged in for Chinese and Japanese ("" = none found)
    int glyphs = 0;            // in the atlas
    double build_ms = 0.0;     // atlas build time
    int atlas_w = 0, atlas_h = 0;
    GlyphsOnDemand on_demand;
};

// Adds NanumGothic at `size_px` to fonts.atlas with the Default + Korean ranges merged, plus every
// character used by the UI strings and `extra_text` (e.g. the preset sentences), and builds it.
// OversampleH = 1: the default 3 makes a 4096² atlas for ~11,000 Hangul glyphs.
// Merged into it, from Debian's fonts-droid-fallback (else fonts-noto-cjk's Simplified Chinese
// face) when installed: kana and the ~3,000 kanji of ImGui's Japanese range, the ~2,500 common
// Chinese characters, and any character of `extra_text` NanumGothic lacks — so a Japanese or
// Chinese input method's pre-edit and commits show as text, not "?". The atlas is only as tall as
// its glyphs need (ImFontAtlasFlags_NoPowerOfTwoHeight).
// Needs no ImGui context or GL: the app runs it on a thread while the window opens.
void setup_fonts(FontSetup& fonts, const std::filesystem::path& asset_dir, float size_px,
                 const std::string& extra_text);

// How many characters of `text` (UTF-8; spaces and controls not counted) `font` has no glyph
// for, i.e. would draw as '?'. --stats reports it for a few common Chinese and Japanese
// characters (tests/app/headless_smoke.sh).
int missing_glyphs(const ImFont& font, const std::string& text);

// Notes the characters of `text` (UTF-8; `wide`: ImGui's edit buffer) that fonts.atlas lacks and one
// of its fonts has, for glyphs_rebuild. Cheap for text already drawable (one table look-up a character).
void glyphs_note_text(FontSetup& fonts, std::string_view text);
void glyphs_note_wide(FontSetup& fonts, const ImWchar* begin, const ImWchar* end);
// Between frames (never while one is being built: ImGui holds glyph pointers): when characters are
// pending and the last rebuild is kGlyphRebuildInterval old, adds them to the glyph ranges and
// rebuilds fonts.atlas. true: rebuilt — the caller must upload the atlas texture again.
bool glyphs_rebuild(FontSetup& fonts, double now_s);

}  // namespace attn::app
