// fonts.cpp — the UI font: NanumGothic with Latin + Hangul glyphs, common Chinese and Japanese ones, rare ones added on demand (needs ImGui; no GL)
// (implementation; the interface and its contract are in fonts.h)
#include "app/shell/fonts.h"

#include <algorithm>
#include <chrono>
#include <system_error>

#include <imgui_internal.h>
#include <stb_truetype.h>  // Debian's libstb (ImGui's own font builder uses it too): which font has a character

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

// Whether the font of `cfg` (its file's bytes, kept by the atlas) maps `c` to a glyph.
bool font_has(const ImFontConfig& cfg, ImWchar c) {
    if (cfg.FontData == nullptr) return false;
    const auto* data = static_cast<const unsigned char*>(cfg.FontData);
    const int offset = stbtt_GetFontOffsetForIndex(data, cfg.FontNo);
    stbtt_fontinfo info;
    if (offset < 0 || !stbtt_InitFont(&info, data, offset)) return false;
    return stbtt_FindGlyphIndex(&info, int(c)) != 0;
}

void note_char(FontSetup& fonts, unsigned int c) {
    GlyphsOnDemand& d = fonts.on_demand;
    if (c <= 0x20 || c > 0xFFFF || c == 0x7F) return;  // ImWchar is 16 bits in Debian's ImGui
    if (fonts.atlas.Fonts.Size == 0 || fonts.atlas.Fonts[0]->FindGlyphNoFallback(ImWchar(c)) != nullptr) return;
    if (d.checked.empty()) d.checked.assign(0x10000, false);
    if (d.checked[c]) return;
    d.checked[c] = true;
    if (d.added + int(d.pending.size()) < kMaxGlyphsOnDemand) {
        for (int i = 0; i < fonts.atlas.ConfigData.Size; ++i) {
            if (font_has(fonts.atlas.ConfigData[i], ImWchar(c))) {
                d.pending.push_back({ImWchar(c), i});
                return;
            }
        }
    }
    ++d.unavailable;
}

}  // namespace

void glyphs_note_text(FontSetup& fonts, std::string_view text) {
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        p += n > 0 ? n : 1;
        if (c >= 0x80) note_char(fonts, c);  // ASCII is always in the atlas
    }
}

void glyphs_note_wide(FontSetup& fonts, const ImWchar* begin, const ImWchar* end) {
    for (const ImWchar* p = begin; p < end; ++p) {
        if (*p >= 0x80) note_char(fonts, *p);
    }
}

bool glyphs_rebuild(FontSetup& fonts, double now_s) {
    GlyphsOnDemand& d = fonts.on_demand;
    if (d.pending.empty() || now_s - d.last_rebuild_s < kGlyphRebuildInterval) return false;
    const auto t0 = std::chrono::steady_clock::now();
    ImFontAtlas& atlas = fonts.atlas;
    // Each font's ranges with its new characters. The atlas's configs point into fonts.ranges
    // (the first font) and fonts.cjk_ranges (the merged CJK one); both are rebuilt, then re-pointed.
    for (int i = 0; i < atlas.ConfigData.Size && i < 2; ++i) {
        ImVector<ImWchar>& ranges = i == 0 ? fonts.ranges : fonts.cjk_ranges;
        ImFontGlyphRangesBuilder builder;
        if (atlas.ConfigData[i].GlyphRanges != nullptr) builder.AddRanges(atlas.ConfigData[i].GlyphRanges);
        bool any = false;
        for (const GlyphsOnDemand::Pending& p : d.pending) {
            if (p.config == i) {
                builder.AddChar(p.c);
                any = true;
            }
        }
        if (!any) continue;
        ImVector<ImWchar> next;
        builder.BuildRanges(&next);
        ranges.swap(next);
        atlas.ConfigData[i].GlyphRanges = ranges.Data;
    }
    d.added += int(d.pending.size());
    d.pending.clear();
    atlas.Build();  // from the fonts' bytes the atlas kept: the same fonts, more glyphs
    fonts.atlas_w = atlas.TexWidth;
    fonts.atlas_h = atlas.TexHeight;
    fonts.glyphs = atlas.Fonts.Size > 0 ? atlas.Fonts[0]->Glyphs.Size : 0;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    d.total_ms += ms;
    d.max_ms = std::max(d.max_ms, ms);
    ++d.rebuilds;
    d.last_rebuild_s = now_s;
    return true;
}

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
