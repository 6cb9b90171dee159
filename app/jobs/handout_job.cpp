// handout_job.cpp — a lesson's PDF handout written from the app (implementation; see handout_job.h)
#include "app/jobs/handout_job.h"

#include <filesystem>
#include <ostream>
#include <vector>

#include "core/base/atomic_file.h"

namespace attn::app {

HandoutOutcome run_handout(const HandoutRequest& request) {
    HandoutOutcome out;
    if (!request.lesson) {
        out.message = "No lesson is open.";
        return out;
    }
    lesson::HandoutOptions options = request.options;
    options.model = request.model.get();
    std::vector<std::string> warnings;
    auto pdf = lesson::render_handout(*request.lesson, options, &warnings);
    if (!pdf) {
        out.message = pdf.error();
        return out;
    }
    const std::string& bytes = *pdf;
    Status s = write_file_atomically(request.path, [&](std::ostream& os) {
        os.write(bytes.data(), std::streamsize(bytes.size()));
        return os ? Status::Ok() : Status::Error("Cannot write '" + request.path + "'.");
    });
    if (!s) {
        out.message = s.message();
        return out;
    }
    out.ok = true;
    out.path = request.path;
    out.warnings = int(warnings.size());
    return out;
}

std::string default_handout_path(const std::string& dir, const std::string& lesson_path) {
    std::string stem = std::filesystem::path(lesson_path).stem().string();
    if (stem.empty()) stem = "lesson";
    const std::filesystem::path file = stem + "-handout.pdf";
    return dir.empty() ? file.string() : (std::filesystem::path(dir) / file).string();
}

}  // namespace attn::app
