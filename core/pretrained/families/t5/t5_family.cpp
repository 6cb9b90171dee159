// t5_family.cpp — T5 behind the family interface (family.h): its config.json fields, its
// SentencePiece tokenizer (spiece.model, the spm's own ids, then the <extra_id_N> sentinels), and
// a run that yields three sections: the encoder's self-attention, the decoder's causal
// self-attention and the cross-attention between them (seq2seq_run.h).
//
// The source is read as its pieces then </s>; a typed target is teacher-forced after the start
// token (the pad token, unless config.json says otherwise); an empty one is translated first. T5
// never divides its scores by √d_k (Capabilities::scaled_scores): a run with
// AttentionOptions::scale = true is the experiment, not the model.
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"
#include "core/pretrained/seq2seq/text_seq2seq_family.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;

const T5Weights& weights_of(const PretrainedModel& model) { return weights_as<T5Weights>(*model.weights); }

// feed_forward_proj: "relu", "gated-gelu" (the tanh GELU, as Hugging Face reads that name), or
// "[gated-]ACT" with ACT one of relu, gelu, gelu_new, silu. Sets c.activation and t5.gated.
void read_feed_forward(Fields& f, PretrainedConfig& c, T5Settings& t5) {
    const std::string proj = f.text("feed_forward_proj", "relu");
    if (!f.ok()) return;
    const std::string gated_prefix = "gated-";
    t5.gated = proj.compare(0, gated_prefix.size(), gated_prefix) == 0;
    std::string act = t5.gated ? proj.substr(gated_prefix.size()) : proj;
    if (act == "gelu" && t5.gated) act = "gelu_new";
    if (act == "gelu_pytorch_tanh") act = "gelu_new";
    if (act == "swish") act = "silu";
    if (act != "relu" && act != "gelu" && act != "gelu_new" && act != "silu") {
        f.fail("config.json: \"feed_forward_proj\" is \"" + config_fields::printable(proj) +
               "\"; AttnLab runs T5's \"relu\" and \"gated-gelu\" (and relu, gelu, gelu_new or silu, gated or not).");
        return;
    }
    c.activation = act;
}

Status parse_t5(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "T5");
    auto settings = std::make_shared<T5Settings>();
    c.settings = settings;
    T5Settings& t5 = *settings;
    Seq2SeqSettings& s = t5;
    c.d_model = f.integer("d_model", 1, limits::kMaxModelWidth);
    c.head_dim = f.integer("d_kv", 1, limits::kMaxModelWidth);
    c.n_heads = f.integer("num_heads", 1, limits::kMaxHeads);
    c.d_ff = f.integer("d_ff", 1, limits::kMaxFeedForward);
    c.n_layers = f.integer("num_layers", 1, limits::kMaxLayers);
    c.decoder_layers = f.integer_or("num_decoder_layers", 1, limits::kMaxLayers, &c.n_layers);
    c.decoder_heads = c.n_heads;
    c.decoder_ff = c.d_ff;
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    const int default_positions = 512;  // T5's tokenizers cut at 512; the model itself has no table
    c.max_positions = f.integer_or("n_positions", 1, limits::kMaxPositions, &default_positions);
    c.layer_norm_eps = f.epsilon("layer_norm_epsilon", 1e-6f);
    const int default_buckets = 32, default_distance = 128;
    t5.num_buckets = f.integer_or("relative_attention_num_buckets", 4, 4096, &default_buckets);
    t5.max_distance = f.integer_or("relative_attention_max_distance", 1, 1 << 20, &default_distance);
    t5.tied = f.boolean("tie_word_embeddings", true);
    read_feed_forward(f, c, t5);
    const int default_pad = 0, default_eos = 1;
    s.pad_id = f.integer_or("pad_token_id", 0, limits::kMaxVocabSize, &default_pad);
    s.eos_id = f.integer_or("eos_token_id", 0, limits::kMaxVocabSize, &default_eos);
    s.decoder_start_id = f.integer_or("decoder_start_token_id", 0, limits::kMaxVocabSize, &s.pad_id);
    s.max_length = 20;  // Hugging Face's generation default when neither file sets one
    const Status bad_words = read_seq2seq_generation(f, json.root, s);
    if (!f.ok()) return Status::Error(f.error());
    if (t5.num_buckets % 2 != 0)
        return Status::Error("config.json: \"relative_attention_num_buckets\" is " + std::to_string(t5.num_buckets) +
                             "; T5's encoder splits its buckets into two equal halves, so it must be even.");
    // The decoder's buckets look one way: the first num_buckets / 2 distances each have their own, and
    // the rest share the others on a log scale up to max_distance, so max_distance must lie past them
    // (at or below, the scale's log is zero or negative: Hugging Face divides by zero or indexes
    // outside the table).
    if (t5.max_distance <= t5.num_buckets / 2)
        return Status::Error("config.json: \"relative_attention_max_distance\" is " +
                             std::to_string(t5.max_distance) + "; with " + std::to_string(t5.num_buckets) +
                             " buckets it must be above " + std::to_string(t5.num_buckets / 2) +
                             " (the distances that get a bucket each).");
    if (static_cast<long long>(c.n_heads) * c.head_dim > limits::kMaxModelWidth)
        return Status::Error("config.json: " + std::to_string(c.n_heads) + " heads of " +
                             std::to_string(c.head_dim) + " dimensions are wider than AttnLab reads (" +
                             std::to_string(limits::kMaxModelWidth) + ").");
    if (Status st = check_seq2seq_ids(s, c.vocab_size, "config.json"); !st) return st;
    return bad_words;
}

// tokenizer_config.json's "extra_ids" where the folder has the file (T5Tokenizer's default: 100).
Expected<int> extra_ids(const ModelFolder& files) {
    if (files.tokenizer_config.empty()) return 100;
    auto text = read_config_file(files.tokenizer_config);
    if (!text) return text.status();
    return t5_extra_ids(*text);
}

}  // namespace

Expected<int> t5_extra_ids(std::string_view text) {
    if (Status st = check_json_depth(text, limits::kMaxJsonDepth, "tokenizer_config.json"); !st) return st;
    const nlohmann::json root = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object()) return Status::Error("tokenizer_config.json is not a JSON object.");
    auto it = root.find("extra_ids");
    if (it == root.end() || it->is_null()) return 100;
    if (!it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 100000)
        return Status::Error("tokenizer_config.json: \"extra_ids\" is " + config_fields::printable(it->dump()) +
                             "; expected a whole number of sentinel tokens from 0 to 100000.");
    return int(it->get<long long>());
}

namespace {

class T5Family final : public TextSeq2SeqFamily {
public:
    const char* id() const override { return "t5"; }
    std::vector<std::string_view> model_types() const override { return {"t5", "mt5"}; }
    std::string display_name(const PretrainedConfig& c) const override { return c.model_type == "mt5" ? "mT5" : "T5"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"T5", "t5"}, {"MT5", "mt5"}};
    }
    std::vector<std::string> supported() const override { return {"t5 (T5, Flan-T5)", "mt5 (mT5)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override { return parse_t5(json, c); }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities caps;
        caps.inputs.text = true;
        caps.inputs.source_target = true;
        caps.positions = PositionKind::RelativeBias;
        caps.stacks = 2;
        caps.scaled_scores = false;
        return caps;
    }

    // spiece.model with tokenizer_config.json's sentinel count; without it, a Unigram
    // tokenizer.json turned back into the SentencePiece model it was converted from (its sentinels
    // counted from its vocab), run by the same library.
    Status load_tokenizer(PretrainedModel& model, const ModelFolder& files) const override {
        if (files.spiece_model.empty() && files.tokenizer_json.empty())
            return Status::Error(model.folder + ": a T5 folder needs spiece.model (its SentencePiece model). "
                                 "Download spiece.model from the model's Hub page.");
        int sentinels = 0;
        if (!files.spiece_model.empty()) {
            auto extra = extra_ids(files);
            if (!extra) return extra.status();
            sentinels = *extra;
        }
        auto tok = !files.spiece_model.empty() ? load_spm_tokenizer(files.spiece_model, "", sentinels)
                                               : load_unigram_json_tokenizer(files.tokenizer_json, &sentinels);
        if (!tok) return tok.status();
        const char* source = files.spiece_model.empty() ? "tokenizer.json" : "spiece.model";
        if ((*tok)->vocab_size() > model.config.vocab_size)
            return Status::Error(model.folder + ": " + source + " and its " + std::to_string(sentinels) + " sentinels make " +
                                 std::to_string((*tok)->vocab_size()) + " tokens, but config.json gives the model " +
                                 std::to_string(model.config.vocab_size) + ". The folder mixes two models.");
        model.tokenizer = std::move(*tok);
        return Status::Ok();
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::SentencePiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_t5_weights(file, config, on_layer));
    }

    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>*, std::size_t) const override {
        return pieces_then_eos(model, std::move(first), first_bytes);
    }

    Status check_attention(const PretrainedModel&, const AttentionOptions& opt) const override {
        return validate_attention_options(opt);
    }

    Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& decoder_input, const ForwardOptions& opt) const override {
        return t5_forward(weights_of(model), model.config, source, decoder_input, opt);
    }
    Mat encode_source(const PretrainedModel& model, const std::vector<int>& source,
                      const Ablation& ablation) const override {
        ForwardOptions opt{AttentionOptions{}, ablation};
        opt.attention.scale = false;
        opt.attention.compute_stats = false;
        return t5_encode(weights_of(model), model.config, source, opt).hidden_states.back();
    }
    Mat embed_target(const PretrainedModel& model, int id, int) const override { return weights_of(model).embed.row(id); }
    // The decoder's final RMSNorm, then the output (the tied one rescaled by d^−½ first).
    Mat final_norm(const PretrainedModel& model, const Mat& x) const override {
        Mat y;
        rms_norm(x, weights_of(model).ln_dec, model.config.layer_norm_eps, y);
        return y;
    }
    Mat unembed(const PretrainedModel& model, const Mat& h) const override {
        return weights_of(model).logits(h, model.config);
    }

    std::shared_ptr<CrossMemory> cross_memory_of(const PretrainedModel& model, const Mat& memory) const override {
        return t5_cross_memory(weights_of(model), memory);
    }
    int cache_width(const PretrainedModel& model) const override { return model.config.n_heads * model.config.d_k(); }
    RowVec decode_row(const PretrainedModel& model, Seq2SeqSession& s, int pos, Mat& y,
                      Seq2SeqStep& step) const override {
        const T5Weights& w = weights_of(model);
        t5_decode_row(w, model.config, s, pos, y, step);
        return w.logits(y, model.config);
    }

    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override {
        return decode_with_file_decoders(model.target_tok(), ids);
    }
    // Specials by name (</s>, <pad>, <extra_id_3>); an id past the sentinels (the embedding table is
    // padded to a round size) has no piece: "#32105".
    std::string token_label(const PretrainedModel& model, int id) const override {
        const SubwordTokenizer& tok = model.target_tok();
        if (tok.piece(id).empty()) return "#" + std::to_string(id);
        return tok.is_special(id) ? tok.piece(id) : label_with_file_decoders(tok, id);
    }
};

}  // namespace

const ModelFamily& t5_family() {
    static const T5Family family;
    return family;
}

}  // namespace attn::pretrained
