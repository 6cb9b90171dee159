// train_run.h — a text training run behind one face, whatever its architecture: the decoders
// (trainer.h: gpt, llama) or the encoder–decoder (seq2seq/s2s_trainer.h). The app's Train view
// drives a run through this; the CLI uses each trainer directly.
//
// Threading as the trainers: one thread owns a run; everything returned is a copy.
#pragma once

#include <memory>
#include <string>

#include "core/attention/trace.h"
#include "core/base/status.h"
#include "core/train/trainer.h"

namespace attn::train {

class TextTrainRun {
public:
    virtual ~TextTrainRun() = default;
    virtual TrainLogEntry step() = 0;  // one update (and its evaluation when due)
    virtual bool done() const = 0;
    virtual int steps_done() const = 0;
    virtual const TrainOptions& options() const = 0;  // resolved (threads)
    virtual float last_loss() const = 0;              // the last step's training loss (0 before any)
    virtual bool exact_meaningful() const = 0;        // false for the text task
    // The probe example through the current weights: the decoders' every layer and head; the
    // encoder–decoder's cross-attention section (target queries × source keys).
    virtual Trace probe() const = 0;
    // The probe as the app's sentence: the decoders' input; the encoder–decoder's source, and
    // its target as the second text (empty for the decoders).
    virtual std::string probe_text() const = 0;
    virtual std::string probe_target() const = 0;
    // The folder every view opens (GPT-2, Llama or Marian), written atomically.
    virtual Status save(const std::string& dir) const = 0;
};

// By options.arch. Errors: unknown task for that architecture, bad options (named).
Expected<std::unique_ptr<TextTrainRun>> make_text_train_run(const TrainOptions& options);

}  // namespace attn::train
