// train_run.cpp — the decoders' and the encoder–decoder's runs behind TextTrainRun (see train_run.h).
#include "core/train/run_folder.h"
#include "core/train/train_run.h"

#include "core/train/gpt2_io.h"
#include "core/train/seq2seq/s2s_io.h"
#include "core/train/seq2seq/s2s_trainer.h"

namespace attn::train {

namespace {

class DecoderRun final : public TextTrainRun {
public:
    explicit DecoderRun(std::unique_ptr<TrainState> s) : s_(std::move(s)) {}
    TrainLogEntry step() override { return train_step(*s_); }
    bool done() const override { return training_done(*s_); }
    int steps_done() const override { return s_->step; }
    const TrainOptions& options() const override { return s_->options; }
    float last_loss() const override { return s_->log.empty() ? 0.0f : s_->log.back().loss; }
    bool exact_meaningful() const override { return s_->task.exact_meaningful; }
    Trace probe() const override { return probe_trace(*s_); }
    std::string probe_text() const override { return train::probe_text(*s_); }
    std::string probe_target() const override { return {}; }
    Status save(const std::string& dir) const override { return save_model_folder(*s_, dir); }

private:
    std::unique_ptr<TrainState> s_;
};

class Seq2SeqRun final : public TextTrainRun {
public:
    explicit Seq2SeqRun(std::unique_ptr<S2STrainState> s) : s_(std::move(s)) {}
    TrainLogEntry step() override { return s2s_train_step(*s_); }
    bool done() const override { return s2s_training_done(*s_); }
    int steps_done() const override { return s_->step; }
    const TrainOptions& options() const override { return s_->options; }
    float last_loss() const override { return s_->log.empty() ? 0.0f : s_->log.back().loss; }
    bool exact_meaningful() const override { return true; }
    Trace probe() const override { return s2s_probe_trace(*s_); }
    std::string probe_text() const override { return s_->task.text(s_->probe.source); }
    std::string probe_target() const override { return s_->task.text(s_->probe.target); }
    Status save(const std::string& dir) const override { return save_s2s_folder(*s_, dir); }

private:
    std::unique_ptr<S2STrainState> s_;
};

}  // namespace

Expected<std::unique_ptr<TextTrainRun>> make_text_train_run(const TrainOptions& options) {
    if (options.arch == Arch::Seq2Seq) {
        auto s = make_s2s_train_state(options);
        if (!s) return s.status();
        return std::unique_ptr<TextTrainRun>(std::make_unique<Seq2SeqRun>(std::move(*s)));
    }
    auto s = make_train_state(options);
    if (!s) return s.status();
    return std::unique_ptr<TextTrainRun>(std::make_unique<DecoderRun>(std::move(*s)));
}

}  // namespace attn::train
