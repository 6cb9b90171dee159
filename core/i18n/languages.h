// languages.h — which languages AttnLab can show, and where their catalogues are.
//
// English is the code's own text; every other language is a compiled gettext catalogue
// <dir>/<code>/LC_MESSAGES/attnlab.mo (mo_file.h), looked for in these folders, first one wins
// per language:
//   1. $ATTNLAB_LOCALE_DIR (a list separated by ':')       explicit override, tests' extra languages
//   2. <dir of the executable>/../share/locale             installed: bin/attnlab + share/locale/
//   3. the build tree's locale/ (given by the caller)      running from the build tree
//   4. /usr/share/locale                                   Debian's place
// A new language is a new po/<code>.po: the build compiles it, the scan below finds it; no code
// changes (docs/architecture.md, "Translations").
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/i18n/mo_file.h"

namespace attn::i18n {

inline constexpr const char* kTextDomain = "attnlab";

std::vector<std::filesystem::path> locale_dir_candidates(const std::filesystem::path& exe_path,
                                                         const char* env_override,
                                                         const std::filesystem::path& build_dir);

struct Language {
    std::string code;                            // "en", "ko", "de"
    std::string name;                            // in itself: "English", "한국어", "Deutsch"
    std::filesystem::path file;                  // the catalogue read (empty for English)
    std::shared_ptr<const Catalogue> catalogue;  // null for English or when none could be read
    std::string problem;                         // why there is no catalogue (English), or empty
};

// English first, then each of `required` (in order, found or not: a missing catalogue is a
// problem the app shows), then every other language with a catalogue in `dirs`, by code. A
// language's name is its catalogue's translation of "English" in the context kLanguageNameContext,
// else its code.
std::vector<Language> find_languages(const std::vector<std::filesystem::path>& dirs,
                                     const std::vector<std::string>& required);

// A folder name that can be a language code: "ko", "de", "pt_BR", "sr@latin".
bool is_language_code(const std::string& name);

// --- this process's languages: found once, at the first call, in locale_dir_candidates of this
// executable, $ATTNLAB_LOCALE_DIR and the build tree; Korean required (thread-safe, read-only
// after). Languages are numbered as listed: 0 English, 1 Korean, then the others found; the app's
// Lang and the figures' FigureLang are these numbers.
const std::vector<Language>& process_languages();
int find_language(std::string_view code);  // its number, or -1
std::string language_codes();              // "en, ko, de" (for messages)
// `english`'s translation in language number `language` (`context` may be null), or `english`
// itself when there is none (English, no catalogue, an untranslated message, a number out of range).
const char* translate(int language, const char* context, const char* english);

}  // namespace attn::i18n
