// registry.cpp — the model families AttnLab reads, one line each; config.json's model_type picks one.
//
// A new family: a folder families/<name>/ whose <name>_family.cpp defines `<name>_family()`, one
// line in the list below, and its sources in core/pretrained/CMakeLists.txt (docs/architecture.md,
// "Where a new family goes").
#include <string>

#include "core/pretrained/family/family.h"

namespace attn::pretrained {

#define ATTN_MODEL_FAMILIES(F) \
    F(gpt2_family)             \
    F(bert_family)             \
    F(vit_family)              \
    F(rotary_family)           \
    F(marian_family)           \
    F(bart_family)             \
    F(mbart_family)            \
    F(whisper_family)          \
    F(t5_family)               \
    /* one line per family, above this one */

#define ATTN_DECLARE_FAMILY(name) const ModelFamily& name();
ATTN_MODEL_FAMILIES(ATTN_DECLARE_FAMILY)
#undef ATTN_DECLARE_FAMILY

const std::vector<const ModelFamily*>& model_families() {
#define ATTN_LIST_FAMILY(name) &name(),
    static const std::vector<const ModelFamily*> all = {ATTN_MODEL_FAMILIES(ATTN_LIST_FAMILY)};
#undef ATTN_LIST_FAMILY
    return all;
}

const ModelFamily* find_family(std::string_view model_type) {
    for (const ModelFamily* f : model_families())
        for (std::string_view t : f->model_types())
            if (t == model_type) return f;
    return nullptr;
}

std::string supported_model_types() {
    std::vector<std::string> all;
    for (const ModelFamily* f : model_families())
        for (std::string& entry : f->supported()) all.push_back(std::move(entry));
    std::string s;
    for (std::size_t i = 0; i < all.size(); ++i) s += (i == 0 ? "" : i + 1 == all.size() ? " and " : ", ") + all[i];
    return s;
}

}  // namespace attn::pretrained
