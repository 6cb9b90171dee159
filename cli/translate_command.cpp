// translate_command.cpp — `attnlab generate` for encoder–decoder models (translate_command.h).
//
// The JSON (documented in README.md, "Translation"):
//   model   {name, family, n_layers, n_heads, vocab_size}
//   source  {text, tokens: [{id, token}]}            the encoder's input (Marian: then </s>)
//   search  {mode: "greedy" | "beams", beams, length_penalty, early_stopping, score, finished}
//   steps   [{position, id, token, probability, top: [{id, token, probability, logit}],
//             cross_attention: [layer] (heads, S)}]  one per written token, </s> included
//   ablation   {spec, mode, heads: [{section, layer, head}], attention_off / mlp_off: [{section,
//              layer}]}  with --ablate only: the knocked-out model wrote this (1-based)
//   beam_tree  [step] [{parent, id, sum, finished, score}]   beam search only
//   generated_text                                    the target without special tokens
#include "cli/translate_command.h"

#include <cmath>
#include <iostream>

#include "cli/cli_messages.h"
#include "cli/lm_output.h"
#include "core/base/json_writer.h"
#include "core/lm/knockout.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::cli {

using pretrained::PretrainedModel;

int run_translate(const GenerateOptions& o, const PretrainedModel& m) {
    const char* who = "generate";
    if (o.sample)
        return fail(who, m.name + " translates: it writes greedily or by beam search, not by sampling. Leave out "
                    "--temperature, --top-k and --top-p (use --beams to choose the search).", kExitBadInput);
    if (o.chat) return fail(who, "--chat: " + m.name + " translates; it has no chat format.", kExitBadInput);
    if (o.beams < 0 || o.beams > 64) return fail(who, "--beams must be between 1 and 64 (0: the folder's setting).", kExitBadInput);
    if (m.caps().inputs.audio)  // no text source: it writes what it hears
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             " model: it listens to a recording. Write what it hears with attnlab transcribe --model "
                             "DIR --audio FILE.",
                    kExitBadInput);
    auto ablation = ablation_for(m, o.ablate, o.ablation);
    if (!ablation) return fail(who, ablation.error(), kExitBadInput);
    if (!ablation->empty()) {
        if (Status st = lm::check_translation_knockout(m, *ablation); !st) return fail(who, st.message(), kExitBadInput);
    }
    auto source = pretrained::source_tokens(m, o.text, 1 << 20);
    if (!source) return fail(who, source.error(), kExitBadInput);
    std::vector<int> source_ids;
    for (const pretrained::SubwordToken& t : *source) source_ids.push_back(t.id);

    const pretrained::DecoderFacts dec = m.family().decoder_facts(m);
    const int beams = o.beams > 0 ? o.beams : dec.num_beams;
    const int max_new = o.tokens_given ? o.tokens : pretrained::generation_limit(m.config);
    const pretrained::Translation t = beams > 1 ? pretrained::translate_beams(m, source_ids, beams, max_new, *ablation)
                                                : pretrained::translate_greedy(m, source_ids, max_new, *ablation);
    const auto scored = pretrained::score_translation(m, source_ids, t.ids, o.report_top, max_new, *ablation);
    const pretrained::ModelFamily& family = m.family();

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        // Unknown tokens (the vocabulary's <unk>) flagged, and listed: the model translates them blind.
        const std::vector<bool> unknown = pretrained::unknown_source_tokens(m, *source);
        j.key("source").begin_object().key("text").value(o.text).key("tokens").begin_array();
        for (std::size_t i = 0; i < source->size(); ++i) {
            const pretrained::SubwordToken& s = (*source)[i];
            j.begin_object().key("id").value(s.id).key("token").value(s.display.empty() ? s.piece : s.display);
            if (unknown[i]) j.key("unknown").value(true);
            j.end_object();
        }
        j.end_array().key("unknown_words").begin_array();
        for (const std::string& w : pretrained::unknown_source_words(m, *source, o.text)) j.value(w);
        j.end_array().end_object();
        j.key("search").begin_object();
        j.key("mode").value(beams > 1 ? "beams" : "greedy").key("beams").value(beams);
        j.key("length_penalty").value(dec.length_penalty);
        j.key("early_stopping").value(dec.early_stopping);
        j.key("score").value(t.score).key("finished").value(t.finished);
        j.end_object();
        if (!ablation->empty()) write_ablation(j, *ablation);
        j.key("steps").begin_array();
        for (std::size_t i = 0; i < t.ids.size(); ++i) {
            const int id = t.ids[i];
            j.begin_object().key("position").value(int(i)).key("id").value(id);
            j.key("token").value(family.token_label(m, id));
            if (i < scored.size()) {
                j.key("probability").value(scored[i].chosen.probability);
                j.key("top").begin_array();
                for (const pretrained::TokenScore& k : scored[i].top) {
                    j.begin_object().key("id").value(k.id).key("token").value(family.token_label(m, k.id));
                    j.key("probability").value(k.probability).key("logit").value(k.logit).end_object();
                }
                j.end_array();
            }
            if (!o.no_attention && i < t.session.steps.size()) {
                // [layer] (heads, S): what the decoder read in the source while it chose this token.
                j.key("cross_attention").begin_array();
                for (const Mat& rows : t.session.steps[i].cross_attention) j.matrix(rows);
                j.end_array();
            }
            j.end_object();
        }
        j.end_array();
        if (!t.tree.empty()) {
            j.key("beam_tree").begin_array();
            for (const auto& step : t.tree) {
                j.begin_array();
                for (const pretrained::BeamNode& n : step) {
                    j.begin_object().key("parent").value(n.parent).key("id").value(n.id);
                    j.key("token").value(family.token_label(m, n.id)).key("sum").value(n.sum);
                    j.key("finished").value(n.finished);
                    if (n.finished) j.key("score").value(n.score);
                    j.end_object();
                }
                j.end_array();
            }
            j.end_array();
        }
        std::vector<int> text_ids;
        for (int id : t.ids)
            if (!m.target_tok().is_special(id)) text_ids.push_back(id);
        j.key("generated_text").value(family.decode(m, text_ids));
        j.end_object();
        out << "\n";
    });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << one_line(o.output) << " (" << t.ids.size() << " tokens, "
                  << (beams > 1 ? std::to_string(beams) + " beams" : std::string("greedy"))
                  << (t.finished ? "" : ", stopped at the length limit") << ")\n";
    return 0;
}

}  // namespace attn::cli
