// handout_job.h — a lesson's PDF handout written from the app, off the UI thread (GL-free).
//
// render_handout (Cairo/Pango, every step's trace and figure: ~1 s) runs on the job's thread and
// the PDF is written atomically (a failure leaves any existing file as it was). The UI posts a
// request and polls take() each frame for the outcome.
#pragma once

#include <memory>
#include <string>

#include "app/jobs/async_job.h"
#include "core/lesson/lesson_run.h"

namespace attn::app {

struct HandoutRequest {
    std::shared_ptr<const lesson::Lesson> lesson;
    lesson::HandoutOptions options;  // language, font files, the opened model (kept alive below)
    std::shared_ptr<const pretrained::PretrainedModel> model;  // options.model points into it
    std::string path;                // where the PDF goes
};

struct HandoutOutcome {
    bool ok = false;
    std::string message;  // the error (English core message), or "" when ok
    std::string path;     // the file written (ok only)
    int warnings = 0;     // steps left without a figure, etc.
};

// Renders and writes synchronously (the job's body; tests call it directly).
HandoutOutcome run_handout(const HandoutRequest& request);

using HandoutJob = LatestJob<HandoutRequest, HandoutOutcome>;
inline std::unique_ptr<HandoutJob> make_handout_job() { return std::make_unique<HandoutJob>(run_handout, "attn-handout"); }

// "<dir>/<lesson file stem>-handout.pdf" (dir "" = the current folder).
std::string default_handout_path(const std::string& dir, const std::string& lesson_path);

}  // namespace attn::app
