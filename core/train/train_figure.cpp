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

namespace {

// The header, every logged step's loss and every evaluation, and `probe` at the run's step.
TrainFigureData figure_of_run(const TrainOptions& o, const std::vector<TrainLogEntry>& log, int step,
                              bool exact_meaningful, Trace probe) {
    TrainFigureData d = train_figure_header(o);
    d.step = step;
    d.exact_meaningful = exact_meaningful;
    d.steps.reserve(log.size());
    d.losses.reserve(log.size());
    for (const TrainLogEntry& e : log) {
        d.steps.push_back(e.step);
        d.losses.push_back(e.loss);
        if (e.evaluated) d.evals.push_back({e.step, e.eval.loss, e.eval.exact, e.eval.token_acc});
    }
    d.probe = std::make_shared<const Trace>(std::move(probe));
    d.probe_step = step;
    return d;
}

}  // namespace

TrainFigureData train_figure_data(const TrainState& s) {
    return figure_of_run(s.options, s.log, s.step, s.task.exact_meaningful, probe_trace(s));
}

TrainFigureData train_figure_data(const S2STrainState& s) {
    return figure_of_run(s.options, s.log, s.step, true, s2s_probe_trace(s));
}

}  // namespace attn::train
