// figure_test_util.h — what the figure tests share: options with the test font, keeping what they
// render (ATTNLAB_FIGURE_OUT=DIR, to look at it), counting pixels, the accent colour, and a PDF
// rendered back to pixels by pdftoppm. Include doctest before this header.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "core/figure/figure.h"
#include "tests/png_image.h"

namespace attn::test {

inline FigureOptions figure_options(FigureLang lang, const char* font_file) {
    FigureOptions o;
    o.lang = lang;
    o.font_files = {font_file};
    return o;
}

inline void keep_figure(const std::string& name, const std::string& bytes) {
    if (const char* dir = std::getenv("ATTNLAB_FIGURE_OUT"); dir && *dir)
        std::ofstream(std::filesystem::path(dir) / name, std::ios::binary) << bytes;
}

// Pixels in [x0, x1) × [y0, y1) for which `pred` holds.
template <typename Pred>
int count_pixels(const PngImage& img, int x0, int y0, int x1, int y1, Pred pred) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) n += pred(img.at(x, y)) ? 1 : 0;
    return n;
}

// figure_draw.h's kAccent (0.85, 0.15, 0.10): frames and the winner's path, drawn solid.
inline bool accent_pixel(const unsigned char* p) {
    return std::abs(p[0] - 217) <= 12 && std::abs(p[1] - 38) <= 12 && std::abs(p[2] - 26) <= 12;
}

// The PDF's first page at `dpi` by pdftoppm; nullopt (with a message) when pdftoppm is missing.
inline std::optional<PngImage> pdf_first_page(const std::string& pdf, int dpi) {
    if (std::system("command -v pdftoppm >/dev/null 2>&1") != 0) {
        MESSAGE("pdftoppm not installed: the PDF is not rendered back");
        return std::nullopt;
    }
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("attnlab-figpdf-" + std::to_string(std::rand()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "f.pdf", std::ios::binary) << pdf;
    const std::string cmd = "pdftoppm -png -r " + std::to_string(dpi) + " -singlefile '" + (dir / "f.pdf").string() +
                            "' '" + (dir / "page").string() + "' 2>/dev/null";
    const int rc = std::system(cmd.c_str());
    std::ifstream in(dir / "page.png", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove_all(dir);
    REQUIRE(rc == 0);
    REQUIRE_FALSE(bytes.empty());
    return decode_png(bytes);
}

}  // namespace attn::test
