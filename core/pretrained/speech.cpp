// speech.cpp — what every speech model's writing shares (the contract is in speech.h).
#include "core/pretrained/speech.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/pretrained/pretrained_model.h"

namespace attn::pretrained {

RowVec speech_next_scores(const PretrainedModel& model, const RowVec& logits, bool first) {
    return speech_next_scores(model.config.speech, logits, first);
}

RowVec speech_next_scores(const SpeechConfig& sp, const RowVec& logits, bool first) {
    constexpr float kMinusInf = -std::numeric_limits<float>::infinity();
    RowVec z = logits;
    const int V = int(z.size());
    for (int id : sp.suppress)
        if (id >= 0 && id < V) z(id) = kMinusInf;
    if (first)
        for (int id : sp.begin_suppress)
            if (id >= 0 && id < V) z(id) = kMinusInf;
    const float top = z.maxCoeff();
    assert(top > kMinusInf && "speech_next_scores: every token suppressed (the config reader refuses such lists)");
    const double log_total = std::log((z.array() - top).exp().cast<double>().sum());
    return (z.array() - top - float(log_total)).matrix();
}

int speech_limit(const PretrainedConfig& c) {
    const int positions = c.seq2seq.decoder_max_positions > 0 ? c.seq2seq.decoder_max_positions : c.max_positions;
    return c.seq2seq.max_length > 0 ? std::min(c.seq2seq.max_length, positions) : positions;
}

}  // namespace attn::pretrained
