// speech.cpp — what every speech model's writing shares (the contract is in speech.h).
#include "core/pretrained/family/speech.h"

#include "core/pretrained/family/pretrained_model.h"

namespace attn::pretrained {

RowVec speech_next_scores(const PretrainedModel& model, const RowVec& logits, bool first) {
    return model.family().listening_scores(model, logits, first);
}

}  // namespace attn::pretrained
