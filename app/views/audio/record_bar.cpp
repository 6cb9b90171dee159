// record_bar.cpp — the Audio view's sound controls (the contract is in record_bar.h).
#include "app/views/audio/record_bar.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/sound/recordings.h"
#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"
#include "core/attention/audio_map.h"

namespace attn::app {

namespace {

std::string formatted(const char* fmt, double a, const char* b = "") {
    char buf[1024];
    std::snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

std::string formatted_text(const char* fmt, const std::string& a) {
    char buf[1024];
    std::snprintf(buf, sizeof buf, fmt, a.c_str());
    return buf;
}

std::string problem_text(const SoundError& e, Lang lang) {
    switch (e.problem) {
        case SoundProblem::NoSoundSystem: return formatted_text(tr(lang, Txt::SoundNoSystem), e.detail);
        case SoundProblem::NoInput: return tr(lang, Txt::SoundNoInput);
        case SoundProblem::NoOutput: return tr(lang, Txt::SoundNoOutput);
        case SoundProblem::InputFailed: return formatted_text(tr(lang, Txt::SoundInputFailed), e.detail);
        case SoundProblem::OutputFailed: return formatted_text(tr(lang, Txt::SoundOutputFailed), e.detail);
        case SoundProblem::None: break;
    }
    return "";
}

SoundDevice& device(RecordBar& bar) {
    if (!bar.sound) bar.sound = std::make_unique<SoundDevice>();
    return *bar.sound;
}

// What the model heard (the trace's samples up to the frames that hold sound), shared with playback.
std::shared_ptr<const std::vector<float>> heard_sound(const TraceAudio& a) {
    return std::make_shared<const std::vector<float>>(a.samples.begin(),
                                                      a.samples.begin() + std::ptrdiff_t(heard_samples(a)));
}

}  // namespace

bool sound_busy(const RecordBar& bar) { return bar.saving || (bar.sound && bar.sound->mode() != SoundMode::Idle); }

double playhead_seconds(const RecordBar& bar) {
    if (!bar.sound || bar.sound->mode() != SoundMode::Playing) return -1.0;
    return bar.play_origin + bar.sound->played_seconds();
}

void draw_record_bar(RecordBar& bar, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    const SoundMode mode = bar.sound ? bar.sound->mode() : SoundMode::Idle;
    const TraceAudio* heard = view.trace && view.trace->audio ? view.trace->audio.get() : nullptr;

    // A save that finished on its thread.
    if (bar.save_job) {
        if (auto done = bar.save_job->take()) {
            bar.saving = false;
            bar.message_ok = done->result.ok();
            bar.message = done->result.ok() ? formatted_text(tr(lang, Txt::SoundSaved), done->request.dest)
                                            : localize_core_message(done->result.message(), lang);
        }
    }

    // A recording that just ended: kept as a WAV file, and the model listens to it.
    if (bar.sound) {
        if (auto take = bar.sound->take_recording()) {
            const double seconds = take->rate > 0 ? double(take->samples.size()) / take->rate : 0.0;
            if (seconds < kMinTakeSeconds) {
                bar.message = formatted(tr(lang, Txt::SoundTooShort), seconds);
                bar.message_ok = false;
            } else if (auto path = save_take(*take, recordings_dir(), std::time(nullptr))) {
                s.audio_path = *path;
                s.audio_word = -1;
                bar.message = formatted(tr(lang, Txt::SoundRecorded), seconds, path->c_str());
                if (take->hit_limit) bar.message += std::string(" ") + tr(lang, Txt::SoundLimit);
                bar.message_ok = true;
            } else {
                bar.message = localize_core_message(path.error(), lang);
                bar.message_ok = false;
            }
        }
        if (const SoundError e = bar.sound->take_error(); e.problem != SoundProblem::None) {
            bar.message = problem_text(e, lang);
            bar.message_ok = false;
        }
    }

    const bool busy = mode != SoundMode::Idle;
    if (!busy) {
        if (ImGui::Button(tr(lang, Txt::SoundRecord))) {
            bar.message.clear();
            device(bar).record(kMaxRecordingSeconds);
        }
    } else if (ImGui::Button(tr(lang, Txt::SoundStop))) {
        bar.sound->stop();
    }
    item_tooltip(tr(lang, busy ? Txt::SoundStopTip : Txt::SoundRecordTip));

    ImGui::SameLine();
    ImGui::BeginDisabled(busy || heard == nullptr);
    if (ImGui::Button(tr(lang, Txt::SoundPlay)) && heard) {
        bar.message.clear();
        bar.play_origin = 0.0;
        const auto sound = heard_sound(*heard);
        device(bar).play(sound, heard->sample_rate, 0, sound->size());
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tr(lang, Txt::SoundPlayTip));

    ImGui::SameLine();
    const bool word_timed = heard && heard->untimed.empty() && s.audio_word >= 0 && s.audio_word < int(heard->words.size());
    ImGui::BeginDisabled(busy || !word_timed);
    if (ImGui::Button(tr(lang, Txt::SoundPlayWord)) && word_timed) {
        const TimedWord& w = heard->words[std::size_t(s.audio_word)];
        const auto sound = heard_sound(*heard);
        const auto at = [&](double t) { return std::min(sound->size(), std::size_t(std::max(0.0, t) * heard->sample_rate)); };
        bar.message.clear();
        bar.play_origin = w.start;
        device(bar).play(sound, heard->sample_rate, at(w.start), at(w.end));
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tr(lang, Txt::SoundPlayWordTip));

    ImGui::SameLine();
    ImGui::BeginDisabled(busy || heard == nullptr);
    if (ImGui::Button(tr(lang, Txt::SoundSaveAs))) {
        bar.save_open = true;
        const std::string stem = std::filesystem::path(s.audio_path).stem().string();
        bar.save_path = (std::filesystem::path(default_export_dir()) / ((stem.empty() ? "recording" : stem) + ".wav")).string();
        ImGui::OpenPopup("###save_recording");
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tr(lang, Txt::SoundSaveAsTip));

    // The state: the level and seconds while recording, the seconds while playing.
    ImGui::SameLine();
    if (mode == SoundMode::Starting) {
        ImGui::TextDisabled("%s", tr(lang, Txt::SoundStarting));
    } else if (mode == SoundMode::Recording) {
        const TakeBuffer& live = bar.sound->live();
        const float fill = level_meter_fill(live.level());
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, fill > 0.95f ? ImVec4(0.9f, 0.25f, 0.2f, 1.0f) : ImVec4(0.3f, 0.8f, 0.4f, 1.0f));
        ImGui::ProgressBar(fill, ImVec2(160.0f, 0.0f), "");
        ImGui::PopStyleColor();
        item_tooltip(tr(lang, Txt::SoundLevelTip));
        ImGui::SameLine();
        ImGui::Text(tr(lang, Txt::SoundRecording), live.seconds(), kMaxRecordingSeconds);
    } else if (mode == SoundMode::Playing) {
        ImGui::Text(tr(lang, Txt::SoundPlaying), std::max(playhead_seconds(bar), 0.0));
    }
    if (!bar.message.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        if (bar.message_ok) ImGui::TextDisabled("%s", bar.message.c_str());
        else ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.45f, 1.0f), "%s", bar.message.c_str());
        ImGui::PopTextWrapPos();
    }

    // Save as WAV: a file name, then the recording's bytes (or what was heard) written atomically.
    char title[128];
    std::snprintf(title, sizeof title, "%s###save_recording", tr(lang, Txt::SoundSaveTitle));
    if (ImGui::BeginPopupModal(title, &bar.save_open, ImGuiWindowFlags_AlwaysAutoResize)) {
        if (close_popup_on_escape(&bar.save_open)) return ImGui::EndPopup();
        ImGui::SetNextItemWidth(480.0f);
        bool go = ImGui::InputText(tr(lang, Txt::SoundSavePath), &bar.save_path, ImGuiInputTextFlags_EnterReturnsTrue);
        ImGui::BeginDisabled(bar.save_path.empty());
        go = ImGui::Button(tr(lang, Txt::SoundSaveGo)) || go;
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button(tr(lang, Txt::SoundCancel))) {
            bar.save_open = false;
            ImGui::CloseCurrentPopup();
        }
        if (go && !bar.save_path.empty() && !bar.saving) {
            SaveRecording job;
            job.source = s.audio_path;
            if (heard) {
                job.samples.assign(heard->samples.begin(), heard->samples.begin() + std::ptrdiff_t(heard_samples(*heard)));
                job.rate = heard->sample_rate;
            }
            job.dest = bar.save_path;
            if (std::filesystem::path(job.dest).extension().empty()) job.dest += ".wav";
            if (!heard) {
                bar.message_ok = false;
                bar.message = tr(lang, Txt::SoundNothingToSave);
            } else {
                if (!bar.save_job)
                    bar.save_job = std::make_unique<LatestJob<SaveRecording, Status>>([](const SaveRecording& r) {
                        return save_recording_as(r.source, r.samples, r.rate, r.dest);
                    }, "attn-rec-save");
                bar.message_ok = true;
                bar.message = formatted_text(tr(lang, Txt::SoundSaving), job.dest);
                bar.save_job->post(std::move(job));
                bar.saving = true;
            }
            bar.save_open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

}  // namespace attn::app
