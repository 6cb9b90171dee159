// export_lens.cpp — `attnlab export --view lens`
// (implementation; the interface and its contract are in export_lens.h)
#include "cli/export_lens.h"

#include "cli/cli_messages.h"
#include "cli/lm_output.h"
#include "core/figure/figure_lens.h"
#include "core/lm/lens_figure.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/logit_lens.h"

namespace attn::cli {

namespace {
constexpr int kTopPerCell = 5;  // as the Lens view's hover list
}

int run_export_lens(const ExportOptions& o, const FigureOptions& options, const std::string& format) {
    const char* who = "export";
    if (format == "json")
        return fail(who, "--view lens writes png, svg, pdf or csv; for the lens as JSON use attnlab lens.", kExitBadInput);
    auto setup = make_run_setup(o.run);
    if (!setup) return fail(who, setup.error(), run_setup_exit_code(o.run));
    auto model = load_cli_model(o.run, *setup);
    if (!model) return fail(who, model.error(), kExitBadInput);
    if (!model->pretrained)
        return fail(who,
                    "--view lens needs a model that predicts the next token: --model DIR with a GPT-2, Llama, Qwen or "
                    "Mistral folder.",
                    kExitBadInput);
    const pretrained::PretrainedModel& m = *model->pretrained;
    auto ablation = ablation_for(m, o.ablate, o.ablation);
    if (!ablation) return fail(who, ablation.error(), kExitBadInput);
    if (!m.tokenizer || !m.caps().next_token) {
        return fail(who,
                    m.name + " is a " + pretrained::family_name(m.config) +
                        ", which does not predict the next token: the lens needs a GPT-2, Llama, Qwen or Mistral model.",
                    kExitBadInput);
    }
    auto ids = lm::encode_for_model(m, o.run.text);
    if (!ids) return fail(who, ids.error(), kExitBadInput);
    auto lens = lm::logit_lens(m, *ids, kTopPerCell, true, *ablation);
    if (!lens) return fail(who, lens.error(), kExitBadInput);
    const LensFigureData data = lm::lens_figure_data(m, *lens, o.run.text, *ablation);

    std::string bytes, what;
    if (format == "csv") {
        bytes = lens_csv(data, o.csv_bom);
        what = "lens, " + std::to_string(data.layers.size()) + " layers x " + std::to_string(data.tokens.size()) +
               " positions, top " + std::to_string(kTopPerCell);
    } else {
        FigureFormat ff = FigureFormat::Pdf;
        parse_figure_format(format, &ff);
        std::vector<std::string> warnings;
        auto rendered = render_lens_figure(data, ff, options, &warnings);
        if (!rendered) return fail(who, rendered.error(), kExitBadInput);
        print_figure_warnings(o, warnings);
        bytes = std::move(*rendered);
        what = "lens";
        if (ff == FigureFormat::Png) {
            const auto [pw, ph] = png_pixel_size(options);
            what += ", " + std::to_string(pw) + " x " + std::to_string(ph) + " px";
        }
    }
    return write_export(o, bytes, what);
}

}  // namespace attn::cli
