// fonts.h — the UI font: NanumGothic with Latin + Hangul glyphs, plus common Chinese and Japanese ones (needs ImGui; no GL).
#pragma once

#include <filesystem>
#include <string>

#include <imgui.h>

namespace attn::app {

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

}  // namespace attn::app
