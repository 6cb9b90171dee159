// ui_text.h — every user-visible UI string, in the user's language (GL-free).
//
// The English is in the code (ui_text_<area>.cpp, each marked N_() for xgettext); every other
// language is a gettext catalogue, po/<code>.po compiled to <locale>/<code>/LC_MESSAGES/attnlab.mo
// (core/i18n/languages.h says where they are looked for; po/README.md how to translate).
// Labels are looked up by id at draw time, so switching the language takes effect on the next
// frame. Widget ids must not depend on the language: panels build labels as "text###id".
// Error messages from the core (attn::Status) are English; panels show them through
// localize_core_message (app/i18n/core_messages.h).
#pragma once

#include <string>
#include <string_view>

#include "app/i18n/ui_text_ids.h"

namespace attn::app {

// A language the UI can show: English, Korean (first-class: always offered, even when its
// catalogue is missing), then every other catalogue found, as Lang(2), Lang(3), ...
enum class Lang : int { En = 0, Ko = 1 };

int lang_count();                                   // English and Korean at least
const char* lang_name(Lang lang);                   // its code: "en", "ko", "de"
const char* lang_display_name(Lang lang);           // in itself: "English", "한국어"
// Why this language shows English instead (its catalogue missing or unreadable), or "".
const char* lang_problem(Lang lang);
const char* lang_catalogue_path(Lang lang);         // the .mo read, or "" (English, missing)
bool parse_lang(std::string_view code, Lang* out);  // any code lang_name gives
std::string lang_codes();                           // "en, ko, de" (for messages)

// A message's translation (`context` may be null), or `english` itself when the language has
// none. For texts outside the Txt table: class names, the core's message patterns.
const char* translate(Lang lang, const char* context, const char* english);

const char* tr(Lang lang, Txt id);

}  // namespace attn::app
