// export_beams.cpp — `attnlab export --view beams`
// (implementation; the interface and its contract are in export_beams.h)
#include "cli/export_beams.h"

#include "cli/cli_messages.h"
#include "core/figure/figure_beams.h"
#include "core/lm/beam_figure.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::cli {

namespace {
constexpr int kBeamsWhenGreedy = 4;  // a folder that decodes greedily still shows a tree
}

int run_export_beams(const ExportOptions& o, const FigureOptions& options, const std::string& format) {
    const char* who = "export";
    if (format == "json")
        return fail(who, "--view beams writes png, svg, pdf or csv; for the search as JSON use attnlab generate.",
                    kExitBadInput);
    if (o.beams != 0 && (o.beams < 2 || o.beams > 64))
        return fail(who, "--beams must be between 2 and 64 for --view beams (a tree needs two beams or more).",
                    kExitBadInput);
    auto setup = make_run_setup(o.run);
    if (!setup) return fail(who, setup.error(), run_setup_exit_code(o.run));
    auto model = load_cli_model(o.run, *setup);
    if (!model) return fail(who, model.error(), kExitBadInput);
    if (!model->pretrained || model->pretrained->caps().stacks != 2 || model->pretrained->caps().inputs.audio)
        return fail(who,
                    "--view beams draws a translation model's beam search: --model DIR with a Marian folder "
                    "(and --text, the source).",
                    kExitBadInput);
    const pretrained::PretrainedModel& m = *model->pretrained;
    auto source = pretrained::source_tokens(m, o.run.text, 1 << 20);
    if (!source) return fail(who, source.error(), kExitBadInput);
    std::vector<int> source_ids;
    for (const pretrained::SubwordToken& t : *source) source_ids.push_back(t.id);
    const int folder = m.family().decoder_facts(m).num_beams;
    const int beams = o.beams > 0 ? o.beams : folder > 1 ? folder : kBeamsWhenGreedy;
    const pretrained::Translation t =
        pretrained::translate_beams(m, source_ids, beams, pretrained::generation_limit(m.config));
    const BeamFigureData data = lm::beam_figure_data(m, o.run.text, t.tree, t.ids, t.beams, t.score);

    std::string bytes, what;
    std::size_t nodes = 0;
    for (const auto& step : data.steps) nodes += step.size();
    if (format == "csv") {
        bytes = beams_csv(data, o.csv_bom);
        what = "beams, " + std::to_string(data.steps.size()) + " steps, " + std::to_string(nodes) + " candidates";
    } else {
        FigureFormat ff = FigureFormat::Pdf;
        parse_figure_format(format, &ff);
        std::vector<std::string> warnings;
        auto rendered = render_beam_figure(data, ff, options, &warnings);
        if (!rendered) return fail(who, rendered.error(), kExitBadInput);
        print_figure_warnings(o, warnings);
        bytes = std::move(*rendered);
        what = "beams, " + std::to_string(data.steps.size()) + " steps";
        if (ff == FigureFormat::Png) {
            const auto [pw, ph] = png_pixel_size(options);
            what += ", " + std::to_string(pw) + " x " + std::to_string(ph) + " px";
        }
    }
    what += ", " + std::to_string(beams) + " beams" + (o.beams == 0 && folder <= 1 ? " (the folder decodes greedily)" : "");
    return write_export(o, bytes, what);
}

}  // namespace attn::cli
