// panel_lesson.cpp — guided lessons in the app: the lesson column, menus, open dialog, drops
// (implementation; the interface and its contract are in panel_lesson.h)
//
// [SECTION] Rich text: a RichText flowed by rich_text_flow.h, drawn with the draw list
// [SECTION] Opening: files, the built-in list, the dialog, dropped files
// [SECTION] Per frame: clicks, the handout job, keys
// [SECTION] The lesson column: header, step, question, footer
#include "app/panels/panel_lesson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/lesson/rich_text_flow.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

constexpr float kPresentationTextScale = 1.3f;  // lesson text on top of presentation mode's zoom
constexpr ImU32 kCodeText = IM_COL32(255, 190, 120, 255);
constexpr ImU32 kCodeBg = IM_COL32(255, 255, 255, 24);

ImVec4 ok_colour() { return ImVec4(0.45f, 0.9f, 0.5f, 1.0f); }
ImVec4 warn_colour() { return ImVec4(1.0f, 0.85f, 0.3f, 1.0f); }

// ---- [SECTION] Rich text ---------------------------------------------------------------------

bool has_glyph(unsigned cp) {
    return cp <= 0xFFFF && ImGui::GetFont()->FindGlyphNoFallback(ImWchar(cp)) != nullptr;
}

// Lesson text with the characters the font lacks (ᵀ, −, …) spelled in ASCII.
std::string fix(const std::string& text) { return replace_missing_glyphs(text, has_glyph); }

// Draws `text` at the cursor, wrapped to the content width; bold is drawn twice (one font), italic
// is slanted, code gets a tinted box.
void draw_rich_text(const lesson::RichText& source, ImU32 colour = 0) {
    if (source.empty()) return;
    const lesson::RichText text = replace_missing_glyphs(source, has_glyph);
    if (colour == 0) colour = ImGui::GetColorU32(ImGuiCol_Text);
    const float width = std::max(ImGui::GetContentRegionAvail().x, 40.0f);
    const float font = ImGui::GetFontSize();
    const Flow flow = flow_rich_text(text, width, font * 1.2f, [](std::string_view s) {
        return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
    });
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const FlowRun& r : flow.runs) {
        const ImVec2 p(origin.x + r.x, origin.y + float(r.line) * line_h);
        const char* b = r.text.data();
        const char* e = b + r.text.size();
        if (r.code) {
            const float w = ImGui::CalcTextSize(b, e).x;
            dl->AddRectFilled(ImVec2(p.x - 2, p.y - 1), ImVec2(p.x + w + 2, p.y + font + 1), kCodeBg, 3.0f);
        }
        const ImU32 c = r.code ? kCodeText : colour;
        const int first = dl->VtxBuffer.Size;
        dl->AddText(p, c, b, e);
        if (r.bold) dl->AddText(ImVec2(p.x + std::max(1.0f, std::floor(font / 18.0f)), p.y), c, b, e);
        if (r.italic) {  // slant about the baseline
            const float base = p.y + font * 0.8f;
            for (int k = first; k < dl->VtxBuffer.Size; ++k) {
                ImVec2& v = dl->VtxBuffer[k].pos;
                v.x += (base - v.y) * 0.18f;
            }
        }
    }
    ImGui::Dummy(ImVec2(width, float(flow.lines) * line_h));
}

std::string plain(const lesson::RichText& t) { return fix(lesson::to_plain_text(t)); }

// ---- [SECTION] Opening ------------------------------------------------------------------------

void refresh_builtin(LessonPanel& p, Lang lang) {
    if (p.builtin_listed && p.builtin_lang == lang) return;
    p.builtin = p.lesson_dir.empty() ? std::vector<lesson::LessonEntry>{}
                                     : lesson::list_lessons(p.lesson_dir, lesson_lang(lang));
    p.builtin_lang = lang;
    p.builtin_listed = true;
}

// Built-in lessons (UI language first) as menu items or selectables; returns the path picked.
std::string builtin_items(LessonPanel& p, Lang lang, bool menu) {
    refresh_builtin(p, lang);
    std::string picked;
    if (p.builtin.empty()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::MenuNoLessons));
        return picked;
    }
    bool other_lang = false;
    for (size_t k = 0; k < p.builtin.size(); ++k) {
        const lesson::LessonEntry& e = p.builtin[k];
        if (e.lang != lesson_lang(lang) && !other_lang) {
            other_lang = true;
            ImGui::Separator();
        }
        char label[400];
        std::snprintf(label, sizeof(label), "%s%02d  %s###lesson_builtin%zu", e.lang == lesson::Lang::Ko ? "[ko] " : "[en] ",
                      e.number, e.title.c_str(), k);
        const bool chosen = menu ? ImGui::MenuItem(label) : ImGui::Selectable(label);
        if (ImGui::IsItemHovered()) {
            char tip[64];
            std::snprintf(tip, sizeof(tip), tr(lang, Txt::LessonStepsCount), e.steps);
            ImGui::SetTooltip("%s\n%s", tip, e.path.c_str());
        }
        if (chosen) picked = e.path;
    }
    return picked;
}

std::string recent_items(const AppState& s, bool menu) {
    std::string picked;
    if (s.recent_lessons.empty()) {
        ImGui::TextDisabled("%s", tr(s.lang, Txt::MenuNoRecent));
        return picked;
    }
    for (size_t k = 0; k < s.recent_lessons.size(); ++k) {
        char label[600];
        std::snprintf(label, sizeof(label), "%s###lesson_recent%zu", s.recent_lessons[k].c_str(), k);
        if (menu ? ImGui::MenuItem(label) : ImGui::Selectable(label)) picked = s.recent_lessons[k];
    }
    return picked;
}

}  // namespace

void lesson_panel_init(LessonPanel& p, const std::filesystem::path& asset_dir, const std::string& font_file) {
    p.lesson_dir = asset_dir.empty() ? std::string() : (asset_dir / "lessons").string();
    p.font_files.clear();
    if (!font_file.empty()) p.font_files.push_back(font_file);
    p.builtin_listed = false;
}

bool open_lesson_path(LessonPanel& p, AppState& state, const std::string& path, int first_step) {
    if (!open_lesson_file(p.session, state, path, first_step)) {
        p.open_error = p.session.message;
        p.path_field = path;  // the dialog shows it, ready to be corrected
        p.session.message.clear();
        return false;
    }
    p.open_error.clear();
    p.handout_message.clear();
    const char* home = std::getenv("HOME");  // the lessons' folder may be read-only (/usr/share)
    p.handout_path = default_handout_path(home != nullptr ? home : "", path);
    p.dialog_open = false;
    return true;
}

bool lesson_wants_builtin(const LessonPanel& p) {
    return lesson_open(p.session) && p.session.step_state.model_use == lesson::ModelUse::Builtin;
}

void draw_lesson_menu_items(LessonPanel& p, AppState& s) {
    const Lang lang = s.lang;
    char label[128];
    std::snprintf(label, sizeof(label), "%s###menu_open_lesson", tr(lang, Txt::MenuOpenLesson));
    if (ImGui::MenuItem(label)) {
        p.dialog_open = true;
        p.dialog_just_opened = true;
    }
    std::snprintf(label, sizeof(label), "%s###menu_lessons", tr(lang, Txt::MenuLessons));
    if (ImGui::BeginMenu(label)) {
        const std::string picked = builtin_items(p, lang, true);
        if (!picked.empty()) open_lesson_path(p, s, picked);
        ImGui::EndMenu();
    }
    std::snprintf(label, sizeof(label), "%s###menu_recent_lessons", tr(lang, Txt::MenuRecentLessons));
    if (ImGui::BeginMenu(label)) {
        const std::string picked = recent_items(s, true);
        if (!picked.empty()) open_lesson_path(p, s, picked);
        ImGui::EndMenu();
    }
    if (lesson_open(p.session)) {
        std::snprintf(label, sizeof(label), "%s###menu_close_lesson", tr(lang, Txt::LessonClose));
        if (ImGui::MenuItem(label, "Esc")) close_lesson(p.session, s);
    }
}

void draw_lesson_dialog(LessonPanel& p, AppState& s, std::vector<std::string>& dropped) {
    const Lang lang = s.lang;
    for (const std::string& path : take_dropped_lessons(dropped)) {
        if (open_lesson_path(p, s, path)) break;  // the first one that opens
    }
    char title[128];
    std::snprintf(title, sizeof(title), "%s###open_lesson_dialog", tr(lang, Txt::OpenLessonTitle));
    if (p.dialog_just_opened) {
        ImGui::OpenPopup(title);
        p.dialog_just_opened = false;
    }
    // Closed meanwhile (a lesson opened from a drop): submit the popup once more to close it, so no
    // invisible modal is left in ImGui's popup stack.
    if (!p.dialog_open && !ImGui::IsPopupOpen(title)) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.8f, 48.0f * ImGui::GetFontSize()), 0.0f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.4f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    bool open = true;
    if (!ImGui::BeginPopupModal(title, &open)) {
        p.dialog_open = false;
        return;
    }
    if (close_popup_on_escape(&p.dialog_open)) return ImGui::EndPopup();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(tr(lang, Txt::OpenLessonIntro));
    ImGui::PopTextWrapPos();
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, Txt::OpenLessonGo)).x - 4.0f * ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    bool go = ImGui::InputTextWithHint("##lesson_path", tr(lang, Txt::OpenLessonPathHint), &p.path_field,
                                       ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    char label[96];
    std::snprintf(label, sizeof(label), "%s###lesson_open_go", tr(lang, Txt::OpenLessonGo));
    go = ImGui::Button(label) || go;
    if (go && !p.path_field.empty()) open_lesson_path(p, s, p.path_field);
    if (!p.open_error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", localize_lesson_message(p.open_error, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
    ImGui::TextDisabled("%s", tr(lang, Txt::OpenLessonBuiltin));
    ImGui::BeginChild("##lesson_lists", ImVec2(0.0f, 14.0f * ImGui::GetTextLineHeightWithSpacing()), true);
    std::string picked = builtin_items(p, lang, false);
    ImGui::Separator();
    ImGui::TextDisabled("%s", tr(lang, Txt::MenuRecentLessons));
    const std::string recent = recent_items(s, false);
    if (picked.empty()) picked = recent;
    ImGui::EndChild();
    if (!picked.empty()) open_lesson_path(p, s, picked);
    ImGui::TextDisabled("%s", tr(lang, Txt::LessonDropHint));
    if (!p.dialog_open || !open) {
        p.dialog_open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// ---- [SECTION] Per frame ----------------------------------------------------------------------

void lesson_panel_update(LessonPanel& p, AppState& s, const ComputeView& view, bool model_open) {
    p.session.model_open = model_open;
    note_click(p.session, s);
    if (p.reveal_when_ready && lesson_open(p.session) && view.trace && !view.busy) {
        show_answer(p.session, s, *view.trace);
        p.reveal_when_ready = false;
    }
    if (p.handout) {
        if (auto done = p.handout->take()) {
            p.handout_ok = done->result.ok;
            p.handout_message = done->result.ok ? done->result.path : done->result.message;
        }
        p.handout_running = p.handout->busy();
    }
}

bool handle_lesson_keys(LessonPanel& p, AppState& s) {
    if (!lesson_open(p.session)) return false;
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) return false;
    bool used_page_keys = false;
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT) || ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN)) {
        used_page_keys = ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN);
        step_next(p.session, s);
    } else if (ImGui::IsKeyPressed(GLFW_KEY_LEFT) || ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP)) {
        used_page_keys = ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP);
        step_back(p.session, s);
    }
    // Esc leaves presentation mode first (the shell's key), then the lesson.
    if (!s.presentation && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) close_lesson(p.session, s);
    return used_page_keys || ImGui::IsKeyDown(GLFW_KEY_PAGE_DOWN) || ImGui::IsKeyDown(GLFW_KEY_PAGE_UP);
}

float lesson_panel_width(const LessonPanel& p, const AppState& s, float display_w) {
    if (!lesson_open(p.session)) return 0.0f;
    const float scale = ImGui::GetIO().FontGlobalScale;
    const float want = (s.presentation ? 560.0f : 400.0f) * scale;
    return std::floor(std::clamp(want, display_w * 0.25f, display_w * (s.presentation ? 0.5f : 0.4f)));
}

// ---- [SECTION] The lesson column --------------------------------------------------------------

namespace {

std::string token_text(const std::vector<Token>& tokens, int k) {
    return k >= 0 && k < int(tokens.size()) ? tokens[size_t(k)].text : std::string("?");
}

void draw_header(LessonPanel& p, AppState& s) {
    LessonSession& ss = p.session;
    const Lang lang = s.lang;
    const lesson::Lesson& lesson = *ss.lesson;
    char label[160];
    // Title, with Close on the right.
    std::snprintf(label, sizeof(label), "%s###lesson_close", tr(lang, Txt::LessonClose));
    const float close_w = ImGui::CalcTextSize(tr(lang, Txt::LessonClose)).x + 2.0f * ImGui::GetStyle().FramePadding.x;
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - close_w - ImGui::GetStyle().ItemSpacing.x);
    ImGui::TextColored(warn_colour(), "%s", fix(lesson.title).c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - close_w);
    if (ImGui::Button(label)) {
        close_lesson(ss, s);
        return;
    }
    item_tooltip(tr(lang, Txt::LessonCloseTip));

    // Back, "Step n / N" (a combo: jump to any step), Next.
    const int n = visible_step_count(ss), at = visible_step_number(ss, ss.step);
    const int back = neighbour_step(ss, ss.step, -1), next = neighbour_step(ss, ss.step, +1);
    ImGui::BeginDisabled(back < 0);
    std::snprintf(label, sizeof(label), "%s###lesson_back", tr(lang, Txt::LessonBack));
    if (ImGui::Button(label)) step_back(ss, s);
    ImGui::EndDisabled();
    ImGui::SameLine();
    const float next_w = ImGui::CalcTextSize(tr(lang, Txt::LessonNext)).x + 2.0f * ImGui::GetStyle().FramePadding.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - next_w - ImGui::GetStyle().ItemSpacing.x, 60.0f));
    char preview[64];
    std::snprintf(preview, sizeof(preview), tr(lang, Txt::LessonProgress), at, n);
    if (ImGui::BeginCombo("###lesson_jump", preview, ImGuiComboFlags_HeightLarge)) {
        int number = 0;
        for (int k = 0; k < int(lesson.steps.size()); ++k) {
            if (!lesson::step_visible(lesson.steps[size_t(k)], ss.model_open)) continue;
            std::snprintf(label, sizeof(label), "%d. %s###lesson_step%d", ++number, fix(lesson.steps[size_t(k)].title).c_str(), k);
            if (ImGui::Selectable(label, k == ss.step)) go_to_step(ss, s, k);
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::LessonJumpTip));
    ImGui::SameLine();
    ImGui::BeginDisabled(next < 0);
    std::snprintf(label, sizeof(label), "%s###lesson_next", tr(lang, Txt::LessonNext));
    if (ImGui::Button(label)) step_next(ss, s);
    ImGui::EndDisabled();
    ImGui::ProgressBar(n > 0 ? float(at) / float(n) : 0.0f, ImVec2(-1.0f, std::max(3.0f, ImGui::GetFontSize() * 0.22f)), "");
}

void draw_question(LessonPanel& p, AppState& s, const ComputeView& view) {
    LessonSession& ss = p.session;
    const lesson::Question* q = current_question(ss);
    if (q == nullptr) return;
    const Lang lang = s.lang;
    QuestionState& qs = ss.question;
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextColored(warn_colour(), "%s", tr(lang, Txt::LessonQuestion));
    draw_rich_text(q->ask);
    char label[400];
    const Trace* trace = view.trace.get();
    if (!q->is_click()) {
        for (size_t k = 0; k < q->choices.size(); ++k) {
            std::snprintf(label, sizeof(label), "%s###lesson_choice%zu", plain(q->choices[k]).c_str(), k);
            if (ImGui::RadioButton(label, qs.chosen == int(k + 1))) {
                qs.chosen = int(k + 1);
                qs.checked = false;
            }
        }
    } else {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::LessonClickHint));
        if (qs.click_row >= 0 && trace != nullptr) {
            ImGui::Text(tr(lang, Txt::LessonYourClick), token_text(trace->q_tokens, qs.click_row).c_str(),
                        token_text(trace->k_tokens, qs.click_col).c_str(), qs.click_row, qs.click_col);
        }
        ImGui::PopTextWrapPos();
    }
    // Check / Show me: computed from the live trace, so wait until it matches the settings.
    const bool ready = trace != nullptr && !view.busy && view.error.empty();
    ImGui::BeginDisabled(!ready || !can_check(ss));
    std::snprintf(label, sizeof(label), "%s###lesson_check", tr(lang, Txt::LessonCheck));
    if (ImGui::Button(label) && trace != nullptr) check_answer(ss, s, *trace);
    ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LessonCheckTip));
    ImGui::SameLine();
    ImGui::BeginDisabled(!ready);
    std::snprintf(label, sizeof(label), "%s###lesson_show", tr(lang, Txt::LessonShowMe));
    if (ImGui::Button(label) && trace != nullptr) show_answer(ss, s, *trace);
    ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LessonShowMeTip));
    if (!ready && view.busy) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::LessonWaiting));
    }

    ImGui::PushTextWrapPos(0.0f);
    if (!qs.error.empty()) {
        ImGui::TextColored(error_colour(), tr(lang, Txt::LessonAnswerError), localize_lesson_message(qs.error, lang).c_str());
    }
    const Verdict v = verdict(ss);
    if (v == Verdict::Right) ImGui::TextColored(ok_colour(), "%s", tr(lang, Txt::LessonRight));
    if (v == Verdict::Wrong) ImGui::TextColored(error_colour(), "%s", tr(lang, Txt::LessonWrong));
    if (qs.revealed && qs.result) {
        const lesson::AnswerResult& r = *qs.result;
        if (!r.click) {
            ImGui::TextColored(ok_colour(), tr(lang, Txt::LessonAnswerChoice), r.choice);
            if (r.choice >= 1 && r.choice <= int(q->choices.size())) {
                ImGui::SameLine();
                ImGui::TextUnformatted(("(" + plain(q->choices[size_t(r.choice - 1)]) + ")").c_str());
            }
        } else if (r.column && trace != nullptr) {
            ImGui::TextColored(ok_colour(), tr(lang, Txt::LessonAnswerToken), token_text(trace->q_tokens, r.row).c_str(), r.row);
        } else if (trace != nullptr) {
            ImGui::TextColored(ok_colour(), tr(lang, Txt::LessonAnswerCell), token_text(trace->q_tokens, r.row).c_str(),
                               token_text(trace->k_tokens, r.col).c_str(), r.row, r.col);
        }
        ImGui::PopTextWrapPos();
        lesson::RichText why;  // wrapped at spaces only: ImGui's wrap would split "1.000" at the dot
        why.blocks.emplace_back();
        why.blocks.back().spans.push_back(lesson::Span{r.why(lesson_lang(lang)), false, false, false});
        draw_rich_text(why);
        if (!q->explain.empty()) {
            ImGui::Spacing();
            draw_rich_text(q->explain, ImGui::GetColorU32(ImVec4(0.8f, 0.9f, 1.0f, 1.0f)));
        }
    } else {
        ImGui::PopTextWrapPos();
    }
}

void draw_footer(LessonPanel& p, AppState& s, std::shared_ptr<const pretrained::PretrainedModel> model) {
    const Lang lang = s.lang;
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::LessonKeysHint));
    ImGui::PopTextWrapPos();
    if (s.presentation) return;  // a classroom screen: no file paths
    char label[128];
    std::snprintf(label, sizeof(label), "%s###lesson_handout", tr(lang, Txt::LessonExport));
    ImGui::BeginDisabled(p.handout_running);
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("###lesson_handout_path", &p.handout_path);
    item_tooltip(tr(lang, Txt::ExportPathTip));
    if (ImGui::Button(label) && !p.handout_path.empty()) {
        if (!p.handout) p.handout = make_handout_job();
        HandoutRequest req;
        req.lesson = std::make_shared<const lesson::Lesson>(*p.session.lesson);
        req.options.lang = lesson_lang(lang);
        req.options.font_files = p.font_files;
        req.model = std::move(model);
        req.path = p.handout_path;
        p.handout->post(std::move(req));
        p.handout_running = true;
        p.handout_message.clear();
    }
    ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::LessonExportTip));
    ImGui::PushTextWrapPos(0.0f);
    if (p.handout_running) {
        ImGui::TextColored(warn_colour(), "%s", tr(lang, Txt::LessonExportBusy));
    } else if (!p.handout_message.empty()) {
        if (p.handout_ok) {
            ImGui::TextColored(ok_colour(), tr(lang, Txt::LessonExportDone), p.handout_message.c_str());
        } else {
            ImGui::TextColored(error_colour(), tr(lang, Txt::LessonExportFailed),
                               localize_core_message(p.handout_message, lang).c_str());
        }
    }
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_lesson_panel(LessonPanel& p, AppState& s, const ComputeView& view,
                       std::shared_ptr<const pretrained::PretrainedModel> model) {
    if (!lesson_open(p.session)) return;
    const Lang lang = s.lang;
    if (s.presentation) ImGui::SetWindowFontScale(kPresentationTextScale);
    draw_header(p, s);
    if (!lesson_open(p.session)) return;  // closed from the header
    const lesson::Step& step = p.session.lesson->steps[size_t(p.session.step)];
    ImGui::Spacing();
    ImGui::SetWindowFontScale((s.presentation ? kPresentationTextScale : 1.0f) * 1.15f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(fix(step.title).c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetWindowFontScale(s.presentation ? kPresentationTextScale : 1.0f);
    ImGui::Spacing();
    if (p.session.step_state.model_use == lesson::ModelUse::Required && !p.session.model_open) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(warn_colour(), "%s", tr(lang, Txt::LessonNeedsModel));
        ImGui::PopTextWrapPos();
    }
    draw_rich_text(step.text);
    if (!p.session.message.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", localize_lesson_message(p.session.message, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    if (!view.error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", localize_core_message(view.error, lang).c_str());
        ImGui::PopTextWrapPos();
    }
    draw_question(p, s, view);
    if (neighbour_step(p.session, p.session.step, +1) < 0) {
        ImGui::Spacing();
        ImGui::TextColored(ok_colour(), "%s", tr(lang, Txt::LessonEnd));
    }
    draw_footer(p, s, std::move(model));
    ImGui::SetWindowFontScale(1.0f);
}

}  // namespace attn::app
