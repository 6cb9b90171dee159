// seq2seq_run.cpp — an encoder–decoder's run into its three sections (seq2seq_run.h).
#include "core/pretrained/seq2seq/seq2seq_run.h"

#include <algorithm>

#include "core/attention/engine.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::pretrained {

namespace {

// The decoder's input (the start token, then the target) against the model (the source is
// checked by source_tokens).
Status check_target(const PretrainedModel& model, const std::vector<SubwordToken>& tokens) {
    const PretrainedConfig& c = model.config;
    if (int(tokens.size()) > c.max_positions)
        return Status::Error("The target (with the start token) is " + std::to_string(tokens.size()) + " tokens, but " +
                             model.name + " reads at most " + std::to_string(c.max_positions) + ". Shorten it.");
    return check_token_ids(model, tokens);
}

std::vector<int> ids_of(const std::vector<SubwordToken>& tokens) {
    std::vector<int> ids;
    for (const SubwordToken& t : tokens) ids.push_back(t.id);
    return ids;
}

}  // namespace

Trace seq2seq_section(const PretrainedModel& model, const RunConfig& run, const char* name, const SectionSide& q,
                      const SectionSide& k, std::vector<LayerTrace> layers, bool causal, const std::string& target_text) {
    const PretrainedConfig& c = model.config;
    Trace tr;
    tr.model_name = model.name;
    tr.section = name;
    tr.model_family = family_name(c);
    tr.trained_scaled = capabilities(c).scaled_scores;
    tr.model.d_model = c.d_model;
    tr.model.n_heads = layers.empty() ? c.n_heads : layers.front().n_heads;
    // Position vectors added to the tokens (T5 has none: its positions are a bias on the scores).
    const PositionKind positions = capabilities(c).positions;
    tr.model.positional = positions == PositionKind::Learned || positions == PositionKind::Sinusoidal;
    tr.model.seed = 0;
    tr.run = run;
    tr.run.cross_text = target_text;
    tr.run.mask = MaskConfig{};
    tr.run.mask.causal = causal;
    tr.q_tokens = q.tokens;
    tr.k_tokens = k.tokens;
    tr.key_is_pad.assign(k.tokens.size(), 0);
    tr.q_embeddings = q.embeddings;
    tr.q_positions = q.positions;
    tr.k_embeddings = k.embeddings;
    tr.k_positions = k.positions;
    tr.layers = std::move(layers);
    return tr;
}

Expected<std::vector<Trace>> run_text_seq2seq(const PretrainedModel& model, const RunConfig& run,
                                              const TextSeq2Seq& how) {
    if (Status s = model.family().check_attention(model, run.attention); !s) return s;
    if (Status s = check_run_limits(run); !s) return s;
    const PretrainedConfig& c = model.config;
    const Seq2SeqSettings& s2s = seq2seq_settings(c);
    const SubwordTokenizer& src_tok = *model.tokenizer;
    const SubwordTokenizer& tgt_tok = model.target_tok();

    auto source = source_tokens(model, run.text, run.tokenizer.max_tokens);
    if (!source) return source.status();
    const std::vector<int> source_ids = ids_of(*source);

    // The decoder's input: the start token, then the typed target or the model's translation
    // (without its final end token, which the last position predicts).
    std::vector<SubwordToken> target;
    std::string translation = run.cross_text;  // the target as text: typed, or the model's translation
    target.push_back(special_token(tgt_tok, s2s.decoder_start_id, 0));
    if (!run.cross_text.empty()) {
        auto typed = tgt_tok.encode(run.cross_text, run.tokenizer.max_tokens);
        if (!typed) return Status::Error("Target: " + typed.error());
        if (how.target_bos >= 0) target.push_back(special_token(tgt_tok, how.target_bos, 0));
        for (SubwordToken& t : *typed) target.push_back(std::move(t));
    } else {
        // Each generated token's span in the decoded translation, as a typed target's would be
        // (a ▁ piece's span starts at its space): the views group pieces into words by them. A
        // special token the model wrote (BART's forced <s>) has an empty span where it stands.
        const int room = c.max_positions - 1;
        std::vector<int> ids;
        std::size_t end = 0;
        for (int id : translate(model, source_ids, room).ids) {
            if (id == s2s.eos_id) break;
            if (tgt_tok.is_special(id)) {
                target.push_back(special_token(tgt_tok, id, end));
                continue;
            }
            ids.push_back(id);
            const std::string text = model.family().decode(model, ids);
            SubwordToken t;
            t.id = id;
            t.piece = tgt_tok.piece(id);
            t.display = model.family().token_label(model, id);
            t.byte_begin = std::min(end, text.size());
            t.byte_end = end = text.size();
            target.push_back(std::move(t));
            translation = text;
        }
    }
    if (Status s = check_target(model, target); !s) return s;
    const std::vector<int> target_ids = ids_of(target);
    const int S = int(source_ids.size()), T = int(target_ids.size());
    const int H = std::max(c.n_heads, c.decoder_heads), L = c.n_layers + 2 * c.decoder_layers;
    if (Status s = check_trace_budget(std::max(S, T), std::max(S, T), H, L, c.d_model); !s) return s;

    Seq2SeqPass pass = how.forward(source_ids, target_ids, run.attention);

    std::vector<Token> src_tokens, tgt_tokens;
    for (const SubwordToken& t : *source) src_tokens.push_back(trace_token(src_tok, t));
    for (const SubwordToken& t : target) tgt_tokens.push_back(trace_token(tgt_tok, t));
    const SectionSide src{src_tokens, pass.encoder.token_embeddings, pass.encoder.position_embeddings};
    const SectionSide tgt{tgt_tokens, pass.decoder.token_embeddings, pass.decoder.position_embeddings};
    std::vector<Trace> out;
    out.push_back(seq2seq_section(model, run, "encoder", src, src, std::move(pass.encoder.layers), false, translation));
    out.push_back(seq2seq_section(model, run, "decoder", tgt, tgt, std::move(pass.decoder.layers), true, translation));
    out.push_back(seq2seq_section(model, run, "cross", tgt, src, std::move(pass.cross), false, translation));
    for (const Trace& tr : out)
        if (Status s = check_trace_finite(tr); !s) return s;
    return out;
}

}  // namespace attn::pretrained
