// fonts.cpp — the UI font: NanumGothic with Latin + Hangul glyphs, plus common Chinese and Japanese ones (needs ImGui; no GL)
// (implementation; the interface and its contract are in fonts.h)
#include "app/shell/fonts.h"

#include <chrono>
#include <system_error>

#include <imgui_internal.h>

#include "app/i18n/ui_text.h"

namespace attn::app {

namespace {

// Debian's fonts with Chinese and Japanese glyphs, smallest first; the face index in the file.
struct CjkFont {
    const char* path;
    int face;
};
constexpr CjkFont kCjkFonts[] = {
    {"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0},  // fonts-droid-fallback, 4 MB
    {"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2},     // fonts-noto-cjk: 0 JP, 1 KR, 2 SC
};

}  // namespace

int missing_glyphs(const ImFont& font, const std::string& text) {
    int missing = 0;
    const char* p = text.c_str();
    const char* end = p + text.size();
    while (p < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        p += n > 0 ? n : 1;
        if (c <= 0x20 || c == 0x7F || c == 0x3000) continue;  // controls and spaces draw nothing
        if ((sizeof(ImWchar) == 2 && c > 0xFFFF) || font.FindGlyphNoFallback(ImWchar(c)) == nullptr) ++missing;
    }
    return missing;
}

void setup_fonts(FontSetup& fonts, const std::filesystem::path& asset_dir, float size_px,
                 const std::string& extra_text) {
    ImFontAtlas& atlas = fonts.atlas;
    const auto t0 = std::chrono::steady_clock::now();

    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(atlas.GetGlyphRangesDefault());
    builder.AddRanges(atlas.GetGlyphRangesKorean());
    for (int lang = 0; lang < kLangCount; ++lang) {
        for (int id = 0; id < int(Txt::Count); ++id) builder.AddText(tr(Lang(lang), Txt(id)));
    }
    builder.AddText("…→←↓↑×·√±∞–—“”‘’ᵀ‖Σ");
    builder.AddText(extra_text.c_str());
    builder.BuildRanges(&fonts.ranges);

    // The bundled copy, else Debian's fonts-nanum one (same file) when the assets are missing.
    std::filesystem::path path = asset_dir / "fonts" / "NanumGothic.ttf";
    std::error_code ec;
    if (asset_dir.empty() || !std::filesystem::is_regular_file(path, ec)) {
        path = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
    }
    fonts.path = path.string();
    fonts.loaded = false;
    if (std::filesystem::is_regular_file(path, ec)) {
        ImFontConfig config;
        config.OversampleH = 1;
        config.OversampleV = 1;
        config.PixelSnapH = true;
        fonts.loaded = atlas.AddFontFromFileTTF(fonts.path.c_str(), size_px, &config,
                                               fonts.ranges.Data) != nullptr;
    }
    if (!fonts.loaded) {
        ImFontConfig config;
        config.SizePixels = size_px;
        atlas.AddFontDefault(&config);
    }
    fonts.cjk_path.clear();
    for (const CjkFont& f : kCjkFonts) {
        if (!fonts.loaded || !std::filesystem::is_regular_file(f.path, ec)) continue;
        ImFontGlyphRangesBuilder cjk;
        cjk.AddRanges(atlas.GetGlyphRangesJapanese());
        cjk.AddRanges(atlas.GetGlyphRangesChineseSimplifiedCommon());
        cjk.AddText(extra_text.c_str());  // NanumGothic's glyphs win where both fonts have one
        cjk.BuildRanges(&fonts.cjk_ranges);
        ImFontConfig config;
        config.MergeMode = true;
        config.FontNo = f.face;
        config.OversampleH = 1;
        config.OversampleV = 1;
        config.PixelSnapH = true;
        if (atlas.AddFontFromFileTTF(f.path, size_px, &config, fonts.cjk_ranges.Data) != nullptr) fonts.cjk_path = f.path;
        break;
    }
    atlas.Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
    atlas.Build();
    fonts.atlas_w = atlas.TexWidth;
    fonts.atlas_h = atlas.TexHeight;
    fonts.glyphs = atlas.Fonts.Size > 0 ? atlas.Fonts[0]->Glyphs.Size : 0;
    fonts.build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace attn::app
