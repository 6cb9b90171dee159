// head_roles.h — what each attention head does: six scores per head, its strongest role, and
// rankings. The formulas are in docs/head_roles.md; in short, for a head's (T, T) weights A and
// the rows that have a choice (at least two visible keys, and for the pattern roles at least one
// cell of the role's pattern):
//
//   previous-token   mean_i A[i, i−1]
//   duplicate-token  mean_i Σ_{j<i, tok_j = tok_i} A[i, j]
//   induction        mean_i Σ_{j≤i, 1≤j, tok_{j−1} = tok_i, j−1<i} A[i, j]
//   first-token      mean_i A[i, 0]                           (attention sink)
//   self             mean_i A[i, i]
//   broad            mean_i H(A[i, ·]) / log(visible keys of i)   (normalised entropy)
//
// Scores lie in [0, 1]; NaN when no row qualifies (e.g. no repeated token in a sentence).
// The standard probe is a random token sequence repeated twice (after <|endoftext|> for GPT-2,
// inside [CLS] … [SEP] for BERT), where the duplicate-token and induction patterns exist.
//
// For the app: head_role_report(model, sentence) on a worker thread; HeadRoleTable::at(l, h) for
// a badge (strongest) and its score, rank_heads(table, role) for the list, head_role_name /
// head_role_description for the legend.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/pretrained/pretrained_model.h"
#include "core/base/status.h"

namespace attn::lm {

enum class HeadRole { PreviousToken, DuplicateToken, Induction, FirstToken, Self, Broad };
inline constexpr int kHeadRoleCount = 6;

const char* head_role_name(HeadRole r);         // "previous-token", … (CSV headers, CLI)
const char* head_role_description(HeadRole r);  // one line for a legend

// Below this score the strongest role is shown as "none" (a mixed head).
inline constexpr float kMinRoleScore = 0.3f;

struct HeadRoleScores {
    std::array<float, kHeadRoleCount> score{};  // by HeadRole; NaN = no row qualified
    int strongest = -1;  // the HeadRole with the highest score ≥ kMinRoleScore, or −1 (none)

    float operator[](HeadRole r) const { return score[int(r)]; }
};

// One head. weights (T, T) rows summing to 1 (or 0 when fully masked); blocked (T, T) or empty
// (every key visible); ids (T) the tokens, for the duplicate and induction patterns.
HeadRoleScores score_head(const Mat& weights, const BoolMat& blocked, const std::vector<int>& ids);

struct HeadRoleTable {
    int n_layers = 0, n_heads = 0;
    std::vector<HeadRoleScores> heads;  // layer-major: heads[l * n_heads + h]

    const HeadRoleScores& at(int layer, int head) const { return heads[layer * n_heads + head]; }
};

// Every head of a pass's layers (self-attention, T_q = T_k = ids.size()).
HeadRoleTable score_heads(const std::vector<LayerTrace>& layers, const std::vector<int>& ids);

struct HeadRef {
    int layer = 0, head = 0;
    float score = 0.0f;
};
// Heads by one role's score, highest first (NaN scores last); ties by layer then head.
std::vector<HeadRef> rank_heads(const HeadRoleTable& table, HeadRole role);

// The probe: `half` random ids drawn uniformly (our generator, `seed`) from the vocabulary minus
// `excluded` ids, the same sequence twice; `prefix` ids before and `suffix` ids after.
std::vector<int> repeated_random_ids(int vocab_size, int half, std::uint64_t seed,
                                     const std::vector<int>& excluded, const std::vector<int>& prefix,
                                     const std::vector<int>& suffix);

// The model's standard probe: GPT-2 <|endoftext|> + r + r; BERT [CLS] + r + r + [SEP]; r of
// `half` tokens (fewer when the model has fewer positions), special tokens excluded.
std::vector<int> standard_probe_ids(const pretrained::PretrainedModel& model, int half = 20,
                                    std::uint64_t seed = 14);

struct HeadRoleReport {
    std::vector<int> probe_ids;
    HeadRoleTable probe;           // scores on the probe
    std::vector<int> sentence_ids; // empty when no sentence was given
    HeadRoleTable sentence;        // scores on the sentence (n_layers = 0 when none)
};

// Runs the model on the probe (and on `sentence` when not empty) and scores every head.
// Errors: the sentence's (encode_for_model).
Expected<HeadRoleReport> head_role_report(const pretrained::PretrainedModel& model, const std::string& sentence);

}  // namespace attn::lm
