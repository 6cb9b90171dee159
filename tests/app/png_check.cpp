// png_check — checks a screenshot for the smoke test:
//   attnlab_png_check FILE WIDTH HEIGHT [--cells X Y W H] [--grey-at X Y] [--coloured-at X Y]
// FILE must be a WIDTH × HEIGHT PNG that is not blank (many distinct colours, some contrast).
// --cells: the heatmap's cells (as printed by `attnlab --screenshot`): most coloured pixels there
//          must be entries of the viridis table and span a good part of it.
// --grey-at / --coloured-at: the 5×5 pixels around (X, Y) are all grey (a hatched, masked cell)
//          / all coloured (a visible cell).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include <stb_image.h>

#include "core/base/colormap.h"

using attn::Colormap;

static int nearest_viridis(const unsigned char* p, int* dist2) {
    int best = -1, best_d = 1 << 30;
    for (int k = 0; k < attn::kColormapEntries; ++k) {
        const attn::Rgb8 c = attn::colormap_rgb8(Colormap::Viridis, float(k) / 255.0f);
        const int dr = p[0] - c.r, dg = p[1] - c.g, db = p[2] - c.b;
        const int d = dr * dr + dg * dg + db * db;
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    *dist2 = best_d;
    return best;
}

// Largest minus smallest channel: 0 for greys, large for saturated colours.
static int spread(const unsigned char* p) {
    return std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]});
}

// True when every pixel of the 5×5 block around (x, y) is grey (want_grey) or coloured.
static bool block_is(const unsigned char* px, int w, int h, int x, int y, bool want_grey) {
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
            const int xx = std::clamp(x + dx, 0, w - 1), yy = std::clamp(y + dy, 0, h - 1);
            const bool grey = spread(px + 3 * (size_t(yy) * w + xx)) <= 12;
            if (grey != want_grey) return false;
        }
    }
    return true;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s FILE WIDTH HEIGHT [--cells X Y W H] [--grey-at X Y] [--coloured-at X Y]\n",
                     argv[0]);
        return 2;
    }
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(argv[1], &w, &h, &n, 3);
    if (px == nullptr) {
        std::fprintf(stderr, "FAIL: cannot read %s as an image\n", argv[1]);
        return 1;
    }
    int failures = 0;
    if (w != std::atoi(argv[2]) || h != std::atoi(argv[3])) {
        std::fprintf(stderr, "FAIL: size %dx%d, expected %sx%s\n", w, h, argv[2], argv[3]);
        ++failures;
    }

    std::set<int> colours;  // 5 bits per channel
    double sum = 0.0, sum2 = 0.0;
    for (int k = 0; k < w * h; ++k) {
        const unsigned char* p = px + 3 * k;
        colours.insert((p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3));
        const double y = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
        sum += y;
        sum2 += y * y;
    }
    const double mean = sum / (double(w) * h);
    const double sd = std::sqrt(std::max(0.0, sum2 / (double(w) * h) - mean * mean));
    std::printf("%s: %dx%d, %zu colours, luminance mean %.1f sd %.1f\n", argv[1], w, h, colours.size(), mean, sd);
    if (colours.size() < 40 || sd < 8.0) {
        std::fprintf(stderr, "FAIL: the image looks blank\n");
        ++failures;
    }

    for (int a = 4; a < argc; ++a) {
        const std::string flag = argv[a];
        if ((flag == "--grey-at" || flag == "--coloured-at") && a + 2 < argc) {
            const int x = std::atoi(argv[a + 1]), y = std::atoi(argv[a + 2]);
            a += 2;
            const bool want_grey = flag == "--grey-at";
            const bool ok = block_is(px, w, h, x, y, want_grey);
            std::printf("%s %d %d: %s\n", flag.c_str(), x, y, ok ? "yes" : "no");
            if (!ok) {
                std::fprintf(stderr, "FAIL: pixels around (%d, %d) are not %s\n", x, y, want_grey ? "grey" : "coloured");
                ++failures;
            }
            continue;
        }
        if (flag == "--has-colour" && a + 2 < argc) {
            // --has-colour R,G,B N: at least N pixels within ±8 per channel of the colour (a plotted line).
            int r = 0, g = 0, b = 0;
            if (std::sscanf(argv[a + 1], "%d,%d,%d", &r, &g, &b) != 3) {
                std::fprintf(stderr, "png_check: bad colour '%s' (R,G,B)\n", argv[a + 1]);
                return 2;
            }
            const long want = std::atol(argv[a + 2]);
            a += 2;
            long found = 0;
            for (int k = 0; k < w * h; ++k) {
                const unsigned char* p = px + 3 * k;
                found += std::abs(p[0] - r) <= 8 && std::abs(p[1] - g) <= 8 && std::abs(p[2] - b) <= 8;
            }
            std::printf("--has-colour %d,%d,%d: %ld pixels\n", r, g, b, found);
            if (found < want) {
                std::fprintf(stderr, "FAIL: %ld pixels of colour %d,%d,%d, expected at least %ld\n", found, r, g, b, want);
                ++failures;
            }
            continue;
        }
        if (flag != "--cells" || a + 4 >= argc) {
            std::fprintf(stderr, "png_check: bad argument '%s'\n", flag.c_str());
            return 2;
        }
        const int x0 = std::atoi(argv[a + 1]), y0 = std::atoi(argv[a + 2]);
        const int rw = std::atoi(argv[a + 3]), rh = std::atoi(argv[a + 4]);
        a += 4;
        // Grey pixels (grid lines, hatched masked cells, white numbers) are not cells' colours:
        // count only coloured ones, and ask that most of those are viridis entries.
        long total = 0, coloured = 0, matched = 0;
        int lo = 255, hi = 0;
        for (int y = std::max(0, y0); y < std::min(h, y0 + rh); y += 2) {
            for (int x = std::max(0, x0); x < std::min(w, x0 + rw); x += 2) {
                const unsigned char* p = px + 3 * (size_t(y) * w + x);
                ++total;
                if (spread(p) <= 12) continue;
                ++coloured;
                int d2 = 0;
                const int k = nearest_viridis(p, &d2);
                if (d2 <= 12) {
                    ++matched;
                    lo = std::min(lo, k);
                    hi = std::max(hi, k);
                }
            }
        }
        const double share = coloured > 0 ? double(matched) / double(coloured) : 0.0;
        const double coverage = total > 0 ? double(coloured) / double(total) : 0.0;
        std::printf("heatmap %d,%d %dx%d: %.0f%% coloured, of which %.0f%% viridis, entries %d..%d\n", x0,
                    y0, rw, rh, 100.0 * coverage, 100.0 * share, lo, hi);
        if (coverage < 0.3 || share < 0.9 || hi - lo < 20) {
            std::fprintf(stderr, "FAIL: the heatmap area does not look like viridis cells\n");
            ++failures;
        }
    }
    stbi_image_free(px);
    return failures == 0 ? 0 : 1;
}
