// test_fonts.cpp — rare glyphs added to the UI font atlas: a new atlas built on a thread, swapped into the FontSetup (ImGui's atlas only: no context, no GL).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>

#include "app/shell/fonts.h"

using namespace attn::app;

namespace {

constexpr float kSizePx = 18.0f;
// Not in the start-up atlas: 龘 and 饕 are in no common Chinese or Japanese range (see
// tests/app/headless_smoke.sh); both are in Droid Sans Fallback.
constexpr const char* kRare1 = "龘";
constexpr ImWchar kRare1Code = 0x9F98;
constexpr const char* kRare2 = "饕";
constexpr ImWchar kRare2Code = 0x9955;

bool has_glyph(const ImFontAtlas& atlas, ImWchar c) {
    return atlas.Fonts.Size > 0 && atlas.Fonts[0]->FindGlyphNoFallback(c) != nullptr;
}

// The fonts of the app, or false (with a message) where this machine lacks them.
bool app_fonts(FontSetup& fonts) {
    setup_fonts(fonts, ATTNLAB_ASSET_DIR, kSizePx, "가나다");
    if (!fonts.loaded || fonts.cjk_path.empty()) {
        MESSAGE("skipped: NanumGothic or a Chinese/Japanese font (fonts-droid-fallback) is missing");
        return false;
    }
    return true;
}

}  // namespace

TEST_CASE("fonts: every atlas borrows the TTF bytes FontSetup keeps") {
    FontSetup fonts;
    if (!app_fonts(fonts)) return;
    const ImFontAtlas& atlas = *fonts.atlas;
    REQUIRE_MESSAGE(!fonts.symbol_path.empty(), "DejaVu Sans (fonts-dejavu-core, tools/install-deps.sh) is missing");
    REQUIRE(atlas.ConfigData.Size == 3);
    CHECK(atlas.ConfigData[0].FontData == fonts.font_bytes.data());
    CHECK(atlas.ConfigData[1].FontData == fonts.cjk_bytes.data());
    CHECK(atlas.ConfigData[2].FontData == fonts.symbol_bytes.data());
    for (const ImFontConfig& cfg : atlas.ConfigData) CHECK_FALSE(cfg.FontDataOwnedByAtlas);  // never freed by it
    CHECK(has_glyph(atlas, 0xAC00));  // 가
    CHECK_FALSE(has_glyph(atlas, kRare1Code));
    // Symbols NanumGothic lacks, from DejaVu Sans: SentencePiece's ▁ and the ᵀ of QKᵀ.
    CHECK(has_glyph(atlas, 0x2581));
    CHECK(has_glyph(atlas, 0x1D40));
}

TEST_CASE("fonts: a rare character is built on a thread and swapped in; one noted meanwhile goes into the next build") {
    FontSetup fonts;
    if (!app_fonts(fonts)) return;
    const ImFontAtlas* first = fonts.atlas.get();
    const int glyphs0 = fonts.glyphs;
    GlyphsOnDemand& d = fonts.on_demand;
    std::atomic<int> wakes{0};
    d.wake = [&wakes] { ++wakes; };  // the app wakes its idle event loop
    const double now = 100.0;

    glyphs_note_text(fonts, std::string("abc 가 ") + kRare1);  // only the rare one is missing
    REQUIRE(d.pending.size() == 1);
    CHECK(glyphs_start_build(fonts, now));
    CHECK(d.pending.empty());
    CHECK_FALSE(glyphs_start_build(fonts, now + 10.0));  // one build in flight at most

    glyphs_note_text(fonts, std::string(kRare1) + kRare2);  // during the build: 龘 is in it, 饕 waits
    CHECK(d.pending.size() == 1);
    CHECK(fonts.atlas.get() == first);  // drawing goes on with the old atlas

    const auto t0 = std::chrono::steady_clock::now();
    glyphs_wait_build(fonts);
    MESSAGE("atlas build on the thread: " << d.job->ms << " ms (waited "
            << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() << " ms)");
    CHECK(wakes == 1);
    FontAtlasParts old = glyphs_swap_built(fonts);
    REQUIRE(old.atlas != nullptr);
    CHECK(old.atlas.get() == first);
    CHECK(fonts.atlas.get() != first);
    CHECK(has_glyph(*fonts.atlas, kRare1Code));
    CHECK_FALSE(has_glyph(*fonts.atlas, kRare2Code));
    CHECK_FALSE(has_glyph(*old.atlas, kRare1Code));  // the old one is intact until the caller frees it
    CHECK(fonts.glyphs == glyphs0 + 1);
    CHECK(d.added == 1);
    CHECK(d.rebuilds == 1);
    CHECK(d.max_ms > 0.0);
    // The same fonts and configs: the same bytes, sizes and metrics for what both atlases have.
    REQUIRE(fonts.atlas->ConfigData.Size == old.atlas->ConfigData.Size);
    for (int i = 0; i < fonts.atlas->ConfigData.Size; ++i) {
        CHECK(fonts.atlas->ConfigData[i].FontData == old.atlas->ConfigData[i].FontData);
        CHECK(fonts.atlas->ConfigData[i].SizePixels == old.atlas->ConfigData[i].SizePixels);
        CHECK(fonts.atlas->ConfigData[i].FontNo == old.atlas->ConfigData[i].FontNo);
    }
    const ImFontGlyph* a = old.atlas->Fonts[0]->FindGlyphNoFallback(0xAC00);
    const ImFontGlyph* b = fonts.atlas->Fonts[0]->FindGlyphNoFallback(0xAC00);
    REQUIRE((a != nullptr && b != nullptr));
    CHECK(a->AdvanceX == b->AdvanceX);
    CHECK(b->X1 - b->X0 == a->X1 - a->X0);
    CHECK(fonts.atlas->Fonts[0]->ContainerAtlas == fonts.atlas.get());
    unsigned char* pixels = nullptr;  // converted to RGBA on the thread: the upload does not convert
    int w = 0, h = 0;
    fonts.atlas->GetTexDataAsRGBA32(&pixels, &w, &h);
    CHECK(fonts.atlas->TexPixelsRGBA32 != nullptr);
    old = FontAtlasParts{};  // freed: the bytes stay (the new atlas reads them at its next build)

    CHECK(glyphs_swap_built(fonts).atlas == nullptr);  // nothing in flight
    CHECK_FALSE(glyphs_start_build(fonts, now + 0.1));  // kGlyphRebuildInterval after the last start
    CHECK(glyphs_start_build(fonts, now + 1.0));
    glyphs_wait_build(fonts);
    old = glyphs_swap_built(fonts);
    REQUIRE(old.atlas != nullptr);
    CHECK(has_glyph(*fonts.atlas, kRare1Code));
    CHECK(has_glyph(*fonts.atlas, kRare2Code));
    CHECK(d.added == 2);
    CHECK(d.rebuilds == 2);
    CHECK(d.unavailable == 0);
    glyphs_note_text(fonts, std::string(kRare1) + kRare2);  // in the atlas now: nothing to do
    CHECK(d.pending.empty());
}

TEST_CASE("fonts: characters no font has are counted, not built") {
    FontSetup fonts;
    if (!app_fonts(fonts)) return;
    glyphs_note_text(fonts, "\xEE\x80\x80");  // U+E000, private use: in neither font
    CHECK(fonts.on_demand.pending.empty());
    CHECK(fonts.on_demand.unavailable == 1);
    CHECK_FALSE(glyphs_start_build(fonts, 100.0));
}

TEST_CASE("fonts: a FontSetup going away during a build joins it") {
    FontSetup fonts;
    if (!app_fonts(fonts)) return;
    glyphs_note_text(fonts, kRare1);
    CHECK(glyphs_start_build(fonts, 100.0));
    // The destructor joins the thread before the atlas and the font bytes go (ASan: no leak, no use after free).
}
