// fonts.cpp — the UI font: NanumGothic with Latin + Hangul glyphs, common Chinese and Japanese ones, rare ones added on demand (needs ImGui; no GL)
// (implementation; the interface and its contract are in fonts.h)
#include "app/shell/fonts.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <iterator>
#include <system_error>

#include <imgui_internal.h>
#include <stb_truetype.h>  // Debian's libstb (ImGui's own font builder uses it too): which font has a character

#include "app/i18n/ui_text.h"
#include "core/base/parallel.h"

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

// Whether the font of `cfg` (its file's bytes, kept by FontSetup) maps `c` to a glyph.
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
    if (!fonts.loaded || !fonts.atlas) return;          // ImGui's default font: no bytes kept to rebuild from
    const ImFontAtlas& atlas = *fonts.atlas;
    if (atlas.Fonts.Size == 0 || atlas.Fonts[0]->FindGlyphNoFallback(ImWchar(c)) != nullptr) return;
    if (d.checked.empty()) d.checked.assign(0x10000, false);
    if (d.checked[c]) return;  // also every character of the build in flight
    d.checked[c] = true;
    const int in_flight = d.job ? d.job->chars : 0;
    if (d.added + in_flight + int(d.pending.size()) < kMaxGlyphsOnDemand) {
        for (int i = 0; i < atlas.ConfigData.Size; ++i) {
            if (font_has(atlas.ConfigData[i], ImWchar(c))) {
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

namespace {

// Adds the font of `cfg` to `atlas` without copying its bytes. ImGui 1.86's AddFont copies
// FontData when FontDataOwnedByAtlas is false and frees it in Clear when true: so true while adding
// (no copy), false after (never freed) — the atlas borrows the bytes FontSetup keeps.
ImFont* add_borrowed(ImFontAtlas& atlas, ImFontConfig cfg) {
    cfg.FontDataOwnedByAtlas = true;
    cfg.DstFont = nullptr;  // AddFont picks the atlas's own (a new one, or the last for MergeMode)
    ImFont* font = atlas.AddFont(&cfg);
    atlas.ConfigData.back().FontDataOwnedByAtlas = false;
    return font;
}

// The build thread: a new atlas from `configs` (their bytes borrowed, their ranges in job.built).
// It touches nothing but `job` and reads the font bytes, which the UI thread only reads too.
void build_atlas(GlyphBuildJob& job, std::vector<ImFontConfig> configs, ImFontAtlasFlags flags, int desired_w,
                 int padding, const std::function<void()>& wake) {
    name_this_thread("attn-glyphs");  // runs on its own thread only (start_glyph_build)
    const auto t0 = std::chrono::steady_clock::now();
    auto atlas = std::make_unique<ImFontAtlas>();
    atlas->Flags = flags;
    atlas->TexDesiredWidth = desired_w;
    atlas->TexGlyphPadding = padding;
    for (size_t i = 0; i < configs.size(); ++i) {
        configs[i].GlyphRanges = job.built.ranges[i].data();
        add_borrowed(*atlas, configs[i]);
    }
    if (atlas->Build()) {
        // The OpenGL backend uploads RGBA: converted here, so the UI thread only uploads.
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        atlas->GetTexDataAsRGBA32(&pixels, &w, &h);
        job.built.atlas = std::move(atlas);
    }
    job.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    job.done.store(true, std::memory_order_release);
    if (wake) wake();  // an idle event loop draws a frame, which swaps the atlas in
}

void count_atlas(FontSetup& fonts) {
    const ImFontAtlas& atlas = *fonts.atlas;
    fonts.atlas_w = atlas.TexWidth;
    fonts.atlas_h = atlas.TexHeight;
    fonts.glyphs = atlas.Fonts.Size > 0 ? atlas.Fonts[0]->Glyphs.Size : 0;
}

// The ranges a builder made, as a plain array (ImGui reads it until 0).
std::vector<ImWchar> ranges_of(ImFontGlyphRangesBuilder& builder) {
    ImVector<ImWchar> out;
    builder.BuildRanges(&out);
    return std::vector<ImWchar>(out.begin(), out.end());
}

// The whole file's bytes; empty when it cannot be read.
std::vector<unsigned char> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return in.bad() ? std::vector<unsigned char>{} : bytes;
}

}  // namespace

GlyphBuildJob::~GlyphBuildJob() {
    if (thread.joinable()) thread.join();
}

bool glyphs_start_build(FontSetup& fonts, double now_s) {
    GlyphsOnDemand& d = fonts.on_demand;
    if (d.job || d.pending.empty() || !fonts.atlas || now_s - d.last_rebuild_s < kGlyphRebuildInterval) return false;
    const ImFontAtlas& atlas = *fonts.atlas;
    auto job = std::make_unique<GlyphBuildJob>();
    std::vector<ImFontConfig> configs;
    for (int i = 0; i < atlas.ConfigData.Size; ++i) {  // each font's ranges with its new characters
        const ImFontConfig& cfg = atlas.ConfigData[i];
        ImFontGlyphRangesBuilder builder;
        if (cfg.GlyphRanges != nullptr) builder.AddRanges(cfg.GlyphRanges);
        for (const GlyphsOnDemand::Pending& p : d.pending) {
            if (p.config == i) builder.AddChar(p.c);
        }
        job->built.ranges.push_back(ranges_of(builder));
        configs.push_back(cfg);
    }
    job->chars = int(d.pending.size());
    d.pending.clear();
    d.last_rebuild_s = now_s;
    GlyphBuildJob& j = *job;
    job->thread = std::thread(build_atlas, std::ref(j), std::move(configs), atlas.Flags, atlas.TexDesiredWidth,
                              atlas.TexGlyphPadding, d.wake);
    d.job = std::move(job);
    return true;
}

FontAtlasParts glyphs_swap_built(FontSetup& fonts) {
    GlyphsOnDemand& d = fonts.on_demand;
    if (!d.job || !d.job->done.load(std::memory_order_acquire)) return {};
    std::unique_ptr<GlyphBuildJob> job = std::move(d.job);
    if (job->thread.joinable()) job->thread.join();  // done: returns at once
    d.total_ms += job->ms;
    d.max_ms = std::max(d.max_ms, job->ms);
    if (!job->built.atlas) {  // the atlas did not fit (ImGui's texture limits): they stay '?'
        d.unavailable += job->chars;
        return {};
    }
    FontAtlasParts old{std::move(fonts.atlas), std::move(fonts.ranges)};
    fonts.atlas = std::move(job->built.atlas);
    fonts.ranges = std::move(job->built.ranges);
    d.added += job->chars;
    ++d.rebuilds;
    count_atlas(fonts);
    return old;
}

void glyphs_wait_build(FontSetup& fonts) {
    GlyphsOnDemand& d = fonts.on_demand;
    if (d.job && d.job->thread.joinable()) d.job->thread.join();
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

namespace {

// Symbols NanumGothic lacks, from DejaVu Sans (merged last: the earlier fonts' glyphs win):
// SentencePiece's ▁ (block elements), ■ □ ▲ (geometric shapes), ᵀ (phonetic extensions), super-
// and subscripts, arrows, mathematical operators.
constexpr ImWchar kSymbolRanges[] = {0x1D00, 0x1DBF, 0x2070, 0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                     0x2580, 0x25FF, 0};
constexpr const char* kSymbolFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";  // fonts-dejavu-core

void add_symbol_font(FontSetup& fonts, ImFontAtlas& atlas, float size_px) {
    fonts.symbol_path.clear();
    fonts.symbol_bytes.clear();
    std::error_code ec;
    if (!fonts.loaded || !std::filesystem::is_regular_file(kSymbolFont, ec)) return;
    fonts.symbol_bytes = read_bytes(kSymbolFont);
    if (fonts.symbol_bytes.empty()) return;
    fonts.ranges.emplace_back(std::begin(kSymbolRanges), std::end(kSymbolRanges));
    ImFontConfig config;
    config.FontData = fonts.symbol_bytes.data();
    config.FontDataSize = int(fonts.symbol_bytes.size());
    config.SizePixels = size_px;
    config.GlyphRanges = fonts.ranges.back().data();
    config.MergeMode = true;
    config.OversampleH = 1;
    config.OversampleV = 1;
    config.PixelSnapH = true;
    if (add_borrowed(atlas, config) != nullptr) fonts.symbol_path = kSymbolFont;
}

}  // namespace

void setup_fonts(FontSetup& fonts, const std::filesystem::path& asset_dir, float size_px,
                 const std::string& extra_text) {
    const auto t0 = std::chrono::steady_clock::now();
    fonts.atlas = std::make_unique<ImFontAtlas>();
    fonts.ranges.clear();
    fonts.ranges.reserve(3);  // NanumGothic's, the CJK font's, the symbol font's
    ImFontAtlas& atlas = *fonts.atlas;

    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(atlas.GetGlyphRangesDefault());
    builder.AddRanges(atlas.GetGlyphRangesKorean());
    for (int lang = 0; lang < lang_count(); ++lang) {
        for (int id = 0; id < int(Txt::Count); ++id) builder.AddText(tr(Lang(lang), Txt(id)));
        builder.AddText(lang_display_name(Lang(lang)));
    }
    builder.AddText("…→←↓↑×·√±∞–—“”‘’ᵀ‖Σ");
    builder.AddText(extra_text.c_str());

    // The bundled copy, else Debian's fonts-nanum one (same file) when the assets are missing.
    std::filesystem::path path = asset_dir / "fonts" / "NanumGothic.ttf";
    std::error_code ec;
    if (asset_dir.empty() || !std::filesystem::is_regular_file(path, ec)) {
        path = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";
    }
    fonts.path = path.string();
    fonts.font_bytes = read_bytes(fonts.path);
    fonts.loaded = false;
    if (!fonts.font_bytes.empty()) {
        fonts.ranges.push_back(ranges_of(builder));
        ImFontConfig config;
        config.FontData = fonts.font_bytes.data();
        config.FontDataSize = int(fonts.font_bytes.size());
        config.SizePixels = size_px;
        config.GlyphRanges = fonts.ranges.back().data();
        config.OversampleH = 1;
        config.OversampleV = 1;
        config.PixelSnapH = true;
        fonts.loaded = add_borrowed(atlas, config) != nullptr;
    }
    if (!fonts.loaded) {
        fonts.ranges.assign(1, {});  // ImGui's own
        ImFontConfig config;
        config.SizePixels = size_px;
        atlas.AddFontDefault(&config);
    }
    fonts.cjk_path.clear();
    fonts.cjk_bytes.clear();
    for (const CjkFont& f : kCjkFonts) {
        if (!fonts.loaded || !std::filesystem::is_regular_file(f.path, ec)) continue;
        fonts.cjk_bytes = read_bytes(f.path);
        if (fonts.cjk_bytes.empty()) continue;
        ImFontGlyphRangesBuilder cjk;
        cjk.AddRanges(atlas.GetGlyphRangesJapanese());
        cjk.AddRanges(atlas.GetGlyphRangesChineseSimplifiedCommon());
        cjk.AddText(extra_text.c_str());  // NanumGothic's glyphs win where both fonts have one
        fonts.ranges.push_back(ranges_of(cjk));
        ImFontConfig config;
        config.FontData = fonts.cjk_bytes.data();
        config.FontDataSize = int(fonts.cjk_bytes.size());
        config.SizePixels = size_px;
        config.GlyphRanges = fonts.ranges.back().data();
        config.MergeMode = true;
        config.FontNo = f.face;
        config.OversampleH = 1;
        config.OversampleV = 1;
        config.PixelSnapH = true;
        if (add_borrowed(atlas, config) != nullptr) fonts.cjk_path = f.path;
        break;
    }
    add_symbol_font(fonts, atlas, size_px);
    atlas.Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
    atlas.Build();
    count_atlas(fonts);
    fonts.build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace attn::app
