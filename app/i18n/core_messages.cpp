// core_messages.cpp — the engine's English error messages in the UI language (GL-free)
// (implementation; the interface and its contract are in core_messages.h)
#include "app/i18n/core_messages.h"
#include "app/i18n/core_messages_table.h"

#include <cassert>
#include <string>
#include <vector>

namespace attn::app {

namespace {

// One `{}` / `{msg}` between literal pieces: en = lit[0] cap lit[1] cap ... lit[n].
struct Parsed {
    std::vector<std::string> literals;  // captures + 1 pieces (possibly empty first/last)
    std::vector<bool> nested;           // per capture: `{msg}`
};

Parsed parse_en(const char* en) {
    Parsed p;
    std::string s(en), lit;
    for (size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "{}") == 0) {
            p.literals.push_back(lit);
            p.nested.push_back(false);
            lit.clear();
            i += 2;
        } else if (s.compare(i, 5, "{msg}") == 0) {
            p.literals.push_back(lit);
            p.nested.push_back(true);
            lit.clear();
            i += 5;
        } else {
            lit += s[i++];
        }
    }
    p.literals.push_back(lit);
    return p;
}

const std::vector<Parsed>& parsed_patterns() {
    static const std::vector<Parsed> parsed = [] {  // immutable after the first call (thread-safe init)
        std::vector<Parsed> v;
        for (const char* p : core_message_patterns()) v.push_back(parse_en(p));
        return v;
    }();
    return parsed;
}

// Captures of `text` against the pattern, or false. Each literal is taken at its leftmost
// position after the previous one, which leaves the most room for the rest: if any split
// exists, this finds one. The last literal must end the text.
bool match(const Parsed& p, std::string_view text, std::vector<std::string_view>* caps) {
    caps->clear();
    const std::string& first = p.literals.front();
    if (text.substr(0, first.size()) != first) return false;
    if (p.literals.size() == 1) return text.size() == first.size();
    const std::string& last = p.literals.back();
    if (text.size() < first.size() + last.size() || text.substr(text.size() - last.size()) != last) return false;
    const size_t tail = text.size() - last.size();
    size_t pos = first.size();
    for (size_t k = 1; k + 1 < p.literals.size(); ++k) {
        const size_t at = text.find(p.literals[k], pos);
        if (at == std::string_view::npos || at + p.literals[k].size() > tail) return false;
        caps->push_back(text.substr(pos, at - pos));
        pos = at + p.literals[k].size();
    }
    caps->push_back(text.substr(pos, tail - pos));
    return true;
}

// A translated template with {1}, {2}, ... replaced by the captures.
std::string fill(const char* translated, const std::vector<std::string>& caps) {
    std::string out;
    for (const char* c = translated; *c != '\0';) {
        if (c[0] == '{' && c[1] >= '1' && c[1] <= '9' && c[2] == '}') {
            const size_t k = size_t(c[1] - '1');
            assert(k < caps.size() && "check_core_message_table catches this");
            if (k < caps.size()) out += caps[k];
            c += 3;
        } else {
            out += *c++;
        }
    }
    return out;
}

}  // namespace

std::string localize_core_message(std::string_view english, Lang lang) {
    if (lang == Lang::En || english.empty()) return std::string(english);
    const std::vector<Parsed>& parsed = parsed_patterns();
    std::vector<std::string_view> caps;
    for (size_t n = 0; n < parsed.size(); ++n) {
        if (!match(parsed[n], english, &caps)) continue;
        std::vector<std::string> filled;
        for (size_t k = 0; k < caps.size(); ++k) {
            filled.push_back(parsed[n].nested[k] ? localize_core_message(caps[k], lang) : std::string(caps[k]));
        }
        const char* pattern = core_message_patterns()[n];
        const char* translated = translate(lang, nullptr, pattern);
        if (translated == pattern) return std::string(english);  // this language has no translation of it
        return fill(translated, filled);
    }
    return std::string(english);
}

std::string check_core_message_table() {
    std::string problems;
    for (const char* p : core_message_patterns()) {
        const Parsed parsed = parse_en(p);
        for (size_t k = 1; k + 1 < parsed.literals.size(); ++k) {
            if (parsed.literals[k].empty()) problems += std::string("adjacent captures: ") + p + "\n";
        }
    }
    for (int l = 1; l < lang_count(); ++l) {
        for (const char* p : core_message_patterns()) {
            const char* translated = translate(Lang(l), nullptr, p);
            if (translated == p) continue;  // untranslated: shown in English (po_catalogues_test reports it)
            const std::string where = std::string(lang_name(Lang(l))) + ": " + p + "\n";
            const Parsed parsed = parse_en(p);
            const size_t n_caps = parsed.nested.size();
            std::vector<bool> used(n_caps, false);
            const std::string t(translated);
            for (size_t i = 0; i + 2 < t.size(); ++i) {
                if (t[i] == '{' && t[i + 1] >= '1' && t[i + 1] <= '9' && t[i + 2] == '}') {
                    const size_t k = size_t(t[i + 1] - '1');
                    if (k >= n_caps) problems += std::string("{") + t[i + 1] + "} without a capture: " + where;
                    else used[k] = true;
                }
            }
            for (size_t k = 0; k < n_caps; ++k) {
                if (!used[k]) problems += "capture " + std::to_string(k + 1) + " unused: " + where;
            }
        }
    }
    return problems;
}

}  // namespace attn::app
