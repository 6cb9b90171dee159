// lesson_command.cpp — `attnlab lesson FILE [--check] [--export handout.pdf] [--lang ko]`
// (the interface is in lesson_command.h; the lesson logic lives in core/lesson).
#include "cli/lesson_command.h"

#include <fstream>
#include <iostream>

#include "core/base/asset_paths.h"
#include "core/base/atomic_file.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_run.h"

namespace attn::cli {

void add_lesson_options(CLI::App& cmd, LessonOptions& o) {
    cmd.add_option("file", o.file, "The lesson: a Markdown file (see docs/lessons.md)")->required();
    cmd.add_flag("--check", o.check,
                 "Validate: every step's settings apply and every answer computes from the trace");
    cmd.add_option("--export", o.export_path, "Write a PDF handout: every step's text, question, answer and figure");
    cmd.add_option("--lang", o.lang, "Handout labels and answers: en or ko (default: the lesson's language)");
    cmd.add_option("--model", o.model_path,
                   "A GPT-2, Llama/Qwen/Mistral or BERT folder for the steps that need a real model (lessons 9 and 11)");
    cmd.add_option("--font", o.font, "A TrueType/OpenType font file instead of the bundled NanumGothic");
}

int run_lesson(const LessonOptions& o, const char* argv0) {
    const std::string who = "attnlab lesson: ";
    auto lesson = lesson::load_lesson_file(o.file);
    if (!lesson) {
        std::cerr << lesson.error() << "\n";
        std::cerr << who << "the lesson has errors (format: docs/lessons.md).\n";
        return 1;
    }
    lesson::Lang lang = lesson->lang;
    if (o.lang == "en") lang = lesson::Lang::En;
    else if (o.lang == "ko") lang = lesson::Lang::Ko;
    else if (!o.lang.empty()) {
        std::cerr << who << "--lang must be en or ko.\n";
        return 1;  // an option's value: bad input (cli_messages.h)
    }
    std::shared_ptr<const pretrained::PretrainedModel> model;
    if (!o.model_path.empty()) {
        auto loaded = pretrained::load_pretrained_model(o.model_path);
        if (!loaded) {
            std::cerr << who << loaded.error() << "\n";
            return 1;  // a model folder refused: bad input (cli_messages.h)
        }
        model = *loaded;
    }

    int rc = 0;
    if (o.check || o.export_path.empty()) {
        const lesson::CheckReport report = lesson::check_lesson(*lesson, model.get());
        for (const std::string& e : report.errors) std::cerr << e << "\n";
        if (o.check)
            for (const std::string& n : report.notes) std::cout << "  " << n << "\n";
        std::cout << o.file << ": '" << lesson->title << "', " << lesson->steps.size() << " steps; checked "
                  << report.steps_checked << " steps and " << report.questions_checked << " answers";
        if (report.steps_skipped > 0) std::cout << ", skipped " << report.steps_skipped << " (need --model)";
        std::cout << (report.errors.empty() ? ": ok\n" : ": " + std::to_string(report.errors.size()) + " error(s)\n");
        if (!report.errors.empty()) rc = 1;
    }
    if (!o.export_path.empty() && rc == 0) {
        lesson::HandoutOptions ho;
        ho.lang = lang;
        ho.model = model.get();
        if (!o.font.empty()) {
            ho.font_files.push_back(o.font);
        } else {
            auto font = find_figure_font(resolve_asset_dir(argv0, ATTNLAB_SOURCE_ASSET_DIR));
            if (!font) {
                std::cerr << who << font.error() << "\n";
                return 1;
            }
            ho.font_files.push_back(*font);
        }
        // Lessons write formulas in Unicode (QKᵀ, −, ▸) that NanumGothic lacks: DejaVu Sans
        // (fonts-dejavu-core, which fontconfig itself depends on) fills them in.
        const char* fallback = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
        if (std::ifstream(fallback).good()) ho.font_files.push_back(fallback);
        std::vector<std::string> warnings;
        auto pdf = lesson::render_handout(*lesson, ho, &warnings);
        if (!pdf) {
            std::cerr << who << pdf.error() << "\n";
            return 1;
        }
        for (const std::string& w : warnings) std::cerr << who << "warning: " << w << "\n";
        Status s = write_file_atomically(o.export_path, [&](std::ostream& out) {
            out.write(pdf->data(), std::streamsize(pdf->size()));
            return Status::Ok();
        });
        if (!s) {
            std::cerr << who << s.message() << "\n";
            return 1;
        }
        std::cerr << "Wrote " << o.export_path << " (" << pdf->size() / 1024 << " KiB)\n";
    }
    return rc;
}

}  // namespace attn::cli
