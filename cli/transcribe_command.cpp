// transcribe_command.cpp — `attnlab transcribe` (transcribe_command.h).
#include "cli/transcribe_command.h"

#include <filesystem>

#include "cli/cli_messages.h"
#include "cli/lm_output.h"
#include "core/audio/audio.h"
#include "core/base/json_writer.h"
#include "core/base/limits.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"

namespace attn::cli {

void add_transcribe_options(CLI::App& cmd, TranscribeOptions& o) {
    cmd.add_option("--model", o.model_path, "A local Whisper model folder (config.json, model.safetensors, tokenizer, "
                                            "preprocessor_config.json, generation_config.json)")
        ->required();
    cmd.add_option("--audio", o.audio, "The recording: WAV, FLAC, Ogg (Vorbis, Opus), MP3 or AIFF; the first chunk "
                                       "(30 s for Whisper) is heard")
        ->required();
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->required();
    cmd.add_option("--language", o.language, "The language spoken (en, ko, …); default: detected from the sound");
    cmd.add_flag("--translate", o.translate, "Write English (Whisper's translate task) instead of the spoken language");
    cmd.add_option("--tokens", o.tokens, "At most this many tokens after the prompt (default: as the model allows)")
        ->check(CLI::Range(1, int(limits::kMaxTokens)));
    cmd.add_flag("--word-timestamps", o.word_timestamps,
                 "Each word's start and end in seconds, from the alignment heads' cross-attention (docs/speech.md)");
    cmd.add_flag("--compact", o.compact, "No indentation");
    cmd.add_option("--ablate", o.ablate,
                   "Listen with heads knocked out, named by section (enc.1.2, dec.2.1, cross.1.3), a sublayer "
                   "(cross.2.attn) or a decoder block's MLP (dec.2.mlp)");
    cmd.add_option("--ablation", o.ablation, "How a knocked-out head is replaced: zero, or mean")->capture_default_str();
}

int run_transcribe(const TranscribeOptions& o) {
    auto loaded = pretrained::load_pretrained_model(o.model_path);
    if (!loaded) return fail("transcribe", loaded.error(), kExitBadInput);
    const pretrained::PretrainedModel& m = **loaded;
    if (!m.caps().inputs.audio)
        return fail("transcribe",
                    m.name + " is a " + pretrained::family_name(m.config) +
                        ": it does not listen to sound. Give --model a speech model's folder (Whisper).",
                    kExitBadInput);
    auto ablation = ablation_for(m, o.ablate, o.ablation);
    if (!ablation) return fail("transcribe", ablation.error(), kExitBadInput);
    auto sound = audio::read_audio_file(o.audio, m.mel.sample_rate);
    if (!sound) return fail("transcribe", sound.error(), kExitBadInput);
    pretrained::SpeechOptions opt;
    opt.ablation = *ablation;
    opt.language = o.language;
    opt.translate = o.translate;
    opt.max_tokens = o.tokens;
    opt.word_times = o.word_timestamps;
    auto t = m.family().transcribe(m, *sound, opt);
    if (!t) return fail("transcribe", t.error(), kExitBadInput);

    Status s = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        j.key("format").value("attnlab-transcript/1");
        write_model(j, m);
        j.key("audio").begin_object();
        j.key("source").value(std::filesystem::path(o.audio).filename().string());
        j.key("format").value(sound->format);
        j.key("file_sample_rate").value(sound->file_sample_rate);
        j.key("file_channels").value(sound->file_channels);
        j.key("seconds").value(sound->seconds());
        j.key("sample_rate").value(sound->sample_rate);
        j.key("heard_seconds").value(t->seconds);
        j.key("cut").value(t->cut);
        j.end_object();
        j.key("language").value(t->language);
        j.key("language_detected").value(t->language_detected);
        if (t->language_detected) {
            j.key("language_probabilities").begin_object();
            for (const auto& [code, p] : t->language_scores) j.key(code).value(p);
            j.end_object();
        }
        j.key("task").value(o.translate ? "translate" : "transcribe");
        j.key("prompt").begin_array();
        for (int id : t->prompt) j.value(id);
        j.end_array();
        j.key("tokens").begin_array();
        for (std::size_t i = 0; i < t->ids.size(); ++i)
            j.begin_object()
                .key("id").value(t->ids[i])
                .key("token").value(m.family().token_label(m, t->ids[i]))
                .key("probability").value(t->probabilities[i])
                .end_object();
        j.end_array();
        j.key("text").value(t->text);
        j.key("finished").value(t->finished);
        if (o.word_timestamps) {
            j.key("words").begin_array();
            for (const TimedWord& w : t->words) {
                j.begin_object().key("text").value(w.text).key("start").value(w.start).key("end").value(w.end);
                j.key("tokens").begin_array();
                for (int k = w.first_token; k < w.end_token; ++k) j.value(k);
                j.end_array().end_object();
            }
            j.end_array();
            j.key("alignment_heads").value(t->alignment_heads);
            if (!t->untimed.empty()) j.key("untimed").value(t->untimed);
        }
        if (!ablation->empty()) write_ablation(j, *ablation);
        j.end_object();
        out << '\n';
    });
    if (!s) return fail_output("transcribe", o.output, s.message());
    return kExitOk;
}

}  // namespace attn::cli
