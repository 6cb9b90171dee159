// colormap.h — the project's colormaps: 256-entry sRGB tables and their lookup.
//
// This is the canonical copy of the tables (figure export uses it; the GL app is to read the same
// data). A value t in [0, 1] maps to entry round(t · 255), clamped; NaN maps to entry 0. The GL
// heatmap shader does the same lookup with texelFetch, so figure colours equal screen colours.
//
// Data: viridis and magma by Stéfan van der Walt and Nathaniel J. Smith (2015, CC0); cividis by
// Jamie R. Nuñez, Christopher R. Anderton and Ryan S. Renslow (2018). The numbers are the
// published 256-entry tables as distributed with matplotlib 3.6 (6 decimals), converted once into
// colormap.cpp. See assets/licenses/COLORMAPS.txt. grey is computed: entry i = (i/255, i/255, i/255).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace attn {

enum class Colormap { Viridis, Magma, Cividis, Grey };
inline constexpr int kColormapCount = 4;
inline constexpr int kColormapEntries = 256;

struct Rgb {
    float r = 0, g = 0, b = 0;  // sRGB in [0, 1]
};
struct Rgb8 {
    std::uint8_t r = 0, g = 0, b = 0;
};

const char* colormap_name(Colormap map);  // "viridis", "magma", "cividis", "grey"
// "viridis", "magma", "cividis", "grey" (also "gray"), case-insensitive; nullopt when unknown.
std::optional<Colormap> parse_colormap(std::string_view name);
// "viridis, magma, cividis, grey": for help texts and error messages.
const char* colormap_choices();

int colormap_index(float t);                  // clamp(round(t · 255), 0, 255); NaN → 0
Rgb colormap_entry(Colormap map, int index);  // index in [0, 255] (asserted)
Rgb colormap_rgb(Colormap map, float t);      // the entry for t
Rgb8 colormap_rgb8(Colormap map, float t);    // the same, rounded to bytes

// WCAG relative luminance of an sRGB colour, in [0, 1].
float relative_luminance(Rgb c);
// True when near-black text has more contrast than white text on this colour.
bool prefers_dark_text(Rgb background);

// Blue – white – red for signed differences: t = 0 blue, 0.5 white, 1 red (a fixed ramp, not
// a published table; used for "scaled − unscaled" maps where the sign matters).
Rgb diverging_rgb(float t);

}  // namespace attn
