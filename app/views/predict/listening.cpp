// listening.cpp — the Predict view's numbers for a speech model (GL-free; the contract is
// run_listen's, in translation.h): the decoder writes the transcript one token at a time over the
// recording, and each step's cross-attention row is the frames it looked at.
//
//   session: the encoder over the recording once (kept while the recording and language stay), the
//            prompt <|startoftranscript|> … read
//   step t (t = 0 … ): reads prompt.back() (t = 0) or prefix[t − 1], chooses prefix[t]; its rows
//   are s.steps[P − 1 + t].cross_attention, cut to the F frames that hold sound
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/views/predict/translation.h"
#include "core/audio/audio.h"
#include "core/lm/knockout.h"
#include "core/pretrained/family/speech.h"

namespace attn::app {

namespace {

// Which recording, as it is on disk now (a new recording may be saved over the same path), in
// which language it is to be heard, and with which heads knocked out.
std::string recording_key(const TranslateRequest& q) {
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    const auto size = fs::file_size(q.audio_path, e1);
    const auto time = fs::last_write_time(q.audio_path, e2);
    if (e1 || e2) return "";  // read it again: the reader will say what is wrong
    return q.audio_path + '\n' + std::to_string(size) + '\n' + std::to_string(time.time_since_epoch().count()) +
           '\n' + q.language + '\n' + pretrained::format_ablation(q.ablation) + '\n' +
           pretrained::ablation_mode_name(q.ablation.mode);
}

}  // namespace

TranslateResult run_listen(const TranslateRequest& q, EncodedSource& kept) {
    TranslateResult r;
    const pretrained::PretrainedModel& m = *q.model;
    const pretrained::ModelFamily& family = m.family();
    if (q.audio_path.empty()) {
        r.error = m.name + " is a Whisper model: it listens to a recording. Open a sound file (" +
                  std::string(audio::kSupportedAudioFormats) + ") or record one.";
        return r;
    }
    if (!q.ablation.empty())
        if (Status st = pretrained::check_ablation(q.ablation, lm::ablation_shape(m)); !st) {
            r.error = st.message();
            return r;
        }
    const std::string key = recording_key(q);
    if (key.empty() || kept.model.lock() != q.model || kept.key != key) {
        kept.forget();
        auto sound = audio::read_audio_file(q.audio_path, m.mel.sample_rate);
        if (!sound) {
            r.error = sound.error();
            return r;
        }
        pretrained::SpeechOptions opt;
        opt.language = q.language;
        opt.ablation = q.ablation;  // the knocked-out model hears it
        if (Status st = family.start_listening(m, *sound, opt, kept.start, kept.said); !st) {
            kept.forget();
            r.error = st.message();
            return r;
        }
        ++kept.encodes;
        kept.model = q.model;
        kept.key = key;
    }
    const pretrained::Transcript& said = kept.said;
    pretrained::Seq2SeqSession s = kept.start;  // the encoder's memory is shared, not copied
    const int F = std::max(said.frames, 1), P = int(said.prompt.size());
    const pretrained::DecoderFacts dec = m.family().decoder_facts(m);
    const int limit = dec.limit, eos = dec.eos_id;
    r.seconds_per_frame = said.seconds_per_frame;
    r.language = said.language;
    r.language_detected = said.language_detected;
    r.recording = std::filesystem::path(q.audio_path).filename().string();
    r.n_layers = dec.layers;
    r.n_heads = dec.heads;
    for (int f = 0; f < F; ++f) {
        char label[32];
        std::snprintf(label, sizeof label, "%.2f s", f * said.seconds_per_frame);
        r.source_labels.push_back(label);
    }
    auto scores = [&] { return pretrained::speech_next_scores(m, s.logits, s.length() == P); };

    if (q.search) {  // greedy to <|endoftext|> or the limit, as transcribe writes
        while (s.length() < limit && s.logits.size() > 0) {
            Eigen::Index best = 0;
            scores().maxCoeff(&best);
            r.prefix.push_back(int(best));
            if (int(best) == eos) break;
            family.append_target(s, int(best));
        }
        r.ended = target_ended(r.prefix, P, limit, eos);
        r.beams = 1;
    } else {
        if (!fit_prefix(r, q.prefix, P, limit, eos, m.config.vocab_size)) return r;
        replay_prefix(family, s, r);
    }
    // Step t's rows over the frames that hold sound.
    const std::size_t rows = std::max<std::size_t>(1, r.prefix.size());
    const std::size_t first = std::size_t(std::max(P - 1, 0));  // the step that read the prompt's last token
    for (std::size_t t = 0; t < rows && first + t < s.steps.size(); ++t) {
        std::vector<Mat> layers;
        for (const Mat& a : s.steps[first + t].cross_attention) layers.push_back(a.leftCols(std::min<Eigen::Index>(F, a.cols())));
        r.cross.push_back(std::move(layers));
    }
    describe_target(r, q, r.ended || s.logits.size() == 0 ? RowVec() : scores(), s.logits);  // suppressed tokens at −∞
    return r;
}

}  // namespace attn::app
