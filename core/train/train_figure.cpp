// train_figure.cpp — a training run as the record the Train figure draws
// (implementation; the interface and its contract are in train_figure.h)
#include "core/train/train_figure.h"

#include <memory>

namespace attn::train {

TrainFigureData train_figure_header(const TrainOptions& o) {
    TrainFigureData d;
    d.task = o.task;
    d.n_layers = o.n_layers;
    d.n_heads = o.n_heads;
    d.d_model = o.d_model;
    d.mlp = o.mlp;
    d.batch = o.batch;
    d.lr = o.lr;
    d.seed = o.seed;
    d.total_steps = o.steps;
    return d;
}

TrainFigureData train_figure_data(const TrainState& s) {
    TrainFigureData d = train_figure_header(s.options);
    d.step = s.step;
    d.exact_meaningful = s.task.exact_meaningful;
    d.steps.reserve(s.log.size());
    d.losses.reserve(s.log.size());
    for (const TrainLogEntry& e : s.log) {
        d.steps.push_back(e.step);
        d.losses.push_back(e.loss);
        if (e.evaluated) d.evals.push_back({e.step, e.eval.loss, e.eval.exact, e.eval.token_acc});
    }
    d.probe = std::make_shared<const Trace>(probe_trace(s));
    d.probe_step = s.step;
    return d;
}

}  // namespace attn::train
