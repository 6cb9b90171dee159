// lens_command.cpp — `attnlab lens` on core/lm/logit_lens.
//
//   {"model": {…}, "text", "tokens": [{id, token}], "ablation"?: {…},
//    "answers": [{position, id, token, first_layer}],
//    a translation model: "source": {text, tokens}, "tokens" the decoder's input (the start token,
//    then the model's own translation), "layers" the decoder's,
//    "layers": [{"layer": 0, "embeddings": true, "positions": […]},    (unless --no-embeddings)
//               {"layer": 1, "positions": [{position, token, top: [{id, token, probability}],
//                                           answer_probability}]}, … one per block, in order]}
#include "cli/lens_command.h"

#include <iostream>

#include "cli/cli_messages.h"
#include "cli/lm_output.h"
#include "core/base/json_writer.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/logit_lens.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

void add_lens_options(CLI::App& cmd, LensOptions& o) {
    cmd.add_option("--model", o.model_path,
                   "A local GPT-2, Llama, Qwen or Mistral folder (Hugging Face layout, or one trained by AttnLab), "
                   "or a translation model (Marian, BART, T5: its decoder)")
        ->required();
    cmd.add_option("--text", o.text,
                   "The sentence to read (a translation model: the source; the lens reads its decoder while it "
                   "writes the model's own translation)")
        ->required();
    cmd.add_option("--top", o.top, "How many tokens to write per layer and position")->capture_default_str();
    cmd.add_flag("--no-embeddings", o.no_embeddings, "Leave out the row read straight from the embeddings");
    cmd.add_flag("--compact", o.compact, "No indentation (smaller file)");
    add_ablation_options(cmd, o.ablate, o.ablation);
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->capture_default_str();
}

int run_lens(const LensOptions& o) {
    const char* who = "lens";
    if (o.top < 1 || o.top > 1000) return fail(who, "--top must be between 1 and 1000.", kExitBadInput);
    auto loaded = pretrained::load_pretrained_model(o.model_path);
    if (!loaded) return fail(who, loaded.error(), kExitBadInput);
    const pretrained::PretrainedModel& m = **loaded;
    auto ablation = ablation_for(m, o.ablate, o.ablation);
    if (!ablation) return fail(who, ablation.error(), kExitBadInput);
    if (!m.tokenizer) {
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             ": it reads images, and the logit lens needs a model that predicts the next token (GPT-2, Llama, Qwen, Mistral).",
                    kExitBadInput);
    }
    // A translation model: the decoder's lens over the model's own translation of --text.
    const bool translates = m.caps().stacks == 2;
    auto read = lm::text_lens(m, o.text, o.top, !o.no_embeddings, *ablation);
    if (!read) return fail(who, read.error(), kExitBadInput);
    const lm::LogitLens* lens = &read->lens;
    const std::vector<int>* ids = &lens->ids;
    const std::vector<int>& source_ids = read->source;
    const int t = int(ids->size());

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        j.key("text").value(o.text);
        if (translates) {
            j.key("source").begin_object().key("text").value(o.text).key("tokens").begin_array();
            for (int id : source_ids)
                j.begin_object().key("id").value(id).key("token").value(m.tokenizer->piece(id)).end_object();
            j.end_array().end_object();
        }
        j.key("tokens").begin_array();
        for (int id : *ids) write_token(j, m, id);
        j.end_array();
        if (!ablation->empty()) write_ablation(j, *ablation);
        j.key("answers").begin_array();
        for (int i = 0; i < t; ++i) {
            j.begin_object().key("position").value(i).key("id").value(lens->answer[i]);
            j.key("token").value(lm::token_label(m, lens->answer[i]));
            j.key("first_layer").value(lens->first_layer_with_answer(i)).end_object();
        }
        j.end_array();
        j.key("layers").begin_array();
        for (const lm::LensLayer& l : lens->layers) {
            j.begin_object().key("layer").value(l.layer);
            if (l.layer == 0) j.key("embeddings").value(true);
            j.key("positions").begin_array();
            for (int i = 0; i < t; ++i) {
                j.begin_object().key("position").value(i);
                j.key("token").value(lm::token_label(m, (*ids)[i]));
                j.key("top").begin_array();
                for (const lm::TokenProb& p : l.top[i]) {
                    j.begin_object().key("id").value(p.id).key("token").value(lm::token_label(m, p.id));
                    j.key("probability").value(p.prob).end_object();
                }
                j.end_array();
                j.key("answer_probability").value(l.answer_probability[i]);
                j.end_object();
            }
            j.end_array().end_object();
        }
        j.end_array();
        j.end_object();
        out << "\n";
    });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << one_line(o.output) << " (" << lens->layers.size() << " layers x " << t << " positions, top "
                  << o.top << ")\n";
    return kExitOk;
}

}  // namespace attn::cli
