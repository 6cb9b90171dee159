// texts.cpp — a message in every language at once (texts.h).
#include "core/i18n/texts.h"

#include <cstddef>

#include "core/i18n/languages.h"

namespace attn::i18n {

std::string fill(std::string_view pattern, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(pattern.size() + 32);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}' && pattern[i + 1] >= '0' &&
            pattern[i + 1] <= '9') {
            const std::size_t k = std::size_t(pattern[i + 1] - '0');
            if (k < args.size()) {
                out += args[k];
                i += 2;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

const std::string& Texts::in(int language) const {
    static const std::string kEmpty;
    if (text.empty()) return kEmpty;
    return language >= 0 && std::size_t(language) < text.size() ? text[std::size_t(language)] : text[0];
}

const char* translated(int language, const char* english, const char* context) {
    return translate(language, context, english);
}

Texts same(const std::string& text) {
    return Texts{std::vector<std::string>(process_languages().size(), text)};
}

Texts phrase(const char* english, const char* context, std::initializer_list<Texts> args) {
    const std::size_t n = process_languages().size();
    Texts out;
    out.text.reserve(n);
    std::vector<std::string> filled(args.size());
    for (std::size_t l = 0; l < n; ++l) {
        std::size_t k = 0;
        for (const Texts& a : args) filled[k++] = a.in(int(l));
        out.text.push_back(fill(translate(int(l), context, english), filled));
    }
    return out;
}

}  // namespace attn::i18n
