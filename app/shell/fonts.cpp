// fonts.cpp — the UI font: NanumGothic with Latin + Hangul glyphs (needs ImGui; no GL)
// (implementation; the interface and its contract are in fonts.h)
#include "app/shell/fonts.h"

#include <chrono>
#include <system_error>

#include "app/i18n/ui_text.h"

namespace attn::app {

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
    atlas.Build();
    fonts.atlas_w = atlas.TexWidth;
    fonts.atlas_h = atlas.TexHeight;
    fonts.build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace attn::app
