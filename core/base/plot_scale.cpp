// plot_scale.cpp — axis ranges, linear and log scales, nice ticks, tick labels and power-law fits
// (implementation; the interface and its contract are in plot_scale.h)
#include "core/base/plot_scale.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>

namespace attn {

namespace {

double log10_or_ninf(double v) { return v > 0.0 ? std::log10(v) : -std::numeric_limits<double>::infinity(); }

}  // namespace

double axis_fraction(const Axis& a, double v) {
    if (a.scale == AxisScale::Log) {
        const double l0 = std::log10(a.lo), l1 = std::log10(a.hi);
        return (log10_or_ninf(v) - l0) / (l1 - l0);
    }
    return (v - a.lo) / (a.hi - a.lo);
}

double axis_value(const Axis& a, double f) {
    if (a.scale == AxisScale::Log) {
        const double l0 = std::log10(a.lo), l1 = std::log10(a.hi);
        return std::pow(10.0, l0 + f * (l1 - l0));
    }
    return a.lo + f * (a.hi - a.lo);
}

double nice_step(double lo, double hi, int target) {
    const double span = hi - lo;
    if (!(span > 0.0) || !std::isfinite(span)) return 1.0;
    const double raw = span / std::max(target, 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / mag;  // in [1, 10)
    const double nice = r < 1.5 ? 1.0 : r < 2.25 ? 2.0 : r < 3.5 ? 2.5 : r < 7.5 ? 5.0 : 10.0;
    return nice * mag;
}

std::string format_tick(double v, double step) {
    char buf[48];
    if (v == 0.0 || std::fabs(v) < 1e-12 * std::max(1.0, std::fabs(step))) return "0";
    const double a = std::fabs(v);
    if (a >= 1e4 && a < 1e15) {  // 1.5k, 20k, 2M, 3G
        const char* suffix[] = {"k", "M", "G", "T"};
        int e = 0;
        double s = a / 1e3;
        while (s >= 1e3 && e < 3) {
            s /= 1e3;
            ++e;
        }
        std::snprintf(buf, sizeof(buf), "%s%.*f%s", v < 0 ? "-" : "", std::fabs(s - std::round(s)) < 1e-9 ? 0 : 1, s,
                      suffix[e]);
        return buf;
    }
    if (a < 1e-3 || a >= 1e15) {
        std::snprintf(buf, sizeof(buf), "%.0e", v);
        return buf;
    }
    int decimals = 0;
    if (step > 0.0) {
        decimals = std::max(0, int(std::ceil(-std::log10(step) - 1e-9)));
        if (std::fabs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6)
            ++decimals;  // 2.5 × 10^k needs one more
    } else {
        decimals = a >= 1.0 ? 0 : int(std::ceil(-std::log10(a) - 1e-9));
        // log axis: 0.2, 0.05, 1.5 …
        if (std::fabs(v * std::pow(10.0, decimals) - std::round(v * std::pow(10.0, decimals))) > 1e-6) ++decimals;
    }
    decimals = std::min(decimals, 6);
    std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
    return buf;
}

std::vector<Tick> make_ticks(const Axis& a, int target) {
    std::vector<Tick> out;
    assert(a.hi > a.lo && "axis range must be increasing");
    if (a.scale == AxisScale::Linear) {
        const double step = nice_step(a.lo, a.hi, target);
        const double first = std::ceil(a.lo / step - 1e-9) * step;
        for (int k = 0; k < 1000; ++k) {
            const double v = first + k * step;
            if (v > a.hi + 1e-9 * step) break;
            out.push_back({std::fabs(v) < 1e-12 * step ? 0.0 : v, true, format_tick(v, step)});
        }
        return out;
    }
    assert(a.lo > 0.0 && "a log axis needs lo > 0");
    const double l0 = std::log10(a.lo), l1 = std::log10(a.hi);
    const double decades = l1 - l0;
    if (decades < 1.0) {
        // Less than a decade: 1-2-5 × 10^k majors, the rest of 1..9 as minors.
        for (int e = int(std::floor(l0)); e <= int(std::ceil(l1)); ++e) {
            for (int m = 1; m <= 9; ++m) {
                const double v = m * std::pow(10.0, e);
                if (v < a.lo * (1 - 1e-9) || v > a.hi * (1 + 1e-9)) continue;
                const bool major = m == 1 || m == 2 || m == 5;
                out.push_back({v, major, major ? format_tick(v, 0.0) : std::string()});
            }
        }
        return out;
    }
    const int every = std::max(1, int(std::ceil(decades / std::max(target, 1))));
    const bool minors = decades <= 6.0;
    for (int e = int(std::floor(l0)); e <= int(std::ceil(l1)); ++e) {
        const double base = std::pow(10.0, e);
        if (base >= a.lo * (1 - 1e-9) && base <= a.hi * (1 + 1e-9) && e % every == 0)
            out.push_back({base, true, format_tick(base, 0.0)});
        else if (base >= a.lo * (1 - 1e-9) && base <= a.hi * (1 + 1e-9))
            out.push_back({base, false, std::string()});
        if (!minors) continue;
        for (int m = 2; m <= 9; ++m) {
            const double v = m * base;
            if (v >= a.lo * (1 - 1e-9) && v <= a.hi * (1 + 1e-9)) out.push_back({v, false, std::string()});
        }
    }
    std::sort(out.begin(), out.end(), [](const Tick& x, const Tick& y) { return x.value < y.value; });
    return out;
}

Axis fit_axis(const std::vector<double>& values, AxisScale scale, bool include_zero) {
    Axis a;
    a.scale = scale;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : values) {
        if (!std::isfinite(v) || (scale == AxisScale::Log && v <= 0.0)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (scale == AxisScale::Log) {
        if (!(lo <= hi)) {
            a.lo = 1.0;
            a.hi = 10.0;
            return a;
        }
        // Round outwards to 1-2-5 × 10^k.
        auto down = [](double v) {
            const double e = std::pow(10.0, std::floor(std::log10(v) + 1e-12));
            const double m = v / e;
            return (m >= 5.0 ? 5.0 : m >= 2.0 ? 2.0 : 1.0) * e;
        };
        auto up = [](double v) {
            const double e = std::pow(10.0, std::floor(std::log10(v) - 1e-12));
            const double m = v / e;
            return (m <= 1.0 + 1e-12 ? 1.0 : m <= 2.0 ? 2.0 : m <= 5.0 ? 5.0 : 10.0) * e;
        };
        a.lo = down(lo);
        a.hi = up(hi);
        if (a.hi <= a.lo) a.hi = a.lo * 10.0;
        return a;
    }
    if (!(lo <= hi)) {
        a.lo = 0.0;
        a.hi = 1.0;
        return a;
    }
    if (include_zero) {
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
    }
    if (hi - lo < 1e-12 * std::max(1.0, std::fabs(hi))) {
        const double pad = std::max(std::fabs(hi) * 0.5, 0.5);
        lo -= include_zero && lo == 0.0 ? 0.0 : pad;
        hi += pad;
    }
    const double step = nice_step(lo, hi, 5);
    a.lo = std::floor(lo / step + 1e-9) * step;
    a.hi = std::ceil(hi / step - 1e-9) * step;
    if (a.hi <= a.lo) a.hi = a.lo + step;
    return a;
}

PowerFit fit_power_law(const std::vector<double>& xs, const std::vector<double>& ys) {
    PowerFit f;
    double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    int n = 0;
    for (size_t i = 0; i < std::min(xs.size(), ys.size()); ++i) {
        if (!(xs[i] > 0.0) || !(ys[i] > 0.0) || !std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;
        const double lx = std::log(xs[i]), ly = std::log(ys[i]);
        sx += lx;
        sy += ly;
        sxx += lx * lx;
        sxy += lx * ly;
        syy += ly * ly;
        ++n;
    }
    if (n < 2) return f;
    const double vx = sxx - sx * sx / n, vy = syy - sy * sy / n, cxy = sxy - sx * sy / n;
    if (!(vx > 1e-12)) return f;
    f.ok = true;
    f.exponent = cxy / vx;
    f.coefficient = std::exp((sy - f.exponent * sx) / n);
    f.r2 = vy > 0.0 ? (cxy * cxy) / (vx * vy) : 1.0;
    return f;
}

int nearest_index(const Axis& axis, const std::vector<double>& xs, double x) {
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    const double fx = axis_fraction(axis, x);
    for (size_t i = 0; i < xs.size(); ++i) {
        const double d = std::fabs(axis_fraction(axis, xs[i]) - fx);
        if (d < best_d) {
            best_d = d;
            best = int(i);
        }
    }
    return best;
}

}  // namespace attn
