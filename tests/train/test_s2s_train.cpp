// test_s2s_train.cpp — the encoder–decoder trainer: cross-attention (queries × other keys, padded
// keys) and the whole model's gradient against finite differences, and one training step against
// PyTorch (gen_s2s_train_step.py, whose layers are also checked against torch.nn's Transformer),
// learning the seq2seq tasks in bounded steps, and the saved Marian folder read back by the loader.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/base/parallel.h"
#include "core/figure/figure_train.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/translate.h"
#include "core/train/optimizer.h"
#include "core/train/seq2seq/s2s_io.h"
#include "core/train/seq2seq/s2s_model.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "core/train/train_figure.h"
#include "core/train/train_ops.h"
#include "fd_check.h"
#include "golden_step.h"

using namespace attn;
using namespace attn::train;
using namespace attn::train::test;

namespace {

constexpr double kTol = 1e-2;

}  // namespace

TEST_CASE("cross-attention's backward matches finite differences: queries × other keys, padded keys unseen") {
    ThreadPool pool(1);
    const int B = 2, Tq = 3, Tk = 5, C = 8, NH = 2;
    const int key_len[B] = {5, 2};
    auto q = randn(B * Tq * C, 51), kv = randn(B * Tk * 2 * C, 52), R = randn(B * Tq * C, 53);
    std::vector<float> out(B * Tq * C), pre(B * NH * Tq * Tk), att(pre.size()), datt(pre.size());
    const AttnDims d{B, Tq, Tk, C, NH, /*causal=*/false, key_len};
    auto loss = [&] {
        mh_attention_forward(pool, out.data(), pre.data(), att.data(), q.data(), C, kv.data(), kv.data() + C, 2 * C, d);
        return dot(out, R);
    };
    loss();
    // Sequence 1 has two real keys: its weights on keys 2…4 are exactly 0 and its rows sum to 1.
    for (int h = 0; h < NH; ++h) {
        for (int i = 0; i < Tq; ++i) {
            const float* row = att.data() + ((1 * NH + h) * Tq + i) * Tk;
            CHECK(row[2] == 0.0f);
            CHECK(row[4] == 0.0f);
            CHECK(std::abs(row[0] + row[1] - 1.0f) < 1e-6f);
        }
    }
    std::vector<float> dq(q.size(), 0.0f), dkv(kv.size(), 0.0f);
    mh_attention_backward(pool, dq.data(), dkv.data(), dkv.data() + C, datt.data(), R.data(), q.data(), C, kv.data(),
                          kv.data() + C, 2 * C, att.data(), d);
    const double eq = fd_error(q, dq, loss), ekv = fd_error(kv, dkv, loss);
    std::printf("cross-attention vs finite differences: queries %.2e, keys|values %.2e\n", eq, ekv);
    CHECK(eq < kTol);
    CHECK(ekv < kTol);
    // A padded key's row of sequence 1 gets no gradient.
    for (int c = 0; c < 2 * C; ++c) CHECK(dkv[(1 * Tk + 3) * 2 * C + c] == 0.0f);
}

namespace {

S2SShape tiny_shape() {
    S2SShape s;
    s.enc_layers = 2;
    s.dec_layers = 2;
    s.n_heads = 2;
    s.d_model = 8;
    s.vocab = 11;
    s.n_positions = 6;
    return s;
}

}  // namespace

TEST_CASE("the whole encoder–decoder's gradient matches finite differences") {
    ThreadPool pool(1);
    S2SModel m = make_s2s_model(tiny_shape(), 7);
    auto noise = randn(int(m.params.size()), 60, 0.3f);  // every path carries a visible gradient
    for (std::size_t i = 0; i < m.params.size(); ++i) m.params[i] += noise[i];
    const int B = 2, S = 4, T = 3;
    const int src[B * S] = {3, 4, 5, 6, 7, 2, 10, 10};  // row 1: two real tokens, then padding
    const int src_len[B] = {4, 2};
    const int dec[B * T] = {10, 3, 4, 10, 5, 6};
    const int targets[B * T] = {3, 4, 0, 5, -1, 0};
    S2SActs a, d;
    auto loss = [&] { return double(s2s_forward(pool, m, a, src, src_len, dec, targets, B, S, T)); };
    loss();
    s2s_backward(pool, m, a, d, src, dec, targets);
    double worst = 0;
    std::string worst_name;
    for (const ParamTensor& t : m.layout.tensors) {
        std::vector<float> x(m.params.begin() + t.offset, m.params.begin() + t.offset + t.size);
        std::vector<float> g(m.grads.begin() + t.offset, m.grads.begin() + t.offset + t.size);
        auto lt = [&] {
            std::copy(x.begin(), x.end(), m.params.begin() + t.offset);
            return loss();
        };
        const double e = fd_error(x, g, lt, /*h=*/1e-2f);  // float32 losses: a wider step keeps FD noise down
        std::copy(x.begin(), x.end(), m.params.begin() + t.offset);
        if (e > worst) worst = e, worst_name = t.name;
        CHECK_MESSAGE(e < kTol, t.name);
    }
    std::printf("encoder-decoder gradient vs finite differences: worst tensor rel err %.2e (%s)\n", worst,
                worst_name.c_str());
}

TEST_CASE("an encoder–decoder training step matches PyTorch: loss, logits, three attentions, gradients, AdamW") {
    const nlohmann::json g = read_train_fixture("s2s_train_step.json");
    const auto& cfg = g["config"];
    S2SShape s;
    s.vocab = cfg["vocab"];
    s.d_model = cfg["d_model"];
    s.n_heads = cfg["n_head"];
    s.enc_layers = cfg["enc_layers"];
    s.dec_layers = cfg["dec_layers"];
    s.n_positions = cfg["n_positions"];
    s.ln_eps = cfg["ln_eps"];
    S2SModel m = make_s2s_model(s, 0);
    load_init(m.layout.tensors, m.params, g);
    for (std::size_t i = 0; i < m.layout.tensors.size(); ++i)  // the trainer's names, in the fixture's order
        CHECK(m.layout.tensors[i].name == g["names"][i].get<std::string>());
    const std::vector<int> src = g["src"], src_len = g["src_len"], dec = g["dec"], targets = g["targets"];
    const int B = cfg["batch"], S = cfg["src_len"], T = cfg["tgt_len"];

    ThreadPool pool(1);
    S2SActs a, d;
    const float loss = s2s_forward(pool, m, a, src.data(), src_len.data(), dec.data(), targets.data(), B, S, T);
    const double loss_err = std::abs(loss - g["loss"].get<double>()) / g["loss"].get<double>();
    // Our head scores only the scored rows; the reference's logits are every row's.
    const std::vector<float> ref_logits = g["logits"];
    std::vector<float> kept;
    for (int n : a.head_rows) kept.insert(kept.end(), ref_logits.begin() + n * s.vocab, ref_logits.begin() + (n + 1) * s.vocab);
    const double logit_err = rel_diff(a.logits.data(), kept);
    double enc_err = 0, dec_err = 0, cross_err = 0;
    for (int l = 0; l < s.enc_layers; ++l)
        enc_err = std::max(enc_err, rel_diff(a.enc[l].att.data(), g["encoder_attention"][l].get<std::vector<float>>()));
    for (int l = 0; l < s.dec_layers; ++l) {
        dec_err = std::max(dec_err, rel_diff(a.dec[l].att.data(), g["decoder_attention"][l].get<std::vector<float>>()));
        cross_err = std::max(cross_err, rel_diff(a.dec[l].catt.data(), g["cross_attention"][l].get<std::vector<float>>()));
    }
    s2s_backward(pool, m, a, d, src.data(), dec.data(), targets.data());
    std::string worst_grad, worst_upd;
    const double grad_err = grad_diff(m.layout.tensors, m.grads, g, worst_grad);
    const float norm = grad_norm(m.layout.tensors, m.grads);
    const double norm_err = std::abs(norm - g["grad_norm"].get<double>()) / g["grad_norm"].get<double>();
    AdamWState st;
    const float lr = cfg["lr"].get<float>();
    adamw_step(m.layout.tensors, m.params, m.grads, st, adamw_config(cfg), lr);
    const double upd_err = update_diff(m.layout.tensors, m.params, g, lr, worst_upd);
    std::printf("encoder-decoder step vs PyTorch (max relative differences): loss %.2e, logits %.2e, attention "
                "encoder %.2e / decoder %.2e / cross %.2e, gradients %.2e (%s), grad norm %.2e, updated weights "
                "%.2e (%s)\n",
                loss_err, logit_err, enc_err, dec_err, cross_err, grad_err, worst_grad.c_str(), norm_err, upd_err,
                worst_upd.c_str());
    CHECK(loss_err < 1e-5);
    CHECK(logit_err < 1e-5);
    CHECK(enc_err < 1e-5);
    CHECK(dec_err < 1e-5);
    CHECK(cross_err < 1e-5);
    CHECK(grad_err < 1e-5);
    CHECK(norm_err < 1e-5);
    CHECK(upd_err < 1e-5);
}

namespace {

std::unique_ptr<S2STrainState> trained(const std::string& task, int steps) {
    TrainOptions o;
    REQUIRE(apply_s2s_task_defaults(o, task));
    if (steps > 0) o.steps = steps;
    o.threads = 1;
    o.eval_every = 0;
    auto st = make_s2s_train_state(o);
    REQUIRE_MESSAGE(st.ok(), (st.ok() ? "" : st.error()));
    while (!s2s_training_done(**st)) s2s_train_step(**st);
    return std::move(*st);
}

double max_abs_diff(const Mat& a, const Mat& b) {
    REQUIRE(a.rows() == b.rows());
    REQUIRE(a.cols() == b.cols());
    return double((a - b).cwiseAbs().maxCoeff());
}

}  // namespace

TEST_CASE("seq2seq tasks learn in bounded steps with their defaults: reverse, sort and the toy English → Korean") {
    for (const char* name : {"reverse", "sort", "en-ko"}) {
        CAPTURE(name);
        auto s = trained(name, 0);
        const Evaluation ev = s2s_evaluate(*s, 500, 99);
        std::printf("%s (seq2seq, %d steps): %.1f%% of 500 fresh sources translated exactly, loss %.4f\n", name,
                    s->step, 100.0 * ev.exact, ev.loss);
        CHECK(ev.exact >= 0.95f);
        // Greedy decoding writes the target and stops (exact ⇔ greedy, s2s_trainer.h).
        TaskRng rng(5);
        int right = 0;
        for (int i = 0; i < 50; ++i) {
            Seq2SeqExample ex;
            s->task.sample(rng, ex);
            right += s2s_greedy(*s, ex.source, s->task.max_target + 1) == ex.target ? 1 : 0;
        }
        CHECK(right >= 47);
    }
}

TEST_CASE("the saved seq2seq folder is a MarianMTModel: the same ids, the same three attentions, the same translations") {
    auto s = trained("en-ko", 0);
    const std::string dir = (std::filesystem::temp_directory_path() /
                             ("attnlab-s2s-" + std::to_string(::getpid())))
                                .string();
    std::filesystem::remove_all(dir);
    REQUIRE(save_s2s_folder(*s, dir).ok());
    CHECK_FALSE(save_s2s_folder(*s, dir).ok());  // never over an existing folder
    auto loaded = pretrained::load_pretrained_model(dir);
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
    const pretrained::PretrainedModel& m = **loaded;
    CHECK(m.caps().inputs.source_target);
    CHECK(m.caps().stacks == 2);

    TaskRng rng(11);
    double worst = 0;
    int translated = 0;
    for (int i = 0; i < 20; ++i) {
        Seq2SeqExample ex;
        s->task.sample(rng, ex);
        RunConfig run;
        run.text = s->task.text(ex.source);
        run.cross_text = s->task.text(ex.target);
        auto sections = pretrained::compute_pretrained_run(m, run);
        REQUIRE_MESSAGE(sections.ok(), (sections.ok() ? "" : sections.error()));
        REQUIRE(sections->size() == 3);
        // The folder's tokenizers give the trainer's ids: pieces, </s>; the start, pieces.
        S2SBatch b;
        make_s2s_batch(s->task, {ex}, b);
        std::vector<int> src, dec;
        for (const Token& t : (*sections)[0].q_tokens) src.push_back(t.id);
        for (const Token& t : (*sections)[1].q_tokens) dec.push_back(t.id);
        CHECK(src == std::vector<int>(b.src.begin(), b.src.begin() + b.src_len[0]));
        CHECK(dec == std::vector<int>(b.dec.begin(), b.dec.begin() + int(ex.target.size()) + 1));
        // The trainer's forward on exactly those ids.
        const int S = int(src.size()), T = int(dec.size());
        s2s_forward(*s->pool, s->model, s->eval_acts, src.data(), &S, dec.data(), nullptr, 1, S, T);
        const S2SAttention att = s2s_attention(s->model, s->eval_acts, 0);
        for (int l = 0; l < s->model.shape.enc_layers; ++l)
            for (int h = 0; h < s->model.shape.n_heads; ++h)
                worst = std::max(worst, max_abs_diff((*sections)[0].layers[l].heads[h].weights, att.encoder[l][h]));
        for (int l = 0; l < s->model.shape.dec_layers; ++l)
            for (int h = 0; h < s->model.shape.n_heads; ++h) {
                worst = std::max(worst, max_abs_diff((*sections)[1].layers[l].heads[h].weights, att.decoder[l][h]));
                worst = std::max(worst, max_abs_diff((*sections)[2].layers[l].heads[h].weights, att.cross[l][h]));
            }
        // The folder translates as the trainer does (generation_config: greedy, </s> last).
        const pretrained::Translation tr = pretrained::translate(m, src, 64);
        std::vector<int> want;
        for (int id : s2s_greedy(*s, ex.source, s->task.max_target + 1)) want.push_back(id + kS2SFirstPiece);
        want.push_back(kS2SEos);
        translated += tr.ids == want ? 1 : 0;
    }
    std::printf("saved seq2seq folder vs the trainer: attention max |diff| %.2e over 3 sections x 20 sentences; %d of "
                "20 translations equal\n",
                worst, translated);
    CHECK(worst < 1e-5);
    CHECK(translated == 20);
    // A text outside the task still reads: an unknown English word is <unk>, not an error.
    RunConfig odd;
    odd.text = "the zebra sees the cat";
    auto sections = pretrained::compute_pretrained_run(m, odd);
    REQUIRE(sections.ok());
    CHECK((*sections)[0].q_tokens[1].id == kS2SUnk);
    std::filesystem::remove_all(dir);
}

TEST_CASE("the Train figure of an encoder–decoder run: its cross-attention probe, in English and Korean") {
    auto s = trained("en-ko", 60);
    TrainFigureData d = train_figure_header(s->options);
    d.step = s->step;
    for (const TrainLogEntry& e : s->log) {
        d.steps.push_back(e.step);
        d.losses.push_back(e.loss);
    }
    d.probe = std::make_shared<const Trace>(s2s_probe_trace(*s));
    d.probe_step = s->step;
    CHECK(d.probe->section == "cross");
    for (FigureLang lang : {FigureLang::En, FigureLang::Ko}) {
        FigureOptions fo;
        fo.lang = lang;
        fo.font_files = {ATTNLAB_TEST_FONT};
        for (FigureFormat f : {FigureFormat::Png, FigureFormat::Pdf}) {
            auto bytes = render_train_figure(d, f, fo);
            REQUIRE_MESSAGE(bytes.ok(), (bytes.ok() ? "" : bytes.error()));
            CHECK(bytes->size() > 10000);
            if (const char* dir = std::getenv("ATTNLAB_FIGURE_OUT"); dir && f == FigureFormat::Png) {
                std::ofstream(std::string(dir) + (lang == FigureLang::Ko ? "/train-s2s-ko.png" : "/train-s2s-en.png"),
                              std::ios::binary)
                    .write(bytes->data(), std::streamsize(bytes->size()));
            }
        }
    }
}
