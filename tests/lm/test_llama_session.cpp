// test_llama_session.cpp — the rotary decoders as causal LMs through the same session as GPT-2:
// greedy generation with the KV cache against PyTorch's (recomputed from scratch every step, in
// gen_tiny_llama.py), and every cached attention row and logit against one full uncached pass.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/lm/lm_inputs.h"
#include "core/lm/lm_session.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn;
using namespace attn::pretrained;

namespace {

const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

nlohmann::json reference(const std::string& folder) {
    std::ifstream in(kModels + folder + "/reference.json", std::ios::binary);
    REQUIRE(in.good());
    std::ostringstream s;
    s << in.rdbuf();
    return nlohmann::json::parse(s.str());
}

}  // namespace

TEST_CASE("llama session: greedy generation with the cache equals PyTorch and recomputing") {
    for (const char* folder : {"tiny-llama", "tiny-qwen2", "tiny-qwen3", "tiny-mistral"}) {
        auto model = load_pretrained_model(kModels + folder);
        REQUIRE_MESSAGE(model.ok(), model.status().message());
        const auto ref = reference(folder);
        const auto& g = ref.at("generate");

        auto session = lm::start_session(**model, g.at("text").get<std::string>());
        REQUIRE_MESSAGE(session.ok(), session.status().message());
        CHECK(session->ids == g.at("prompt").get<std::vector<int>>());
        lm::SamplingOptions greedy;
        auto steps = lm::generate(*session, 8, greedy);
        REQUIRE_MESSAGE(steps.ok(), steps.status().message());
        std::vector<int> got;
        for (const lm::GenerationStep& st : *steps) got.push_back(st.id);
        CHECK(got == g.at("tokens").get<std::vector<int>>());

        // The cached session against one pass over all its tokens (Mistral: longer than its window).
        const RotaryWeights* w = &pretrained::weights_as<pretrained::RotaryWeights>(*(*model)->weights);
        REQUIRE(w != nullptr);
        const ForwardPass full = rotary_forward(*w, (*model)->config, session->ids);
        double att = 0, logit = 0;
        for (int l = 0; l < (*model)->config.n_layers; ++l)
            for (int h = 0; h < (*model)->config.n_heads; ++h) {
                const Mat a = lm::attention_matrix(*session, l, h);  // (T, T)
                att = std::max(att, double((a - full.layers[l].heads[h].weights).cwiseAbs().maxCoeff()));
            }
        const Mat cached = lm::all_logits(*session);                       // (T, V)
        const Mat fresh = rotary_logits(*w, full.hidden_states.back());     // (T, V)
        logit = double((cached - fresh).cwiseAbs().maxCoeff()) / std::max(1.0, double(fresh.cwiseAbs().maxCoeff()));
        MESSAGE(std::string(folder) << ": " << session->length() << " tokens, cached vs recomputed max |Δ| attention "
                                    << att << ", logits (rel) " << logit);
        CHECK(att <= 1e-5);
        CHECK(logit <= 1e-5);

        // Undo and redo gives the same step.
        const int last = session->ids.back();
        REQUIRE(lm::pop_token(*session));
        REQUIRE(lm::append_token(*session, last).ok());
        CHECK((lm::all_logits(*session) - cached).cwiseAbs().maxCoeff() == 0.0f);

        CHECK(!lm::decode_ids(**model, session->ids).empty());
        CHECK(!lm::token_label(**model, session->ids[1]).empty());
    }
}
