// translate.h — a target written by an encoder–decoder family's cached step (seq2seq_session.h),
// greedy or by beam search, as the folder's generation settings say (Seq2SeqSettings).
//
// The score of each next token, in both searches (Hugging Face's logits processors for these
// settings, applied after the log-softmax as its beam search applies them):
//   s = log_softmax(logits)                                            (V)
//   s[bad word] = −∞                                                   bad_words_ids (single ids)
//   s[end token] = −∞ while the decoder input is shorter than min_length
//   s[t] = −∞ for each t that would repeat an n-gram of the input       no_repeat_ngram_size n
//   at the first step (after the start token alone): s = −∞ but s[forced_bos_token_id] = 0
//   at the last step the length limit allows: s = −∞ but s[forced_eos_token_id] = 0
// Greedy: the best s each step; stops after the end token or at the limit.
// Beam search with B beams (Hugging Face's BeamSearchScorer):
//   running beams carry Σ s; each step the 2B best (beam, token) pairs over all beams, best first.
//   A pair whose token is the end token and that ranks among the first B finishes: a hypothesis
//   scored Σ s / length^length_penalty, length = its tokens before the end token, start included.
//   Other pairs run on, until B are running.
//   Done once B hypotheses exist and early_stopping is set, or the best pair's Σ s / (the current
//   length)^length_penalty cannot beat the worst hypothesis. At the limit the running beams
//   become hypotheses as they are. The best-scoring hypothesis is the translation.
#pragma once

#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/family/seq2seq_session.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

// One (beam, token) pair a step of the beam search kept, for the Predict view's tree.
struct BeamNode {
    int parent = -1;         // the beam it grew from: its rank among the previous step's unfinished nodes
    int id = 0;              // the token it added
    double sum = 0;          // Σ s over the beam's tokens so far
    bool finished = false;   // the end token: a hypothesis, not a running beam
    double score = 0;        // finished: Σ s / length^length_penalty
};

struct Translation {
    std::vector<int> ids;     // the generated ids after the start token; the end token last if written
    bool finished = false;    // ended with the end token (not cut by the limit or max_new_tokens)
    double score = 0;         // greedy: Σ s; beams: the winner's Σ s / length^length_penalty
    int beams = 1;            // 1 = greedy
    // The winner's decoder: ids = the start token, then `ids` without the end token. steps[i] is
    // what the decoder read while it chose ids[i] (a token at the limit has no step of its own).
    Seq2SeqSession session;
    std::vector<std::vector<BeamNode>> tree;  // [step] the pairs the beam search kept (beams only)
};

// The winner's path through the beam tree: [step] the index of the node that wrote ids[step] (a
// node's parent is its beam's rank among the unfinished nodes of the step before), −1 after it.
std::vector<int> winning_path(const std::vector<std::vector<BeamNode>>& tree, const std::vector<int>& ids);

// How many tokens the decoder may hold, the start token included: generation's max_length (or the
// positions the model has), at most max_positions.
int generation_limit(const PretrainedConfig& config);

// s for the next token after the decoder input `ids` (the start token first) under a limit of
// `limit` (above).
RowVec next_token_scores(const Seq2SeqSettings& settings, const RowVec& logits, const std::vector<int>& ids, int limit);
// The same with the model's own generation settings (for callers outside the families).
RowVec next_token_scores(const PretrainedModel& model, const RowVec& logits, const std::vector<int>& ids, int limit);

// The source ids (checked: 1 … max_positions, each < vocab), at most max_new_tokens new tokens
// (the end token included). `model` is an encoder–decoder (capabilities().stacks == 2). With
// `ablation` (sections; checked by the caller: check_ablation) the knocked-out model writes.
Translation translate_greedy(const PretrainedModel& model, const std::vector<int>& source, int max_new_tokens,
                             const Ablation& ablation = {});
Translation translate_beams(const PretrainedModel& model, const std::vector<int>& source, int num_beams,
                            int max_new_tokens, const Ablation& ablation = {});
// As the folder says: beams when its num_beams is above 1, else greedy.
Translation translate(const PretrainedModel& model, const std::vector<int>& source, int max_new_tokens,
                      const Ablation& ablation = {});

// One written token as the model scored it: its probability exp(s) and the `top` most probable
// tokens at that step (s as above, so a bad word has probability 0).
struct TokenScore {
    int id = 0;
    float probability = 0.0f;
    float logit = 0.0f;  // the model's raw logit
};
struct ScoredToken {
    TokenScore chosen;
    std::vector<TokenScore> top;  // best first
};
// The n best tokens by `scores` (ties: the lower id), best first, with their logits.
std::vector<TokenScore> top_tokens(const RowVec& scores, const RowVec& logits, int n);
// `ids` (a translation's, from the same source and max_new_tokens) replayed through the decoder:
// each token's score and the step's top tokens (with the same ablation as the translation's).
std::vector<ScoredToken> score_translation(const PretrainedModel& model, const std::vector<int>& source,
                                           const std::vector<int>& ids, int top, int max_new_tokens,
                                           const Ablation& ablation = {});

// The source text as the encoder reads it: the source tokenizer's pieces (at most max_tokens),
// the family's frame around them (Marian: then </s>), each id checked against the model; the
// source fits in max_positions. Errors are messages for users.
Expected<std::vector<SubwordToken>> source_tokens(const PretrainedModel& model, const std::string& text,
                                                  int max_tokens);
// One flag per token of source_tokens: the source tokenizer's unknown piece (<unk>), text the
// model's vocabulary lacks (the app marks them, generate lists them).
std::vector<bool> unknown_source_tokens(const PretrainedModel& model, const std::vector<SubwordToken>& tokens);
// Those tokens' stretches of `text` (the source they came from), spaces trimmed, in order.
std::vector<std::string> unknown_source_words(const PretrainedModel& model, const std::vector<SubwordToken>& tokens,
                                              const std::string& text);
// Every token's id is a row of the model's embeddings (a message naming the token otherwise).
Status check_token_ids(const PretrainedModel& model, const std::vector<SubwordToken>& tokens);

}  // namespace attn::pretrained
