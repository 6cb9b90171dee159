// test_section_roles.cpp — head roles of an encoder–decoder's encoder and decoder self-attention:
// the probe runs through each section, and the sentence's table equals the roles scored on the
// app's own run of that section (family().run: the typed source, the model's translation), a
// second path to the same layers.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/lm/head_roles_probe.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "tests/pretrained/seq2seq_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::seq2seq_golden;

namespace {

bool same_scores(const lm::HeadRoleTable& a, const lm::HeadRoleTable& b) {
    if (a.n_layers != b.n_layers || a.n_heads != b.n_heads) return false;
    for (std::size_t i = 0; i < a.heads.size(); ++i)
        for (int r = 0; r < lm::kHeadRoleCount; ++r) {
            const float x = a.heads[i].score[std::size_t(r)], y = b.heads[i].score[std::size_t(r)];
            if (!(std::isnan(x) && std::isnan(y)) && std::fabs(x - y) > 1e-6f) return false;
        }
    return true;
}

}  // namespace

TEST_CASE("Section head roles: the encoder's and the decoder's, each equal to the app's run of that section") {
    for (const char* folder : {"tiny-marian", "tiny-t5"}) {
        CAPTURE(folder);
        const PretrainedModel& m = tiny_model(folder);
        RunConfig run;
        run.text = "He went home.";
        run.attention.scale = m.caps().scaled_scores;
        auto traces = m.family().run(m, run);
        REQUIRE(traces.ok());
        for (const char* section : {"encoder", "decoder"}) {
            CAPTURE(section);
            auto report = lm::head_role_report(m, "He went home.", section);
            REQUIRE(report.ok());
            CHECK(report->section == section);
            const bool decoder = std::string(section) == "decoder";
            CHECK(report->probe.n_layers == (decoder ? m.config.decoder_layers : m.config.n_layers));
            CHECK(report->probe.n_heads == (decoder ? m.config.decoder_heads : m.config.n_heads));
            // The decoder's probe starts with the start token and has no end token; the encoder's ends with it.
            if (decoder) {
                CHECK(report->probe_ids.front() == seq2seq_settings(m.config).decoder_start_id);
                CHECK(report->probe_ids.back() != seq2seq_settings(m.config).eos_id);
            } else {
                CHECK(report->probe_ids.back() == seq2seq_settings(m.config).eos_id);
            }
            // A repeated probe: some head's duplicate or induction score is defined.
            bool defined = false;
            for (const lm::HeadRoleScores& s : report->probe.heads)
                defined = defined || !std::isnan(s[lm::HeadRole::DuplicateToken]);
            CHECK(defined);
            // The sentence: the same layers the app shows for this section.
            const Trace* shown = nullptr;
            for (const Trace& t : *traces)
                if (t.section == section) shown = &t;
            REQUIRE(shown != nullptr);
            std::vector<int> ids;
            for (const Token& t : shown->q_tokens) ids.push_back(t.id);
            CHECK(report->sentence_ids == ids);
            CHECK(same_scores(report->sentence, lm::score_sentence(shown->layers, ids, report->probe)));
        }
        auto cross = lm::head_role_report(m, "He went home.", "cross");
        REQUIRE_FALSE(cross.ok());
        CHECK(cross.error().find("two texts") != std::string::npos);
        CHECK_FALSE(lm::head_role_report(m, "", "middle").ok());
    }
    // One stack: the section is not asked.
    auto gpt2 = lm::head_role_report(tiny_model("tiny-gpt2"), "", "decoder");
    REQUIRE(gpt2.ok());
    CHECK(gpt2->section.empty());
}
