// languages.cpp — which languages AttnLab can show, and where their catalogues are
// (implementation; the interface and its contract are in languages.h)
#include "core/i18n/languages.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "core/base/asset_paths.h"
#include "core/i18n/marks.h"

#ifndef ATTNLAB_BUILD_LOCALE_DIR
#define ATTNLAB_BUILD_LOCALE_DIR ""  // the build tree's compiled catalogues (core/i18n/CMakeLists.txt)
#endif

namespace fs = std::filesystem;

namespace attn::i18n {

namespace {

struct MessageId {
    const char* msgid;
    const char* context;
};
// TRANSLATORS: the name of your language, written in it ("한국어", "Deutsch"); the language menu lists it.
constexpr MessageId kLanguageName = {NC_("the name of this catalogue's language, in that language", "English")};

fs::path catalogue_in(const fs::path& dir, const std::string& code) {
    return dir / code / "LC_MESSAGES" / (std::string(kTextDomain) + ".mo");
}

Language load(const std::string& code, const std::vector<fs::path>& dirs) {
    Language lang;
    lang.code = code;
    lang.name = code;
    std::string looked;
    for (const fs::path& dir : dirs) {
        const fs::path file = catalogue_in(dir, code);
        std::error_code ec;
        if (!fs::exists(file, ec)) {
            looked += "\n  " + file.string();
            continue;
        }
        lang.file = file;
        auto c = read_mo(file);
        if (!c.ok()) {
            lang.problem = c.error();
            return lang;
        }
        if (const char* name = c->find(kLanguageName.context, kLanguageName.msgid)) lang.name = name;
        lang.catalogue = std::make_shared<const Catalogue>(std::move(c.value()));
        return lang;
    }
    lang.problem = "No translation catalogue for '" + code + "' was found, so the texts stay in English. " +
                   "Install AttnLab's package, or set ATTNLAB_LOCALE_DIR to the folder holding " + code +
                   "/LC_MESSAGES/" + kTextDomain + ".mo.\nLooked in:" + looked;
    return lang;
}

}  // namespace

bool is_language_code(const std::string& name) {
    if (name.size() < 2 || name.size() > 16) return false;
    std::size_t i = 0;
    while (i < name.size() && name[i] >= 'a' && name[i] <= 'z') ++i;
    if (i < 2 || i > 3) return false;
    for (; i < name.size(); ++i) {
        const char c = name[i];
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        c == '_' || c == '@';
        if (!ok) return false;
    }
    return true;
}

std::vector<fs::path> locale_dir_candidates(const fs::path& exe_path, const char* env_override,
                                            const fs::path& build_dir) {
    std::vector<fs::path> out;
    if (env_override != nullptr) {
        std::string list(env_override);
        std::size_t at = 0;
        while (at <= list.size()) {
            std::size_t end = list.find(':', at);
            if (end == std::string::npos) end = list.size();
            if (end > at) out.emplace_back(list.substr(at, end - at));
            at = end + 1;
        }
    }
    if (!exe_path.empty())
        out.push_back((exe_path.parent_path() / ".." / "share" / "locale").lexically_normal());
    if (!build_dir.empty()) out.push_back(build_dir);
    out.emplace_back("/usr/share/locale");
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<Language> find_languages(const std::vector<fs::path>& dirs,
                                     const std::vector<std::string>& required) {
    std::vector<Language> out;
    Language english;
    english.code = "en";
    english.name = "English";
    out.push_back(english);
    std::vector<std::string> codes;
    for (const std::string& code : required)
        if (code != "en" && std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
    std::vector<std::string> found;
    for (const fs::path& dir : dirs) {
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (name == "en" || !is_language_code(name)) continue;
            std::error_code ec2;
            if (fs::exists(catalogue_in(dir, name), ec2)) found.push_back(name);
        }
    }
    std::sort(found.begin(), found.end());
    for (const std::string& code : found)
        if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
    for (const std::string& code : codes) out.push_back(load(code, dirs));
    return out;
}

const std::vector<Language>& process_languages() {
    static const std::vector<Language> kLanguages = find_languages(
        locale_dir_candidates(current_executable(nullptr), std::getenv("ATTNLAB_LOCALE_DIR"), ATTNLAB_BUILD_LOCALE_DIR),
        {"ko"});
    return kLanguages;
}

int find_language(std::string_view code) {
    const std::vector<Language>& all = process_languages();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].code == code) return int(i);
    return -1;
}

std::string language_codes() {
    std::string out;
    for (const Language& l : process_languages()) out += (out.empty() ? "" : ", ") + l.code;
    return out;
}

const char* translate(int language, const char* context, const char* english) {
    const std::vector<Language>& all = process_languages();
    if (language <= 0 || std::size_t(language) >= all.size() || !all[std::size_t(language)].catalogue) return english;
    const char* t = all[std::size_t(language)].catalogue->find(context ? context : "", english);
    return t ? t : english;
}

}  // namespace attn::i18n
