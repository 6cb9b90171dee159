// panel_controls.cpp — the left panel: sentence, presets, model, attention and mask switches
// (implementation; the interface and its contract are in panel_controls.h)
#include "app/i18n/core_messages.h"
#include "app/panels/panel_controls.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/panels/panel_model.h"
#include "app/widgets/lesson_marks.h"
#include "app/widgets/ui_widgets.h"
#include "core/base/limits.h"

namespace attn::app {

namespace {

constexpr int kDModels[] = {8, 16, 32, 64, 128, 256, 512, 768, 1024};

void section(Lang lang, Txt title) {
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", tr(lang, title));
    ImGui::Separator();
}

// A many-language translator's direction: two combos of its language codes (AppState's
// translate_from / translate_to; the shell applies them: sync_translation_languages).
void language_pair(AppState& s, const pretrained::PretrainedModel& model) {
    const Lang lang = s.lang;
    const pretrained::LanguageFacts langs = model.family().translation_languages(model);
    const float w = std::floor((ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(tr(lang, Txt::TranslateTo)).x -
                                ImGui::CalcTextSize(tr(lang, Txt::TranslateFrom)).x) * 0.5f - 3.0f * ImGui::GetStyle().ItemSpacing.x);
    auto combo = [&](const char* id, Txt label, std::string& chosen, const std::string& current) {
        ImGui::TextUnformatted(tr(lang, label));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(std::max(w, 60.0f));
        if (ImGui::BeginCombo(id, current.empty() ? "?" : current.c_str())) {
            for (const std::string& code : langs.codes)
                if (ImGui::Selectable(code.c_str(), code == current)) chosen = code;
            ImGui::EndCombo();
        }
        item_tooltip(tr(lang, Txt::TranslateLanguagesTip));
    };
    combo("##translate_from", Txt::TranslateFrom, s.translate_from, langs.source);
    ImGui::SameLine();
    combo("##translate_to", Txt::TranslateTo, s.translate_to, langs.target);
}

// Full-width text field with its label on the line above.
void text_field(ControlsPanel& p, Lang lang, Txt label, Txt tip, const char* id, std::string& value) {
    ImGui::TextUnformatted(tr(lang, label));
    item_tooltip(tr(lang, tip));
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::InputText(p.label(lang, label, id), &value);
    item_tooltip(tr(lang, tip));
}

void draw_sentence(ControlsPanel& p, AppState& s, const ComputeView& view, const ModelSession& models) {
    const Lang lang = s.lang;
    const pretrained::PretrainedModel* model = models.active.get();
    section(lang, Txt::SecSentence);
    text_field(p, lang, Txt::Sentence, Txt::SentenceTip, "sentence", s.text);
    mark_control(s.highlights, "text");
    if (model != nullptr && model->chat_format != pretrained::ChatFormat::None) {  // instruct models' prompt
        ImGui::Checkbox(p.label(lang, Txt::ChatWrap, "chat_wrap"), &s.chat_wrap);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip(tr(lang, Txt::ChatWrapTip), pretrained::chat_format_name(model->chat_format));
    }

    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo(p.label(lang, Txt::Presets, "presets"), tr(lang, Txt::Presets))) {
        for (size_t k = 0; k < p.presets.sentences.size(); ++k) {
            const std::string& sentence = p.presets.sentences[k];
            ImGui::PushID(int(k));
            if (ImGui::Selectable(sentence.c_str(), sentence == s.text)) s.text = sentence;
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::PresetsTip));
    if (!p.presets.error.empty()) {
        ImGui::TextColored(error_colour(), tr(lang, Txt::PresetsMissing),
                           localize_core_message(p.presets.error, lang).c_str());
    }

    // The second sentence: cross-attention (built-in), sentence B (BERT), the target (translation),
    // none (GPT-2).
    const bool segment_b = model != nullptr && takes_sentence_b(*model);
    const bool target = model != nullptr && takes_target(*model);
    const bool transcript = model != nullptr && model->caps().inputs.audio;  // a speech model: a typed transcript
    const bool no_second = model != nullptr && !segment_b && !target && !transcript;
    const Txt second_label = transcript ? Txt::AudioTypedBox : target ? Txt::TargetText : segment_b ? Txt::SentenceB : Txt::Cross;
    const Txt second_tip =
        transcript ? Txt::AudioTypedBoxTip : target ? Txt::TargetTextTip : segment_b ? Txt::SentenceBTip : Txt::CrossTip;
    ImGui::BeginDisabled(no_second);
    ImGui::Checkbox(p.label(lang, second_label, "cross"), &s.cross);
    mark_control(s.highlights, "cross_text");
    ImGui::EndDisabled();
    item_tooltip(tr(lang, no_second ? Txt::CrossNoSecondTip : second_tip));
    if (s.cross && !no_second) {
        text_field(p, lang, second_label == Txt::Cross ? Txt::CrossText : second_label,
                   second_label == Txt::Cross ? Txt::CrossTextTip : second_tip, "cross_text", s.cross_text);
        mark_control(s.highlights, "cross_text");
    }
    if (target && !model->family().translation_languages(*model).codes.empty()) language_pair(s, *model);

    // The token limit (the CLI's --max-tokens): what a long pasted text's refusal names.
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::InputInt(p.label(lang, Txt::TokenLimit, "max_tokens"), &s.max_tokens, 64, 256);
    s.max_tokens = std::clamp(s.max_tokens, 1, int(limits::kMaxTokens));
    item_tooltip(tr(lang, Txt::TokenLimitTip));

    if (const Trace* t = view.trace.get()) {
        ImGui::TextDisabled(tr(lang, Txt::TokensLine), t->t_q(), t->t_k());
        // Token chips: index + text, wrapped; long sentences scroll in a box of a few lines.
        const bool boxed = t->t_q() > 24;
        if (boxed) ImGui::BeginChild("tokens", ImVec2(0.0f, 4.5f * ImGui::GetTextLineHeightWithSpacing()));
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        for (int i = 0; i < t->t_q(); ++i) {
            const std::string& tok = t->q_tokens[size_t(i)].text;
            char idx[16];
            std::snprintf(idx, sizeof(idx), "%d", i);
            const float w = ImGui::CalcTextSize(idx).x + ImGui::CalcTextSize(tok.c_str()).x + 14.0f;
            if (i > 0) {
                ImGui::SameLine(0.0f, 8.0f);
                if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
            }
            ImGui::TextDisabled("%s", idx);
            ImGui::SameLine(0.0f, 3.0f);
            // A word the vocabulary lacks (read as <unk>): amber, underlined, and said so.
            const bool unknown = t->q_tokens[size_t(i)].unknown;
            if (unknown) ImGui::TextColored(warning_colour(), "%s", tok.c_str());
            else ImGui::TextUnformatted(tok.c_str());
            if (unknown) {
                const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
                ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, b.y), b, ImGui::GetColorU32(warning_colour()), 1.5f);
            }
            const Token& qt = t->q_tokens[size_t(i)];
            if (qt.id >= 0 && ImGui::IsItemHovered()) {  // subword: piece + id
                if (unknown) ImGui::SetTooltip(tr(lang, Txt::TokenUnknownTip), qt.id);
                else ImGui::SetTooltip(tr(lang, Txt::TokenPieceTip), qt.piece.c_str(), qt.id);
            }
        }
        if (boxed) ImGui::EndChild();
        // The source's unknown words also when the strip shows the target (the cross section's keys).
        std::vector<std::string> unknown = unknown_words(t->q_tokens);
        if (t->section == "cross")
            for (std::string& w : unknown_words(t->k_tokens)) unknown.push_back(std::move(w));
        if (!unknown.empty()) {
            std::string words;
            for (const std::string& w : unknown) words += (words.empty() ? "" : ", ") + w;
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(warning_colour(), tr(lang, Txt::TokensUnknownLine), int(unknown.size()), words.c_str());
            ImGui::PopTextWrapPos();
        }
    }
}

// A vision model reads the picture, not the sentence: the image in use and a button to open one.
void draw_image_input(ControlsPanel& p, AppState& s) {
    const Lang lang = s.lang;
    section(lang, Txt::ViewImage);
    ImGui::PushTextWrapPos(0.0f);
    if (s.image_path.empty()) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::ImageNone));
    else ImGui::TextDisabled(tr(lang, Txt::ImageInUse), std::filesystem::path(s.image_path).filename().string().c_str());
    if (ImGui::IsItemHovered() && !s.image_path.empty()) ImGui::SetTooltip("%s", s.image_path.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button(p.label(lang, Txt::MenuOpenImage, "open_image"))) p.open_image = true;
    item_tooltip(tr(lang, Txt::ImageOpenIntro));
}

void draw_model(ControlsPanel& p, AppState& s, ModelSession& models) {
    const Lang lang = s.lang;
    section(lang, Txt::SecModel);
    draw_model_facts(s, models, p.lesson_builtin);
    // A folder typed here opens like one from the Model menu.
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(tr(lang, Txt::OpenModelGo)).x -
                            3.0f * ImGui::GetStyle().FramePadding.x - ImGui::GetStyle().ItemSpacing.x);
    bool go = ImGui::InputTextWithHint("##model_path", tr(lang, Txt::OpenModelPathHint), &p.model_path,
                                       ImGuiInputTextFlags_EnterReturnsTrue);
    item_tooltip(tr(lang, Txt::OpenModelIntro));
    ImGui::SameLine();
    ImGui::BeginDisabled(p.model_path.empty());
    go = ImGui::Button(p.label(lang, Txt::OpenModelGo, "model_open")) || go;
    ImGui::EndDisabled();
    if (go && !p.model_path.empty()) open_model(models, s, p.model_path);
    if (models.active != nullptr) {
        if (ImGui::SmallButton(p.label(lang, Txt::MenuUseBuiltin, "model_builtin"))) use_builtin_model(models, s);
    }

    // The built-in model's switches: a pretrained model has fixed ones, so they are hidden.
    if (models.active != nullptr) {
        ImGui::TextDisabled("%s", tr(lang, Txt::BuiltinHidden));
        item_tooltip(tr(lang, Txt::BuiltinOnlyTip));
        return;
    }
    char preview[16];
    std::snprintf(preview, sizeof(preview), "%d", s.d_model);
    if (ImGui::BeginCombo(p.label(lang, Txt::DModel, "d_model"), preview)) {
        for (int d : kDModels) {
            char item[16];
            std::snprintf(item, sizeof(item), "%d", d);
            if (ImGui::Selectable(item, d == s.d_model)) s.d_model = d;
        }
        ImGui::EndCombo();
    }
    mark_control(s.highlights, "d_model");
    item_tooltip(tr(lang, Txt::DModelTip));
    ImGui::SliderInt(p.label(lang, Txt::Heads, "heads"), &s.n_heads, 1, 16);
    mark_control(s.highlights, "heads");
    s.n_heads = std::clamp(s.n_heads, 1, 256);
    item_tooltip(tr(lang, Txt::HeadsTip));
    const ImU64 step = 1;
    ImGui::InputScalar(p.label(lang, Txt::Seed, "seed"), ImGuiDataType_U64, &s.seed, &step);
    mark_control(s.highlights, "seed");
    item_tooltip(tr(lang, Txt::SeedTip));
    ImGui::Checkbox(p.label(lang, Txt::Positional, "pe"), &s.positional);
    mark_control(s.highlights, "positional");
    item_tooltip(tr(lang, Txt::PositionalTip));
}

// A run of more than one section (an encoder–decoder): which one every view shows.
const char* section_label(Lang lang, const std::string& name) {
    if (name == "encoder") return tr(lang, Txt::SectionEncoder);
    if (name == "decoder") return tr(lang, Txt::SectionDecoder);
    if (name == "cross") return tr(lang, Txt::SectionCross);
    return name.c_str();
}

void draw_sections(ControlsPanel& p, AppState& s, const ComputeView& view) {
    if (view.sections.size() < 2) return;
    const Lang lang = s.lang;
    const int current = section_index(view.sections, s.section);
    if (ImGui::BeginCombo(p.label(lang, Txt::RunSection, "section"), section_label(lang, view.sections[current]))) {
        for (int i = 0; i < int(view.sections.size()); ++i)
            if (ImGui::Selectable(section_label(lang, view.sections[i]), i == current)) s.section = view.sections[i];
        ImGui::EndCombo();
    }
    mark_control(s.highlights, "section");
    item_tooltip(tr(lang, Txt::RunSectionTip));
}

void draw_attention(ControlsPanel& p, AppState& s, const ModelSession& models) {
    const Lang lang = s.lang;
    section(lang, Txt::SecAttention);
    ImGui::Checkbox(p.label(lang, Txt::Scale, "scale"), &s.scale);
    mark_control(s.highlights, "scale");
    // A model trained without the factor (T5): unticked is the model itself, ticked the experiment.
    const bool unscaled_model = models.active && !models.active->caps().scaled_scores;
    item_tooltip(tr(lang, unscaled_model ? Txt::ScaleTipUnscaledModel : Txt::ScaleTip));
    if (unscaled_model && s.scale) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "%s", tr(lang, Txt::ScaleNotTheModel));
    }
    ImGui::SliderFloat(p.label(lang, Txt::Temperature, "temperature"), &s.temperature, 0.05f, 5.0f,
                       "%.2f", ImGuiSliderFlags_Logarithmic);
    mark_control(s.highlights, "temperature");
    s.temperature = std::clamp(s.temperature, 0.05f, 5.0f);  // typed values (ctrl+click) too
    item_tooltip(tr(lang, Txt::TemperatureTip));
}

void draw_mask(ControlsPanel& p, AppState& s, const ComputeView& view, const ModelSession& models) {
    const Lang lang = s.lang;
    section(lang, Txt::SecMask);
    // GPT-2 never sees later tokens: its causal mask is on whatever the switch says.
    const bool always_causal = models.active != nullptr && models.active->caps().always_causal;
    bool causal = s.causal || always_causal;
    ImGui::BeginDisabled(always_causal);
    if (ImGui::Checkbox(p.label(lang, Txt::Causal, "causal"), &causal) && !always_causal) s.causal = causal;
    mark_control(s.highlights, "causal");
    ImGui::EndDisabled();
    item_tooltip(tr(lang, always_causal ? Txt::CausalAlwaysTip : Txt::CausalTip));

    ImGui::Checkbox(p.label(lang, Txt::Window, "window_on"), &s.window_on);
    mark_control(s.highlights, "window");
    item_tooltip(tr(lang, Txt::WindowTip));
    ImGui::SameLine();
    const int t_max = view.trace ? std::max(view.trace->t_q(), view.trace->t_k()) : 8;
    ImGui::BeginDisabled(!s.window_on);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::SliderInt(p.label(lang, Txt::WindowK, "window"), &s.window, 0, std::max(1, t_max - 1));
    mark_control(s.highlights, "window");
    s.window = std::max(0, s.window);
    item_tooltip(tr(lang, Txt::WindowKTip));
    ImGui::EndDisabled();

    ImGui::InputTextWithHint(p.label(lang, Txt::Global, "global"), "0, 3", &s.global_tokens);
    mark_control(s.highlights, "global");
    item_tooltip(tr(lang, Txt::GlobalTip));
    if (!p.request_error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(error_colour(), "%s", p.request_error.c_str());
        ImGui::PopTextWrapPos();
    }

    ImGui::InputInt(p.label(lang, Txt::PadTo, "pad_to"), &s.pad_to);
    mark_control(s.highlights, "pad_to");
    s.pad_to = std::clamp(s.pad_to, 0, s.max_tokens);  // more would be refused as over the token limit
    item_tooltip(tr(lang, Txt::PadToTip));

    ImGui::Checkbox(p.label(lang, Txt::EditMask, "mask_edit"), &s.mask_edit);
    mark_control(s.highlights, "block");
    item_tooltip(tr(lang, Txt::EditMaskTip));
    char clear[128];
    std::snprintf(clear, sizeof(clear), tr(lang, Txt::ClearCells), int(s.blocked_cells.size()));
    ImGui::BeginDisabled(s.blocked_cells.empty());
    ImGui::PushID("clear_cells");
    if (ImGui::Button(clear)) s.blocked_cells.clear();
    ImGui::PopID();
    item_tooltip(tr(lang, Txt::ClearCellsTip));
    ImGui::EndDisabled();
}

void draw_display(ControlsPanel& p, AppState& s) {
    const Lang lang = s.lang;
    section(lang, Txt::SecDisplay);
    // English, Korean and every other catalogue found (core/i18n/languages.h), each in itself.
    if (ImGui::BeginCombo(p.label(lang, Txt::Language, "lang"), lang_display_name(lang))) {
        for (int i = 0; i < lang_count(); ++i) {
            ImGui::PushID(i);
            if (ImGui::Selectable(lang_display_name(Lang(i)), i == int(lang))) s.lang = Lang(i);
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::LanguageTip));
    // A language whose catalogue is missing shows English: say why, in English (nothing else to say it in).
    if (lang_problem(lang)[0] != '\0') {
        const std::string problem = lang_problem(lang);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.6f, 0.3f, 1.0f));
        ImGui::TextWrapped("%s", problem.substr(0, problem.find('\n')).c_str());
        ImGui::PopStyleColor();
        item_tooltip(problem.c_str());
    }
}

}  // namespace

void draw_controls_panel(ControlsPanel& panel, AppState& state, const ComputeView& view, ModelSession& models) {
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
    if (models.active != nullptr && models.active->caps().inputs.image) draw_image_input(panel, state);
    else draw_sentence(panel, state, view, models);
    draw_model(panel, state, models);
    draw_sections(panel, state, view);
    draw_attention(panel, state, models);
    draw_mask(panel, state, view, models);
    draw_display(panel, state);
    ImGui::PopItemWidth();
}

}  // namespace attn::app
