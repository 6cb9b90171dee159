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
        for (const CoreMessagePattern& p : core_message_patterns()) v.push_back(parse_en(p.en));
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

// `ko` with {1}, {2}, ... replaced by the captures.
std::string fill(const char* ko, const std::vector<std::string>& caps) {
    std::string out;
    for (const char* c = ko; *c != '\0';) {
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
        return fill(core_message_patterns()[n].ko, filled);
    }
    return std::string(english);
}

std::string check_core_message_table() {
    std::string problems;
    for (const CoreMessagePattern& p : core_message_patterns()) {
        const Parsed parsed = parse_en(p.en);
        const size_t n_caps = parsed.nested.size();
        for (size_t k = 1; k + 1 < parsed.literals.size(); ++k) {
            if (parsed.literals[k].empty()) problems += std::string("adjacent captures: ") + p.en + "\n";
        }
        std::vector<bool> used(n_caps, false);
        const std::string ko(p.ko);
        for (size_t i = 0; i + 2 < ko.size(); ++i) {
            if (ko[i] == '{' && ko[i + 1] >= '1' && ko[i + 1] <= '9' && ko[i + 2] == '}') {
                const size_t k = size_t(ko[i + 1] - '1');
                if (k >= n_caps) problems += std::string("{") + ko[i + 1] + "} without a capture: " + p.en + "\n";
                else used[k] = true;
            }
        }
        for (size_t k = 0; k < n_caps; ++k) {
            if (!used[k]) problems += "capture " + std::to_string(k + 1) + " unused: " + p.en + "\n";
        }
    }
    return problems;
}

}  // namespace attn::app
