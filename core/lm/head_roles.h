// head_roles.h — what each attention head does: seven scores per head, how sure the strongest is,
// and rankings. The formulas are in docs/head_roles.md; in short, for a head's (T, T) weights A
// and the rows that have a choice (at least two visible keys, and for the pattern roles at least
// one cell of the role's pattern):
//
//   previous-token   mean_i A[i, i−1]
//   duplicate-token  mean_i Σ_{j<i, tok_j = tok_i} A[i, j]
//   induction        max over k ∈ [1, K] of mean_i Σ_{j<i, tok_j = tok_i, j+k<i} A[i, j+k]
//                    (k = 1: the token that followed the earlier copy; reported with its k)
//   first-token      mean_i A[i, 0]                           (attention sink)
//   self             mean_i A[i, i]
//   positional       max over position rules r of mean_{c, i} A_c[i, r(i)], over several probe
//                    contents c with the same positions: j = i − k (k ≠ 0, 1), j = m − i (a mirror),
//                    j = m (a fixed position ≥ 1); cells whose token is the same in every content
//                    never count (they could be found by content)
//   broad            mean_i H(A[i, ·]) / log(visible keys of i)   (normalised entropy)
//
// Scores lie in [0, 1]; NaN when no row qualifies (e.g. no repeated token in a sentence).
// The strongest role must reach kMinRoleScore and beat the runner-up by kMinMargin, else the head
// is "none"; its margin over the runner-up says how sure the label is (sure from kSureMargin).
//
// Probes (head_roles_probe.h): the standard one (random tokens repeated twice, plus unrepeated
// random contents for positional) or, for a model trained in AttnLab, the task's own examples.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

enum class HeadRole { PreviousToken, DuplicateToken, Induction, FirstToken, Self, Positional, Broad };
inline constexpr int kHeadRoleCount = 7;

const char* head_role_name(HeadRole r);         // "previous-token", … (CSV headers, CLI)
const char* head_role_description(HeadRole r);  // one line for a legend

// Below this score the strongest role is shown as "none" (a mixed head).
inline constexpr float kMinRoleScore = 0.3f;
// The strongest score must beat the runner-up by this much, else no score stands out ("none").
inline constexpr float kMinMargin = 0.1f;
// From this margin over the runner-up the label is "sure"; between kMinMargin and it, "likely".
inline constexpr float kSureMargin = 0.3f;
// Induction offsets k tried on the standard probe (1 … this); a task probe may allow more.
inline constexpr int kMaxInductionOffset = 8;

// Where a positional head looks from query i: key j = i − value (Offset), value − i (Mirror) or
// value (Column).
struct PositionRule {
    enum class Kind { None, Offset, Mirror, Column };
    Kind kind = Kind::None;
    int value = 0;

    int key(int i) const;  // the rule's key for query i (may be out of range); −1 for None
    bool operator==(const PositionRule& o) const { return kind == o.kind && value == o.value; }
};
// "j = i − 3", "j = i + 1", "j = 11 − i", "j = 6" (0-based positions); "" for None.
std::string position_rule_text(const PositionRule& rule);

struct HeadRoleScores {
    std::array<float, kHeadRoleCount> score{};  // by HeadRole; NaN = no row qualified
    int strongest = -1;   // the label: the HeadRole that stands out, or −1 (none)
    int top = -1;         // the highest score's role (even when it does not stand out), −1 if all NaN
    int runner_up = -1;   // the second highest, −1 if no other score is defined
    float margin = 0.0f;  // score[top] − score[runner_up] (runner-up counted as 0 when undefined)
    int induction_offset = 0;  // the k of the induction score (0 when it is NaN)
    PositionRule rule;         // the positional score's rule (None when it is NaN)

    float operator[](HeadRole r) const { return score[int(r)]; }
    bool sure() const { return strongest >= 0 && margin >= kSureMargin; }
};

// One head on one content: weights (T, T) rows summing to 1 (or 0 when fully masked); blocked
// (T, T) or empty (every key visible); ids (T) the tokens.
struct HeadSample {
    const Mat* weights = nullptr;
    const BoolMat* blocked = nullptr;  // null or empty: every key visible
    const std::vector<int>* ids = nullptr;
};

// The six pattern scores are means over the rows of every `pattern` sample; positional is found on
// the `position` samples (all of one length T; empty: positional is NaN). Induction tries k up to
// `max_k`.
HeadRoleScores score_head(const std::vector<HeadSample>& pattern, const std::vector<HeadSample>& position,
                          int max_k = kMaxInductionOffset);
// One content, no positional score (NaN).
HeadRoleScores score_head(const Mat& weights, const BoolMat& blocked, const std::vector<int>& ids);

// The share of attention on `rule`'s cells over the samples (rows with a visible, in-range cell
// whose token varies between samples, when there are several); NaN when no row qualifies.
float position_rule_score(const PositionRule& rule, const std::vector<HeadSample>& samples);

// Sets strongest, top, runner_up and margin from the scores.
void choose_role(HeadRoleScores& s);

struct HeadRoleTable {
    int n_layers = 0, n_heads = 0;
    std::vector<HeadRoleScores> heads;  // layer-major: heads[l * n_heads + h]

    const HeadRoleScores& at(int layer, int head) const { return heads[layer * n_heads + head]; }
};

// Every head of one pass's layers (self-attention, T_q = T_k = ids.size()), no positional score.
HeadRoleTable score_heads(const std::vector<LayerTrace>& layers, const std::vector<int>& ids);

struct HeadRef {
    int layer = 0, head = 0;
    float score = 0.0f;
};
// Heads by one role's score, highest first (NaN scores last); ties by layer then head.
std::vector<HeadRef> rank_heads(const HeadRoleTable& table, HeadRole role);

}  // namespace attn::lm
