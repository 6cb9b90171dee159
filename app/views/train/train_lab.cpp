// train_lab.cpp — the Train view's numbers (GL-free)
// (implementation; the interface and its contract are in train_lab.h)
#include "app/views/train/train_lab.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "app/i18n/core_messages.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "core/train/train_figure.h"

namespace attn::app {

using namespace attn::train;  // the core training API (trainer.h, task.h)

// --- settings ------------------------------------------------------------------------------

TrainOptions train_defaults(const std::string& task) { return train::trainer_kinds().front().defaults(task); }

TrainOptions s2s_train_defaults(const std::string& task) {
    for (const train::TrainerKind& k : train::trainer_kinds())
        if (k.own_tasks) return k.defaults(task);
    return train_defaults(task);
}

std::string saved_task_name(const TrainOptions& o) {
    const train::TrainerKind& kind = train::trainer_of(o);
    return kind.own_tasks ? std::string(kind.id) + ":" + o.task : o.task;
}

bool restore_task_settings(TrainOptions& o, const std::string& name, const std::string& text) {
    // "KIND:TASK" for a kind with its own tasks ("seq2seq:en-ko"), else a text task's name.
    const std::size_t colon = name.find(':');
    const train::TrainerKind* kind = colon == std::string::npos ? nullptr : train::find_trainer(name.substr(0, colon));
    if (colon != std::string::npos && (!kind || !kind->own_tasks)) return false;
    const std::string task = kind ? name.substr(colon + 1) : name;
    if (kind ? train::own_task_trainer(task) != kind : find_task(task) == nullptr) return false;
    const int threads = o.threads;
    o = kind ? kind->defaults(task) : train_defaults(task);
    o.threads = threads;
    if (!kind && task_uses_text(task)) o.task_params.text = text;
    return true;
}

bool task_uses_symbols(const std::string& task) {
    return task == "reverse" || task == "sort" || task == "copy" || task == "induction" ||
           task == "repeat";
}
bool task_uses_text(const std::string& task) { return task == "text"; }

bool same_train_options(const TrainOptions& a, const TrainOptions& b) {
    return a.task == b.task && a.task_params.n_symbols == b.task_params.n_symbols &&
           a.task_params.length == b.task_params.length && a.task_params.text == b.task_params.text &&
           a.n_layers == b.n_layers && a.n_heads == b.n_heads && a.d_model == b.d_model && a.mlp == b.mlp &&
           a.steps == b.steps && a.batch == b.batch && a.warmup == b.warmup && a.lr == b.lr && a.seed == b.seed &&
           a.arch == b.arch && a.kv_heads == b.kv_heads && a.rope_theta == b.rope_theta;
}

std::string use_model_folder(int n) {
    std::error_code ec;
    std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    if (ec) tmp = "/tmp";
    return (tmp / ("attnlab-trained-" + std::to_string(::getpid()) + "-" + std::to_string(n))).string();
}

std::string probe_token_label(const std::string& token) { return train_token_label(token); }

TrainFigureData train_figure_of(const TrainOptions& run, const TrainCurves& c, const ProbeSnapshot* probe, int step,
                                int total, bool exact_meaningful) {
    TrainFigureData d = train::train_figure_header(run);
    d.step = step;
    d.total_steps = total > 0 ? total : run.steps;
    d.exact_meaningful = exact_meaningful;
    d.steps = c.step;
    d.losses = c.loss;
    const std::size_t n = std::min({c.eval_step.size(), c.eval_loss.size(), c.exact.size(), c.token_acc.size()});
    for (std::size_t i = 0; i < n; ++i) d.evals.push_back({int(c.eval_step[i]), c.eval_loss[i], c.exact[i], c.token_acc[i]});
    if (probe && probe->probe) {
        d.probe = probe->probe;
        d.probe_step = probe->step;
    }
    return d;
}

double step_gflop(const TrainOptions& o, int seq_len) {
    if (train::trainer_of(o).two_stacks) {  // seq_len: the longest source or target + 1
        const double T = std::max(seq_len, 1), d = o.d_model, L = o.n_layers;
        const double tokens = double(o.batch) * T;
        const double weights = L * 12.0 * d * d + L * 16.0 * d * d;  // the encoder's layers, the decoder's (+ cross)
        const double attention = 36.0 * L * double(o.batch) * T * T * d;  // three attentions
        const double head = d * 64.0;  // the tied output over the tasks' vocabularies (a few dozen pieces)
        return (6.0 * tokens * (weights + head) + attention) / 1e9;
    }
    const double T = std::max(seq_len - 1, 1), d = o.d_model, L = o.n_layers;
    const double tokens = double(o.batch) * T;
    const double weights = L * (o.mlp ? 12.0 : 4.0) * d * d + d * double(kFolderVocab);  // per token
    const double attention = 12.0 * L * double(o.batch) * T * T * d;  // QKᵀ and A·V, forward and backward
    return (6.0 * tokens * weights + attention) / 1e9;
}

namespace {

std::string range_message(Lang lang, Txt what, long long v, long long lo, long long hi) {
    char buf[256];
    std::snprintf(buf, sizeof(buf), tr(lang, Txt::TrainBadRange), tr(lang, what), v, lo, hi);
    return buf;
}

}  // namespace

namespace {

std::string check_s2s_settings(const TrainOptions& o, Lang lang) {
    const Seq2SeqTaskInfo* info = find_seq2seq_task(o.task);
    if (!info)
        return localize_core_message("--task " + o.task + ": no such task for --arch seq2seq. Choose one of: " +
                                         seq2seq_task_names() + ".",
                                     lang);
    auto made = info->make(o.task_params);
    if (!made) return localize_core_message(made.status().message(), lang);
    if (const double g = step_gflop(o, std::max(made->max_source, made->max_target) + 1); g > kMaxStepGflop) {
        char buf[512];
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::TrainTooBig), g, kMaxStepGflop);
        return buf;
    }
    return {};
}

}  // namespace

std::string check_train_settings(const TrainOptions& o, Lang lang) {
    const train::TrainerKind& kind = train::trainer_of(o);
    const TaskInfo* info = kind.own_tasks ? nullptr : find_task(o.task);
    if (!info && !kind.own_tasks)
        return localize_core_message("--task " + o.task + ": unknown task. Choose one of: " + task_names() + ".", lang);
    if (o.n_layers < 1 || o.n_layers > 4) return range_message(lang, Txt::TrainLayers, o.n_layers, 1, 4);
    if (o.n_heads < 1 || o.n_heads > 8) return range_message(lang, Txt::TrainHeads, o.n_heads, 1, 8);
    if (o.d_model < 16 || o.d_model > 256) return range_message(lang, Txt::TrainDModel, o.d_model, 16, 256);
    if (o.d_model % o.n_heads != 0) {
        char buf[256];
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::TrainNotDivisible), o.d_model, o.n_heads);
        return buf;
    }
    if (!(o.lr > 0.0f && o.lr <= 1.0f)) return tr(lang, Txt::TrainBadLr);
    if (kind.grouped_kv)  // K/V heads dividing the heads, even head sizes: the core's words
        if (Status st = validate_options(o); !st) return localize_core_message(st.message(), lang);
    if (o.batch < 1 || o.batch > 1024) return range_message(lang, Txt::TrainBatch, o.batch, 1, 1024);
    if (o.steps < 1 || o.steps > kMaxTrainSteps) return range_message(lang, Txt::TrainSteps, o.steps, 1, kMaxTrainSteps);
    if (kind.own_tasks) return check_s2s_settings(o, lang);
    if (task_uses_text(o.task)) {
        const bool blank = std::all_of(o.task_params.text.begin(), o.task_params.text.end(),
                                       [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; });
        if (blank) return tr(lang, Txt::TrainTextEmpty);
        if (o.task_params.length >= 2 && o.task_params.text.size() <= std::size_t(o.task_params.length)) {
            char buf[256];
            std::snprintf(buf, sizeof(buf), tr(lang, Txt::TrainTextShort), int(o.task_params.text.size()),
                          o.task_params.length);
            return buf;
        }
    }
    // The task's own checks (symbols, length …), in its words.
    auto made = info->make(o.task_params);
    if (!made) {
        std::string m = localize_core_message(made.status().message(), lang);
        for (auto [flag, name] : {std::pair{"--symbols", Txt::TrainSymbols}, std::pair{"--length", Txt::TrainLength}}) {
            const std::string f = flag;
            if (m.rfind(f + " ", 0) == 0) m = std::string(tr(lang, name)) + m.substr(f.size());
        }
        return m;
    }
    if (Status s = validate_options(o); !s) return localize_core_message(s.message(), lang);
    if (const double g = step_gflop(o, made->seq_len); g > kMaxStepGflop) {
        char buf[512];
        std::snprintf(buf, sizeof(buf), tr(lang, Txt::TrainTooBig), g, kMaxStepGflop);
        return buf;
    }
    return {};
}

// --- timeline ------------------------------------------------------------------------------

void add_snapshot(Timeline& t, ProbeSnapshot s) {
    auto& v = t.snapshots;
    if (!v.empty() && s.step < v.back().step) return;  // out of order: a caller's bug, ignored
    if (!v.empty() && s.step == v.back().step) {
        v.back() = std::move(s);
        return;
    }
    if (v.size() >= 2 && s.step - v[v.size() - 2].step < t.stride) {
        v.back() = std::move(s);  // the last one was only the newest: this one is newer
    } else {
        v.push_back(std::move(s));
    }
    if (int(v.size()) > std::max(t.capacity, 3)) thin_timeline(t);
}

void thin_timeline(Timeline& t) {
    auto& v = t.snapshots;
    if (v.size() < 3) return;
    std::vector<ProbeSnapshot> kept;
    kept.reserve(v.size() / 2 + 2);
    for (std::size_t i = 0; i + 1 < v.size(); i += 2) kept.push_back(std::move(v[i]));
    kept.push_back(std::move(v.back()));
    v = std::move(kept);
    t.stride *= 2;
}

int snapshot_at(const Timeline& t, int step) {
    const auto& v = t.snapshots;
    if (v.empty()) return -1;
    const auto it = std::upper_bound(v.begin(), v.end(), step,
                                     [](int x, const ProbeSnapshot& s) { return x < s.step; });
    return it == v.begin() ? 0 : int(it - v.begin()) - 1;
}

// --- curves --------------------------------------------------------------------------------

void add_log(TrainCurves& c, const TrainLogEntry& e) {
    c.step.push_back(e.step);
    c.loss.push_back(e.loss);
    c.seconds.push_back(e.seconds);
    if (e.evaluated) {
        c.eval_step.push_back(e.step);
        c.eval_loss.push_back(e.eval.loss);
        c.exact.push_back(e.eval.exact);
        c.token_acc.push_back(e.eval.token_acc);
    }
}

double steps_per_second(const TrainCurves& c, double window_s) {
    const std::size_t n = c.seconds.size();
    if (n < 2) return 0.0;
    const double t1 = c.seconds[n - 1];
    std::size_t i = n - 1;
    while (i > 0 && t1 - c.seconds[i - 1] <= window_s) --i;
    if (i == n - 1) i = n - 2;  // one step slower than the window: use the last two
    const double dt = t1 - c.seconds[i];
    return dt > 0.0 ? double(n - 1 - i) / dt : 0.0;
}

void decimate(const std::vector<double>& xs, const std::vector<double>& ys, std::size_t max_points,
              std::vector<double>& out_x, std::vector<double>& out_y) {
    out_x.clear();
    out_y.clear();
    const std::size_t n = std::min(xs.size(), ys.size());
    if (n <= max_points || max_points < 2) {
        out_x.assign(xs.begin(), xs.begin() + std::ptrdiff_t(n));
        out_y.assign(ys.begin(), ys.begin() + std::ptrdiff_t(n));
        return;
    }
    const double every = double(n - 1) / double(max_points - 1);
    for (std::size_t k = 0; k < max_points; ++k) {
        const std::size_t i = std::min(n - 1, std::size_t(std::llround(double(k) * every)));
        out_x.push_back(xs[i]);
        out_y.push_back(ys[i]);
    }
}

// --- the probe picture -----------------------------------------------------------------------

ProbeAtlas make_probe_atlas(const Trace& trace, Colormap map) {
    ProbeAtlas a;
    a.layers = int(trace.layers.size());
    for (const LayerTrace& L : trace.layers) a.heads = std::max(a.heads, L.n_heads);
    a.tq = trace.t_q();
    a.tk = trace.t_k();
    if (a.layers == 0 || a.heads == 0 || a.tq == 0 || a.tk == 0) return ProbeAtlas{};
    a.width = a.heads * a.tk;
    a.height = a.layers * a.tq;
    a.rgba.assign(std::size_t(a.width) * std::size_t(a.height) * 4, 0);
    for (int l = 0; l < a.layers; ++l) {
        const LayerTrace& L = trace.layers[std::size_t(l)];
        for (int h = 0; h < L.n_heads; ++h) {
            const Mat& w = L.heads[std::size_t(h)].weights;  // (T_q, T_k)
            for (int i = 0; i < a.tq && i < int(w.rows()); ++i) {
                for (int j = 0; j < a.tk && j < int(w.cols()); ++j) {
                    const std::size_t at = (std::size_t(l * a.tq + i) * std::size_t(a.width) + std::size_t(h * a.tk + j)) * 4;
                    if (L.is_blocked(i, j)) {
                        a.rgba[at] = a.rgba[at + 1] = a.rgba[at + 2] = 40;
                    } else {
                        const Rgb8 c = colormap_rgb8(map, std::clamp(w(i, j), 0.0f, 1.0f));
                        a.rgba[at] = c.r;
                        a.rgba[at + 1] = c.g;
                        a.rgba[at + 2] = c.b;
                    }
                    a.rgba[at + 3] = 255;
                }
            }
        }
    }
    return a;
}

}  // namespace attn::app
