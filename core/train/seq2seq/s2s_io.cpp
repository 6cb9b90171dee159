// s2s_io.cpp — the trained encoder–decoder's Marian folder (see s2s_io.h).
#include "core/train/run_folder.h"
#include "core/train/seq2seq/s2s_io.h"

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <set>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/attention/positional.h"
#include "core/base/rng.h"
#include "core/train/gpt2_io.h"
#include "core/train/seq2seq/s2s_trainer.h"

// libsentencepiece's trainer logs every stage to stderr; its level setter is exported by the
// library but not declared in the installed headers.
namespace sentencepiece::logging {
int GetMinLogLevel();
void SetMinLogLevel(int v);
}  // namespace sentencepiece::logging

namespace attn::train {

using json = nlohmann::ordered_json;

namespace {

constexpr const char* kWordStart = "\xE2\x96\x81";  // ▁

bool starts_word(const std::string& piece) { return piece.compare(0, 3, kWordStart) == 0; }
std::string bare(const std::string& piece) { return starts_word(piece) ? piece.substr(3) : piece; }

// The text a list of pieces spells ("▁고양이" "가" "▁본다" -> "고양이가 본다").
std::string spelled(const std::vector<std::string>& pieces) {
    std::string s;
    for (const std::string& p : pieces) {
        if (starts_word(p) && !s.empty()) s += ' ';
        s += bare(p);
    }
    return s;
}

class TextList final : public sentencepiece::SentenceIterator {
public:
    explicit TextList(const std::vector<std::string>& texts) : texts_(texts) {}
    bool done() const override { return at_ >= texts_.size(); }
    void Next() override { ++at_; }
    const std::string& value() const override { return texts_[at_]; }
    sentencepiece::util::Status status() const override { return {}; }

private:
    const std::vector<std::string>& texts_;
    std::size_t at_ = 0;
};

}  // namespace

Expected<std::string> train_spm(const std::vector<std::vector<std::string>>& pieces_of_texts) {
    if (pieces_of_texts.empty()) return Status::Error("No texts to train a SentencePiece model on.");
    bool words_only = true;
    std::set<std::string> words;
    std::vector<std::string> corpus;  // what the trainer reads: every piece its own word
    for (const auto& pieces : pieces_of_texts) {
        std::string line;
        for (const std::string& p : pieces) {
            words_only = words_only && starts_word(p);
            const std::string w = bare(p);
            if (w.empty() || w.find(' ') != std::string::npos)
                return Status::Error("A piece is empty or holds a space: \"" + p + "\".");
            words.insert(w);
            line += (line.empty() ? "" : " ") + w;
        }
        corpus.push_back(std::move(line));
    }
    // A word model keeps each word whole. Otherwise BPE on the words spaced apart: its merges
    // never cross a piece boundary (no training word spans one), so "고양이가" comes back as
    // "▁고양이" "가". (A unigram model would not do: its seeds are substrings of two or more
    // distinct words, so a verb seen only whole never becomes a piece.) The size is an upper
    // bound on the merges, not a limit.
    std::size_t bytes = 0;
    for (const std::string& w : words) bytes += w.size();
    const int vocab = int(words.size() + (words_only ? 0 : bytes)) + 3;  // + <unk> <s> </s>
    const std::unordered_map<std::string, std::string> args = {
        {"model_type", words_only ? "word" : "bpe"},
        {"vocab_size", std::to_string(vocab)},
        {"hard_vocab_limit", "false"},
        {"use_all_vocab", words_only ? "true" : "false"},
        {"character_coverage", "1.0"},
        {"normalization_rule_name", "identity"},
        {"num_threads", "1"},
        {"model_prefix", ""},
    };
    std::string proto;
    {
        // The trainer and its logging level are process-wide.
        static std::mutex trainer_lock;
        std::lock_guard<std::mutex> hold(trainer_lock);
        const int level = sentencepiece::logging::GetMinLogLevel();
        sentencepiece::logging::SetMinLogLevel(2);  // errors only
        sentencepiece::SetRandomGeneratorSeed(1);
        TextList it(corpus);
        const auto st = sentencepiece::SentencePieceTrainer::Train(args, &it, &proto);
        sentencepiece::logging::SetMinLogLevel(level);
        if (!st.ok()) return Status::Error("SentencePiece could not train a model: " + std::string(st.message()));
    }
    sentencepiece::SentencePieceProcessor sp;
    if (!sp.LoadFromSerializedProto(proto).ok()) return Status::Error("SentencePiece could not read its own model.");
    for (const auto& pieces : pieces_of_texts) {
        std::vector<std::string> got;
        if (!sp.Encode(spelled(pieces), &got).ok() || got != pieces)
            return Status::Error("The trained SentencePiece model cuts \"" + spelled(pieces) +
                                 "\" differently from the task's pieces.");
    }
    return proto;
}

int s2s_saved_positions(const S2SShape& s) { return std::max(64, s.n_positions); }

std::vector<OwnedTensor> marian_tensors(const S2SModel& m) {
    const S2SShape& s = m.shape;
    const float* W = m.params.data();
    const int C = s.d_model, F = s.d_ff(), V = s.vocab, P = s2s_saved_positions(s);
    auto copy = [&](std::size_t off, std::size_t n) { return std::vector<float>(W + off, W + off + n); };
    std::vector<OwnedTensor> t;
    t.push_back({"model.shared.weight", {V, C}, copy(m.layout.embed, std::size_t(V) * C)});
    // The fixed sinusoids, beyond the trained length too: the saved model reads longer sentences.
    const Mat rows = sinusoidal_positions_halves(P, C);  // (P, C)
    std::vector<float> table(std::size_t(P) * C);
    for (int r = 0; r < P; ++r)
        for (int c = 0; c < C; ++c) table[std::size_t(r) * C + c] = rows(r, c);
    t.push_back({"model.encoder.embed_positions.weight", {P, C}, table});
    t.push_back({"model.decoder.embed_positions.weight", {P, C}, table});
    // (C, parts·C) packed [q | k | v] (or [k | v]) -> one (C, C) Linear per part.
    auto split = [&](const std::string& h, std::size_t w, std::size_t b, std::vector<const char*> names) {
        const int parts = int(names.size());
        for (int p = 0; p < parts; ++p) {
            t.push_back({h + names[p] + ".weight", {C, C}, transposed(W + w, C, parts * C, p * C, C)});
            t.push_back({h + names[p] + ".bias", {C}, copy(b + std::size_t(p) * C, C)});
        }
    };
    auto linear = [&](const std::string& name, std::size_t w, std::size_t b, int in, int out) {
        t.push_back({name + ".weight", {out, in}, transposed(W + w, in, out)});
        t.push_back({name + ".bias", {out}, copy(b, out)});
    };
    auto norm = [&](const std::string& name, std::size_t w, std::size_t b) {
        t.push_back({name + ".weight", {C}, copy(w, C)});
        t.push_back({name + ".bias", {C}, copy(b, C)});
    };
    auto layer = [&](const std::string& h, const S2SLayerOffsets& o, bool cross) {
        split(h + "self_attn.", o.qkv_w, o.qkv_b, {"q_proj", "k_proj", "v_proj"});
        linear(h + "self_attn.out_proj", o.proj_w, o.proj_b, C, C);
        norm(h + "self_attn_layer_norm", o.ln1_w, o.ln1_b);
        if (cross) {
            split(h + "encoder_attn.", o.cq_w, o.cq_b, {"q_proj"});
            split(h + "encoder_attn.", o.ckv_w, o.ckv_b, {"k_proj", "v_proj"});
            linear(h + "encoder_attn.out_proj", o.cproj_w, o.cproj_b, C, C);
            norm(h + "encoder_attn_layer_norm", o.lnc_w, o.lnc_b);
        }
        linear(h + "fc1", o.fc1_w, o.fc1_b, C, F);
        linear(h + "fc2", o.fc2_w, o.fc2_b, F, C);
        norm(h + "final_layer_norm", o.ln2_w, o.ln2_b);
    };
    for (int l = 0; l < s.enc_layers; ++l) layer("model.encoder.layers." + std::to_string(l) + ".", m.layout.enc[l], false);
    for (int l = 0; l < s.dec_layers; ++l) layer("model.decoder.layers." + std::to_string(l) + ".", m.layout.dec[l], true);
    t.push_back({"final_logits_bias", {1, V}, std::vector<float>(V, 0.0f)});
    return t;
}

std::string s2s_config_json(const S2SShape& s, const Seq2SeqTask& task) {
    const int pad = s2s_pad(task);
    json c;
    c["architectures"] = {"MarianMTModel"};
    c["model_type"] = "marian";
    c["d_model"] = s.d_model;
    c["encoder_layers"] = s.enc_layers;
    c["decoder_layers"] = s.dec_layers;
    c["encoder_attention_heads"] = s.n_heads;
    c["decoder_attention_heads"] = s.n_heads;
    c["encoder_ffn_dim"] = s.d_ff();
    c["decoder_ffn_dim"] = s.d_ff();
    c["activation_function"] = "gelu_new";  // the trainer's GELU is the tanh form (train_ops.h)
    c["max_position_embeddings"] = s2s_saved_positions(s);
    c["vocab_size"] = s.vocab;
    c["decoder_vocab_size"] = s.vocab;
    c["pad_token_id"] = pad;
    c["eos_token_id"] = kS2SEos;
    c["decoder_start_token_id"] = pad;
    c["forced_eos_token_id"] = kS2SEos;
    c["bad_words_ids"] = {{pad}};
    c["scale_embedding"] = true;
    c["normalize_before"] = false;
    c["normalize_embedding"] = false;
    c["static_position_embeddings"] = true;
    c["share_encoder_decoder_embeddings"] = true;
    c["tie_word_embeddings"] = true;
    c["is_encoder_decoder"] = true;
    c["init_std"] = 0.02;
    c["dropout"] = 0.0;
    c["attention_dropout"] = 0.0;
    c["activation_dropout"] = 0.0;
    c["num_beams"] = 1;
    c["max_length"] = task.max_target + 2;
    c["torch_dtype"] = "float32";
    return c.dump(2) + "\n";
}

namespace {

// The task's language pair, as tokenizer_config.json names it.
std::pair<const char*, const char*> languages(const Seq2SeqTask& t) {
    if (t.name == "en-ko") return {"en", "ko"};
    return {"en", "en"};
}

std::string tokenizer_config_json(const Seq2SeqTask& t, int max_positions) {
    json c;
    c["source_lang"] = languages(t).first;
    c["target_lang"] = languages(t).second;
    c["model_max_length"] = max_positions;
    c["separate_vocabs"] = false;
    c["eos_token"] = "</s>";
    c["unk_token"] = "<unk>";
    c["pad_token"] = "<pad>";
    c["tokenizer_class"] = "MarianTokenizer";
    return c.dump(2) + "\n";
}

std::string generation_config_json(const Seq2SeqTask& t) {
    const int pad = s2s_pad(t);
    json c;
    c["bad_words_ids"] = {{pad}};
    c["decoder_start_token_id"] = pad;
    c["eos_token_id"] = kS2SEos;
    c["forced_eos_token_id"] = kS2SEos;
    c["max_length"] = t.max_target + 2;  // the start, the longest target, </s>
    c["num_beams"] = 1;
    c["pad_token_id"] = pad;
    return c.dump(2) + "\n";
}

std::string vocab_json(const Seq2SeqTask& t) {
    json v;
    v["</s>"] = kS2SEos;
    v["<unk>"] = kS2SUnk;
    for (std::size_t i = 0; i < t.vocab.size(); ++i) v[t.vocab[i]] = int(i) + kS2SFirstPiece;
    v["<pad>"] = s2s_pad(t);
    return v.dump(2) + "\n";
}

json task_json(const S2STrainState& s) {
    const TrainOptions& o = s.options;
    json t;
    t["task"] = s.task.name;
    t["arch"] = "seq2seq";
    t["probe"] = {{"source", s.task.text(s.probe.source)}, {"target", s.task.text(s.probe.target)}};
    t["training"] = {{"layers", o.n_layers}, {"heads", o.n_heads}, {"d_model", o.d_model}, {"steps", o.steps},
                     {"batch", o.batch}, {"lr", o.lr}, {"warmup", o.warmup}, {"weight_decay", o.adamw.weight_decay},
                     {"grad_clip", o.adamw.grad_clip}, {"seed", o.seed}, {"steps_done", s.step}};
    return t;
}

// Each side's texts as pieces: a fixed sample of the task, plus every piece that side uses alone
// (so a rare word is in the model however the sample fell).
void side_texts(const Seq2SeqTask& t, std::vector<std::vector<std::string>>& source,
                std::vector<std::vector<std::string>>& target) {
    TaskRng rng(0x73706D73ull);
    std::set<int> src_ids, tgt_ids;
    for (int i = 0; i < 4000; ++i) {
        Seq2SeqExample ex;
        t.sample(rng, ex);
        std::vector<std::string> s, g;
        for (int id : ex.source) s.push_back(t.vocab[id]), src_ids.insert(id);
        for (int id : ex.target) g.push_back(t.vocab[id]), tgt_ids.insert(id);
        source.push_back(std::move(s));
        target.push_back(std::move(g));
    }
    for (int id : src_ids)
        if (starts_word(t.vocab[id])) source.push_back({t.vocab[id]});
    for (int id : tgt_ids)
        if (starts_word(t.vocab[id])) target.push_back({t.vocab[id]});
}

}  // namespace

Status save_s2s_folder(const S2STrainState& s, const std::string& dir) {
    std::vector<std::vector<std::string>> source, target;
    side_texts(s.task, source, target);
    auto source_spm = train_spm(source);
    if (!source_spm) return source_spm.status();
    auto target_spm = train_spm(target);
    if (!target_spm) return target_spm.status();
    const S2SShape& shape = s.model.shape;
    return write_folder_atomically(dir, [&](const std::string& tmp) {
        const std::filesystem::path d(tmp);
        const std::pair<const char*, std::string> files[] = {
            {"config.json", s2s_config_json(shape, s.task)},
            {"model.safetensors", f32_safetensors_bytes(marian_tensors(s.model))},
            {"vocab.json", vocab_json(s.task)},
            {"source.spm", *source_spm},
            {"target.spm", *target_spm},
            {"tokenizer_config.json", tokenizer_config_json(s.task, s2s_saved_positions(shape))},
            {"generation_config.json", generation_config_json(s.task)},
            {"seq2seq_task.json", task_json(s).dump(2) + "\n"},
            {"train_log.json", train_log_text(s.log, {"eval_loss", "eval_exact", "eval_token_accuracy", nullptr})},
        };
        for (const auto& [name, bytes] : files)
            if (Status st = write_text_file((d / name).string(), bytes); !st) return st;
        return Status::Ok();
    });
}

}  // namespace attn::train
