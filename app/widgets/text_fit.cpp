// text_fit.cpp — shortening labels to a pixel width, UTF-8 aware (GL-free; the caller measures)
// (implementation; the interface and its contract are in text_fit.h)
#include "app/widgets/text_fit.h"

#include <vector>

namespace attn::app {

std::string elide_to_width(std::string_view text, float max_width, const TextWidthFn& width) {
    if (width(text) <= max_width) return std::string(text);
    const std::string_view ellipsis = "\xE2\x80\xA6";  // U+2026 …

    // Byte offsets where a code point starts (prefix lengths that do not cut a character).
    std::vector<size_t> cuts;
    for (size_t k = 1; k < text.size(); ++k) {
        if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) cuts.push_back(k);
    }
    auto with_ellipsis = [&](size_t n) {
        std::string s(text.substr(0, n));
        s += ellipsis;
        return s;
    };
    // Longest prefix that fits: widths grow with the prefix, so binary search the cut index.
    size_t lo = 0, hi = cuts.size();  // answer: first `lo` cuts fit
    while (lo < hi) {
        const size_t mid = (lo + hi + 1) / 2;
        if (width(with_ellipsis(cuts[mid - 1])) <= max_width) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo == 0 ? std::string(ellipsis) : with_ellipsis(cuts[lo - 1]);
}

}  // namespace attn::app
