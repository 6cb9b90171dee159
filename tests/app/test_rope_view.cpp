// test_rope_view.cpp — the RoPE view's numbers (app/views/rope/rope_view.h): a pair's rotation
// against a hand computation, the rotated pairs of a tiny-llama trace against cos/sin by hand, the
// shift invariance of every score (≤ 1e-4) while q and k themselves move, the KV-cache sizes, and
// grouped-query attention as the Model view and the cell explainer show it.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "app/views/cell_explainer/explainer.h"
#include "app/views/model_view/kv_groups.h"
#include "app/views/rope/rope_view.h"
#include "core/pretrained/families/rotary/rope.h"
#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;

namespace {

fs::path models_dir() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures" / "pretrained" / "models"; }

std::shared_ptr<const pretrained::PretrainedModel> load(const char* name) {
    auto m = pretrained::load_pretrained_model((models_dir() / name).string());
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

const std::vector<int> kIds = {277, 5, 17, 42, 99, 100, 3, 250, 17, 42, 8, 311};

}  // namespace

TEST_CASE("rope view: rotate_pair turns (x, y) as rotate-half does") {
    const Vec2f a = rotate_pair({1.0f, 0.0f}, M_PI / 2);
    CHECK(a.x == doctest::Approx(0.0).epsilon(1e-6));
    CHECK(a.y == doctest::Approx(1.0));
    // (3, 4) by 0.3 rad: (3 cos − 4 sin, 4 cos + 3 sin) = (1.683928, 4.707907), worked by hand.
    const Vec2f b = rotate_pair({3.0f, 4.0f}, 0.3);
    CHECK(b.x == doctest::Approx(1.683928).epsilon(1e-5));
    CHECK(b.y == doctest::Approx(4.707907).epsilon(1e-5));
    CHECK(std::hypot(b.x, b.y) == doctest::Approx(5.0));  // a rotation keeps the length
}

TEST_CASE("rope view: the spectrum is θ^(−2i/r) without scaling") {
    pretrained::RopeConfig r;
    r.theta = 10000.0;
    r.rotary_dim = 4;
    const RopeSpectrum s = rope_spectrum(pretrained::rope_inverse_frequencies(r));
    REQUIRE(s.inv_freq.size() == 2);
    CHECK(s.inv_freq[0] == doctest::Approx(1.0));
    CHECK(s.inv_freq[1] == doctest::Approx(0.01));
    CHECK(s.wavelength[1] == doctest::Approx(2.0 * M_PI * 100.0));
}

TEST_CASE("rope view: a tiny-llama pair after rotation is the pair before, turned by position × θ") {
    const auto model = load("tiny-llama");
    const pretrained::RotaryWeights* w = &pretrained::weights_as<pretrained::RotaryWeights>(*model->weights);
    REQUIRE(w != nullptr);
    const pretrained::ForwardPass pass = pretrained::rotary_forward(*w, model->config, kIds);
    const int rotary_dim = pretrained::rotary_settings(model->config).rope.rotary_dim;
    const RopeSpectrum sp = rope_spectrum(pretrained::rope_inverse_frequencies(pretrained::rotary_settings(model->config).rope));
    REQUIRE(has_rotary(pass.layers[0]));
    double worst = 0.0;
    for (const LayerTrace& L : pass.layers)
        for (int h = 0; h < L.n_heads; ++h)
            for (int pair = 0; pair < rotary_dim / 2; ++pair) {
                const RopePairVectors v = rope_pair_vectors(L, h, pair, rotary_dim);
                REQUIRE(v.q_after.size() == kIds.size());
                for (std::size_t t = 0; t < kIds.size(); ++t) {
                    const double ang = double(t) * sp.inv_freq[std::size_t(pair)];
                    const double c = std::cos(ang), s = std::sin(ang);
                    const Vec2f q = v.q_before[t], k = v.k_before[t];
                    worst = std::max({worst, std::abs(q.x * c - q.y * s - v.q_after[t].x),
                                      std::abs(q.y * c + q.x * s - v.q_after[t].y),
                                      std::abs(k.x * c - k.y * s - v.k_after[t].x),
                                      std::abs(k.y * c + k.x * s - v.k_after[t].y)});
                }
            }
    std::printf("rope view: max |rotated pair − hand rotation| = %.3g\n", worst);
    CHECK(worst <= 1e-5);
}

TEST_CASE("rope view: shifting the sentence leaves every score (tiny-llama, tiny-qwen3, tiny-mistral)") {
    for (const char* name : {"tiny-llama", "tiny-qwen3", "tiny-mistral"}) {
        const auto model = load(name);
        const int shift = std::min(40, max_shift(model->config, int(kIds.size())));
        REQUIRE(shift >= 20);
        const ShiftResult r = run_shift_test(*model, kIds, shift);
        CHECK(r.layers == model->config.n_layers);
        CHECK(r.heads == model->config.n_heads);
        std::printf("rope view: %s shifted by %d: max |Δ score| = %.3g\n", name, shift, double(r.max_change));
        CHECK(r.max_change <= 1e-4f);

        // Not vacuous: the rotated q themselves move a lot under the same shift.
        const pretrained::RotaryWeights* w = &pretrained::weights_as<pretrained::RotaryWeights>(*model->weights);
        pretrained::DecoderOptions moved;
        moved.first_position = shift;
        const auto a = pretrained::rotary_forward(*w, model->config, kIds);
        const auto b = pretrained::rotary_forward(*w, model->config, kIds, moved);
        CHECK((a.layers[0].q - b.layers[0].q).cwiseAbs().maxCoeff() > 0.1f);
    }
}

TEST_CASE("rope view: padding in front — hidden by the mask nothing changes; visible, layer 1 only stays") {
    for (const char* name : {"tiny-llama", "tiny-qwen3", "tiny-mistral"}) {
        CAPTURE(name);
        const auto model = load(name);
        const int pad_id = model->family().pad_id(*model);  // the one rule: its end-of-text token
        CHECK(pad_id == (model->tokenizer->eos_id >= 0 ? model->tokenizer->eos_id : pretrained::rotary_settings(model->config).eos_id));
        for (int pad : {1, 7}) {
            const PadResult r = run_pad_test(*model, kIds, pad_id, pad);
            REQUIRE(r.layers == 2);
            REQUIRE(r.visible_score.size() == std::size_t(r.layers * r.heads));
            std::printf("rope view: %s padded by %d: hidden max |Δ score| %.3g |Δ weight| %.3g |Δ logits| %.3g; "
                        "visible layer 1 %.3g / %.3g, layer 2 %.3g / %.3g, |Δ logits| %.3g\n",
                        name, pad, double(r.hidden_max_score), double(r.hidden_max_weight), double(r.hidden_logits),
                        double(r.visible_first_score), double(r.visible_first_weight), double(r.visible_later_score),
                        double(r.visible_later_weight), double(r.visible_logits));
            // Hidden: the same run, moved (RoPE sees distances only).
            CHECK(r.hidden_max_score <= 1e-4f);
            CHECK(r.hidden_max_weight <= 1e-5f);
            CHECK(r.hidden_logits <= 1e-4f);
            // Visible: layer 1 sees the same distances (raw scores, renormalised weights) …
            CHECK(r.visible_first_score <= 1e-4f);
            CHECK(r.visible_first_weight <= 1e-5f);
            // … but its outputs took in the filler's values: layer 2 differs, and so does the
            // prediction — unless a sliding window (tiny-mistral: 4 tokens, 2 layers) keeps the
            // filler out of the last token's reach.
            CHECK(r.visible_later_score > 1e-2f);
            CHECK(r.visible_later_weight > 1e-3f);
            if (pretrained::rotary_settings(model->config).window_of(0) == 0)
                CHECK(r.visible_logits > 1e-3f);
            else
                CHECK(r.visible_logits <= 1e-4f);
        }
    }
}

TEST_CASE("rope view: score_changes compares head by head") {
    LayerTrace a;
    a.n_heads = 2;
    a.heads.resize(2);
    a.heads[0].scores = Mat::Zero(2, 2);
    a.heads[1].scores = Mat::Zero(2, 2);
    LayerTrace b = a;
    b.heads[1].scores(1, 0) = -0.5f;
    const std::vector<float> c = score_changes({a, a}, {a, b});
    REQUIRE(c.size() == 4);
    CHECK(c[0] == 0.0f);
    CHECK(c[3] == doctest::Approx(0.5));
}

TEST_CASE("rope view: KV-cache sizes (Llama 3.2-1B at 128k tokens in bf16)") {
    // 16 layers, 32 query heads, 8 K/V heads, head_dim 64: 2·16·8·64·2 = 32 KiB per token.
    CHECK(kv_cache_bytes(16, 8, 64, 2, 1) == 32768.0);
    const KvCacheCompare c = kv_cache_compare(16, 32, 8, 64, 2, 131072);
    CHECK(c.model.bytes == 4.0 * 1024 * 1024 * 1024);
    CHECK(c.mha.bytes == 4.0 * c.model.bytes);
    CHECK(c.mqa.bytes == c.model.bytes / 8.0);
    CHECK(c.mha.kv_heads == 32);
    CHECK(c.mqa.kv_heads == 1);
    CHECK(format_bytes(c.model.bytes) == "4.00 GB");
    CHECK(format_bytes(c.mqa.bytes) == "512 MB");
    CHECK(format_bytes(c.mha.bytes) == "16.0 GB");
    CHECK(format_bytes(1536.0) == "1.50 KB");
    CHECK(format_bytes(100.0) == "100 B");
}

TEST_CASE("gqa: the Model view's groups and the cell explainer's K/V head (tiny-llama: 4 query heads, 2 K/V)") {
    const auto model = load("tiny-llama");
    const pretrained::ForwardPass pass = pretrained::rotary_forward(pretrained::weights_as<pretrained::RotaryWeights>(*model->weights), model->config, kIds);
    const LayerTrace& L = pass.layers[1];
    const std::vector<KvGroup> g = kv_groups(L);
    REQUIRE(g.size() == 2);
    CHECK((g[0].kv == 0 && g[0].first == 0 && g[0].last == 1));
    CHECK((g[1].kv == 1 && g[1].first == 2 && g[1].last == 3));
    const CellExplanation e = explain_cell(L, 3, 5, 2);
    CHECK(e.kv_head == 1);
    CHECK(e.n_kv_heads == 2);
    CHECK(e.group_first == 2);
    CHECK(e.group_last == 3);
    // Heads 2 and 3 read the same keys: their K blocks are equal.
    CHECK((L.k_head(2) - L.k_head(3)).cwiseAbs().maxCoeff() == 0.0f);

    LayerTrace mha = L;  // multi-head attention: nothing to group, no K/V line in the explainer
    mha.kv_head.clear();
    mha.n_kv_heads = 0;
    CHECK(kv_groups(mha).empty());
    CHECK(explain_cell(mha, 3, 5, 2).kv_head == -1);

    LayerTrace mqa = L;  // multi-query attention: one group of every head
    mqa.kv_head.assign(4, 0);
    mqa.n_kv_heads = 1;
    REQUIRE(kv_groups(mqa).size() == 1);
    CHECK(kv_groups(mqa)[0].last == 3);
}
