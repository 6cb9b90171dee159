// same_translation.h — the check that a step computed from what the job thread kept
// (EncodedSource) equals the same request computed from scratch: the same target, the same
// cross-attention rows to the last bit, the same next-token bars and the same token to write.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>

#include "app/views/predict/translation.h"

namespace attn::app {

inline void check_same_translation(const TranslateResult& kept, const TranslateResult& fresh) {
    REQUIRE_MESSAGE(kept.error.empty(), kept.error);
    REQUIRE_MESSAGE(fresh.error.empty(), fresh.error);
    CHECK(kept.prefix == fresh.prefix);
    CHECK(kept.ended == fresh.ended);
    CHECK(kept.source_labels == fresh.source_labels);
    REQUIRE(kept.cross.size() == fresh.cross.size());
    double worst = 0;
    for (std::size_t t = 0; t < kept.cross.size(); ++t) {
        REQUIRE(kept.cross[t].size() == fresh.cross[t].size());
        for (std::size_t l = 0; l < kept.cross[t].size(); ++l)
            worst = std::max(worst, double((kept.cross[t][l] - fresh.cross[t][l]).cwiseAbs().maxCoeff()));
    }
    CHECK(worst == 0.0);
    REQUIRE(kept.next.size() == fresh.next.size());
    for (std::size_t i = 0; i < kept.next.size(); ++i) {
        CHECK(kept.next[i].id == fresh.next[i].id);
        CHECK(kept.next[i].raw == fresh.next[i].raw);
        CHECK(kept.next[i].sampled == fresh.next[i].sampled);
    }
    CHECK(kept.written == fresh.written);
}

}  // namespace attn::app
