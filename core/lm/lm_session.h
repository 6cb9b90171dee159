// lm_session.h — a language model that predicts the next token (any family whose capabilities say
// next_token: GPT-2, the rotary decoders Llama, Qwen2, Qwen3, Mistral): next-token logits at every
// position, and a text extended one token at a time with the family's cached step
// (pretrained/decode_session.h; ModelFamily::start_decoding / append_token).
//
// For the app: start_session(model, text) on a worker thread → LmSession; append_token /
// pop_token / generate mutate it; the views read session.steps[t].attention[layer] (the row the
// heatmap grows by), attention_matrix() for a whole (T, T) head, logits_at(pos) + top_k_tokens /
// sampling_distribution for the prediction bars. A session is a plain value: copy it to keep a
// snapshot; it refers to the model, which must outlive it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/attention/engine.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/lm/sampling.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

using pretrained::KvCache;
using pretrained::TokenStep;
using LmSession = pretrained::DecodeSession;

// Next-token logits at every position of a full (uncached) pass: row i predicts token i + 1.
// ids checked by the caller (check_ids). (T, V)
Mat logits_for(const pretrained::PretrainedModel& model, const std::vector<int>& ids);

// A session over `prompt` (1 … max_positions ids, each < vocab: asserted) of a model with a cached
// step: one full forward pass fills the cache, the attention rows and the hidden states.
LmSession start_session(const pretrained::PretrainedModel& model, const std::vector<int>& prompt);
// The same from a text; errors: the model has no cached step (BERT predicts masked tokens
// instead: masked_lm.h), empty or too long text.
Expected<LmSession> start_session(const pretrained::PretrainedModel& model, const std::string& text);

// Adds one token with the cache: one row through every layer. Errors: the model's positions are
// used up, id outside the vocabulary.
Status append_token(LmSession& s, int id);
// Undoes the last token (its cache rows, attention rows, hidden state). False when only one
// token is left (a session is never empty).
bool pop_token(LmSession& s);

RowVec logits_at(const LmSession& s, int pos);  // (V) the prediction for the token after pos
Mat all_logits(const LmSession& s);             // (T, V)

// One head's whole (T, T) causal attention matrix, assembled from the steps' rows.
Mat attention_matrix(const LmSession& s, int layer, int head);

struct GenerationStep {
    int position = 0;          // where the token went (index into LmSession::ids)
    int id = 0;
    float prob = 0.0f;         // the model's probability of it (temperature 1)
    float sampled_prob = 0.0f; // its probability in the distribution it was drawn from
    std::vector<TokenProb> top;  // the model's top-k at that step (temperature 1), most probable first
};

// What `s` will keep after n more tokens (check_run_memory, the budget every run shares): every
// token's attention rows, the key/value cache and the hidden rows, at the session's final length.
RunMemory generation_memory(const LmSession& s, int n);
inline constexpr const char* kGenerationAdvice = "Generate fewer tokens, or start from a shorter text.";

// Appends n tokens chosen by `o` (greedy or sampled; one SampleRng seeded with o.seed for the whole
// run, so the same seed gives the same tokens). `report_top` sets GenerationStep::top's size.
// `on_step` (optional) sees each step after it is appended; returning false stops early (cancel).
// Errors: invalid options, a run over the memory budget (generation_memory; refused before the
// first step), the positions run out (the steps so far are kept in the session).
Expected<std::vector<GenerationStep>> generate(LmSession& s, int n, const SamplingOptions& o,
                                               int report_top = 5,
                                               const std::function<bool(const GenerationStep&)>& on_step = {});
// The same drawing from the caller's generator (o.seed is not used): a "next token" button keeps
// one SampleRng (seeded from the user's seed) across presses, so one token at a time gives the
// same tokens as n at once.
Expected<std::vector<GenerationStep>> generate(LmSession& s, int n, const SamplingOptions& o, SampleRng& rng,
                                               int report_top = 5,
                                               const std::function<bool(const GenerationStep&)>& on_step = {});

}  // namespace attn::lm
