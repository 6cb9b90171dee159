// beam_figure.cpp — a beam search's tree as the beam figure's record
// (implementation; the interface and its contract are in beam_figure.h)
#include "core/lm/beam_figure.h"

#include <algorithm>
#include <cassert>

namespace attn::lm {

namespace {

// SentencePiece's word-start mark ▁ (U+2581) as "_": the figure font (NanumGothic) has no ▁.
std::string figure_piece(std::string text) {
    static const std::string mark = "\xE2\x96\x81";
    for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + 1))
        text.replace(at, mark.size(), "_");
    return text;
}

}  // namespace

BeamFigureData beam_figure_data(const pretrained::PretrainedModel& m, const std::string& source,
                                const std::vector<std::vector<pretrained::BeamNode>>& tree, const std::vector<int>& ids,
                                int beams, double score) {
    const pretrained::ModelFamily& family = m.family();
    BeamFigureData d;
    d.model = m.name;
    d.family = family.display_name(m.config);
    d.source = source;
    d.beams = beams;
    d.score = score;
    std::vector<int> text_ids;
    for (int id : ids)
        if (!m.target_tok().is_special(id)) text_ids.push_back(id);
    d.translation = figure_piece(family.decode(m, text_ids));
    const std::vector<int> path = pretrained::winning_path(tree, ids);
    for (std::size_t s = 0; s < tree.size(); ++s) {
        // A node's parent is its beam's rank among the step before's unfinished nodes: as an index.
        std::vector<int> running;
        if (s > 0)
            for (int i = 0; i < int(tree[s - 1].size()); ++i)
                if (!tree[s - 1][std::size_t(i)].finished) running.push_back(i);
        std::vector<BeamFigureNode> step;
        for (std::size_t i = 0; i < tree[s].size(); ++i) {
            const pretrained::BeamNode& n = tree[s][i];
            BeamFigureNode f;
            f.id = n.id;
            f.token = figure_piece(family.token_label(m, n.id));
            assert(s == 0 || (n.parent >= 0 && n.parent < int(running.size())));  // the search's own tree
            f.parent = s == 0 ? -1 : running[std::size_t(std::clamp(n.parent, 0, int(running.size()) - 1))];
            f.sum = n.sum;
            f.finished = n.finished;
            f.winner = path[s] == int(i);
            step.push_back(std::move(f));
        }
        d.steps.push_back(std::move(step));
    }
    return d;
}

}  // namespace attn::lm
