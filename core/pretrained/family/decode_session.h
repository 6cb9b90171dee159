// decode_session.h — a text continued one token at a time with a key-value cache: the state every
// family with a cached step (ModelFamily::start_decoding / append_token) fills the same way.
//
//   start:  one full pass over the prompt fills the cache, the attention rows, the hidden rows
//   step:   the new token's row through every layer: its q against the cached K, V (+ its own k, v)
//           a_h = softmax(q_h K_hᵀ / √d_k)   (1, t + 1) kept as the heatmap's next row
// so a new token costs one row of every layer, and equals recomputing the whole text (tested).
// core/lm/lm_session.h builds sessions, sampling and generation on it.
#pragma once

#include <vector>

#include "core/base/matrix.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained {

struct PretrainedModel;  // pretrained_model.h

// Keys and values of every token so far, per layer (all heads side by side, as LayerTrace::k / v;
// grouped-query families: their G key/value heads only, keys rotated).
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

struct DecodeSession {
    const PretrainedModel* model = nullptr;  // not owned; its weights must outlive the session
    PretrainedConfig config;
    std::vector<int> ids;          // (T) prompt then generated tokens
    int prompt_length = 0;         // the first tokens came from the text
    KvCache cache;
    std::vector<TokenStep> steps;  // (T) one per token, prompt included
    Mat hidden;                    // (capacity, d) final-norm output of each token: rows [0, T) valid

    int length() const { return int(ids.size()); }
    bool full() const { return length() >= config.max_positions; }
};

// For the families' steps: grows the cache and hidden rows to hold at least n tokens (doubling,
// up to max_positions).
void reserve_session(DecodeSession& s, int n);
// The parts of a session every family fills the same way from the prompt's pass: ids, the hidden
// rows, an empty cache of `kv_cols` columns a layer with room for the prompt, and each prompt
// token's attention rows. The family then copies its keys and values into s.cache.
void start_from_pass(DecodeSession& s, const std::vector<int>& prompt, const ForwardPass& pass, int kv_cols);

}  // namespace attn::pretrained
