// class_names.h — classifier class names in the UI's language: Fashion-MNIST's ten names and the
// odd-one task's four quarters, translated by the catalogues (po/) (GL-free). Only a model whose
// id2label is exactly one of these English lists, in order, is translated; every other list is
// shown as its folder names it, and what is saved (config.json's id2label) stays English.
#pragma once

#include <string>
#include <vector>

#include "app/i18n/ui_text.h"

namespace attn::app {

// True when `names` is Fashion-MNIST's "T-shirt/top", "Trouser", …, "Ankle boot" (ids 0–9).
bool is_fashion_mnist_names(const std::vector<std::string>& names);

// Class `id`'s name for the UI: a known list's (above) translation in `lang`, else
// names[id]; `fallback` when the id has no name.
std::string class_name_for_ui(const std::vector<std::string>& names, int id, Lang lang, const std::string& fallback);

// The whole list in the UI's language (the same rule).
std::vector<std::string> class_names_for_ui(const std::vector<std::string>& names, Lang lang);

}  // namespace attn::app
