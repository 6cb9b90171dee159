// positional.cpp — sinusoidal positional encoding of "Attention Is All You Need" (Vaswani et al. 2017):
// (implementation; the interface and its contract are in positional.h)
#include "core/attention/positional.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace attn {

Mat sinusoidal_positions(int n_positions, int d_model) {
    assert(n_positions >= 0 && d_model > 0);
    Mat pe(n_positions, d_model);  // (T, d_model)
    for (int i = 0; i < d_model; i += 2) {
        // Computed in double so large positions keep their precision before rounding to float.
        const double inv_freq = std::pow(10000.0, -double(i) / double(d_model));
        for (int pos = 0; pos < n_positions; ++pos) {
            const double angle = double(pos) * inv_freq;
            pe(pos, i) = float(std::sin(angle));
            if (i + 1 < d_model) pe(pos, i + 1) = float(std::cos(angle));
        }
    }
    return pe;
}

Mat sinusoidal_positions_halves(int rows, int d) {
    Mat p(rows, d);
    const int half = (d + 1) / 2;  // the sin columns
    for (int pos = 0; pos < rows; ++pos) {
        for (int j = 0; j < d; ++j) {
            // column j of the sin half uses frequency index j; of the cos half, j − half
            const int i = j < half ? j : j - half;
            const double angle = pos / std::pow(10000.0, 2.0 * i / d);
            p(pos, j) = float(j < half ? std::sin(angle) : std::cos(angle));
        }
    }
    return p;
}

int relative_position_bucket(int rel, bool bidirectional, int num_buckets, int max_distance) {
    assert(num_buckets >= (bidirectional ? 4 : 2) && max_distance >= 1 && "relative_position_bucket: a real table");
    int bucket = 0, per_direction = num_buckets, n = 0;
    if (bidirectional) {
        per_direction /= 2;
        if (rel > 0) bucket += per_direction;
        n = rel < 0 ? -rel : rel;
    } else {
        n = rel < 0 ? -rel : 0;
    }
    const int exact = per_direction / 2;
    assert(max_distance > exact && "relative_position_bucket: the log scale starts past the exact buckets");
    if (n < exact) return bucket + n;
    // float32 throughout, as the reference: log(n / e) / log(max_distance / e) · (per_direction − e)
    const float ratio = float(n) / float(exact);
    const float span = float(std::log(double(max_distance) / double(exact)));
    const float scaled = std::log(ratio) / span * float(per_direction - exact);
    const long far = long(exact) + long(scaled);  // truncated toward zero (scaled ≥ 0)
    return bucket + int(std::min<long>(far, per_direction - 1));
}

}  // namespace attn
