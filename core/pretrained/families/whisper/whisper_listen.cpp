// whisper_listen.cpp — from a recording to a timed transcript (whisper_listen.h, speech.h).
#include "core/pretrained/families/whisper/whisper_listen.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>

#include "core/attention/engine.h"
#include "core/attention/word_timing.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

namespace {

std::u32string code_points(const std::string& utf8) {
    std::u32string out;
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < utf8.size()) {
        if (decode_utf8(utf8, pos, cp)) {
            out.push_back(cp);
        } else {
            out.push_back(U'\uFFFD');  // decode_with_file_decoders never leaves one; kept safe
            ++pos;
        }
    }
    return out;
}

// ids as openai's decode_with_timestamps writes them: text runs decoded together (bytes that form
// no character become U+FFFD), a special token (≥ <|endoftext|>) as its piece.
std::string decode_mixed(const PretrainedModel& model, const std::vector<int>& ids, int eot) {
    std::string out;
    std::vector<int> run;
    for (int id : ids) {
        if (id >= eot) {
            out += model.family().decode(model, run);
            run.clear();
            out += model.tokenizer->piece(id);
        } else {
            run.push_back(id);
        }
    }
    return out + model.family().decode(model, run);
}

// string.punctuation, as openai tests a piece: its stripped text is a substring of it.
bool punctuation(const std::string& piece) {
    static constexpr std::string_view kPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    std::size_t b = 0, e = piece.size();
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    while (b < e && space(piece[b])) ++b;
    while (e > b && space(piece[e - 1])) --e;
    return kPunctuation.find(std::string_view(piece).substr(b, e - b)) != std::string_view::npos;
}

}  // namespace

int whisper_limit(const PretrainedConfig& c) {
    const WhisperSettings& s = whisper_settings(c);
    const int positions = s.decoder_max_positions > 0 ? s.decoder_max_positions : c.max_positions;
    return s.max_length > 0 ? std::min(s.max_length, positions) : positions;
}

RunMemory listening_memory(const PretrainedModel& model) {
    const PretrainedConfig& c = model.config;
    const double F = c.max_positions, H = c.n_heads, d = c.d_model;
    RunMemory m;
    // The chunk's spectrogram, then one encoder layer at a time over every frame of the chunk (its
    // scores and weights per head, its activations), before any trace keeps anything.
    m.working_bytes = double(model.mel.spectrogram_bytes()) + 4.0 * (2.0 * H * F * F + 8.0 * F * d);
    m.what = "a chunk of " + std::to_string(c.max_positions) + " frames, " + std::to_string(c.n_heads) + " heads, " +
             std::to_string(c.n_layers) + " layers";
    return m;
}

Expected<WhisperAudio> whisper_audio(const PretrainedModel& model, audio::Sound sound) {
    const audio::MelConfig& mel = model.mel;
    const PretrainedConfig& c = model.config;
    if (Status s = check_run_memory(listening_memory(model), kListeningAdvice); !s) return s;
    if (sound.sample_rate != mel.sample_rate)
        return Status::Error("The sound is at " + std::to_string(sound.sample_rate) + " Hz; " + model.name + " listens at " +
                             std::to_string(mel.sample_rate) + " Hz.");
    if (mel.n_mels != whisper_settings(c).n_mels || mel.n_frames() != 2 * c.max_positions)
        return Status::Error(model.name + ": preprocessor_config.json makes " + std::to_string(mel.n_mels) + " × " +
                             std::to_string(mel.n_frames()) + " log-mel features, but the encoder reads " +
                             std::to_string(whisper_settings(c).n_mels) + " × " + std::to_string(2 * c.max_positions) +
                             ". The folder mixes two models.");
    const long long heard = std::min<long long>(static_cast<long long>(sound.samples.size()), mel.n_samples());
    const int frames = int(heard / (2LL * mel.hop_length));
    if (frames < 1) {
        // Tenths of a millisecond, so 19.9 ms is never "20 ms long; needs at least 20 ms".
        char have[32], need[32];
        std::snprintf(have, sizeof have, "%.1f", std::floor(sound.seconds() * 10000) / 10);
        std::snprintf(need, sizeof need, "%.1f", 2000.0 * mel.hop_length / mel.sample_rate);
        auto trimmed = [](std::string s) { return s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0 ? s.substr(0, s.size() - 2) : s; };
        return Status::Error("The recording is " + trimmed(have) + " ms long; " + model.name + " needs at least " +
                             trimmed(need) + " ms of sound.");
    }
    WhisperAudio a;
    a.mel = audio::log_mel_spectrogram(sound.samples, mel);
    a.frames = frames;
    a.sound = std::move(sound);
    return a;
}

std::vector<int> whisper_prompt(const SpeechConfig& sp, int language, bool translate) {
    std::vector<int> p = {sp.start_id};
    if (sp.multilingual) {
        if (language >= 0) p.push_back(language);
        const int task = translate ? sp.translate_id : sp.transcribe_id;
        if (task >= 0) p.push_back(task);
    }
    if (sp.no_timestamps_id >= 0) p.push_back(sp.no_timestamps_id);
    return p;
}

std::vector<std::pair<int, float>> detect_language(const PretrainedModel& model, const Seq2SeqSession& empty) {
    const SpeechConfig& sp = whisper_settings(model.config).speech;
    Seq2SeqSession s = empty;
    model.family().append_target(s, sp.start_id);
    std::vector<std::pair<int, float>> out;
    if (sp.languages.empty()) return out;
    double top = -1e300;
    for (const auto& [code, id] : sp.languages) top = std::max(top, double(s.logits(id)));
    double total = 0;
    for (const auto& [code, id] : sp.languages) total += std::exp(double(s.logits(id)) - top);
    for (const auto& [code, id] : sp.languages) out.emplace_back(id, float(std::exp(double(s.logits(id)) - top) / total));
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

Expected<int> choose_language(const PretrainedModel& model, const SpeechOptions& opt, const Seq2SeqSession& empty,
                              Transcript& out) {
    const SpeechConfig& sp = whisper_settings(model.config).speech;
    auto code_of = [&](int id) {
        for (const auto& [code, lid] : sp.languages)
            if (lid == id) return code;
        return std::string();
    };
    if (!sp.multilingual) {
        if (!opt.language.empty() && opt.language != "en")
            return Status::Error(model.name + " is an English-only model: it cannot listen for \"" +
                                 printable_input(opt.language, 20) + "\". Open a multilingual Whisper (without .en).");
        out.language = "en";
        return -1;
    }
    if (!opt.language.empty()) {
        for (const auto& [code, id] : sp.languages)
            if (code == opt.language) {
                out.language = code;
                return id;
            }
        std::string known;
        for (std::size_t i = 0; i < sp.languages.size() && i < 12; ++i) known += (i ? ", " : "") + sp.languages[i].first;
        if (sp.languages.size() > 12) known += ", …";
        return Status::Error(model.name + " does not know the language \"" + printable_input(opt.language, 20) +
                             "\". It knows " + (known.empty() ? std::string("none") : known) + ".");
    }
    const auto scores = detect_language(model, empty);
    if (scores.empty())
        return Status::Error(model.name + "'s generation_config.json lists no languages (lang_to_id), so the language "
                             "cannot be detected. Choose one.");
    for (std::size_t i = 0; i < scores.size() && i < 5; ++i) out.language_scores.emplace_back(code_of(scores[i].first), scores[i].second);
    out.language = code_of(scores.front().first);
    out.language_detected = true;
    return scores.front().first;
}

RowVec whisper_next_scores(const SpeechConfig& sp, const RowVec& logits, bool first) {
    constexpr float kMinusInf = -std::numeric_limits<float>::infinity();
    RowVec z = logits;
    const int V = int(z.size());
    for (int id : sp.suppress)
        if (id >= 0 && id < V) z(id) = kMinusInf;
    if (first)
        for (int id : sp.begin_suppress)
            if (id >= 0 && id < V) z(id) = kMinusInf;
    const float top = z.maxCoeff();
    assert(top > kMinusInf && "whisper_next_scores: every token suppressed (the config reader refuses such lists)");
    const double log_total = std::log((z.array() - top).exp().cast<double>().sum());
    return (z.array() - top - float(log_total)).matrix();
}

void whisper_greedy(const PretrainedModel& model, Seq2SeqSession& s, int max_new, Transcript& out) {
    const PretrainedConfig& c = model.config;
    const int limit = whisper_limit(c);
    const int eot = whisper_settings(c).eos_id;
    int written = 0;
    while (s.length() < limit && written < max_new && s.logits.size() > 0) {
        const RowVec scores = whisper_next_scores(whisper_settings(c).speech, s.logits, written == 0);
        Eigen::Index best = 0;
        const float best_score = scores.maxCoeff(&best);
        ++written;
        if (int(best) == eot) {
            out.finished = true;
            break;
        }
        out.ids.push_back(int(best));
        out.probabilities.push_back(std::exp(best_score));
        if (s.length() + 1 < limit && written < max_new) {
            model.family().append_target(s, int(best));
        } else {
            break;
        }
    }
}

std::vector<TimedWord> whisper_words(const PretrainedModel& model, const std::vector<int>& text_ids) {
    const int eot = whisper_settings(model.config).eos_id;
    std::vector<int> tokens = text_ids;
    tokens.push_back(eot);
    // split_tokens_on_unicode: tokens grouped until their text holds a whole character.
    const std::u32string full = code_points(decode_mixed(model, tokens, eot));
    std::vector<std::pair<std::string, std::vector<int>>> pieces;  // (text, token indices)
    std::vector<int> current;
    std::size_t offset = 0;
    for (int i = 0; i < int(tokens.size()); ++i) {
        current.push_back(i);
        std::vector<int> ids;
        for (int k : current) ids.push_back(tokens[std::size_t(k)]);
        const std::string text = decode_mixed(model, ids, eot);
        const std::u32string cps = code_points(text);
        const std::size_t bad = cps.find(U'\uFFFD');
        if (bad == std::u32string::npos || (offset + bad < full.size() && full[offset + bad] == U'\uFFFD')) {
            pieces.emplace_back(text, current);
            current.clear();
            offset += cps.size();
        }
    }
    // split_tokens_on_spaces
    std::vector<TimedWord> words;
    std::vector<bool> special_word;
    for (auto& [text, idx] : pieces) {
        const bool special = tokens[std::size_t(idx.front())] >= eot;
        const bool with_space = !text.empty() && text.front() == ' ';
        if (special || with_space || punctuation(text) || words.empty()) {
            TimedWord w;
            w.text = text;
            w.first_token = idx.front();
            w.end_token = idx.back() + 1;
            words.push_back(std::move(w));
        } else {
            words.back().text += text;
            words.back().end_token = idx.back() + 1;
        }
    }
    // The last word holds <|endoftext|> (find_alignment's words[:-1]).
    if (!words.empty()) words.pop_back();
    return words;
}

std::vector<std::pair<int, int>> alignment_heads(const PretrainedModel& model, const std::vector<LayerTrace>& cross,
                                                 std::string& caption) {
    std::vector<std::pair<int, int>> chosen = whisper_settings(model.config).speech.alignment_heads;
    if (chosen.empty()) {  // openai's default: every head of the decoder's second half
        const int L = int(cross.size());
        for (int l = L / 2; l < L; ++l)
            for (int h = 0; h < cross[std::size_t(l)].n_heads; ++h) chosen.emplace_back(l, h);
    }
    std::vector<std::pair<int, int>> out;
    caption.clear();
    for (const auto& [l, h] : chosen) {
        if (l < 0 || l >= int(cross.size()) || h < 0 || h >= cross[std::size_t(l)].n_heads) continue;
        out.emplace_back(l, h);
        caption += std::string(caption.empty() ? "" : ", ") + "layer " + std::to_string(l + 1) + " head " + std::to_string(h + 1);
    }
    return out;
}

void time_words(const PretrainedModel& model, const std::vector<LayerTrace>& cross, int prompt_length,
                int text_length, double seconds_per_frame, std::vector<TimedWord>& words, std::string& heads) {
    std::vector<Mat> scaled;
    for (const auto& [l, h] : alignment_heads(model, cross, heads)) {
        const LayerTrace& L = cross[std::size_t(l)];
        scaled.push_back(L.heads[std::size_t(h)].scores * L.factor);
    }
    const int split_words = int(words.size()) + 1;  // find_alignment needs two pieces (a word and <|endoftext|>)
    if (scaled.empty() || split_words <= 1 || text_length < 1) return;
    const int frames = int(scaled.front().cols());
    const Eigen::MatrixXd m = alignment_matrix(scaled, frames, 7);  // (prompt + text + 1, F)
    // Rows from <|notimestamps|> (the prompt's last) to the last text token.
    const Eigen::MatrixXd rows = m.middleRows(prompt_length - 1, text_length + 1);
    const std::vector<int> starts = row_start_frames(dtw_path(-rows), int(rows.rows()));
    for (TimedWord& w : words) {
        w.start = starts[std::size_t(w.first_token)] * seconds_per_frame;
        w.end = starts[std::size_t(w.end_token)] * seconds_per_frame;
    }
}

}  // namespace attn::pretrained
