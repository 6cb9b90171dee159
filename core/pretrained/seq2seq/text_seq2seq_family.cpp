// text_seq2seq_family.cpp — the shared part of the text encoder–decoder families
// (text_seq2seq_family.h).
#include "core/pretrained/seq2seq/text_seq2seq_family.h"

#include <cassert>

#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/post_ln_stacks.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"
#include "core/pretrained/seq2seq/seq2seq_run.h"
#include "core/pretrained/seq2seq/seq2seq_step.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::pretrained {

namespace {

const TextSeq2SeqWeights& shared_of(const PretrainedModel& model) {
    return weights_as<TextSeq2SeqWeights>(*model.weights);
}

}  // namespace

Mat TextSeq2SeqWeights::logits(const Mat& y) const {
    Mat logits = times_rows(y, lm_head.size() > 0 ? lm_head : embed);  // (T, V)
    if (final_logits_bias.size() > 0) logits.rowwise() += final_logits_bias;
    return logits;
}

std::size_t TextSeq2SeqWeights::shared_floats() const {
    std::size_t n = std::size_t(embed.size() + lm_head.size() + final_logits_bias.size());
    for (const auto* stack : {&encoder, &decoder})
        for (const Seq2SeqBlock& b : *stack) n += seq2seq_block_floats(b);
    return n;
}

Status read_shared_output(const SafeTensorsFile& file, WeightReader& r, const PretrainedConfig& c, TextSeq2SeqWeights& w) {
    const int d = c.d_model, V = c.vocab_size;
    const std::string shared = r.has("shared.weight") ? "shared.weight" : "encoder.embed_tokens.weight";
    w.embed = r.matrix(shared, V, d);  // (V, d)
    WeightReader top(file, "");        // outside the "model." prefix
    if (top.has("final_logits_bias")) w.final_logits_bias = top.reshaped("final_logits_bias", {1, V}, 1, V);
    if (top.has("lm_head.weight")) w.lm_head = top.matrix("lm_head.weight", V, d);
    if (!r.status()) return r.status();
    return top.status();
}

FramedText pieces_then_eos(const PretrainedModel& model, std::vector<SubwordToken> pieces, std::size_t text_bytes) {
    const int eos = seq2seq_settings(model.config).eos_id;
    FramedText f;
    f.added = model.tokenizer->piece(eos);
    f.tokens = std::move(pieces);
    f.tokens.push_back(special_token(*model.tokenizer, eos, text_bytes));
    f.segments.assign(f.tokens.size(), 0);
    return f;
}

Status TextSeq2SeqFamily::finish_loading(PretrainedModel& model, const ModelFolder& files) const {
    if (files.generation_config.empty()) return Status::Ok();
    auto text = read_config_file(files.generation_config);
    if (!text) return text.status();
    return apply_generation_config(*text, model.config);
}

int TextSeq2SeqFamily::pad_id(const PretrainedModel& model) const { return seq2seq_settings(model.config).pad_id; }

DecoderFacts TextSeq2SeqFamily::decoder_facts(const PretrainedModel& model) const {
    return seq2seq_decoder_facts(model.config, generation_limit(model.config));
}

Mat TextSeq2SeqFamily::final_norm(const PretrainedModel&, const Mat& x) const { return x; }

Mat TextSeq2SeqFamily::unembed(const PretrainedModel& model, const Mat& h) const { return shared_of(model).logits(h); }

Status TextSeq2SeqFamily::check_attention(const PretrainedModel& model, const AttentionOptions& opt) const {
    const int d = model.config.d_model;
    return validate_attention(shared_of(model).encoder.at(0).self_attn, opt, d, d);
}

Expected<std::vector<Trace>> TextSeq2SeqFamily::run(const PretrainedModel& model, const RunConfig& run) const {
    if (!run.image_path.empty())
        return Status::Error(model.name + " is a " + display_name(model.config) +
                             " model: it reads and writes text, not images.");
    TextSeq2Seq how;
    how.target_bos = target_bos(model);
    how.forward = [this, &model](const std::vector<int>& source, const std::vector<int>& decoder_input,
                                 const AttentionOptions& opt) {
        return forward_pair(model, source, decoder_input, ForwardOptions{opt, {}});
    };
    return run_text_seq2seq(model, run, how);
}

void TextSeq2SeqFamily::start_translation(const PretrainedModel& model, const std::vector<int>& source,
                                          Seq2SeqSession& s, const Ablation& ablation) const {
    const PretrainedConfig& c = model.config;
    assert(!source.empty() && int(source.size()) <= c.max_positions && "start_translation: 1 … max_positions ids");
    s = Seq2SeqSession{};
    s.model = &model;
    s.source = source;
    set_step_ablation(s, ablation, c.decoder_layers);
    s.memory = cross_memory_of(model, encode_source(model, source, ablation));  // once per source
    s.cache.k.assign(std::size_t(c.decoder_layers), Mat(0, cache_width(model)));
    s.cache.v.assign(std::size_t(c.decoder_layers), Mat(0, cache_width(model)));
    append_target(s, seq2seq_settings(c).decoder_start_id);
}

std::shared_ptr<CrossMemory> TextSeq2SeqFamily::cross_memory_of(const PretrainedModel& model, const Mat& memory) const {
    return cross_memory(memory, shared_of(model).decoder);
}

int TextSeq2SeqFamily::cache_width(const PretrainedModel& model) const { return model.config.d_model; }

RowVec TextSeq2SeqFamily::decode_row(const PretrainedModel& model, Seq2SeqSession& s, int pos, Mat& y,
                                     Seq2SeqStep& step) const {
    const TextSeq2SeqWeights& w = shared_of(model);
    post_ln_decode_row(w.decoder, model.config, s, pos, y, step);
    return w.logits(y);
}

void TextSeq2SeqFamily::append_target(Seq2SeqSession& s, int id) const {
    const PretrainedModel& model = *s.model;
    const PretrainedConfig& c = model.config;
    assert(id >= 0 && id < c.vocab_size && "append_target: token id out of range (callers check)");
    assert(s.length() < c.max_positions && "append_target: the decoder holds max_positions tokens");
    const int pos = s.length();
    reserve_cache(s.cache, pos + 1, c.max_positions);
    Seq2SeqStep step;
    step.id = id;
    Mat y = embed_target(model, id, pos);  // (1, d) the residual stream
    s.logits = decode_row(model, s, pos, y, step);
    s.cache.n = pos + 1;
    s.ids.push_back(id);
    s.steps.push_back(std::move(step));
}

}  // namespace attn::pretrained
