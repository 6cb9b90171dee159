// core_messages.h — the engine's English error messages in the UI language (GL-free).
//
// core/ returns attn::Status messages in English (the CLI prints them as is). The app shows
// them through localize_core_message at draw time, so a language switch applies at once:
//
//   "The text has more than 512 tokens (the limit). Shorten it, or raise the limit with the
//   command line's --max-tokens (at most 2048)."
//     → "글의 토큰이 512개를 넘습니다 (한도). 글을 줄이거나, 명령줄의 --max-tokens로 한도를
//        높이세요 (최대 2048)."
//
// Each known message is a pattern whose `{}` parts (numbers, paths, system errors) are captured
// and put back into the translation (po/<code>.po: msgid the pattern, msgstr with {1}, {2}, ...);
// `{msg}` is a nested message, itself localized (e.g.
// "Second sentence: {msg}"). Unknown messages are returned unchanged, so nothing is ever lost.
// tests/app/test_core_messages.cpp triggers the real errors: a new or reworded core message
// without a pattern fails there.
#pragma once

#include <string>
#include <string_view>

#include "app/i18n/ui_text.h"

namespace attn::app {

std::string localize_core_message(std::string_view english, Lang lang);

// Patterns whose English and translated templates disagree, in any language found (a `{n}` with
// no `{}`, a capture never used, `{}{}` without a literal between). Empty = all is well formed.
std::string check_core_message_table();

}  // namespace attn::app
