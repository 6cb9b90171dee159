// fonts.h — the UI font: NanumGothic with Latin + Hangul glyphs (needs ImGui; no GL).
#pragma once

#include <filesystem>
#include <string>

#include <imgui.h>

namespace attn::app {

struct FontSetup {
    ImFontAtlas atlas;         // shared with the ImGui context: must outlive it and the backend
    ImVector<ImWchar> ranges;  // must outlive the atlas build
    bool loaded = false;       // false: ImGui's default font (no Hangul)
    std::string path;
    double build_ms = 0.0;     // atlas build time
    int atlas_w = 0, atlas_h = 0;
};

// Adds NanumGothic at `size_px` to fonts.atlas with the Default + Korean ranges merged, plus every
// character used by the UI strings and `extra_text` (e.g. the preset sentences), and builds it.
// OversampleH = 1: the default 3 makes a 4096² atlas for ~11,000 Hangul glyphs.
// Needs no ImGui context or GL: the app runs it on a thread while the window opens.
void setup_fonts(FontSetup& fonts, const std::filesystem::path& asset_dir, float size_px,
                 const std::string& extra_text);

}  // namespace attn::app
