// vit_trainer.cpp — the image tasks' training loop, evaluation and probes (see vit_trainer.h).
#include "core/train/vit_trainer.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/rng.h"
#include "core/train/vit_io.h"

namespace attn::train {

bool apply_image_task_defaults(ImageTrainOptions& o, const std::string& task) {
    const ImageTaskInfo* info = find_image_task(task);
    if (!info) return false;
    const ImageTaskDefaults& d = info->defaults;
    o.task = task;
    apply_run_defaults(o, d);
    o.patch = d.patch;
    o.train_size = d.train_size;
    return true;
}

static VitShape shape_of(const ImageTrainOptions& o, int side, int classes) {
    VitShape s;
    s.image_side = side;
    s.patch = o.patch;
    s.n_layers = o.n_layers;
    s.n_heads = o.n_heads;
    s.d_model = o.d_model;
    s.n_classes = classes;
    return s;
}

Status validate_image_options(const ImageTrainOptions& o) {
    if (!find_image_task(o.task)) return Status::Error("--task " + o.task + ": not an image task.");
    if (Status s = validate_run_ranges(o.steps, o.batch, o.warmup, o.threads); !s) return s;
    if (o.train_size != 0)
        if (Status s = check_range("--train-size", o.train_size, 10, 60000); !s) return s;
    if (o.test_size != 0)
        if (Status s = check_range("--test-size", o.test_size, 10, 10000); !s) return s;
    if (Status s = validate_rate(o.lr, o.adamw); !s) return s;
    return validate_vit_shape(shape_of(o, 28, 10));
}

// A fresh shuffle of the training indices (Fisher–Yates on the run's own stream).
static void reshuffle(ImageTrainState& s) {
    const int n = s.data.train.size();
    s.order.resize(n);
    for (int i = 0; i < n; ++i) s.order[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(s.order[i], s.order[s.data_rng.below(i + 1)]);
    s.next = 0;
}

Expected<std::unique_ptr<ImageTrainState>> make_image_train_state(const ImageTrainOptions& o) {
    if (Status s = validate_image_options(o); !s) return s;
    auto st = std::make_unique<ImageTrainState>();
    st->options = o;
    st->info = find_image_task(o.task);
    if (o.task == "fashion") {
        auto data = load_fashion_mnist(o.data_dir.empty() ? default_fashion_dir() : o.data_dir, o.train_size,
                                       o.test_size);
        if (!data) return data.status();
        st->data = std::move(*data);
    } else {
        st->data = make_odd_one_data(o.seed, o.train_size > 0 ? o.train_size : 20000, o.test_size > 0 ? o.test_size : 2000);
    }
    const VitShape shape = shape_of(o, st->data.train.side, int(st->data.class_names.size()));
    if (Status s = validate_vit_shape(shape); !s) return s;
    st->model = make_vit_model(shape, o.seed);
    st->data_rng = TaskRng(splitmix64(o.seed ^ 0x696D616765ull));
    reshuffle(*st);
    // Probes: the first test image of each of the first four classes met (the same for every run).
    std::vector<bool> seen(st->data.class_names.size(), false);
    for (int i = 0; i < st->data.test.size() && st->probe_ids.size() < 4; ++i) {
        const int label = st->data.test.labels[i];
        if (!seen[label]) seen[label] = true, st->probe_ids.push_back(i);
    }
    st->options.threads = o.threads == 0 ? core_threads() : o.threads;
    st->pool = std::make_unique<ThreadPool>(st->options.threads);
    st->started = std::chrono::steady_clock::now();
    return st;
}

bool image_training_done(const ImageTrainState& s) { return s.step >= s.options.steps; }

TrainLogEntry image_train_step(ImageTrainState& s) {
    const ImageTrainOptions& o = s.options;
    std::vector<const std::uint8_t*> images(o.batch);
    std::vector<int> labels(o.batch);
    for (int b = 0; b < o.batch; ++b) {
        if (s.next >= s.order.size()) reshuffle(s);
        const int i = s.order[s.next++];
        images[b] = s.data.train.image(i);
        labels[b] = s.data.train.labels[i];
    }
    TrainLogEntry e;
    e.loss = vit_forward(*s.pool, s.model, s.acts, images.data(), labels.data(), o.batch);
    vit_backward(*s.pool, s.model, s.acts, s.grads, labels.data());
    // Every test image at the last step, a sample of eval_examples before.
    return finish_step(s, e, s.model.layout.tensors, s.model.params, s.model.grads,
                       [&](bool last) { return evaluate_images(s, last ? 0 : o.eval_examples); });
}

Evaluation evaluate_images(ImageTrainState& s, int n) {
    const ImageSet& test = s.data.test;
    n = n <= 0 ? test.size() : std::min(n, test.size());
    const int K = s.model.shape.n_classes;
    constexpr int kChunk = 250;
    Evaluation ev;
    double loss_sum = 0.0;
    int right = 0;
    std::vector<const std::uint8_t*> images;
    for (int done = 0; done < n; done += kChunk) {
        const int B = std::min(kChunk, n - done);
        images.resize(B);
        for (int b = 0; b < B; ++b) images[b] = test.image(done + b);
        loss_sum += double(vit_forward(*s.pool, s.model, s.eval_acts, images.data(), test.labels.data() + done, B)) * B;
        for (int b = 0; b < B; ++b) {
            const float* p = s.eval_acts.probs.data() + std::size_t(b) * K;  // (K)
            right += int(std::max_element(p, p + K) - p) == test.labels[done + b] ? 1 : 0;
        }
    }
    ev.examples = n;
    ev.loss = float(loss_sum / std::max(1, n));
    ev.exact = ev.token_acc = float(double(right) / std::max(1, n));
    return ev;
}

std::vector<std::vector<float>> classify_images(ImageTrainState& s, const std::vector<const std::uint8_t*>& images) {
    const int K = s.model.shape.n_classes, B = int(images.size());
    std::vector<std::vector<float>> out;
    if (B == 0) return out;
    vit_forward(*s.pool, s.model, s.eval_acts, images.data(), nullptr, B);
    for (int b = 0; b < B; ++b)
        out.emplace_back(s.eval_acts.probs.begin() + std::ptrdiff_t(b) * K, s.eval_acts.probs.begin() + std::ptrdiff_t(b + 1) * K);
    return out;
}

std::vector<ImageProbe> image_probes(const ImageTrainState& s) {
    std::vector<ImageProbe> probes;
    if (s.probe_ids.empty()) return probes;
    const VitShape& sh = s.model.shape;
    const auto model = to_vit_pretrained_model(s.model, s.data.class_names, "trained " + s.options.task);
    for (int id : s.probe_ids) {
        ImageProbe p;
        p.side = sh.image_side;
        p.grid = sh.grid();
        const std::uint8_t* grey = s.data.test.image(id);
        p.pixels.assign(grey, grey + std::size_t(p.side) * p.side);
        p.label = s.data.test.labels[id];
        image::Image img;  // the grey picture as RGB, as a PNG of it would be read
        img.width = img.height = p.side;
        img.rgb.reserve(p.pixels.size() * 3);
        for (std::uint8_t v : p.pixels) img.rgb.insert(img.rgb.end(), 3, v);
        auto input = pretrained::make_vision_input(*model, img, s.data.class_names[std::size_t(p.label)]);
        assert(input.ok() && "a trained ViT reads its own pictures");
        if (!input.ok()) break;
        auto trace = pretrained::compute_vision_trace(*model, *input, RunConfig{});
        assert(trace.ok() && "a trained ViT's picture is within the token limit");
        if (!trace.ok()) break;
        // The classes' probabilities from the run's logits (softmax in double).
        const std::vector<float>& logits = trace->image->logits;  // (K)
        p.predicted = int(std::max_element(logits.begin(), logits.end()) - logits.begin());
        double sum = 0;
        for (float z : logits) sum += std::exp(double(z) - double(logits[std::size_t(p.predicted)]));
        p.confidence = float(1.0 / sum);
        for (const LayerTrace& layer : trace->layers) {
            std::vector<std::vector<float>> heads;
            for (const HeadTrace& h : layer.heads)  // the class token's row over the patches
                heads.emplace_back(h.weights.row(0).data() + 1, h.weights.row(0).data() + h.weights.cols());
            p.cls_attention.push_back(std::move(heads));
        }
        p.trace = std::make_shared<const Trace>(std::move(*trace));
        probes.push_back(std::move(p));
    }
    return probes;
}

}  // namespace attn::train
