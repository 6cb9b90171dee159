// fake_pretrained.h — stand-ins for loaded pretrained models in GL-free app tests: a
// PretrainedModel with a config but no weights, and a "forward pass" that stacks built-in
// layers, so model switching, layer selection and the Model view's pictures are testable
// without model files.
#pragma once

#include <memory>
#include <string>

#include "app/state/app_state.h"
#include "core/attention/engine.h"

namespace attn::app::testing {

// `model_type` as config.json says it ("gpt2", "bert", "distilbert", …): its family answers.
inline std::shared_ptr<const pretrained::PretrainedModel> fake_model(const std::string& model_type, int layers = 3,
                                                                     int heads = 4, const std::string& name = "fake") {
    auto m = std::make_shared<pretrained::PretrainedModel>();
    m->name = name;
    m->folder = "/models/" + name;
    m->config.model_type = model_type;
    m->config.family = pretrained::find_family(model_type);
    m->config.n_layers = layers;
    m->config.n_heads = heads;
    m->config.d_model = heads * 8;
    m->config.type_vocab_size = model_type == "bert" ? 2 : 0;
    m->weight_bytes = 1234567;
    return m;
}

// `layers` layers of a built-in model (one seed per layer, so the layers differ), named after
// the model: what a pretrained forward pass returns, in shape.
inline Expected<Trace> fake_forward(const pretrained::PretrainedModel& model, const RunConfig& run) {
    Trace out;
    for (int l = 0; l < model.config.n_layers; ++l) {
        ModelConfig config;
        config.d_model = model.config.d_model;
        config.n_heads = model.config.n_heads;
        config.seed = 100 + std::uint64_t(l);
        auto builtin = make_builtin_model(config);
        if (!builtin) return builtin.status();
        auto t = compute_trace(*builtin, run);
        if (!t) return t.status();
        if (l == 0) out = std::move(*t);
        else out.layers.push_back(std::move(t->layers[0]));
    }
    out.model_name = model.name;
    return out;
}

// fake_forward as the worker runs a model: one section.
inline Expected<std::vector<Trace>> fake_run(const pretrained::PretrainedModel& model, const RunConfig& run) {
    auto t = fake_forward(model, run);
    if (!t) return t.status();
    std::vector<Trace> out;
    out.push_back(std::move(*t));
    return out;
}

}  // namespace attn::app::testing
