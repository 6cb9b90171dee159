// predict.h — the Predict view's numbers (GL-free): what the open model can predict, the position
// a prediction is for, the next-token bars (the model's own probabilities beside the distribution
// sampling draws from), the attention rows generation grows, and BERT's masked-token fillers (also
// without the knocked-out heads).
//
//   raw      p = softmax(logits)                       (V), its `shown` most probable tokens
//   sampled  q = sampling_distribution(logits, opts)   the same tokens' share after temperature,
//                                                      top-k, top-p (0 for a token cut away)
//   grown    A[t, 0 … t] = session step t's row        (T, T) lower-triangular, one head
// The heavy parts (logits, a whole model's masked-LM pass) run on workers
// (generation_worker.h, the panel's masked-LM job); the UI only draws these values.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/i18n/ui_text.h"
#include "app/state/app_state.h"
#include "core/base/matrix.h"
#include "core/lm/masked_lm.h"
#include "core/lm/sampling.h"
#include "core/pretrained/blocks/intervention.h"

namespace attn::app {

// What the Predict view can do with the model in use.
enum class PredictSupport {
    NoModel,    // the built-in model (random weights, no vocabulary): open GPT-2 or BERT
    NextToken,  // next-token prediction and generation (GPT-2, Llama, Qwen, Mistral)
    Masked,     // BERT / DistilBERT: fill in [MASK]ed tokens (when the checkpoint has its MLM head)
    Vision,     // ViT / DeiT: no tokens to predict; its classes are in the Image view
    Translation,  // an encoder–decoder (Marian): the target written token by token (translation.h)
    Speech,     // a speech model (Whisper): its transcript and what it heard are in the Audio view
};
PredictSupport predict_support(const pretrained::PretrainedModel* model);
// The message the view shows instead of bars (NoModel), or the view's intro line.
Txt predict_intro(PredictSupport support);

// The prediction's position in a text of `length` tokens: `chosen` when inside, else the last.
int resolve_position(int chosen, int length);

// What the panel asks for (travels with every worker command).
struct PredictSettings {
    int position = -1;          // predict the token after this one; −1 (or outside) = the last
    lm::SamplingOptions sampling;
    int shown = 10;             // bars
};

struct PredictRow {
    int id = 0;
    std::string label;          // token_label
    float raw = 0.0f;           // the model's probability (temperature 1)
    float sampled = 0.0f;       // in the sampling distribution; 0 when cut away
};

struct Prediction {
    int position = -1;          // resolved
    std::vector<PredictRow> rows;  // the model's `shown` most probable tokens, most probable first
    int kept = 0;               // how many tokens the sampling distribution keeps (of V)
    float kept_raw_mass = 0.0f; // their total raw probability
    std::string error;          // invalid sampling options (core English), rows empty
};

// The rows for one position's logits (V); `model` (may be null: "#id") labels the tokens.
Prediction make_prediction(const RowVec& logits, int position, const lm::SamplingOptions& options, int shown,
                           const pretrained::PretrainedModel* model);

// One head's (T, T) attention as generation built it, row t from step t's (n_heads, t+1) row;
// `rows` is [t][layer]. Cells above the diagonal are 0.
Mat grown_attention(const std::vector<std::vector<Mat>>& rows, int layer, int head);

// BERT: a masked-LM request (the job owns the head, loaded once per model), with and without the
// knocked-out heads:
//   rows     p = softmax(mlm_logits(h))[mask]              the k most probable fillers
//   knocked  p' = the same with the heads' outputs zeroed  (or their mean over the sentence)
//            for the same k tokens; Δ = p' − p
struct MaskedRequest {
    PretrainedPtr model;
    std::string text;           // typed [MASK]s win; else `positions` are masked (none: just the tokens)
    std::vector<int> positions; // token positions (with [CLS] at 0) to mask when nothing is typed
    int k = 8;
    // Knocked-out heads (AppState::knocked_out; heads outside the model are dropped): when any
    // remain, the same fillers are also computed without them (a second pass over the whole model).
    pretrained::Ablation ablation;
};
struct MaskedResult {
    std::string error;          // core English ("no masked-LM head …", "no [MASK] …"); "" = ok
    bool no_head = false;       // the checkpoint was saved without its MLM head
    std::vector<int> ids;
    std::vector<std::string> labels;  // token_label per id
    struct Mask {
        int position = 0;
        std::string original;   // the token there before masking
        std::vector<PredictRow> rows;  // raw = sampled = the filler's probability
        // With heads knocked out (empty otherwise): p(rows[i].id) without them, and the knocked-out
        // model's own most probable fillers (raw only), as the GPT-2 comparison shows.
        std::vector<float> knocked;
        std::vector<PredictRow> knocked_top;
    };
    std::vector<Mask> masks;
};

// Runs a masked-LM request; `head_cache` keeps the last model's head (job thread only).
struct MlmHeadCache {
    std::weak_ptr<const pretrained::PretrainedModel> model;  // the head's model (the head is its own copy)
    std::shared_ptr<lm::MlmHead> head;
    std::string error;
};
MaskedResult run_masked(const MaskedRequest& request, MlmHeadCache& cache);

// Whether the sentence has a typed "[MASK]".
bool has_typed_mask(const std::string& text);

// Knocked-out heads (AppState::knocked_out): the same position's prediction without them, for the
// tokens the bars show. One forward pass on the panel's job thread.
struct KnockoutRequest {
    PretrainedPtr model;
    std::vector<int> ids;          // the session's tokens
    int position = 0;              // resolved prediction position
    pretrained::Ablation ablation; // heads outside the model are dropped
    std::vector<int> row_ids;      // the bars' tokens, most probable (without knock-outs) first
};
struct KnockoutResult {
    std::string error;             // core English; "" = ok
    std::vector<float> knocked;    // p(row_ids[i]) with the heads knocked out
    std::vector<PredictRow> top;   // the knocked-out model's own most probable tokens (raw only)
};
KnockoutResult run_knockout(const KnockoutRequest& request);
// The heads of `a` inside an n_layers × n_heads model.
pretrained::Ablation heads_inside(pretrained::Ablation a, int n_layers, int n_heads);

}  // namespace attn::app
