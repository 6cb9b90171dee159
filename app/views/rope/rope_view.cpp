// rope_view.cpp — the numbers of the RoPE view, GL-free
// (implementation; the interface and its contract are in rope_view.h)
#include "app/views/rope/rope_view.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>


namespace attn::app {

bool has_rotary(const LayerTrace& layer) { return layer.q_unrotated.size() > 0 && layer.k_unrotated.size() > 0; }

Vec2f rotate_pair(Vec2f v, double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return {float(double(v.x) * c - double(v.y) * s), float(double(v.y) * c + double(v.x) * s)};
}

RopePairVectors rope_pair_vectors(const LayerTrace& L, int head, int pair, int rotary_dim) {
    assert(has_rotary(L) && head >= 0 && head < L.n_heads && "rope_pair_vectors: a rotary layer's head");
    assert(rotary_dim >= 2 && rotary_dim <= L.d_k && pair >= 0 && pair < rotary_dim / 2 && "rope_pair_vectors: a pair");
    const int x = head * L.d_k + pair, y = x + rotary_dim / 2;  // columns of the pair in (T, H·d_k)
    RopePairVectors out;
    auto take = [&](const Mat& m, std::vector<Vec2f>& dst) {
        dst.resize(std::size_t(m.rows()));
        for (Eigen::Index t = 0; t < m.rows(); ++t) {
            dst[std::size_t(t)] = {m(t, x), m(t, y)};
            out.extent = std::max(out.extent, std::hypot(m(t, x), m(t, y)));
        }
    };
    take(L.q_unrotated, out.q_before);
    take(L.q, out.q_after);
    take(L.k_unrotated, out.k_before);
    take(L.k, out.k_after);
    return out;
}

RopeSpectrum rope_spectrum(std::vector<double> inv_freq) {
    RopeSpectrum s;
    s.inv_freq = std::move(inv_freq);
    s.wavelength.reserve(s.inv_freq.size());
    for (double f : s.inv_freq) s.wavelength.push_back(f > 0.0 ? 2.0 * M_PI / f : INFINITY);
    return s;
}

double kv_cache_bytes(int layers, int kv_heads, int head_dim, int bytes_per_value, long long n) {
    return 2.0 * double(layers) * double(kv_heads) * double(head_dim) * double(bytes_per_value) * double(n);
}

std::string format_bytes(double bytes) {
    static const char* const kUnit[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[48];
    if (u == 0) {
        std::snprintf(buf, sizeof(buf), "%.0f B", bytes);
    } else {
        std::snprintf(buf, sizeof(buf), bytes < 10.0 ? "%.2f %s" : bytes < 100.0 ? "%.1f %s" : "%.0f %s", bytes, kUnit[u]);
    }
    return buf;
}

KvCacheCompare kv_cache_compare(int layers, int heads, int kv_heads, int head_dim, int bytes_per_value, long long n) {
    KvCacheCompare c;
    c.mha = {heads, kv_cache_bytes(layers, heads, head_dim, bytes_per_value, n)};
    c.model = {kv_heads, kv_cache_bytes(layers, kv_heads, head_dim, bytes_per_value, n)};
    c.mqa = {1, kv_cache_bytes(layers, 1, head_dim, bytes_per_value, n)};
    return c;
}

}  // namespace attn::app
