// test_plot_scale.cpp — the plots' scale, tick and fit logic (core/base/plot_scale.h).
#include <doctest/doctest.h>

#include <cmath>

#include "core/base/plot_scale.h"

using namespace attn;

namespace {

std::vector<double> major_values(const std::vector<Tick>& ticks) {
    std::vector<double> v;
    for (const Tick& t : ticks)
        if (t.major) v.push_back(t.value);
    return v;
}

}  // namespace

TEST_CASE("nice steps are 1, 2, 2.5 or 5 times a power of ten") {
    CHECK(nice_step(0, 1, 5) == doctest::Approx(0.2));
    CHECK(nice_step(0, 10, 5) == doctest::Approx(2.0));
    CHECK(nice_step(0, 100, 4) == doctest::Approx(25.0));
    CHECK(nice_step(0, 7, 5) == doctest::Approx(1.0));
    CHECK(nice_step(-3, 3, 6) == doctest::Approx(1.0));
    CHECK(nice_step(5, 5, 5) == doctest::Approx(1.0));  // degenerate: a safe default
}

TEST_CASE("linear ticks cover the range at nice values with matching decimals") {
    Axis a;
    a.lo = 0.0;
    a.hi = 1.0;
    const auto t = make_ticks(a, 5);
    CHECK(major_values(t) == std::vector<double>{0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0});
    CHECK(t.front().label == "0");
    CHECK(t[1].label == "0.2");
    a.lo = -7;
    a.hi = 23;
    const auto u = make_ticks(a, 6);
    CHECK(u.front().value == doctest::Approx(-5));
    CHECK(u.back().value == doctest::Approx(20));
    CHECK(u.back().label == "20");
    a.lo = 0;
    a.hi = 10;
    CHECK(make_ticks(a, 4)[1].label == "2.5");
}

TEST_CASE("log ticks: decades as majors, 2..9 as minors, labels with k/M") {
    Axis a;
    a.scale = AxisScale::Log;
    a.lo = 10;
    a.hi = 10000;
    const auto t = make_ticks(a, 5);
    CHECK(major_values(t) == std::vector<double>{10, 100, 1000, 10000});
    int minors = 0;
    for (const Tick& x : t) minors += x.major ? 0 : 1;
    CHECK(minors == 24);  // 2..9 in each of the three decades
    CHECK(t.back().label == "10k");
    a.lo = 1e-3;
    a.hi = 1e9;  // 12 decades: every 3rd labelled, no minors
    const auto many = make_ticks(a, 5);
    CHECK(major_values(many) == std::vector<double>{1e-3, 1, 1e3, 1e6, 1e9});
    a.lo = 20;
    a.hi = 80;  // less than a decade: 20, 50 majors
    CHECK(major_values(make_ticks(a, 5)) == std::vector<double>{20, 50});
}

TEST_CASE("axis fractions and their inverse, on both scales") {
    Axis lin;
    lin.lo = -1;
    lin.hi = 3;
    CHECK(axis_fraction(lin, 1.0) == doctest::Approx(0.5));
    CHECK(axis_value(lin, 0.25) == doctest::Approx(0.0));
    Axis lg;
    lg.scale = AxisScale::Log;
    lg.lo = 1;
    lg.hi = 1000;
    CHECK(axis_fraction(lg, 10.0) == doctest::Approx(1.0 / 3.0));
    CHECK(axis_value(lg, 2.0 / 3.0) == doctest::Approx(100.0));
    CHECK(std::isinf(axis_fraction(lg, 0.0)));
    for (double f : {0.0, 0.1, 0.77, 1.0}) CHECK(axis_fraction(lg, axis_value(lg, f)) == doctest::Approx(f));
}

TEST_CASE("fit_axis: nice linear ranges, 1-2-5 log ranges, safe on empty data") {
    const Axis a = fit_axis({0.13, 0.92}, AxisScale::Linear);
    CHECK(a.lo == doctest::Approx(0.0));
    CHECK(a.hi == doctest::Approx(1.0));
    const Axis z = fit_axis({3, 4}, AxisScale::Linear, true);
    CHECK(z.lo == doctest::Approx(0.0));
    const Axis l = fit_axis({16, 4096, -1, 0}, AxisScale::Log);  // non-positive values ignored on log
    CHECK(l.lo == doctest::Approx(10));
    CHECK(l.hi == doctest::Approx(5000));
    const Axis e = fit_axis({}, AxisScale::Log);
    CHECK(e.lo == doctest::Approx(1));
    CHECK(e.hi == doctest::Approx(10));
    const Axis same = fit_axis({2, 2}, AxisScale::Linear);
    CHECK(same.lo < 2.0);
    CHECK(same.hi > 2.0);
}

TEST_CASE("power-law fit recovers exponents, ignores non-positive points") {
    std::vector<double> xs, y1, y2;
    for (double n : {16.0, 64.0, 256.0, 1024.0}) {
        xs.push_back(n);
        y1.push_back(3.0 * n);
        y2.push_back(0.5 * n * n);
    }
    const PowerFit f1 = fit_power_law(xs, y1), f2 = fit_power_law(xs, y2);
    CHECK(f1.ok);
    CHECK(f1.exponent == doctest::Approx(1.0));
    CHECK(f1.coefficient == doctest::Approx(3.0));
    CHECK(f2.exponent == doctest::Approx(2.0));
    CHECK(f2.r2 == doctest::Approx(1.0));
    CHECK_FALSE(fit_power_law({1.0}, {2.0}).ok);
    CHECK_FALSE(fit_power_law({4.0, 4.0}, {2.0, 3.0}).ok);
    CHECK(fit_power_law({0.0, 1.0, 2.0}, {5.0, 1.0, 8.0}).exponent == doctest::Approx(3.0));
}

TEST_CASE("tick labels") {
    CHECK(format_tick(1500, 500) == "1500");
    CHECK(format_tick(15000, 5000) == "15k");
    CHECK(format_tick(2000000, 0) == "2M");
    CHECK(format_tick(0.05, 0) == "0.05");
    CHECK(format_tick(0.25, 0.25) == "0.25");
    CHECK(format_tick(3, 1) == "3");
    CHECK(format_tick(1e-5, 0) == "1e-05");
    CHECK(nearest_index(Axis{}, {0.1, 0.5, 0.9}, 0.6) == 1);
}
