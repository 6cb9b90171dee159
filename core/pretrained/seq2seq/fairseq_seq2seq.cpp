// fairseq_seq2seq.cpp — BART's and mBART's shared config fields, weights and passes
// (fairseq_seq2seq.h).
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"

#include <cassert>
#include <cmath>
#include <string>

#include "core/base/limits.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/post_ln_stacks.h"
#include "core/pretrained/seq2seq/pre_ln_stacks.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"

namespace attn::pretrained {

namespace {

const FairseqSeq2SeqWeights& weights_of(const PretrainedModel& model) {
    return weights_as<FairseqSeq2SeqWeights>(*model.weights);
}

float embed_scale(const PretrainedConfig& c) { return seq2seq_settings(c).scale_embedding ? std::sqrt(float(c.d_model)) : 1.0f; }

// x = LN_emb(E[ids] · scale + P[2 … T+1]): the token part in pass.token_embeddings, the position
// part in pass.position_embeddings, the normalised sum in x and pass.hidden_states[0].
void embed(const FairseqSeq2SeqWeights& w, const Mat& table, const RowVec& gamma, const RowVec& beta,
           const PretrainedConfig& c, const std::vector<int>& ids, ForwardPass& pass, Mat& x) {
    const int t = int(ids.size());
    const float scale = embed_scale(c);
    pass.token_embeddings.resize(t, c.d_model);  // (T, d)
    for (int i = 0; i < t; ++i) {
        assert(ids[i] >= 0 && ids[i] < w.embed.rows() && "fairseq: token id out of range (callers check)");
        pass.token_embeddings.row(i) = w.embed.row(ids[i]) * scale;
    }
    pass.position_embeddings = table.middleRows(kFairseqPositionOffset, t);  // (T, d)
    layer_norm(pass.token_embeddings + pass.position_embeddings, gamma, beta, c.layer_norm_eps, x);
    pass.hidden_states.push_back(x);
}

}  // namespace

Status parse_fairseq_config(const ConfigJson& json, PretrainedConfig& c, const char* family, bool pre_ln) {
    config_fields::Fields f(json.root, family);
    if (!c.settings) c.settings = std::make_shared<Seq2SeqSettings>();  // mBART gives its own
    Seq2SeqSettings& s = edit_settings<Seq2SeqSettings>(c);
    c.d_model = f.integer("d_model", 1, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    c.layer_norm_eps = 1e-5f;  // fixed in Hugging Face's BART and mBART, not in their configs
    c.activation = f.text("activation_function", "gelu");
    s.scale_embedding = f.boolean("scale_embedding", false);
    // Older configs spell out what the model always is; a value that says otherwise is another model.
    f.require_flag("normalize_before", pre_ln);
    f.require_flag("add_final_layer_norm", pre_ln);
    f.require_flag("add_bias_logits", false);
    if (f.integer_or("extra_pos_embeddings", 0, 1 << 20, &kFairseqPositionOffset) != kFairseqPositionOffset)
        f.fail(std::string("config.json: \"extra_pos_embeddings\" is not 2; AttnLab reads ") + family +
               " position tables with fairseq's two padding rows.");
    s.pad_id = f.integer("pad_token_id", 0, limits::kMaxVocabSize);
    s.bos_id = f.integer("bos_token_id", 0, limits::kMaxVocabSize);
    s.eos_id = f.integer("eos_token_id", 0, limits::kMaxVocabSize);
    s.decoder_start_id = f.integer("decoder_start_token_id", 0, limits::kMaxVocabSize);
    s.max_length = 0;
    const Status bad_words = read_seq2seq_generation(f, json.root, s);
    return check_seq2seq_config(f, bad_words, c);
}

std::size_t FairseqSeq2SeqWeights::bytes() const {
    return (shared_floats() + std::size_t(encoder_positions.size() + decoder_positions.size() +
                                          2 * encoder_ln_gamma.size() + 2 * decoder_ln_gamma.size() +
                                          2 * encoder_norm_gamma.size() + 2 * decoder_norm_gamma.size())) *
           sizeof(float);
}

Expected<FairseqSeq2SeqWeights> load_fairseq_weights(const SafeTensorsFile& file, const PretrainedConfig& c,
                                                     const char* family, bool pre_ln, const LayerLoaded& on_layer) {
    const int d = c.d_model, P = c.max_positions + kFairseqPositionOffset;
    auto prefix = find_name_prefix(file, {"model.", ""}, "encoder.layers.0.self_attn.q_proj.weight", family);
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);
    FairseqSeq2SeqWeights w;
    if (Status st = read_shared_output(file, r, c, w); !st) return st;
    w.encoder_positions = r.matrix("encoder.embed_positions.weight", P, d);
    w.decoder_positions = r.matrix("decoder.embed_positions.weight", P, d);
    read_layer_norm(r, "encoder.layernorm_embedding", d, w.encoder_ln_gamma, w.encoder_ln_beta);
    read_layer_norm(r, "decoder.layernorm_embedding", d, w.decoder_ln_gamma, w.decoder_ln_beta);
    if (pre_ln) {
        read_layer_norm(r, "encoder.layer_norm", d, w.encoder_norm_gamma, w.encoder_norm_beta);
        read_layer_norm(r, "decoder.layer_norm", d, w.decoder_norm_gamma, w.decoder_norm_beta);
    }
    if (!r.status()) return r.status();

    if (Status st = read_encoder_decoder_blocks(c, r, /*key_bias=*/true, on_layer, w.encoder, w.decoder); !st)
        return st;
    return w;
}

ForwardPass fairseq_encode(const FairseqSeq2SeqWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                           const ForwardOptions& opt) {
    ForwardPass pass;
    Mat x;  // (S, d)
    embed(w, w.encoder_positions, w.encoder_ln_gamma, w.encoder_ln_beta, c, source, pass, x);
    if (w.pre_ln())
        pre_ln_encode(w.encoder, {w.encoder_norm_gamma, w.encoder_norm_beta}, c, opt, -1, x, pass);
    else
        post_ln_encode(w.encoder, c, opt, x, pass);
    return pass;
}

Mat fairseq_target_row(const FairseqSeq2SeqWeights& w, const PretrainedConfig& c, int id, int pos) {
    assert(id >= 0 && id < w.embed.rows() && pos + kFairseqPositionOffset < w.decoder_positions.rows() &&
           "fairseq_target_row: id and position in range (callers check)");
    const Mat sum = w.embed.row(id) * embed_scale(c) + w.decoder_positions.row(pos + kFairseqPositionOffset);  // (1, d)
    Mat y;
    layer_norm(sum, w.decoder_ln_gamma, w.decoder_ln_beta, c.layer_norm_eps, y);
    return y;
}

Seq2SeqPass fairseq_forward(const FairseqSeq2SeqWeights& w, const PretrainedConfig& c, const std::vector<int>& source,
                            const std::vector<int>& decoder_input, const ForwardOptions& opt) {
    assert(!source.empty() && int(source.size()) <= c.max_positions && "fairseq_forward: 1 … max_positions source ids");
    assert(!decoder_input.empty() && int(decoder_input.size()) <= c.max_positions &&
           "fairseq_forward: 1 … max_positions decoder ids");
    Seq2SeqPass out;
    out.encoder = fairseq_encode(w, c, source, opt);
    const Mat& memory = out.encoder.hidden_states.back();
    Mat y;  // (T, d)
    embed(w, w.decoder_positions, w.decoder_ln_gamma, w.decoder_ln_beta, c, decoder_input, out.decoder, y);
    if (w.pre_ln())
        pre_ln_decode(w.decoder, {w.decoder_norm_gamma, w.decoder_norm_beta}, c, memory, opt, y, out.decoder, out.cross);
    else
        post_ln_decode(w.decoder, c, memory, opt, y, out.decoder, out.cross);
    out.logits = w.logits(y);
    return out;
}

// ------------------------------------------------------------------------------------------------
// The shared family part

Status FairseqFamily::parse_config(const ConfigJson& json, PretrainedConfig& c) const {
    return parse_fairseq_config(json, c, name_, pre_ln_);
}

Capabilities FairseqFamily::capabilities(const PretrainedConfig&) const {
    Capabilities caps;
    caps.inputs.text = true;
    caps.inputs.source_target = true;
    caps.positions = PositionKind::Learned;
    caps.stacks = 2;
    return caps;
}

Status FairseqFamily::finish_loading(PretrainedModel& model, const ModelFolder& files) const {
    const Seq2SeqSettings& s = seq2seq_settings(model.config);
    SubwordTokenizer& tok = *model.tokenizer;
    for (int id : {s.bos_id, s.eos_id, s.pad_id, s.decoder_start_id})
        if (id >= tok.vocab_size())
            return Status::Error(model.folder + ": config.json names token id " + std::to_string(id) +
                                 ", but the tokenizer has " + std::to_string(tok.vocab_size()) +
                                 " pieces. The folder mixes two models.");
    tok.cls_id = s.bos_id;
    tok.sep_id = tok.eos_id = s.eos_id;
    tok.pad_id = s.pad_id;
    return TextSeq2SeqFamily::finish_loading(model, files);
}

Expected<std::shared_ptr<const FamilyWeights>> FairseqFamily::load_weights(const SafeTensorsFile& file,
                                                                           const PretrainedConfig& config,
                                                                           const LayerLoaded& on_layer) const {
    return shared_weights(load_fairseq_weights(file, config, name_, pre_ln_, on_layer));
}

Expected<FramedText> FairseqFamily::frame(const PretrainedModel& model, std::vector<SubwordToken> first,
                                          std::size_t first_bytes, const std::vector<SubwordToken>*, std::size_t) const {
    const SubwordTokenizer& tok = *model.tokenizer;
    const int start = source_start(model), eos = seq2seq_settings(model.config).eos_id;
    FramedText f;
    f.added = tok.piece(start) + "/" + tok.piece(eos);
    f.tokens.push_back(special_token(tok, start, 0));
    for (SubwordToken& t : first) f.tokens.push_back(std::move(t));
    f.tokens.push_back(special_token(tok, eos, first_bytes));
    f.segments.assign(f.tokens.size(), 0);
    return f;
}

Seq2SeqPass FairseqFamily::forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                                        const std::vector<int>& decoder_input, const ForwardOptions& opt) const {
    return fairseq_forward(weights_of(model), model.config, source, decoder_input, opt);
}

Mat FairseqFamily::encode_source(const PretrainedModel& model, const std::vector<int>& source,
                                 const Ablation& ablation) const {
    ForwardOptions opt{AttentionOptions{}, ablation};
    opt.attention.compute_stats = false;
    return fairseq_encode(weights_of(model), model.config, source, opt).hidden_states.back();
}

Mat FairseqFamily::embed_target(const PretrainedModel& model, int id, int pos) const {
    return fairseq_target_row(weights_of(model), model.config, id, pos);
}

RowVec FairseqFamily::decode_row(const PretrainedModel& model, Seq2SeqSession& s, int pos, Mat& y,
                                 Seq2SeqStep& step) const {
    const FairseqSeq2SeqWeights& w = weights_of(model);
    if (!w.pre_ln()) return TextSeq2SeqFamily::decode_row(model, s, pos, y, step);
    pre_ln_decode_row(w.decoder, {w.decoder_norm_gamma, w.decoder_norm_beta}, model.config, s, pos, y, step);
    return w.logits(y);
}

Mat FairseqFamily::final_norm(const PretrainedModel& model, const Mat& x) const {
    const FairseqSeq2SeqWeights& w = weights_of(model);
    if (!w.pre_ln()) return x;  // post-LN: each block ends normalised
    Mat y;
    layer_norm(x, w.decoder_norm_gamma, w.decoder_norm_beta, model.config.layer_norm_eps, y);
    return y;
}

// Generated text without its control tokens (<s>, </s>, <pad>, language codes).
std::string FairseqFamily::decode(const PretrainedModel& model, const std::vector<int>& ids) const {
    std::vector<int> text;
    for (int id : ids)
        if (!model.tokenizer->is_special(id)) text.push_back(id);
    return ModelFamily::decode(model, text);
}

}  // namespace attn::pretrained
