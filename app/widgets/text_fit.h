// text_fit.h — shortening labels to a pixel width, UTF-8 aware (GL-free; the caller measures).
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace attn::app {

using TextWidthFn = std::function<float(std::string_view)>;

// `text` if it fits in max_width, else the longest prefix (cut between code points) followed by
// "…" that fits; "…" alone when nothing else fits.
std::string elide_to_width(std::string_view text, float max_width, const TextWidthFn& width);

}  // namespace attn::app
