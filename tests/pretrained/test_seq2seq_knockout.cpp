// test_seq2seq_knockout.cpp — knock-outs in the encoder–decoders, named by section (encoder,
// decoder self-attention, cross-attention), in the teacher-forced pass and in the cached step.
//
// Three independent checks:
//   - weight surgery: zero-ablating head h equals the plain forward with the rows of W_O that read
//     head h set to 0; a sublayer off equals W_O = 0 and b_O = 0 (the FFN: its second matrix and
//     bias); so the knock-out code path is compared with the unmodified forward (tiny Marian, BART,
//     mBART (pre-LN), T5 and Whisper (pre-LN over the sound); every section);
//   - the cached step (running sums for the mean) equals the teacher-forced pass (MeanOver::Prefix)
//     under the same knock-out, step by step;
//   - PyTorch: tests/fixtures/pretrained/models/gen_knockout_reference.py computes the knocked-out
//     Marian and T5 in float64 torch ops (zero and mean; knockout_reference.json in each folder):
//     the logits, both stacks' outputs, the last cross-attention, and greedy translations under them.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"
#include "core/pretrained/seq2seq/text_seq2seq_family.h"
#include "core/pretrained/seq2seq/translate.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

AblationShape shape_of(const PretrainedConfig& c) {
    return AblationShape{c.n_layers, c.n_heads, c.decoder_layers, c.decoder_heads};
}

Ablation parsed(const PretrainedModel& m, const std::string& spec, AblationMode mode = AblationMode::Zero) {
    auto a = parse_ablation(spec, mode, shape_of(m.config));
    REQUIRE_MESSAGE(a.ok(), spec << ": " << (a.ok() ? "" : a.error()));
    return *a;
}

double logits_diff(const Mat& a, const Mat& b) {
    REQUIRE(a.rows() == b.rows());
    REQUIRE(a.cols() == b.cols());
    return double((a - b).cwiseAbs().maxCoeff());
}

// One family's teacher-forced pass over weights W, and the surgery each ablation item stands for.
template <typename W>
struct Surgery {
    std::function<Seq2SeqPass(const W&, const ForwardOptions&)> forward;
    std::function<void(W&, Section, int layer, int head)> zero_head;     // W_O's rows of head
    std::function<void(W&, Section, int layer)> zero_attention;         // W_O = 0, b_O = 0
    std::function<void(W&, Section, int layer)> zero_mlp;               // the FFN's output = 0
};

template <typename W>
void check_surgery(const char* name, const W& w, const Surgery<W>& s, const std::vector<std::string>& specs,
                   const PretrainedModel& m) {
    ForwardOptions plain;
    plain.attention.scale = m.caps().scaled_scores;
    const Mat base = s.forward(w, plain).logits;
    for (const std::string& spec : specs) {
        CAPTURE(spec);
        const Ablation a = parsed(m, spec);
        W cut = w;
        for (const HeadIndex& h : a.heads) s.zero_head(cut, h.section, h.layer, h.head);
        for (const LayerIndex& l : a.attention_off) s.zero_attention(cut, l.section, l.layer);
        for (const LayerIndex& l : a.mlp_off) s.zero_mlp(cut, l.section, l.layer);
        ForwardOptions knocked = plain;
        knocked.ablation = a;
        const Mat ablated = s.forward(w, knocked).logits;
        // Relative to the logits' scale: the two paths add the same products in other orders
        // (≈ 1e-5 absolute on logits of ~10 under clang's sanitizer build).
        const double scale = std::max(1.0, double(ablated.cwiseAbs().maxCoeff()));
        const double vs_surgery = logits_diff(ablated, s.forward(cut, plain).logits) / scale;
        const double effect = logits_diff(ablated, base);
        std::printf("%s %-28s knock-out vs weight surgery: max relative diff %.2e (effect %.2e)\n", name, spec.c_str(),
                    vs_surgery, effect);
        CHECK(vs_surgery < 1e-5);
        CHECK(effect > 1e-3);  // the knock-out bites
    }
}

// Blocks in x·W layout (Marian, BART post-LN; mBART pre-LN): head h reads rows h·d_k … of W_O.
template <typename W>
Surgery<W> xw_surgery(const PretrainedConfig& c,
                           std::function<Seq2SeqPass(const W&, const ForwardOptions&)> forward) {
    const int dk = c.d_model / c.n_heads;
    auto attn_of = [](W& w, Section s, int l) -> AttentionWeights& {
        if (s == Section::Encoder) return w.encoder[std::size_t(l)].self_attn;
        if (s == Section::Decoder) return w.decoder[std::size_t(l)].self_attn;
        return w.decoder[std::size_t(l)].cross_attn;
    };
    Surgery<W> s;
    s.forward = std::move(forward);
    s.zero_head = [=](W& w, Section sec, int l, int h) { attn_of(w, sec, l).w_o.middleRows(h * dk, dk).setZero(); };
    s.zero_attention = [=](W& w, Section sec, int l) {
        attn_of(w, sec, l).w_o.setZero();
        attn_of(w, sec, l).b_o.setZero();
    };
    s.zero_mlp = [](W& w, Section sec, int l) {
        Seq2SeqBlock& b = sec == Section::Encoder ? w.encoder[std::size_t(l)] : w.decoder[std::size_t(l)];
        b.ff2_w.setZero();
        b.ff2_b.setZero();
    };
    return s;
}

template <typename T>
struct Type {
    using type = T;
};

const std::vector<std::string> kSpecs = {
    "enc.1.2", "dec.2.1", "cross.1.1,cross.2.2", "cross.1.attn,cross.2.attn", "enc.2.mlp,dec.1.mlp,dec.2.attn",
    "enc.1.attn", "enc.1.1,dec.1.2,cross.2.1",
};

}  // namespace

TEST_CASE("Seq2seq knock-outs: each section's heads and sublayers equal the weight surgery they stand for") {
    // Marian, BART and mBART: x·W blocks (post-LN, and mBART's pre-LN), each family's own forward
    // over its first case.
    auto xw = [](auto tag, const char* name, const char* folder, auto forward) {
        using W = typename decltype(tag)::type;
        const PretrainedModel& m = tiny_model(folder);
        const auto ref = tiny_reference(folder);
        const auto& c = ref.at("cases").at(0);
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        check_surgery<W>(name, weights_as<W>(*m.weights),
                         xw_surgery<W>(m.config,
                                            [&](const W& x, const ForwardOptions& o) {
                                                return forward(x, m.config, source, input, o);
                                            }),
                         kSpecs, m);
    };
    xw(Type<MarianWeights>{}, "Marian", "tiny-marian", marian_forward);
    xw(Type<FairseqSeq2SeqWeights>{}, "BART", "tiny-bart", fairseq_forward);
    xw(Type<FairseqSeq2SeqWeights>{}, "mBART", "tiny-mbart", fairseq_forward);
    {
        const PretrainedModel& m = tiny_model("tiny-t5");
        const auto& w = weights_as<T5Weights>(*m.weights);
        const auto ref = tiny_reference("tiny-t5");
        const auto& c = ref.at("cases").at(0);
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        const int dk = m.config.d_k();
        auto attn_of = [](T5Weights& x, Section s, int l) -> T5Attention& {
            if (s == Section::Encoder) return x.encoder[std::size_t(l)].self_attn;
            if (s == Section::Decoder) return x.decoder[std::size_t(l)].self_attn;
            return x.decoder[std::size_t(l)].cross_attn;
        };
        Surgery<T5Weights> s;
        s.forward = [&](const T5Weights& x, const ForwardOptions& o) { return t5_forward(x, m.config, source, input, o); };
        s.zero_head = [&](T5Weights& x, Section sec, int l, int h) { attn_of(x, sec, l).w_o.middleRows(h * dk, dk).setZero(); };
        s.zero_attention = [&](T5Weights& x, Section sec, int l) { attn_of(x, sec, l).w_o.setZero(); };
        s.zero_mlp = [](T5Weights& x, Section sec, int l) {
            (sec == Section::Encoder ? x.encoder : x.decoder)[std::size_t(l)].wo.setZero();
        };
        check_surgery<T5Weights>("T5", w, s, kSpecs, m);
    }
}

TEST_CASE("Seq2seq knock-outs: the cached step equals the teacher-forced pass, zero and mean, every family") {
    for (const char* folder : {"tiny-marian", "tiny-bart", "tiny-mbart", "tiny-t5"}) {
        CAPTURE(folder);
        const PretrainedModel& m = tiny_model(folder);
        const auto* family = dynamic_cast<const TextSeq2SeqFamily*>(&m.family());
        REQUIRE(family != nullptr);
        const auto ref = tiny_reference(folder);
        const auto& c = ref.at("cases").at(0);
        const auto source = c.at("source_ids").get<std::vector<int>>();
        const auto input = c.at("decoder_input_ids").get<std::vector<int>>();
        double worst = 0, worst_cross = 0;
        for (AblationMode mode : {AblationMode::Zero, AblationMode::Mean}) {
            for (const std::string& spec : kSpecs) {
                CAPTURE(spec);
                const Ablation a = parsed(m, spec, mode);
                ForwardOptions opt;
                opt.attention.scale = m.caps().scaled_scores;
                opt.attention.compute_stats = false;
                opt.ablation = a;
                const Seq2SeqPass pass = family->forward_pair(m, source, input, opt);
                Seq2SeqSession s;
                family->start_translation(m, source, s, a);  // reads input[0], the start token
                REQUIRE(s.ids.front() == input.front());
                for (std::size_t i = 0; i < input.size(); ++i) {
                    if (i > 0) family->append_target(s, input[i]);
                    worst = std::max(worst, double((s.logits - pass.logits.row(Eigen::Index(i))).cwiseAbs().maxCoeff()));
                    for (std::size_t l = 0; l < pass.cross.size(); ++l)
                        for (int h = 0; h < pass.cross[l].n_heads; ++h)
                            worst_cross = std::max(
                                worst_cross, double((s.steps[i].cross_attention[l].row(h) -
                                                     pass.cross[l].heads[std::size_t(h)].weights.row(Eigen::Index(i)))
                                                        .cwiseAbs()
                                                        .maxCoeff()));
                }
            }
        }
        std::printf("%s knocked-out cached step vs teacher-forced pass: logits %.2e, cross-attention %.2e\n", folder,
                    worst, worst_cross);
        CHECK(worst < 1e-4);
        CHECK(worst_cross < 1e-5);
    }
}

TEST_CASE("Seq2seq knock-outs match PyTorch: every section, zero and mean, and greedy translation under them") {
    for (const char* folder : {"tiny-marian", "tiny-t5"}) {
        CAPTURE(folder);
        const PretrainedModel& m = tiny_model(folder);
        const auto* family = dynamic_cast<const TextSeq2SeqFamily*>(&m.family());
        REQUIRE(family != nullptr);
        const std::string path = tiny_folder(folder) + "/knockout_reference.json";
        const nlohmann::json ref = nlohmann::json::parse(read_text(path));
        REQUIRE(ref.at("cases").size() >= 12);
        double worst_logits = 0, worst_hidden = 0, worst_cross = 0;
        for (const auto& c : ref.at("cases")) {
            const std::string spec = c.at("spec").get<std::string>();
            CAPTURE(spec);
            const AblationMode mode = c.at("mode") == "zero" ? AblationMode::Zero : AblationMode::Mean;
            ForwardOptions opt;
            opt.attention.scale = m.caps().scaled_scores;
            opt.ablation = parsed(m, spec, mode);
            const Seq2SeqPass p = family->forward_pair(m, c.at("source_ids").get<std::vector<int>>(),
                                                       c.at("decoder_input_ids").get<std::vector<int>>(), opt);
            auto flat = [](const nlohmann::json& rows) {
                std::vector<float> out;
                for (const auto& r : rows)
                    for (const auto& v : r) out.push_back(v.get<float>());
                return out;
            };
            worst_logits = std::max(worst_logits, relative_diff(p.logits, flat(c.at("logits"))));
            worst_hidden = std::max(worst_hidden, relative_diff(p.encoder.hidden_states.back(), flat(c.at("encoder_output"))));
            worst_hidden = std::max(worst_hidden, relative_diff(p.decoder.hidden_states.back(), flat(c.at("decoder_output"))));
            const LayerTrace& last = p.cross.back();
            for (int h = 0; h < last.n_heads; ++h)
                worst_cross = std::max(worst_cross, max_diff(last.heads[std::size_t(h)].weights, flat(c.at("cross_last")[h])));
        }
        int greedy_equal = 0;
        for (const auto& g : ref.at("greedy")) {
            const std::string spec = g.at("spec").get<std::string>();
            CAPTURE(spec);
            const Ablation a = parsed(m, spec, g.at("mode") == "zero" ? AblationMode::Zero : AblationMode::Mean);
            const Translation t =
                translate_greedy(m, g.at("source_ids").get<std::vector<int>>(), generation_limit(m.config), a);
            CHECK(t.ids == g.at("ids").get<std::vector<int>>());
            greedy_equal += t.ids == g.at("ids").get<std::vector<int>>();
        }
        std::printf("%s knock-outs vs PyTorch (%zu passes): logits %.2e, hidden %.2e (relative), last cross-attention "
                    "%.2e; greedy equal %d of %zu\n",
                    folder, ref.at("cases").size(), worst_logits, worst_hidden, worst_cross, greedy_equal,
                    ref.at("greedy").size());
        CHECK(worst_logits < 2e-5);
        CHECK(worst_hidden < 2e-5);
        CHECK(worst_cross < 2e-5);
    }
}

TEST_CASE("Seq2seq knock-outs: the text form names sections, and refuses what the model has not") {
    const PretrainedModel& m = tiny_model("tiny-marian");
    const AblationShape shape = shape_of(m.config);
    REQUIRE(shape.two_stacks());
    auto a = parse_ablation(" cross.2.1, enc.1.2 ,decoder.1.attn,dec.2.mlp,encoder.1.2", AblationMode::Mean, shape);
    REQUIRE(a.ok());
    CHECK(a->heads.size() == 2);  // encoder.1.2 repeats enc.1.2
    CHECK(a->heads[0] == HeadIndex{1, 0, Section::Cross});
    CHECK(a->heads[1] == HeadIndex{0, 1, Section::Encoder});
    CHECK(a->attention_off == std::vector<LayerIndex>{LayerIndex{0, Section::Decoder}});
    CHECK(a->mlp_off == std::vector<LayerIndex>{LayerIndex{1, Section::Decoder}});
    CHECK(format_ablation(*a) == "enc.1.2,cross.2.1,dec.1.attn,dec.2.mlp");
    CHECK(check_ablation(*a, shape).ok());
    CHECK(head_name(HeadIndex{2, 3, Section::Cross}) == "cross.3.4");
    CHECK(head_name(HeadIndex{2, 3}) == "3.4");

    // The sections split as each stack reads them.
    const Ablation cross = section_part(*a, Section::Cross);
    CHECK(cross.heads == std::vector<HeadIndex>{HeadIndex{1, 0}});
    CHECK(cross.mode == AblationMode::Mean);
    CHECK(section_part(*a, Section::Decoder).mlp_off == std::vector<LayerIndex>{1});
    CHECK(section_part(*a, Section::Encoder).attention_off.empty());

    auto refused = [&](const std::string& spec, const std::string& says) {
        auto r = parse_ablation(spec, AblationMode::Zero, shape);
        REQUIRE_FALSE(r.ok());
        CAPTURE(r.error());
        CHECK(r.error().find(says) != std::string::npos);
    };
    refused("1.2", "name the section first: enc.1.2");
    refused("cross.1.mlp", "cross-attention has no MLP of its own; dec.1.mlp");
    refused("enc.9.1", "there is no layer 9: the encoder has");
    refused("cross.1.99", "there is no head 99");
    refused("cross.x", "is not a head: write section.layer.head");
    refused("", "Nothing to knock out");
    // A one-stack model has no sections.
    auto one = parse_ablation("enc.1.2", AblationMode::Zero, 2, 2);
    REQUIRE_FALSE(one.ok());
    CHECK(one.error().find("one stack") != std::string::npos);
    // check_ablation: a head of no section in a two-stack model, a section in a one-stack one.
    Ablation stray;
    stray.heads = {HeadIndex{0, 0}};
    CHECK_FALSE(check_ablation(stray, shape).ok());
    stray.heads = {HeadIndex{0, 0, Section::Cross}};
    CHECK(check_ablation(stray, shape).ok());
    CHECK_FALSE(check_ablation(stray, 2, 2).ok());
    Ablation cross_mlp;
    cross_mlp.mlp_off = {LayerIndex{0, Section::Cross}};
    CHECK_FALSE(check_ablation(cross_mlp, shape).ok());

    // ablation_inside keeps what this model has: another model's heads, sections and layers go.
    Ablation mixed;
    mixed.mode = AblationMode::Mean;
    mixed.heads = {HeadIndex{0, 1, Section::Cross}, HeadIndex{0, 1}, HeadIndex{9, 0, Section::Encoder}};
    mixed.attention_off = {LayerIndex{1, Section::Decoder}, LayerIndex{1}};
    mixed.mlp_off = {LayerIndex{0, Section::Cross}, LayerIndex{0, Section::Encoder}};
    const Ablation kept = ablation_inside(mixed, shape);
    CHECK(kept.mode == AblationMode::Mean);
    CHECK(kept.heads == std::vector<HeadIndex>{HeadIndex{0, 1, Section::Cross}});
    CHECK(kept.attention_off == std::vector<LayerIndex>{LayerIndex{1, Section::Decoder}});
    CHECK(kept.mlp_off == std::vector<LayerIndex>{LayerIndex{0, Section::Encoder}});
    CHECK(check_ablation(kept, shape).ok());
    const Ablation one_stack = ablation_inside(mixed, AblationShape{2, 2, 0, 0});
    CHECK(one_stack.heads == std::vector<HeadIndex>{HeadIndex{0, 1}});
    CHECK(one_stack.attention_off == std::vector<LayerIndex>{LayerIndex{1}});
}

TEST_CASE("Whisper knock-outs: weight surgery, and the cached step equals the teacher-forced pass, zero and mean") {
    // The encoder over the reference's log-mel (reference.safetensors), a prompt and a few tokens.
    const PretrainedModel& m = tiny_model("tiny-whisper");
    const auto& w = weights_as<WhisperWeights>(*m.weights);
    const PretrainedConfig& c = m.config;
    auto ref = SafeTensorsFile::open(tiny_folder("tiny-whisper") + "/reference.safetensors");
    REQUIRE(ref.ok());
    const Mat features = ref->read_matrix("input_features", whisper_settings(c).n_mels, 2 * c.max_positions).value();
    const std::vector<int> ids{275, 276, 279, 283, 84, 72, 75, 68, 37, 274};
    Surgery<WhisperWeights> s =
        xw_surgery<WhisperWeights>(c, [&](const WhisperWeights& x, const ForwardOptions& o) {
            return whisper_forward(x, c, features, ids, o);
        });
    // Whisper's k_proj has no bias, its other projections do: the surgery is the same (W_O rows, b_O).
    check_surgery<WhisperWeights>("Whisper", w, s, kSpecs, m);

    double worst = 0, worst_cross = 0;
    for (AblationMode mode : {AblationMode::Zero, AblationMode::Mean}) {
        for (const std::string& spec : kSpecs) {
            CAPTURE(spec);
            ForwardOptions opt;
            opt.attention.compute_stats = false;
            opt.ablation = parsed(m, spec, mode);
            const Seq2SeqPass pass = whisper_forward(w, c, features, ids, opt);
            Seq2SeqSession session;
            session.model = &m;
            whisper_start_from_memory(w, c, pass.encoder.hidden_states.back(), session, opt.ablation);
            for (std::size_t i = 0; i < ids.size(); ++i) {
                whisper_append(w, c, session, ids[i]);
                worst = std::max(worst, double((session.logits - pass.logits.row(Eigen::Index(i))).cwiseAbs().maxCoeff()));
                for (std::size_t l = 0; l < pass.cross.size(); ++l)
                    for (int h = 0; h < pass.cross[l].n_heads; ++h)
                        worst_cross = std::max(
                            worst_cross, double((session.steps[i].cross_attention[l].row(h) -
                                                 pass.cross[l].heads[std::size_t(h)].weights.row(Eigen::Index(i)))
                                                    .cwiseAbs()
                                                    .maxCoeff()));
            }
        }
    }
    std::printf("tiny-whisper knocked-out cached step vs teacher-forced pass: logits %.2e, cross-attention %.2e\n", worst,
                worst_cross);
    CHECK(worst < 1e-4);
    CHECK(worst_cross < 1e-5);
}
