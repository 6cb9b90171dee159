// lm_output.cpp — what the commands on real models share (see lm_output.h).
#include "cli/lm_output.h"

#include <iostream>

#include "core/base/atomic_file.h"
#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"

namespace attn::cli {

using attn::pretrained::PretrainedModel;

Status write_output(const std::string& path, const std::function<void(std::ostream&)>& fill) {
    if (path == "-") {
        fill(std::cout);
        return std::cout ? Status::Ok() : Status::Error("Could not write to standard output.");
    }
    return write_file_atomically(path, [&](std::ostream& out) {
        fill(out);
        return Status::Ok();
    });
}

void write_model(JsonWriter& j, const PretrainedModel& m) {
    j.key("model").begin_object();
    j.key("name").value(m.name);
    j.key("family").value(pretrained::family_name(m.config));
    j.key("n_layers").value(m.config.n_layers);
    j.key("n_heads").value(m.config.n_heads);
    j.key("vocab_size").value(m.config.vocab_size);
    j.end_object();
}

void write_token(JsonWriter& j, const PretrainedModel& m, int id) {
    j.begin_object().key("id").value(id).key("token").value(lm::token_label(m, id)).end_object();
}

void write_top(JsonWriter& j, const PretrainedModel& m, const std::vector<lm::TokenProb>& top) {
    j.begin_array();
    for (const lm::TokenProb& t : top) {
        j.begin_object().key("id").value(t.id).key("token").value(lm::token_label(m, t.id));
        j.key("probability").value(t.prob).key("logit").value(t.logit).end_object();
    }
    j.end_array();
}

void write_ablation(JsonWriter& j, const pretrained::Ablation& a) {
    j.key("ablation").begin_object();
    j.key("spec").value(pretrained::format_ablation(a));
    j.key("mode").value(pretrained::ablation_mode_name(a.mode));
    j.key("heads").begin_array();
    for (const pretrained::HeadIndex& h : a.heads) {
        j.begin_object();
        if (h.section != pretrained::Section::Only) j.key("section").value(pretrained::section_prefix(h.section));
        j.key("layer").value(h.layer + 1).key("head").value(h.head + 1).end_object();
    }
    j.end_array();
    // One-stack models: [layer]; two stacks: [{section, layer}].
    auto layers = [&](const char* key, const std::vector<pretrained::LayerIndex>& list) {
        j.key(key).begin_array();
        for (const pretrained::LayerIndex& l : list) {
            if (l.section == pretrained::Section::Only) {
                j.value(l.layer + 1);
            } else {
                j.begin_object().key("section").value(pretrained::section_prefix(l.section));
                j.key("layer").value(l.layer + 1).end_object();
            }
        }
        j.end_array();
    };
    layers("attention_off", a.attention_off);
    layers("mlp_off", a.mlp_off);
    j.end_object();
}

void add_ablation_options(CLI::App& cmd, std::string& ablate, std::string& mode) {
    cmd.add_option("--ablate", ablate,
                   "Knock out heads (layer.head from 1, e.g. 1.2,3.4), a layer's attention (2.attn) or MLP (2.mlp)");
    cmd.add_option("--ablation", mode, "How a knocked-out head is replaced: zero, or mean (its mean over the sentence)")
        ->capture_default_str();
}

Expected<pretrained::Ablation> ablation_for(const PretrainedModel& m, const std::string& ablate, const std::string& mode) {
    auto parsed_mode = pretrained::parse_ablation_mode(mode);
    if (!parsed_mode) return parsed_mode.status();
    if (ablate.empty()) {
        pretrained::Ablation none;
        none.mode = *parsed_mode;
        return none;
    }
    return pretrained::parse_ablation(ablate, *parsed_mode, lm::ablation_shape(m));
}

// ------------------------------------------------------------------------------------------------
// generate

}  // namespace attn::cli
