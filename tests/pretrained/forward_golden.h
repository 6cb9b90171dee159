// forward_golden.h — the one-stack forward passes' goldens (GPT-2, BERT, DistilBERT): reference.json's
// cases from gen_tiny_models.py, a tiny fixture's config and weights loaded, and a pass compared
// with its case (test_forward.cpp, test_pretrained_run.cpp).
#pragma once

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/pretrained/stack_bounds.h"

namespace attn::pretrained::forward_golden {

// ------------------------------------------------------------------------------------------------
// [SECTION] helpers

inline const std::string kModels = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/models/";

// float32 against float64: each difference within float32's bound for the pass (stack_bounds.h, which
// tests/float32_bound.h explains), whatever kernels run it; every perturbation moves things by > 1e-2.

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RefCase {
    std::string name;
    std::vector<int> ids, segments;
    std::vector<std::pair<int, int>> cells;                // hidden on top of the model's mask
    std::vector<std::vector<std::vector<float>>> attentions;  // [layer][head] T*T row-major
    std::vector<std::vector<float>> hidden;                 // [n_layers + 1] T*d row-major
};

inline std::vector<RefCase> load_reference(const std::string& folder) {
    const auto j = nlohmann::json::parse(read_text(kModels + folder + "/reference.json"));
    std::vector<RefCase> cases;
    for (const auto& c : j.at("cases")) {
        RefCase r;
        r.name = c.at("name").get<std::string>();
        r.ids = c.at("ids").get<std::vector<int>>();
        r.segments = c.at("segments").get<std::vector<int>>();
        for (const auto& cell : c.at("blocked")) r.cells.emplace_back(cell.at(0).get<int>(), cell.at(1).get<int>());
        r.attentions = c.at("attentions").get<std::vector<std::vector<std::vector<float>>>>();
        r.hidden = c.at("hidden_states").get<std::vector<std::vector<float>>>();
        cases.push_back(std::move(r));
    }
    REQUIRE(!cases.empty());
    return cases;
}

inline PretrainedConfig load_config(const std::string& folder) {
    auto cfg = parse_model_config(read_text(kModels + folder + "/config.json"));
    REQUIRE_MESSAGE(cfg.ok(), cfg.status().message());
    return *cfg;
}

inline SafeTensorsFile open_weights(const std::string& folder) {
    auto f = SafeTensorsFile::open(kModels + folder + "/model.safetensors");
    REQUIRE_MESSAGE(f.ok(), f.status().message());
    return std::move(*f);
}

inline BoolMat cells_mask(int t, const std::vector<std::pair<int, int>>& cells) {
    if (cells.empty()) return BoolMat();
    BoolMat b = BoolMat::Zero(t, t);  // (T, T)
    for (auto [i, j] : cells) b(i, j) = 1;
    return b;
}

struct MaxDiff {
    double attention = 0, hidden = 0;
    test::StackBounds bounds;  // float32's, for the pass compared (the tightest over several)
    double worst() const { return std::max(attention, hidden); }
    bool within() const { return attention <= bounds.attention && hidden <= bounds.hidden; }
    double bound() const { return std::max(bounds.attention, bounds.hidden); }
    // How many times its own bound the worst difference is (over 1: the golden fails); over several
    // cases, the largest of each case's.
    double most_over = -1;
    double excess() const {
        return most_over >= 0 ? most_over : std::max(attention / bounds.attention, hidden / bounds.hidden);
    }
};

inline MaxDiff compare(const PretrainedConfig& config, const ForwardPass& pass, const RefCase& ref) {
    MaxDiff m;
    m.bounds = test::float32_bounds(config, pass);
    const int t = int(ref.ids.size());
    REQUIRE(pass.layers.size() == ref.attentions.size());
    for (size_t l = 0; l < pass.layers.size(); ++l) {
        const LayerTrace& L = pass.layers[l];
        REQUIRE(L.heads.size() == ref.attentions[l].size());
        for (size_t h = 0; h < L.heads.size(); ++h) {
            const Mat& a = L.heads[h].weights;  // (T, T)
            REQUIRE(a.rows() == t);
            REQUIRE(a.cols() == t);
            for (int i = 0; i < t; ++i)
                for (int j = 0; j < t; ++j)
                    m.attention = std::max(m.attention, std::abs(double(a(i, j)) - ref.attentions[l][h][i * t + j]));
        }
    }
    REQUIRE(pass.hidden_states.size() == ref.hidden.size());
    for (size_t k = 0; k < ref.hidden.size(); ++k) {
        const Mat& x = pass.hidden_states[k];  // (T, d)
        REQUIRE(x.size() == Eigen::Index(ref.hidden[k].size()));
        for (Eigen::Index i = 0; i < x.size(); ++i)
            m.hidden = std::max(m.hidden, std::abs(double(x.data()[i]) - ref.hidden[k][size_t(i)]));
    }
    return m;
}

// One fixture's weights and reference, with the forward pass over a case.
struct Fixture {
    std::string folder;
    PretrainedConfig config;
    Gpt2Weights gpt2;
    BertWeights bert;
    std::vector<RefCase> cases;

    explicit Fixture(const std::string& f) : folder(f), config(load_config(f)), cases(load_reference(f)) {
        const SafeTensorsFile file = open_weights(f);
        if (config.model_type == "gpt2") {
            auto w = load_gpt2_weights(file, config);
            REQUIRE_MESSAGE(w.ok(), w.status().message());
            gpt2 = std::move(*w);
        } else {
            auto w = load_bert_weights(file, config);
            REQUIRE_MESSAGE(w.ok(), w.status().message());
            bert = std::move(*w);
        }
    }

    ForwardPass run(const RefCase& c, const std::vector<int>* segments = nullptr,
                    const BoolMat* blocked = nullptr) const {
        const BoolMat mask = blocked ? *blocked : cells_mask(int(c.ids.size()), c.cells);
        if (config.model_type == "gpt2") return gpt2_forward(gpt2, config, c.ids, mask, AttentionOptions{});
        return bert_forward(bert, config, c.ids, segments ? *segments : c.segments, mask, AttentionOptions{});
    }

    const RefCase& find(const std::string& name) const {
        for (const RefCase& c : cases)
            if (c.name == name) return c;
        FAIL("no case " << name << " in " << folder);
        return cases.front();
    }

    MaxDiff compare(const RefCase& c, const ForwardPass& pass) const { return forward_golden::compare(config, pass, c); }

    // Every case; returns the largest difference and the tightest bounds.
    MaxDiff max_diff() const {
        MaxDiff all;
        bool first = true;
        for (const RefCase& c : cases) {
            const MaxDiff m = compare(c, run(c));
            all.attention = std::max(all.attention, m.attention);
            all.hidden = std::max(all.hidden, m.hidden);
            all.bounds.attention = first ? m.bounds.attention : std::min(all.bounds.attention, m.bounds.attention);
            all.bounds.hidden = first ? m.bounds.hidden : std::min(all.bounds.hidden, m.bounds.hidden);
            all.most_over = std::max(all.most_over, m.excess());
            first = false;
        }
        return all;
    }
};

// `good`'s comparison after `perturb` changed a copy of it (a deliberate bug), printed: its worst
// difference and how many times float32's bound that is.
template <class Perturb>
MaxDiff perturbed(const Fixture& good, Perturb&& perturb) {
    Fixture f = good;
    perturb(f);
    const MaxDiff m = f.max_diff();
    MESSAGE("perturbed " << good.folder << ": max |Δ| " << m.worst() << ", " << m.excess() << "× float32's bound");
    return m;
}

}  // namespace attn::pretrained::forward_golden
