// lesson_catalog.cpp — the lessons found in a folder (assets/lessons/{en,ko}/NN-slug.md and a
// teacher's own files), ordered for a lesson list: the UI language first, then by number.
#include <algorithm>
#include <filesystem>

#include "core/lesson/lesson.h"

namespace attn::lesson {

std::vector<LessonEntry> list_lessons(const std::string& dir, Lang ui_lang) {
    namespace fs = std::filesystem;
    std::vector<LessonEntry> out;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const char* sub : {"", "en", "ko"}) {
        const fs::path d = fs::path(dir) / sub;
        if (!fs::is_directory(d, ec)) continue;
        for (const auto& e : fs::directory_iterator(d, ec))
            if (e.is_regular_file(ec) && e.path().extension() == ".md") files.push_back(e.path());
    }
    for (const fs::path& p : files) {
        auto lesson = load_lesson_file(p.string());
        if (!lesson) continue;  // a broken file is not listed; opening it shows its errors
        LessonEntry e;
        e.path = p.string();
        e.title = lesson->title;
        e.lang = lesson->lang;
        e.steps = int(lesson->steps.size());
        const std::string name = p.filename().string();
        size_t digits = 0;
        while (digits < name.size() && digits < 4 && name[digits] >= '0' && name[digits] <= '9') ++digits;
        e.number = digits > 0 ? std::stoi(name.substr(0, digits)) : 0;
        out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(), [ui_lang](const LessonEntry& a, const LessonEntry& b) {
        const bool a_first = a.lang == ui_lang, b_first = b.lang == ui_lang;
        if (a_first != b_first) return a_first;
        if (a.number != b.number) return a.number < b.number;
        return a.path < b.path;
    });
    return out;
}

}  // namespace attn::lesson
