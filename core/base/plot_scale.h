// plot_scale.h — the numbers behind every plot (GL-free): axis ranges, linear and log scales,
// "nice" ticks (1-2-5 steps, decades), tick labels with units, and power-law fits for log-log plots.
//
// Used by app/plot/plot.h (which draws on screen) and core/figure (print figures); tested in
// tests/test_plot_scale.cpp. All values are doubles in data units; a log axis needs lo > 0.
#pragma once

#include <string>
#include <vector>

namespace attn {

enum class AxisScale { Linear, Log };

struct Axis {
    AxisScale scale = AxisScale::Linear;
    double lo = 0.0, hi = 1.0;  // data range shown (lo < hi; lo > 0 on a log axis)
    std::string label;          // "n (tokens)", "time (ms)"
    std::string unit;           // appended to tick labels when non-empty: "ms", "MiB", "%"
};

struct Tick {
    double value = 0.0;  // data units
    bool major = true;   // labelled; minor ticks (log axes: 2..9 × 10^k) only get a short mark
    std::string label;   // empty for minor ticks
};

// Data value → [0, 1] along the axis (0 = lo, 1 = hi); values outside give < 0 or > 1. A log axis
// maps by log10; a non-positive value on it gives -inf.
double axis_fraction(const Axis& axis, double value);
// The inverse of axis_fraction.
double axis_value(const Axis& axis, double fraction);

// Step of "nice" numbers (1, 2, 2.5 or 5 × 10^k) so that [lo, hi] has about `target` intervals.
double nice_step(double lo, double hi, int target);

// Ticks inside [lo, hi]. Linear: multiples of nice_step. Log: every decade as a major tick
// (every 2nd, 3rd … decade when there are many), with 2..9 × 10^k as minor ticks when the axis
// spans few decades; when it spans less than one decade, 1-2-5 majors.
std::vector<Tick> make_ticks(const Axis& axis, int target = 5);

// A short tick label: "0.5", "20", "1.5k", "2M", "1e-05"; `step` is the tick spacing (it decides the
// decimals on a linear axis; pass 0 for a log axis).
std::string format_tick(double value, double step);

// An axis range around data: linear ranges are widened to nice_step multiples (and include 0 when
// `include_zero`); log ranges to whole decades or 1-2-5 values around the positive data. Empty or
// degenerate data gives a sensible unit range.
Axis fit_axis(const std::vector<double>& values, AxisScale scale, bool include_zero = false);

// Least-squares fit of log y = log c + p·log x over the points with x > 0, y > 0 (at least two):
// y ≈ c·x^p. `ok` is false when there are too few points or x does not vary.
struct PowerFit {
    bool ok = false;
    double exponent = 0.0;  // p
    double coefficient = 0.0;  // c
    double r2 = 0.0;        // of the log-log line
};
PowerFit fit_power_law(const std::vector<double>& xs, const std::vector<double>& ys);

// Index of the point nearest to `x` (by axis fraction) in sorted xs, or -1 when empty.
int nearest_index(const Axis& axis, const std::vector<double>& xs, double x);

}  // namespace attn
