// test_golden.cpp — the attention engine against PyTorch golden references (core/attention/attention.h).
//
// Each tests/fixtures/golden/<name>.json (written by gen_golden.py, see the README there) holds a
// layer configuration, checksums of its inputs, the mask as a boolean matrix and PyTorch's float64
// per-head weights, concatenated head outputs and layer output. For each fixture we
//   1. regenerate the inputs with tests/golden_inputs.h and check the checksums first, so a
//      generator mismatch fails with its own message instead of as a numeric mismatch;
//   2. build the mask through attn::build_mask from the fixture's description and check it equals
//      the boolean matrix Python built from core/attention/mask.h's documented rule;
//   3. run attn::run_attention_layer (float32) and compare weights, concat and output.
//
// Tolerance (float32 engine vs float64 reference stored with 8 significant digits), for weights,
// concat and output alike:
//   |Δ| ≤ 2e-5 · max(1, max|ref|) · max(1, √(d_model / 64))
// i.e. 2e-5 absolute for the weights (probabilities), relative to the values' scale for concat
// and output (entries up to ~4 here). float32 has ε ≈ 6e-8; every quantity here passes through
// length-d_model dot products (the projections), whose rounding error grows like ε·√n (random
// walk; ε·n at worst). At d_model ≤ 64 the measured errors are 1e-7–2e-6 (printed for every
// fixture), so 2e-5 leaves a ≥ 10× margin; at d_model = 768 (GPT-2/BERT size) the √ growth gives
// ×3.5, ~7e-5 for the weights and ~2e-4 for concat/output (measured: 5e-7, 3e-6, 2e-6). All of
// this is orders of magnitude below what a real bug does (a dropped √d_k, a transposed weight, a
// mask ignored: hundreds of tolerances at least, checked below).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/attention/mask.h"
#include "tests/golden_inputs.h"

#ifndef ATTNLAB_FIXTURE_DIR
#error "ATTNLAB_FIXTURE_DIR must be the absolute path of tests/fixtures (CMake defines it)"
#endif

using nlohmann::json;

namespace {

// Every fixture the suite expects; a missing file fails, and so does a file not listed here.
const char* const kFixtures[] = {
    "self_h1_d16_t5",           // 1 head, no mask, no bias
    "causal_bias_h2_d32_t6",    // causal, biases
    "padding_bias_h8_d64_t7",   // key padding on the last 2 keys, biases
    "gpt2_size_h12_d768_t6",    // GPT-2/BERT size
    "cross_h4_d64_tq5_tk8",     // cross-attention T_q ≠ T_k
    "custom_mask_h4_d64_t8",    // arbitrary boolean mask
    "window2_causal_h2_d32_t9", // local window ±2 + causal
    "noscale_h4_d32_t6",        // no 1/√d_k
    "temperature0p5_h4_d32_t6", // temperature 0.5
    "window1_global_h2_d32_t9", // window ±1 widened by global tokens
};

// std::string, not const char*: doctest prints a char pointer as an address.
const std::string kRegenerate =
    "regenerate with: /usr/bin/python3 tests/fixtures/golden/gen_golden.py";

constexpr double kBaseTol = 2e-5;

std::string golden_dir() { return std::string(ATTNLAB_FIXTURE_DIR) + "/golden"; }
std::string fixture_path(const std::string& name) { return golden_dir() + "/" + name + ".json"; }

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// A malformed or incomplete fixture: reported as a test failure with this message.
struct FixtureError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Loaded {
    json fx;
    std::string error;  // empty = ok
};

Loaded parse_fixture(const std::string& text, const std::string& path) {
    Loaded out;
    out.fx = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (out.fx.is_discarded() || !out.fx.is_object()) {
        out.error = "golden fixture " + path + " is not a valid JSON object; " + kRegenerate;
    }
    return out;
}

Loaded load_fixture(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Loaded out;
        out.error = "cannot open golden fixture " + path + " (missing?); " + kRegenerate;
        return out;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_fixture(text.str(), path);
}

// ---- JSON accessors with messages that name the field ---------------------------------------

const json& field(const json& j, const std::string& key) {
    if (!j.is_object() || !j.contains(key)) throw FixtureError("missing field \"" + key + "\"");
    return j.at(key);
}

int int_field(const json& j, const std::string& key) {
    const json& v = field(j, key);
    if (!v.is_number_integer()) throw FixtureError("field \"" + key + "\" is not an integer");
    return v.get<int>();
}

bool bool_field(const json& j, const std::string& key) {
    const json& v = field(j, key);
    if (!v.is_boolean()) throw FixtureError("field \"" + key + "\" is not a boolean");
    return v.get<bool>();
}

double number_field(const json& j, const std::string& key) {
    const json& v = field(j, key);
    if (!v.is_number()) throw FixtureError("field \"" + key + "\" is not a number");
    return v.get<double>();
}

// (rows, cols) nested list → row-major double matrix (kept in double: the reference's precision).
using MatD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

MatD matrix_of(const json& j, int rows, int cols, const std::string& what) {
    if (!j.is_array() || int(j.size()) != rows) {
        throw FixtureError("\"" + what + "\" should have " + std::to_string(rows) + " rows");
    }
    MatD m(rows, cols);
    for (int r = 0; r < rows; ++r) {
        const json& row = j[size_t(r)];
        if (!row.is_array() || int(row.size()) != cols) {
            throw FixtureError("\"" + what + "\" row " + std::to_string(r) + " should have " +
                               std::to_string(cols) + " entries");
        }
        for (int c = 0; c < cols; ++c) {
            if (!row[size_t(c)].is_number()) throw FixtureError("\"" + what + "\" has a non-number");
            m(r, c) = row[size_t(c)].get<double>();
        }
    }
    return m;
}

attn::BoolMat bool_matrix_of(const json& j, int rows, int cols, const std::string& what) {
    const MatD m = matrix_of(j, rows, cols, what);
    if (((m.array() != 0.0) && (m.array() != 1.0)).any()) {
        throw FixtureError("\"" + what + "\" must contain only 0 and 1");
    }
    return m.cast<std::uint8_t>();
}

// ---- one fixture, prepared ------------------------------------------------------------------

struct GoldenCase {
    std::string name;
    int d_model = 0, t_q = 0, t_k = 0;
    attn::Mat x_q, x_kv;
    attn::AttentionWeights w;
    attn::AttentionOptions opt;
    attn::BoolMat blocked;              // from attn::build_mask; empty when the fixture has no mask
    std::vector<MatD> ref_weights;      // n_heads × (T_q, T_k)
    MatD ref_concat, ref_output;        // (T_q, d_model)
    std::vector<std::string> problems;  // non-fatal failures found while preparing (mask mismatch)
};

void check_checksum(const json& checksums, golden::Stream s, const golden::Checksum& got) {
    const std::string name = golden::stream_name(s);
    const json& want = field(checksums, name);
    const auto want_count = std::int64_t(int_field(want, "count"));
    const double want_sum = number_field(want, "sum");
    const double want_wsum = number_field(want, "wsum");
    // Both sums are exact in float64 (see golden_inputs.h); the slack only absorbs the decimal
    // round trip of the JSON text.
    auto close = [](double a, double b) { return std::abs(a - b) <= 1e-12 * (1.0 + std::abs(b)); };
    if (got.count != want_count || !close(got.sum, want_sum) || !close(got.wsum, want_wsum)) {
        std::ostringstream msg;
        msg.precision(17);
        msg << "INPUT GENERATOR MISMATCH on stream " << name << ": C++ (tests/golden_inputs.h) gives "
            << "count " << got.count << ", sum " << got.sum << ", wsum " << got.wsum
            << " but the fixture (gen_golden.py) recorded count " << want_count << ", sum "
            << want_sum << ", wsum " << want_wsum
            << ". The two generators disagree; numeric comparisons were skipped.";
        throw FixtureError(msg.str());
    }
}

// Keys the test knows how to turn into an attn::MaskConfig (an unknown one is an error, so a new
// mask kind in gen_golden.py cannot be silently ignored here).
attn::MaskConfig mask_config_of(const json& mask, int t_q, int t_k, std::vector<std::uint8_t>& key_is_pad) {
    static const std::set<std::string> known = {"causal",  "window",     "global_tokens",
                                                "pad_to",  "key_is_pad", "custom_blocked"};
    if (!mask.is_object()) throw FixtureError("field \"mask\" is not an object");
    for (const auto& item : mask.items()) {
        if (!known.count(item.key())) throw FixtureError("unknown mask field \"" + item.key() + "\"");
    }
    attn::MaskConfig config;
    if (mask.contains("causal")) config.causal = bool_field(mask, "causal");
    if (mask.contains("window")) config.window = int_field(mask, "window");
    if (mask.contains("global_tokens")) {
        for (const json& g : mask.at("global_tokens")) config.global_tokens.push_back(g.get<int>());
    }
    if (mask.contains("pad_to")) config.pad_to = int_field(mask, "pad_to");
    if (mask.contains("key_is_pad")) {
        const json& pad = mask.at("key_is_pad");
        if (!pad.is_array() || int(pad.size()) != t_k) {
            throw FixtureError("\"key_is_pad\" should have T_k = " + std::to_string(t_k) + " entries");
        }
        for (const json& p : pad) key_is_pad.push_back(std::uint8_t(p.get<int>() != 0));
    }
    if (mask.contains("custom_blocked")) {
        config.custom_blocked = bool_matrix_of(mask.at("custom_blocked"), t_q, t_k, "custom_blocked");
    }
    return config;
}

GoldenCase prepare(const json& fx) {
    GoldenCase c;
    c.name = field(fx, "name").get<std::string>();
    const std::string generator = field(fx, "generator").get<std::string>();
    if (generator != golden::kGeneratorName) {
        throw FixtureError("fixture uses input generator \"" + generator + "\" but tests/golden_inputs.h implements \"" +
                           golden::kGeneratorName + "\"");
    }
    const int seed = int_field(fx, "seed");
    const int h = int_field(fx, "n_heads");
    c.d_model = int_field(fx, "d_model");
    c.t_q = int_field(fx, "t_q");
    c.t_k = int_field(fx, "t_k");
    const int d = c.d_model;
    if (seed < 0 || h < 1 || d < 1 || d % h != 0 || c.t_q < 1 || c.t_k < 1) {
        throw FixtureError("implausible configuration (seed, n_heads, d_model, t_q, t_k)");
    }
    const bool self = bool_field(fx, "self_attention");
    const bool bias = bool_field(fx, "bias");
    if (self && c.t_q != c.t_k) throw FixtureError("self-attention with t_q != t_k");
    const json& amp = field(fx, "amplitude_log2");
    const int xa = int_field(amp, "x"), wa = int_field(amp, "w"), ba = int_field(amp, "b");

    // 1. Regenerate the inputs and check them before anything numeric.
    using golden::Stream;
    const auto s = std::uint32_t(seed);
    c.x_q = golden::matrix(s, Stream::x_q, c.t_q, d, xa);
    c.x_kv = self ? c.x_q : golden::matrix(s, Stream::x_kv, c.t_k, d, xa);
    c.w.n_heads = h;
    c.w.w_q = golden::matrix(s, Stream::w_q, d, d, wa);
    c.w.w_k = golden::matrix(s, Stream::w_k, d, d, wa);
    c.w.w_v = golden::matrix(s, Stream::w_v, d, d, wa);
    c.w.w_o = golden::matrix(s, Stream::w_o, d, d, wa);
    if (bias) {
        c.w.b_q = golden::row(s, Stream::b_q, d, ba);
        c.w.b_k = golden::row(s, Stream::b_k, d, ba);
        c.w.b_v = golden::row(s, Stream::b_v, d, ba);
        c.w.b_o = golden::row(s, Stream::b_o, d, ba);
    }
    const json& sums = field(fx, "checksums");
    const size_t expected_streams = 5 + (self ? 0 : 1) + (bias ? 4 : 0);
    if (sums.size() != expected_streams) {
        throw FixtureError("\"checksums\" lists " + std::to_string(sums.size()) + " streams, expected " +
                           std::to_string(expected_streams));
    }
    check_checksum(sums, Stream::x_q, golden::checksum(c.x_q));
    if (!self) check_checksum(sums, Stream::x_kv, golden::checksum(c.x_kv));
    check_checksum(sums, Stream::w_q, golden::checksum(c.w.w_q));
    check_checksum(sums, Stream::w_k, golden::checksum(c.w.w_k));
    check_checksum(sums, Stream::w_v, golden::checksum(c.w.w_v));
    check_checksum(sums, Stream::w_o, golden::checksum(c.w.w_o));
    if (bias) {
        check_checksum(sums, Stream::b_q, golden::checksum(c.w.b_q));
        check_checksum(sums, Stream::b_k, golden::checksum(c.w.b_k));
        check_checksum(sums, Stream::b_v, golden::checksum(c.w.b_v));
        check_checksum(sums, Stream::b_o, golden::checksum(c.w.b_o));
    }

    c.opt.scale = bool_field(fx, "scale");
    c.opt.temperature = float(number_field(fx, "temperature"));
    const attn::Status valid = attn::validate_attention(c.w, c.opt, d, d);
    if (!valid.ok()) throw FixtureError("validate_attention: " + valid.message());

    // 2. The mask, through the engine's own builder, against Python's boolean matrix.
    const json& mask = field(fx, "mask");
    const json& ref_blocked = field(fx, "blocked");
    std::vector<std::uint8_t> key_is_pad;
    const attn::MaskConfig config = mask_config_of(mask, c.t_q, c.t_k, key_is_pad);
    if (config.any() || !key_is_pad.empty()) {
        attn::Expected<attn::BoolMat> built = attn::build_mask(config, c.t_q, c.t_k, key_is_pad);
        if (!built.ok()) throw FixtureError("build_mask failed: " + built.error());
        c.blocked = std::move(built).value();
        if (ref_blocked.is_null()) throw FixtureError("the fixture has a mask but \"blocked\" is null");
        const attn::BoolMat want = bool_matrix_of(ref_blocked, c.t_q, c.t_k, "blocked");
        if (c.blocked != want) {
            std::ostringstream msg;
            msg << "attn::build_mask(" << attn::describe_mask(config)
                << ") differs from the mask gen_golden.py built from core/attention/mask.h's rule:\n"
                << "build_mask:\n" << c.blocked.cast<int>() << "\nfixture:\n" << want.cast<int>();
            c.problems.push_back(msg.str());
        }
    } else if (!ref_blocked.is_null()) {
        throw FixtureError("\"mask\" is empty but \"blocked\" is not null");
    }

    // 3. The reference.
    const json& weights = field(fx, "weights");
    if (!weights.is_array() || int(weights.size()) != h) {
        throw FixtureError("\"weights\" should have n_heads = " + std::to_string(h) + " matrices");
    }
    for (int k = 0; k < h; ++k) {
        c.ref_weights.push_back(
            matrix_of(weights[size_t(k)], c.t_q, c.t_k, "weights[" + std::to_string(k) + "]"));
    }
    c.ref_concat = matrix_of(field(fx, "concat"), c.t_q, d, "concat");
    c.ref_output = matrix_of(field(fx, "output"), c.t_q, d, "output");
    return c;
}

// ---- comparison -----------------------------------------------------------------------------

struct Diff {
    double max_abs = 0.0;    // max |engine − reference|
    double ref_scale = 0.0;  // max |reference|
    std::string where;       // location of max_abs
    double tol = 0.0;
    bool ok() const { return max_abs <= tol; }  // false for NaN too
};

void accumulate(Diff& d, const attn::Mat& got, const MatD& want, const std::string& prefix) {
    for (Eigen::Index r = 0; r < want.rows(); ++r) {
        for (Eigen::Index c = 0; c < want.cols(); ++c) {
            const double diff = std::abs(double(got(r, c)) - want(r, c));
            d.ref_scale = std::max(d.ref_scale, std::abs(want(r, c)));
            // A NaN is the worst difference of all (and then fails d.ok()).
            const bool worse = std::isnan(diff) ? !std::isnan(d.max_abs) : diff > d.max_abs;
            if (worse) {
                d.max_abs = diff;
                d.where = prefix + "(" + std::to_string(r) + ", " + std::to_string(c) + ") engine " +
                          fmt(double(got(r, c))) + " vs reference " + fmt(want(r, c));
            }
        }
    }
}

struct Report {
    Diff weights, concat, output;
    long blocked_nonzero = 0;  // blocked cells whose engine weight is not exactly 0
};

Report compare(const GoldenCase& c, const attn::LayerTrace& L) {
    Report r;
    for (size_t h = 0; h < c.ref_weights.size(); ++h) {
        accumulate(r.weights, L.heads[h].weights, c.ref_weights[h], "head " + std::to_string(h) + " ");
        if (c.blocked.size() > 0) {
            r.blocked_nonzero +=
                long(((c.blocked.array() != 0) && (L.heads[h].weights.array() != 0.0f)).count());
        }
    }
    accumulate(r.concat, L.concat, c.ref_concat, "");
    accumulate(r.output, L.output, c.ref_output, "");
    // See the top of the file: 2e-5 relative to the values' scale, growing like √d_model beyond 64.
    const double growth = std::max(1.0, std::sqrt(double(c.d_model) / 64.0));
    for (Diff* d : {&r.weights, &r.concat, &r.output}) {
        d->tol = kBaseTol * std::max(1.0, d->ref_scale) * growth;
    }
    return r;
}

bool shapes_ok(const GoldenCase& c, const attn::LayerTrace& L) {
    return int(L.heads.size()) == c.w.n_heads && L.concat.rows() == c.t_q &&
           L.concat.cols() == c.d_model && L.output.rows() == c.t_q &&
           L.output.cols() == c.d_model &&
           std::all_of(L.heads.begin(), L.heads.end(), [&](const attn::HeadTrace& H) {
               return H.weights.rows() == c.t_q && H.weights.cols() == c.t_k;
           });
}

attn::LayerTrace run(const GoldenCase& c) {
    return attn::run_attention_layer(c.x_q, c.x_kv, c.w, c.blocked, c.opt);
}

// Loads and prepares; on failure returns the message (never throws).
std::string load_and_prepare(const std::string& name, GoldenCase& out) {
    const std::string path = fixture_path(name);
    Loaded loaded = load_fixture(path);
    if (!loaded.error.empty()) return loaded.error;
    try {
        out = prepare(loaded.fx);
    } catch (const std::exception& e) {  // FixtureError or nlohmann::json::exception
        return "golden fixture " + path + ": " + e.what();
    }
    if (out.name != name) return "golden fixture " + path + " is named \"" + out.name + "\"";
    return {};
}

std::string line(const char* what, const Diff& d) {
    return std::string(what) + " " + fmt(d.max_abs) + " (tol " + fmt(d.tol) + ")";
}

void check_golden(const std::string& name) {
    GoldenCase c;
    const std::string error = load_and_prepare(name, c);
    if (!error.empty()) {
        FAIL_CHECK(error);
        return;
    }
    for (const std::string& p : c.problems) FAIL_CHECK(name << ": " << p);

    const attn::LayerTrace L = run(c);
    REQUIRE_MESSAGE(shapes_ok(c, L), name << ": the engine's trace has the wrong shapes");
    const Report r = compare(c, L);
    MESSAGE("golden " << name << ": max |engine - torch| " << line("weights", r.weights) << ", "
                      << line("concat", r.concat) << ", " << line("output", r.output));
    CHECK_MESSAGE(r.weights.ok(), name << ": weights differ at " << r.weights.where);
    CHECK_MESSAGE(r.concat.ok(), name << ": concat differs at " << r.concat.where);
    CHECK_MESSAGE(r.output.ok(), name << ": output differs at " << r.output.where);
    CHECK_MESSAGE(r.blocked_nonzero == 0,
                  name << ": " << r.blocked_nonzero << " blocked cells have a nonzero weight");
}

}  // namespace

TEST_CASE("golden: attention layer matches the PyTorch float64 references") {
    for (const char* name : kFixtures) {
        SUBCASE(name) { check_golden(name); }
    }
}

TEST_CASE("golden: every fixture on disk is listed and every listed fixture exists") {
    namespace fs = std::filesystem;
    std::set<std::string> listed(std::begin(kFixtures), std::end(kFixtures));
    std::error_code ec;
    std::set<std::string> on_disk;
    for (const auto& entry : fs::directory_iterator(golden_dir(), ec)) {
        if (entry.path().extension() == ".json") on_disk.insert(entry.path().stem().string());
    }
    REQUIRE_MESSAGE(!ec, "cannot list " << golden_dir() << ": " << ec.message());
    for (const std::string& f : on_disk) {
        CHECK_MESSAGE(listed.count(f), "fixture " << f << ".json is not listed in kFixtures of test_golden.cpp");
    }
    for (const std::string& f : listed) {
        CHECK_MESSAGE(on_disk.count(f), "listed fixture " << fixture_path(f) << " is missing; " << kRegenerate);
    }
}

// The fixtures must be able to tell a wrong engine from a right one: the usual bugs (scaling
// forgotten, x·W vs W·x, mask ignored, heads' order) must move the results far beyond tolerance.
TEST_CASE("golden: a wrong engine setting fails the comparison by a wide margin") {
    double smallest[4] = {HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL};
    for (const std::string name : kFixtures) {
        CAPTURE(name);
        GoldenCase c;
        const std::string error = load_and_prepare(name, c);
        if (!error.empty()) {
            FAIL_CHECK(error);
            continue;
        }
        auto worst = [&](const GoldenCase& wrong) {
            const Report r = compare(c, run(wrong));  // reference of c, engine on `wrong`
            return std::max({r.weights.max_abs / r.weights.tol, r.concat.max_abs / r.concat.tol,
                             r.output.max_abs / r.output.tol});
        };
        GoldenCase flipped = c;  // √d_k scaling toggled
        flipped.opt.scale = !c.opt.scale;
        const double r_scale = worst(flipped);
        CHECK(r_scale > 100.0);

        GoldenCase transposed = c;  // W_Q applied in the (out, in) layout
        transposed.w.w_q.transposeInPlace();
        const double r_wq = worst(transposed);
        CHECK(r_wq > 100.0);

        GoldenCase wrong_out = c;  // W_O transposed: only the output changes
        wrong_out.w.w_o.transposeInPlace();
        const double r_wo = worst(wrong_out);
        CHECK(r_wo > 100.0);

        smallest[0] = std::min(smallest[0], r_scale);
        smallest[1] = std::min(smallest[1], r_wq);
        smallest[2] = std::min(smallest[2], r_wo);
        if (c.blocked.size() > 0) {  // mask ignored
            GoldenCase unmasked = c;
            unmasked.blocked = attn::BoolMat();
            const double r_mask = worst(unmasked);
            CHECK(r_mask > 100.0);
            smallest[3] = std::min(smallest[3], r_mask);
        }
    }
    MESSAGE("golden sensitivity: smallest (max |Δ| / tolerance) over the fixtures when the engine "
            "is wrong: scaling toggled "
            << fmt(smallest[0]) << ", W_Q transposed " << fmt(smallest[1]) << ", W_O transposed "
            << fmt(smallest[2]) << ", mask ignored " << fmt(smallest[3]));
}

TEST_CASE("golden: a missing or malformed fixture is a clear failure, not a crash") {
    SUBCASE("missing file") {
        GoldenCase c;
        const std::string error = load_and_prepare("no_such_fixture", c);
        CHECK(error.find("cannot open golden fixture") != std::string::npos);
        CHECK(error.find(fixture_path("no_such_fixture")) != std::string::npos);
        CHECK(error.find("gen_golden.py") != std::string::npos);
    }
    SUBCASE("not JSON") {
        const Loaded l = parse_fixture("{\"name\": [1, 2", "broken.json");
        CHECK(l.error.find("broken.json is not a valid JSON object") != std::string::npos);
    }
    SUBCASE("a field missing") {
        Loaded l = load_fixture(fixture_path(kFixtures[0]));
        REQUIRE(l.error.empty());
        l.fx.erase("output");
        std::string message;
        try {
            prepare(l.fx);
        } catch (const FixtureError& e) {
            message = e.what();
        }
        CHECK(message == "missing field \"output\"");
    }
    SUBCASE("a generator mismatch is named as such") {
        Loaded l = load_fixture(fixture_path(kFixtures[1]));
        REQUIRE(l.error.empty());
        l.fx["checksums"]["w_k"]["wsum"] = l.fx["checksums"]["w_k"]["wsum"].get<double>() + 1e-6;
        std::string message;
        try {
            prepare(l.fx);
        } catch (const FixtureError& e) {
            message = e.what();
        }
        CHECK(message.find("INPUT GENERATOR MISMATCH on stream w_k") != std::string::npos);
    }
    SUBCASE("a wrong mask is reported") {
        Loaded l = load_fixture(fixture_path("window2_causal_h2_d32_t9"));
        REQUIRE(l.error.empty());
        l.fx["mask"]["window"] = 3;  // the recorded "blocked" is for window 2
        const GoldenCase c = prepare(l.fx);
        REQUIRE(c.problems.size() == 1);
        CHECK(c.problems[0].find("differs from the mask gen_golden.py built") != std::string::npos);
    }
}

TEST_CASE("golden: the input generator is exact and pinned") {
    using golden::Stream;
    // Pinned values: a change in golden_inputs.h is caught even before the fixtures are read.
    CHECK(golden::splitmix64(0) == 0xE220A8397B1DCDAFull);
    // Extremes of the 24-bit range map to −2^a and 2^a − 2^(a−23): exact in float32.
    for (std::uint64_t i = 0; i < 1000; ++i) {
        const float v = golden::value(7, Stream::w_v, i, -3);
        CHECK(std::abs(v) <= 0.125f);
        CHECK(double(v) * 8388608.0 * 8.0 == std::round(double(v) * 8388608.0 * 8.0));
    }
    const attn::Mat m = golden::matrix(3, Stream::w_q, 4, 5, 0);
    CHECK(m(2, 3) == golden::value(3, Stream::w_q, 2 * 5 + 3, 0));  // row-major indexing
    CHECK(golden::value(3, Stream::w_q, 0, 0) != golden::value(3, Stream::w_k, 0, 0));
    CHECK(golden::value(3, Stream::w_q, 0, 0) != golden::value(4, Stream::w_q, 0, 0));
}
