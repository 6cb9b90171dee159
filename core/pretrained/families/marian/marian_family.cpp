// marian_family.cpp — Marian behind the family interface (family.h): its config.json and
// generation_config.json fields, its SentencePiece tokenizers (source.spm and target.spm, with ids
// from vocab.json), and a run that yields three sections: the encoder's self-attention, the
// decoder's causal self-attention and the cross-attention between them.
//
// A run reads RunConfig::text as the source and RunConfig::cross_text as the target, as every text
// encoder–decoder does (seq2seq_run.h): a typed target teacher-forced after the start token, an
// empty one translated first.
#include <cmath>
#include <filesystem>

#include "core/base/limits.h"
#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;
using config_fields::json;

const MarianWeights& weights_of(const PretrainedModel& model) { return weights_as<MarianWeights>(*model.weights); }

Status parse_marian(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "Marian");
    auto settings = std::make_shared<Seq2SeqSettings>();
    c.settings = settings;
    Seq2SeqSettings& s = *settings;
    c.d_model = f.integer("d_model", 1, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    const int decoder_vocab = f.integer_or("decoder_vocab_size", 1, limits::kMaxVocabSize, &c.vocab_size);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    c.layer_norm_eps = 1e-5f;  // fixed in Hugging Face's Marian, not in its config
    c.activation = f.text("activation_function", "swish");
    s.scale_embedding = f.boolean("scale_embedding", false);
    f.require_flag("normalize_before", false);
    f.require_flag("share_encoder_decoder_embeddings", true);
    s.pad_id = f.integer("pad_token_id", 0, limits::kMaxVocabSize);
    s.eos_id = f.integer("eos_token_id", 0, limits::kMaxVocabSize);
    s.decoder_start_id = s.pad_id;  // Marian starts the decoder with the pad token unless told otherwise
    s.max_length = 0;
    const Status bad_words = read_seq2seq_generation(f, json.root, s);
    if (f.ok() && decoder_vocab != c.vocab_size)
        return Status::Error("config.json: \"decoder_vocab_size\" " + std::to_string(decoder_vocab) +
                             " differs from \"vocab_size\" " + std::to_string(c.vocab_size) +
                             "; AttnLab reads Marian models with one vocabulary shared by both sides.");
    return check_seq2seq_config(f, bad_words, c);
}

class MarianFamily final : public TextSeq2SeqFamily {
public:
    const char* id() const override { return "marian"; }
    std::vector<std::string_view> model_types() const override { return {"marian"}; }
    std::string display_name(const PretrainedConfig&) const override { return "Marian"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Marian", "marian"}};
    }
    std::vector<std::string> supported() const override { return {"marian (Marian translation)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override { return parse_marian(json, c); }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities caps;
        caps.inputs.text = true;
        caps.inputs.source_target = true;
        caps.positions = PositionKind::Sinusoidal;
        caps.stacks = 2;
        return caps;
    }

    // source.spm and target.spm, their pieces numbered by vocab.json (target_vocab.json for the
    // target when the folder keeps separate vocabularies).
    Status load_tokenizer(PretrainedModel& model, const ModelFolder& files) const override {
        if (files.source_spm.empty() || files.vocab_json.empty())
            return Status::Error(model.folder + ": a Marian folder needs source.spm and vocab.json (and target.spm). "
                                 "Download the tokenizer files from the model's Hub page.");
        auto source = load_spm_tokenizer(files.source_spm, files.vocab_json);
        if (!source) return source.status();
        model.tokenizer = std::move(*source);
        if (!files.target_spm.empty()) {
            const std::filesystem::path separate = std::filesystem::path(files.dir) / "target_vocab.json";
            std::error_code ec;
            const std::string vocab = std::filesystem::is_regular_file(separate, ec) ? separate.string() : files.vocab_json;
            auto target = load_spm_tokenizer(files.target_spm, vocab);
            if (!target) return target.status();
            model.target_tokenizer = std::move(*target);
        }
        return Status::Ok();
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::SentencePiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_marian_weights(file, config, on_layer));
    }

    // The source as the encoder reads it: its pieces, then </s>.
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>*, std::size_t) const override {
        return pieces_then_eos(model, std::move(first), first_bytes);
    }

    Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& decoder_input, const ForwardOptions& opt) const override {
        return marian_forward(weights_of(model), model.config, source, decoder_input, opt);
    }
    Mat encode_source(const PretrainedModel& model, const std::vector<int>& source,
                      const Ablation& ablation) const override {
        ForwardOptions opt{AttentionOptions{}, ablation};
        opt.attention.compute_stats = false;
        return marian_encode(weights_of(model), model.config, source, opt).hidden_states.back();
    }
    // E[id] · scale + P[pos]
    Mat embed_target(const PretrainedModel& model, int id, int pos) const override {
        const MarianWeights& w = weights_of(model);
        const float scale = seq2seq_settings(model.config).scale_embedding ? std::sqrt(float(model.config.d_model)) : 1.0f;
        return w.embed.row(id) * scale + w.decoder_positions.row(pos);
    }

    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override {
        return decode_with_file_decoders(model.target_tok(), ids);
    }
    // A special token (</s>, <pad>, <unk>) by its piece: the spm's decoder writes nothing for it.
    std::string token_label(const PretrainedModel& model, int id) const override {
        const SubwordTokenizer& tok = model.target_tok();
        return tok.is_special(id) ? tok.piece(id) : label_with_file_decoders(tok, id);
    }
};

}  // namespace

const ModelFamily& marian_family() {
    static const MarianFamily family;
    return family;
}

}  // namespace attn::pretrained
