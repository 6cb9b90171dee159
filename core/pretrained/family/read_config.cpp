// read_config.cpp — config.json → PretrainedConfig: the JSON, model_type (or an "architectures"
// entry) picking the family from the registry, which then reads its own fields
// (families/<name>/<name>_family.cpp) with the reader in folder/model_config_fields.h: fields the
// forward pass depends on are required; the ones Hugging Face itself defaults (epsilon, activation,
// n_inner) get its defaults.
#include <cassert>
#include <exception>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained {

using json = nlohmann::json;
using config_fields::Fields;
using config_fields::printable;

std::string family_name(const PretrainedConfig& config) {
    assert(config.family && "family_name: a parsed config");
    return config.family->display_name(config);
}

Capabilities capabilities(const PretrainedConfig& config) {
    assert(config.family && "capabilities: a parsed config");
    return config.family->capabilities(config);
}

namespace {

// model_type from the "architectures" list of older configs, e.g. ["GPT2LMHeadModel"].
// The longest prefix any family claims wins ("DistilBert…" before "Bert…").
std::string type_from_architectures(const json& root) {
    auto it = root.find("architectures");
    if (it == root.end() || !it->is_array()) return {};
    for (const json& a : *it) {
        if (!a.is_string()) continue;
        const std::string& name = a.get_ref<const std::string&>();
        std::string_view best_type;
        std::size_t best = 0;
        for (const ModelFamily* f : model_families())
            for (const auto& [prefix, type] : f->architecture_prefixes())
                if (prefix.size() > best && name.rfind(prefix, 0) == 0) best = prefix.size(), best_type = type;
        if (best > 0) return std::string(best_type);
    }
    return {};
}

Expected<PretrainedConfig> parse(const json& root) {
    if (!root.is_object()) return Status::Error("config.json is " + Fields::describe(root) + ", not a JSON object.");

    PretrainedConfig c;
    auto mt = root.find("model_type");
    if (mt != root.end() && !mt->is_null()) {
        if (!mt->is_string())
            return Status::Error("config.json: \"model_type\" is " + Fields::describe(*mt) + "; expected a string such as \"gpt2\".");
        c.model_type = mt->get<std::string>();
    } else {
        c.model_type = type_from_architectures(root);
        if (c.model_type.empty())
            return Status::Error("config.json has no \"model_type\" (and no \"architectures\" entry AttnLab knows). "
                                 "Supported: " + supported_model_types() + ".");
    }

    const ModelFamily* family = find_family(c.model_type);
    if (family == nullptr && c.model_type.rfind("gemma", 0) == 0) {
        return Status::Error("config.json has model_type \"" + printable(c.model_type) +
                             "\": Gemma models (scaled embeddings, soft-capped scores) are not supported yet. "
                             "Supported: " + supported_model_types() + ".");
    }
    if (family == nullptr) {
        return Status::Error("config.json has model_type \"" + printable(c.model_type) +
                             "\", which AttnLab cannot run. Supported: " + supported_model_types() + ".");
    }
    c.family = family;
    if (Status s = family->parse_config(ConfigJson{root}, c); !s) return s;
    return c;
}

}  // namespace

Expected<PretrainedConfig> parse_model_config(std::string_view json_text) {
    if (Status s = check_json_depth(json_text, limits::kMaxJsonDepth, "config.json"); !s) return s;
    json root;
    try {
        root = json::parse(json_text.begin(), json_text.end());
    } catch (const json::parse_error& e) {
        std::string_view what(e.what());
        if (auto tag_end = what.find("] "); tag_end != std::string_view::npos) what.remove_prefix(tag_end + 2);
        return Status::Error("config.json is not valid JSON: " + printable(what, true) + ".");
    } catch (const std::exception& e) {
        return Status::Error(std::string("config.json could not be parsed: ") + printable(e.what(), true) + ".");
    }
    try {
        return parse(root);
    } catch (const std::exception& e) {  // every access above checks its type first; stay safe anyway
        return Status::Error(std::string("config.json could not be read: ") + printable(e.what(), true) + ".");
    }
}

}  // namespace attn::pretrained
