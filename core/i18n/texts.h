// texts.h — a message in every language this process shows at once (process_languages), for core
// code that writes sentences a user reads in either language (a lesson's answers and handouts).
//
//   Texts w = phrase(NC_("a lesson's answer", "head {0}"), {same("2")});
//   w[0] == "head 2"   w[1] == "헤드 2" (po/ko.po)   w.in(1)
//
// Patterns name their arguments {0} … {9}, so a translation may put them in its own order; an
// argument is itself a Texts, filled in each language with its own translation.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace attn::i18n {

// `pattern` with {0} … {9} replaced by args[0] … args[9] (a number without an argument stays as written).
std::string fill(std::string_view pattern, const std::vector<std::string>& args);

// One text per language of process_languages(), [0] English.
struct Texts {
    std::vector<std::string> text;
    // The text in language number `language` (English when out of range).
    const std::string& in(int language) const;
};

// `english` in language number `language`, the arguments in N_ / NC_'s order (translate's, with
// the context first, is languages.h's).
const char* translated(int language, const char* english, const char* context = nullptr);

// The same text in every language (a number, a token quoted from the model).
Texts same(const std::string& text);

// `english` (marked N_ or NC_ for xgettext; `context` may be null) translated into each language,
// its {k} filled with args[k] in the same language.
Texts phrase(const char* english, const char* context, std::initializer_list<Texts> args = {});

}  // namespace attn::i18n
