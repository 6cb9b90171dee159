// head_roles_sections.cpp — head roles of an encoder–decoder's two self-attention sections
// (section_head_role_report in head_roles_probe.h).
//
//   encoder:  source = the standard probe (r r </s>: the family's frame)        → encoder layers
//   decoder:  decoder input = start, r r (the probe without its end token),
//             source = r r </s>, teacher-forced                               → decoder layers
// Cross-attention has no roles here: its queries (the target) and keys (the source) are two texts,
// and every role compares a token with the tokens of its own text.
#include <string>
#include <vector>

#include "core/lm/head_roles_probe.h"
#include "core/lm/knockout.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/seq2seq/seq2seq_block.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::lm {

using namespace attn::pretrained;

namespace {

ForwardOptions plain_options(const PretrainedModel& model) {
    ForwardOptions opt;
    opt.attention.scale = model.caps().scaled_scores;  // the model as trained (T5: unscaled)
    opt.attention.compute_stats = false;
    return opt;
}

// A decoder content from an encoder content: the start token, then the content without the
// family's end token.
std::vector<int> as_decoder_input(const PretrainedModel& model, const std::vector<int>& source) {
    std::vector<int> input = {model.family().decoder_facts(model).start_id};
    for (int id : source)
        if (id != model.family().decoder_facts(model).eos_id) input.push_back(id);
    return input;
}

}  // namespace

Expected<HeadRoleReport> section_head_role_report(const PretrainedModel& model, const std::string& sentence,
                                                  const std::string& section) {
    if (section == "cross") {
        return Status::Error("Head roles compare a token with the earlier tokens of its own text; cross-attention's "
                             "queries (the target) and keys (the source) are two texts. Choose the encoder or the "
                             "decoder.");
    }
    if (!section.empty() && section != "encoder" && section != "decoder")
        return Status::Error("Unknown section '" + section + "': use encoder or decoder.");
    if (Status st = check_translation_model(model); !st) return st;
    const bool decoder = section == "decoder";
    const ModelFamily& family = model.family();
    const ForwardOptions opt = plain_options(model);
    const std::vector<int> start = {model.family().decoder_facts(model).start_id};

    HeadRoleReport report;
    report.section = decoder ? "decoder" : "encoder";
    report.probe_set = standard_probe(model);  // the source's frame: r r </s>
    ProbeSet& probe = report.probe_set;
    if (decoder) {  // the same contents as the decoder reads them; their sources kept beside
        for (auto* contents : {&probe.pattern, &probe.position})
            for (std::vector<int>& ids : *contents) ids = as_decoder_input(model, ids);
    }
    // A decoder content's source: r r, then the end token.
    auto source_of = [&](const std::vector<int>& input) {
        std::vector<int> source(input.begin() + 1, input.end());
        source.push_back(model.family().decoder_facts(model).eos_id);
        return source;
    };
    for (const auto* contents : {&probe.pattern, &probe.position})
        for (const std::vector<int>& ids : *contents) {
            const Status st = decoder ? check_translation_ids(model, source_of(ids), {ids.begin() + 1, ids.end()})
                                      : check_translation_ids(model, ids, {});
            if (!st) return st;
        }
    const ProbeRun run = [&](const std::vector<int>& ids) {
        if (!decoder) return family.forward_pair(model, ids, start, opt).encoder.layers;
        return family.forward_pair(model, source_of(ids), ids, opt).decoder.layers;
    };
    report.probe_ids = probe.pattern.at(0);
    report.probe = score_probe(probe, run);

    if (!sentence.empty()) {
        auto source = source_tokens(model, sentence, 1 << 20);
        if (!source) return source.status();
        std::vector<int> source_ids;
        for (const SubwordToken& t : *source) source_ids.push_back(t.id);
        if (!decoder) {
            report.sentence_ids = source_ids;
            report.sentence =
                score_sentence(family.forward_pair(model, source_ids, start, opt).encoder.layers, source_ids, report.probe);
        } else {
            std::vector<int> target = translate(model, source_ids, generation_limit(model.config)).ids;
            if (!target.empty() && target.back() == model.family().decoder_facts(model).eos_id) target.pop_back();
            report.sentence_ids = start;
            report.sentence_ids.insert(report.sentence_ids.end(), target.begin(), target.end());
            report.sentence = score_sentence(family.forward_pair(model, source_ids, report.sentence_ids, opt).decoder.layers,
                                             report.sentence_ids, report.probe);
        }
    }
    return report;
}

}  // namespace attn::lm
