// gpt2_session.h — a causal language model (GPT-2, or a rotary decoder: Llama, Qwen2, Qwen3,
// Mistral): next-token logits at every position, and a text extended one token at a time with a
// key-value cache. The views and the CLI use one session type for every family; only
// start_session(model, …) looks at which family the model is.
//
// GPT-2 (the LM head is the token embedding, tied):
//
//   logits = LN_f(x_L) · wteᵀ                          (T, V)
//   new token t:  x = wte[id] + wpe[t]                 (1, d)
//     per layer:  q, k, v = LN_1(x) W + b              (1, d) each; k, v appended to the cache
//                 a_h = softmax(q_h K_hᵀ / √d_k)       (1, t+1) over every token so far, kept
//                 x += (a_h V_h …) W_O + b_O;  x += MLP(LN_2(x))
// so a new token costs one row of every layer, and equals recomputing the whole text (tested).
// The rotary decoders (llama.h) the same way, with their differences in the step: the cache holds
// the G key/value heads' rows (G·d_k wide, keys already rotated), the new row's q and k are
// rotated at its absolute position, query head h reads K/V head h / (H/G), and a sliding-window
// layer looks at the last W keys only (its attention row is 0 before them).
//
// For the app: start_session(model, text) on a worker thread → Gpt2Session; append_token /
// pop_token / generate mutate it; the views read session.steps[t].attention[layer] (the row the
// heatmap grows by), attention_matrix() for a whole (T, T) head, logits_at(pos) + top_k_tokens /
// sampling_distribution for the prediction bars. A session is a plain value: copy it to keep a
// snapshot; it refers to the model's weights, which must outlive it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/lm/sampling.h"
#include "core/base/matrix.h"
#include "core/pretrained/gpt2.h"
#include "core/pretrained/llama.h"
#include "core/pretrained/pretrained_model.h"
#include "core/base/status.h"

namespace attn::lm {

// Logits for every row of h (T, d) (the LN_f output): h · wteᵀ -> (T, V). Vocabulary blocks run
// in parallel on engine_pool().
Mat gpt2_logits(const pretrained::Gpt2Weights& w, const Mat& h);

// Next-token logits at every position of a full (uncached) pass: row i predicts token i + 1.
// ids as for gpt2_forward (checked by the caller). (T, V)
Mat gpt2_logits_for(const pretrained::Gpt2Weights& w, const pretrained::PretrainedConfig& config,
                    const std::vector<int>& ids);

// Keys and values of every token so far, per layer (all heads side by side, as LayerTrace::k / v;
// the rotary decoders: their G key/value heads only, keys rotated).
struct KvCache {
    std::vector<Mat> k, v;  // [layer] (capacity, d) or (capacity, G·d_k); rows [0, n) hold tokens 0 … n−1
    int n = 0;
};

// What one token of the session computed.
struct TokenStep {
    int id = 0;
    // [layer] (n_heads, t + 1): this token's attention weights over tokens 0 … t in every head —
    // row t of the head's (T, T) heatmap.
    std::vector<Mat> attention;
};

struct Gpt2Session {
    const pretrained::Gpt2Weights* weights = nullptr;  // not owned; GPT-2
    const pretrained::LlamaWeights* llama = nullptr;   // not owned; the rotary decoders (one of the two is set)
    pretrained::PretrainedConfig config;
    std::vector<int> ids;          // (T) prompt then generated tokens
    int prompt_length = 0;         // the first tokens came from the text
    KvCache cache;
    std::vector<TokenStep> steps;  // (T) one per token, prompt included
    Mat hidden;                    // (capacity, d) LN_f output of each token: rows [0, T) valid

    int length() const { return int(ids.size()); }
    bool full() const { return length() >= config.max_positions; }
};

// A session over `prompt` (1 … max_positions ids, each < vocab: asserted): one full forward pass
// fills the cache, the attention rows and the hidden states.
Gpt2Session start_session(const pretrained::Gpt2Weights& w, const pretrained::PretrainedConfig& config,
                          const std::vector<int>& prompt);
Gpt2Session start_session(const pretrained::LlamaWeights& w, const pretrained::PretrainedConfig& config,
                          const std::vector<int>& prompt);
// The same from a model and a text; errors: not a causal LM (BERT predicts masked tokens
// instead: masked_lm.h), empty or too long text.
Expected<Gpt2Session> start_session(const pretrained::PretrainedModel& model, const std::string& text);

// Adds one token with the cache: one row through every layer. Errors: the model's positions are
// used up, id outside the vocabulary.
Status append_token(Gpt2Session& s, int id);
// Undoes the last token (its cache rows, attention rows, hidden state). False when only one
// token is left (a session is never empty).
bool pop_token(Gpt2Session& s);

RowVec logits_at(const Gpt2Session& s, int pos);  // (V) the prediction for the token after pos
Mat all_logits(const Gpt2Session& s);             // (T, V)

// One head's whole (T, T) causal attention matrix, assembled from the steps' rows.
Mat attention_matrix(const Gpt2Session& s, int layer, int head);

struct GenerationStep {
    int position = 0;          // where the token went (index into Gpt2Session::ids)
    int id = 0;
    float prob = 0.0f;         // the model's probability of it (temperature 1)
    float sampled_prob = 0.0f; // its probability in the distribution it was drawn from
    std::vector<TokenProb> top;  // the model's top-k at that step (temperature 1), most probable first
};

// Appends n tokens chosen by `o` (greedy or sampled; one SampleRng seeded with o.seed for the whole
// run, so the same seed gives the same tokens). `report_top` sets GenerationStep::top's size.
// `on_step` (optional) sees each step after it is appended; returning false stops early (cancel).
// Errors: invalid options, the positions run out (the steps so far are kept in the session).
Expected<std::vector<GenerationStep>> generate(Gpt2Session& s, int n, const SamplingOptions& o,
                                               int report_top = 5,
                                               const std::function<bool(const GenerationStep&)>& on_step = {});
// The same drawing from the caller's generator (o.seed is not used): a "next token" button keeps
// one SampleRng (seeded from the user's seed) across presses, so one token at a time gives the
// same tokens as n at once.
Expected<std::vector<GenerationStep>> generate(Gpt2Session& s, int n, const SamplingOptions& o, SampleRng& rng,
                                               int report_top = 5,
                                               const std::function<bool(const GenerationStep&)>& on_step = {});

}  // namespace attn::lm
