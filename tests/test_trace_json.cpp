// The JSON dump: parses back, numbers round-trip exactly, masked logits are null, UTF-8 survives.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/attention/engine.h"
#include "core/base/json_writer.h"
#include "core/attention/trace_json.h"

using namespace attn;
using nlohmann::json;

static Trace korean_trace() {
    ModelConfig c;
    c.d_model = 16;
    c.n_heads = 2;
    auto m = make_builtin_model(c);
    REQUIRE(m.ok());
    RunConfig r;
    r.text = "그는 집에 갔다. 그의 집은 크다.";
    r.mask.causal = true;
    auto t = compute_trace(*m, r);
    REQUIRE(t.ok());
    return *t;
}

static Mat to_mat(const json& rows) {
    Mat m(rows.size(), rows.empty() ? 0 : rows[0].size());
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = 0; j < rows[i].size(); ++j) m(i, j) = rows[i][j].get<float>();
    return m;
}

TEST_CASE("trace JSON parses and holds the trace's exact numbers") {
    const Trace t = korean_trace();
    for (bool pretty : {true, false}) {
        std::ostringstream out;
        TraceJsonOptions opt;
        opt.pretty = pretty;
        write_trace_json(out, t, opt);
        const json j = json::parse(out.str());
        CHECK(j["format"] == "attnlab-trace/1");
        CHECK(j["model"]["d_k"] == 8);
        CHECK(j["settings"]["text"] == "그는 집에 갔다. 그의 집은 크다.");
        CHECK(j["settings"]["mask"]["description"] == "causal");
        REQUIRE(j["tokens"]["queries"].size() == 8);
        CHECK(j["tokens"]["queries"][0]["text"] == "그는");
        CHECK(j["tokens"]["queries"][3]["kind"] == "punctuation");

        const json& L = j["layers"][0];
        const LayerTrace& tl = t.layers[0];
        // Shortest round-trip formatting: floats read back bit-identical.
        CHECK(to_mat(L["heads"][1]["weights"]) == tl.heads[1].weights);
        CHECK(to_mat(L["heads"][0]["scores"]) == tl.heads[0].scores);
        CHECK(to_mat(L["q"]) == tl.q);
        CHECK(to_mat(L["output"]) == tl.output);
        CHECK(L["heads"][0]["output"].size() == 8);
        CHECK(L["heads"][0]["output"][0].size() == 8);
        // Masked logits are null (JSON has no −∞); visible ones equal factor · score.
        CHECK(L["heads"][0]["masked_scores"][0][1].is_null());
        CHECK(L["heads"][0]["masked_scores"][2][1].get<float>() == tl.factor * tl.heads[0].scores(2, 1));
        CHECK(L["blocked"][0][1] == 1);
        CHECK(L["blocked"][1][0] == 0);
        CHECK(L["heads"][0]["stats"]["entropy"].size() == 8);
    }
}

TEST_CASE("JSON writer escapes strings and writes non-finite floats as null") {
    std::ostringstream out;
    JsonWriter w(out, false);
    w.begin_object();
    w.key("s").value("quote\" backslash\\ newline\n tab\t ctrl\x01 한글");
    w.key("inf").value(std::numeric_limits<float>::infinity());
    w.key("nan").value(std::nan(""));
    w.key("empty").begin_array().end_array();
    w.end_object();
    const json j = json::parse(out.str());
    CHECK(j["s"] == "quote\" backslash\\ newline\n tab\t ctrl\x01 한글");
    CHECK(j["inf"].is_null());
    CHECK(j["nan"].is_null());
    CHECK(j["empty"].empty());
}
