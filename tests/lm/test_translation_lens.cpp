// test_translation_lens.cpp — the logit lens of an encoder–decoder's decoder: every decoder layer's
// stream read through the decoder's final norm (none after Marian's post-LN blocks; T5's RMSNorm;
// mBART's LayerNorm)
// and the output. The expected logits are computed here, in Eigen, from PyTorch's hidden states
// (reference.json's decoder_hidden_states) and the folder's weights, so the lens is checked against
// the reference's streams, not against its own forward pass.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/lm/knockout.h"
#include "core/lm/logit_lens.h"
#include "core/lm/sampling.h"
#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

Mat rows_of(const std::vector<float>& flat, int cols) {
    REQUIRE(flat.size() % std::size_t(cols) == 0);
    Mat m(int(flat.size()) / cols, cols);
    for (int i = 0; i < m.rows(); ++i)
        for (int j = 0; j < cols; ++j) m(i, j) = flat[std::size_t(i * cols + j)];
    return m;
}

// The lens of `folder`'s first case against `expected(l, h)`: the logits of layer l from PyTorch's
// stream h (T, d). Returns the worst probability difference over every layer, position and top-5.
template <typename Expected>
double check_lens(const char* folder, const Expected& expected) {
    const PretrainedModel& m = tiny_model(folder);
    const auto ref = tiny_reference(folder);
    const auto& c = ref.at("cases").at(0);
    const auto source = c.at("source_ids").get<std::vector<int>>();
    const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
    const std::vector<int> target(input.begin() + 1, input.end());
    auto lens = lm::translation_lens(m, source, target, 5);
    REQUIRE(lens.ok());
    CHECK(lens->ids == input);
    const auto& states = c.at("decoder_hidden_states");
    REQUIRE(lens->layers.size() == states.size());
    double worst = 0;
    for (std::size_t l = 0; l < states.size(); ++l) {
        const Mat logits = expected(int(l), rows_of(states[l].get<std::vector<float>>(), m.config.d_model));
        REQUIRE(logits.rows() == int(input.size()));
        for (int i = 0; i < logits.rows(); ++i) {
            const RowVec p = lm::token_probabilities(logits.row(i));
            for (const lm::TokenProb& t : lens->layers[l].top[std::size_t(i)])
                worst = std::max(worst, std::fabs(double(p(t.id)) - double(t.prob)));
            Eigen::Index best = 0;
            p.maxCoeff(&best);
            CHECK(lens->layers[l].top[std::size_t(i)].front().id == int(best));
        }
    }
    // The last layer is the model's own prediction: reference.json's logits.
    const Mat final_logits = rows_of(c.at("logits").get<std::vector<float>>(), m.config.vocab_size);
    for (int i = 0; i < final_logits.rows(); ++i) {
        Eigen::Index best = 0;
        final_logits.row(i).maxCoeff(&best);
        CHECK(lens->answer[std::size_t(i)] == int(best));
    }
    std::printf("%s decoder lens vs PyTorch's streams: top-5 probabilities max |diff| %.2e over %zu layers\n", folder,
                worst, states.size());
    return worst;
}

}  // namespace

TEST_CASE("Translation lens: each decoder layer read through the decoder's output, as PyTorch's streams give") {
    {   // Marian: post-LN, so no final norm; logits = h Eᵀ + final_logits_bias
        const PretrainedModel& m = tiny_model("tiny-marian");
        const auto& w = weights_as<MarianWeights>(*m.weights);
        const double worst = check_lens("tiny-marian", [&](int, const Mat& h) {
            Mat logits = h * w.embed.transpose();
            logits.rowwise() += w.final_logits_bias;
            return logits;
        });
        CHECK(worst < 2e-5);
    }
    {   // T5: every layer but the last through the final RMSNorm (the last is already), then lm_head
        const PretrainedModel& m = tiny_model("tiny-t5");
        const auto& w = weights_as<T5Weights>(*m.weights);
        const int last = m.config.decoder_layers;
        REQUIRE(w.lm_head.size() > 0);  // tiny-t5 is untied
        const double worst = check_lens("tiny-t5", [&](int l, const Mat& h) {
            Mat y = h;
            if (l < last) {
                for (int i = 0; i < y.rows(); ++i) {
                    const double ms = double(y.row(i).squaredNorm()) / double(y.cols());
                    y.row(i) = (y.row(i).array() / float(std::sqrt(ms + double(m.config.layer_norm_eps)))).matrix();
                    y.row(i) = y.row(i).cwiseProduct(w.ln_dec);
                }
            }
            return Mat(y * w.lm_head.transpose());
        });
        CHECK(worst < 2e-5);
    }
    {   // mBART: pre-LN, every layer but the last through decoder.layer_norm (the last is already),
        // then h Eᵀ + final_logits_bias
        const PretrainedModel& m = tiny_model("tiny-mbart");
        const auto& w = weights_as<FairseqSeq2SeqWeights>(*m.weights);
        const int last = m.config.decoder_layers;
        const double worst = check_lens("tiny-mbart", [&](int l, const Mat& h) {
            Mat y = h;
            if (l < last) {
                for (int i = 0; i < y.rows(); ++i) {
                    const double mean = double(y.row(i).mean());
                    const RowVec centred = (y.row(i).array() - float(mean)).matrix();
                    const double var = double(centred.squaredNorm()) / double(y.cols());
                    y.row(i) = (centred.array() / float(std::sqrt(var + double(m.config.layer_norm_eps)))).matrix();
                    y.row(i) = y.row(i).cwiseProduct(w.decoder_norm_gamma) + w.decoder_norm_beta;
                }
            }
            Mat logits = y * w.embed.transpose();
            logits.rowwise() += w.final_logits_bias;
            return logits;
        });
        CHECK(worst < 2e-5);
    }
}

TEST_CASE("Translation lens: knock-outs change it, and what is not a translation model is refused") {
    const PretrainedModel& m = tiny_model("tiny-marian");
    const std::vector<int> source = {5, 6, 7, 0}, target = {9, 10};
    auto plain = lm::translation_lens(m, source, target, 3, false);
    REQUIRE(plain.ok());
    CHECK(plain->layers.size() == std::size_t(m.config.decoder_layers));  // no embeddings row
    CHECK(plain->layers.front().layer == 1);
    Ablation off;
    off.attention_off = {LayerIndex{0, Section::Cross}, LayerIndex{1, Section::Cross}};
    auto knocked = lm::translation_lens(m, source, target, 3, false, off);
    REQUIRE(knocked.ok());
    CHECK(std::fabs(knocked->layers.back().top[0][0].prob - plain->layers.back().top[0][0].prob) > 1e-4f);
    CHECK_FALSE(lm::translation_lens(tiny_model("tiny-gpt2"), {1}, {}, 3).ok());
    CHECK_FALSE(lm::translation_lens(m, source, {999999}, 3).ok());
    CHECK_FALSE(lm::translation_lens(m, source, target, 0).ok());
    Ablation outside;
    outside.heads = {HeadIndex{7, 0, Section::Encoder}};
    CHECK_FALSE(lm::translation_lens(m, source, target, 3, true, outside).ok());
}
