// lens_figure.cpp — a LogitLens as the lens figure's record
// (implementation; the interface and its contract are in lens_figure.h)
#include "core/lm/lens_figure.h"

#include "core/lm/lm_inputs.h"

namespace attn::lm {

LensFigureData lens_figure_data(const pretrained::PretrainedModel& m, const LogitLens& lens, const std::string& text,
                                const pretrained::Ablation& ablation) {
    LensFigureData d;
    d.model = m.name;
    d.family = pretrained::family_name(m.config);
    d.text = text;
    if (!ablation.empty())
        d.ablation = pretrained::format_ablation(ablation) + " (" + pretrained::ablation_mode_name(ablation.mode) + ")";
    const int t = int(lens.ids.size());
    for (int id : lens.ids) d.tokens.push_back(token_label(m, id));
    for (int id : lens.answer) d.answers.push_back(token_label(m, id));
    for (const LensLayer& l : lens.layers) {
        d.layers.push_back(l.layer);
        std::vector<LensFigureCell> row(static_cast<size_t>(t));
        for (int i = 0; i < t; ++i) {
            LensFigureCell& cell = row[size_t(i)];
            for (const TokenProb& p : l.top[size_t(i)]) cell.top.push_back({p.id, token_label(m, p.id), p.prob});
            cell.answer = !cell.top.empty() && cell.top[0].id == lens.answer[size_t(i)];
            cell.first_answer = l.layer == lens.first_layer_with_answer(i);
        }
        d.cells.push_back(std::move(row));
    }
    return d;
}

}  // namespace attn::lm
