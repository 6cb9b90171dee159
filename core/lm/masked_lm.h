// masked_lm.h — masked-token prediction (models whose capabilities say fills_masks: BERT,
// DistilBERT) with the checkpoint's own MLM head (the family reads it: families/bert/bert.h).
//
// For the app: load_mlm_head(model) once after loading (a checkpoint saved without the head, as
// BertModel rather than BertForMaskedLM, gives a clear error to show instead of the bars), then
// predict_masked(model, head, text, k) for typed "[MASK]"s, or predict_masked_ids(…, positions) to
// mask clicked tokens.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/lm/sampling.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lm {

// The family's masked-LM head (ModelFamily::load_mlm_head), as its family read it.
struct MlmHead {
    std::shared_ptr<const pretrained::FamilyWeights> weights;
};

// Reads the head from the model folder's weights file. Errors: a model that does not fill masks,
// the file has no MLM head (names what was looked for), misshapen tensors.
Expected<MlmHead> load_mlm_head(const pretrained::PretrainedModel& model);

// Logits for every row of the last hidden state h (T, d) -> (T, V).
Mat mlm_logits(const pretrained::PretrainedModel& model, const MlmHead& head, const Mat& h);

struct MaskPrediction {
    int position = 0;              // index into MaskedLmResult::ids
    int original_id = 0;           // the id there before masking ([MASK] itself when typed)
    std::vector<TokenProb> top;    // most probable first
};

struct MaskedLmResult {
    std::vector<int> ids;          // (T) with [CLS]/[SEP] and [MASK] in place
    std::vector<MaskPrediction> masks;
};

// Text with "[MASK]" typed in. Errors: no [MASK] in the text (say where to put one), the
// vocabulary has no [MASK], the text errors of encode_for_model.
// `ablation` (optional) knocks heads or sublayers out first (a mean ablation averages over the whole
// sentence); an index outside the model is an error.
Expected<MaskedLmResult> predict_masked(const pretrained::PretrainedModel& model, const MlmHead& head,
                                        const std::string& text, int k,
                                        const pretrained::Ablation& ablation = {});

// ids (with [CLS]/[SEP], as encode_for_model gives) with `positions` replaced by [MASK] first.
// Errors: a position outside the ids, no [MASK] in the vocabulary, check_ids errors.
Expected<MaskedLmResult> predict_masked_ids(const pretrained::PretrainedModel& model, const MlmHead& head,
                                            std::vector<int> ids, const std::vector<int>& positions, int k,
                                            const pretrained::Ablation& ablation = {});

}  // namespace attn::lm
