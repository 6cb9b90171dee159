// whisper_family.cpp — Whisper behind the family interface (family.h): its config.json,
// generation_config.json and preprocessor_config.json, its byte-level tokenizer, transcription
// (speech.h) and a run that yields three sections over a recording: the encoder's self-attention
// (frames × frames), the decoder's causal self-attention (tokens × tokens) and the cross-attention
// (tokens × frames).
//
// A run reads RunConfig::audio_path; RunConfig::cross_text, when typed, is the transcript the
// decoder reads after its prompt (teacher forcing, no <|endoftext|> appended), else the model
// writes its own (greedy, as `transcribe`). The encoder and cross sections keep only the frames
// that hold the recording (TraceAudio::sound_frames); their softmax ran over the whole chunk.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/attention/engine.h"
#include "core/base/limits.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/families/whisper/whisper_listen.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/seq2seq/seq2seq_generation.h"
#include "core/pretrained/seq2seq/seq2seq_run.h"

namespace attn::pretrained {

namespace {

const WhisperWeights& weights_of(const PretrainedModel& model) { return weights_as<WhisperWeights>(*model.weights); }

// What generation_config.json would say, read off the tokenizer's special tokens (a folder without
// one): <|startoftranscript|>, <|notimestamps|>, the tasks and the language tokens between them.
void speech_from_tokenizer(const SubwordTokenizer& tok, PretrainedConfig& c) {
    WhisperSettings& w = edit_settings<WhisperSettings>(c);
    SpeechConfig& sp = w.speech;
    sp.start_id = w.decoder_start_id;
    sp.no_timestamps_id = tok.token_id("<|notimestamps|>");
    sp.transcribe_id = tok.token_id("<|transcribe|>");
    sp.translate_id = tok.token_id("<|translate|>");
    sp.languages.clear();
    if (sp.start_id >= 0 && sp.translate_id > sp.start_id)
        for (int id = sp.start_id + 1; id < sp.translate_id; ++id) {
            const std::string piece = tok.piece(id);
            if (piece.size() > 4 && piece.compare(0, 2, "<|") == 0 && piece.compare(piece.size() - 2, 2, "|>") == 0)
                sp.languages.emplace_back(piece.substr(2, piece.size() - 4), id);
        }
    sp.multilingual = !sp.languages.empty();
}

// Frame i as a token: its start time ("1.24 s").
Token frame_token(int i, double seconds_per_frame) {
    char label[32];
    std::snprintf(label, sizeof label, "%.2f s", i * seconds_per_frame);
    Token t;
    t.text = label;
    t.kind = TokenKind::Frame;
    return t;
}

class WhisperFamily final : public ModelFamily {
public:
    const char* id() const override { return "whisper"; }
    std::vector<std::string_view> model_types() const override { return {"whisper"}; }
    std::string display_name(const PretrainedConfig&) const override { return "Whisper"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Whisper", "whisper"}};
    }
    std::vector<std::string> supported() const override { return {"whisper (Whisper speech recognition)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        return parse_whisper_config(json, c);
    }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities caps;
        caps.inputs.audio = true;
        caps.positions = PositionKind::Sinusoidal;  // the encoder's; the decoder's are learned
        caps.stacks = 2;
        return caps;
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::ByteLevelBpe ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    DecoderFacts decoder_facts(const PretrainedModel& model) const override {
        return seq2seq_decoder_facts(model.config, whisper_limit(model.config));
    }
    LanguageFacts spoken_languages(const PretrainedModel& model) const override {
        LanguageFacts f;
        for (const auto& [code, id] : whisper_settings(model.config).speech.languages) f.codes.push_back(code);
        return f;
    }

    // preprocessor_config.json (the log-mel's settings; absent: Whisper's, with the model's mel
    // bins and a chunk its encoder fills), then generation_config.json (absent: read off the tokenizer).
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override {
        PretrainedConfig& c = model.config;
        audio::MelConfig mel;
        mel.n_mels = whisper_settings(c).n_mels;
        if (files.preprocessor_config.empty()) {
            // Whisper's log-mel (16 kHz, a frame every 10 ms, two frames per encoder position) over a
            // chunk the encoder fills: whole seconds, 1 to 60, as a preprocessor_config.json must say.
            const long long samples = 2LL * c.max_positions * mel.hop_length;
            const double seconds = double(samples) / mel.sample_rate;
            if (samples % mel.sample_rate != 0 || seconds < 1 || seconds > 60) {
                char shown[32];
                std::snprintf(shown, sizeof shown, "%g", seconds);
                return Status::Error(model.folder + " has no preprocessor_config.json, and config.json's \"max_source_positions\" " +
                                     std::to_string(c.max_positions) + " would make Whisper's log-mel listen to " + shown +
                                     " s at a time; AttnLab reads chunks of 1 to 60 whole seconds. Add the model's "
                                     "preprocessor_config.json to the folder.");
            }
            mel.chunk_seconds = int(samples / mel.sample_rate);
        } else {
            auto text = read_config_file(files.preprocessor_config);
            if (!text) return text.status();
            auto parsed = audio::parse_mel_config(*text);
            if (!parsed) return Status::Error(files.preprocessor_config + ": " + parsed.error());
            mel = *parsed;
        }
        if (mel.n_mels != whisper_settings(c).n_mels || mel.n_frames() != 2 * c.max_positions)
            return Status::Error(model.folder + ": preprocessor_config.json makes " + std::to_string(mel.n_mels) + " × " +
                                 std::to_string(mel.n_frames()) + " log-mel features, but config.json's encoder reads " +
                                 std::to_string(whisper_settings(c).n_mels) + " × " + std::to_string(2 * c.max_positions) +
                                 ". The folder mixes two models.");
        model.mel = mel;
        speech_from_tokenizer(*model.tokenizer, c);
        if (!files.generation_config.empty()) {
            auto text = read_config_file(files.generation_config);
            if (!text) return text.status();
            if (Status st = apply_whisper_generation_config(*text, c); !st) return st;
        }
        if (whisper_settings(c).speech.start_id < 0 || whisper_settings(c).eos_id < 0)
            return Status::Error(model.folder + ": neither config.json nor generation_config.json names the start "
                                 "(decoder_start_token_id) and end (eos_token_id) tokens.");
        return Status::Ok();
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_whisper_weights(file, config, on_layer));
    }

    int pad_id(const PretrainedModel& model) const override { return whisper_settings(model.config).pad_id; }

    void append_target(Seq2SeqSession& s, int id) const override {
        whisper_append(weights_of(*s.model), s.model->config, s, id);
    }

    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override {
        const int d = model.config.d_model;
        return validate_attention(weights_of(model).encoder.at(0).self_attn, opt, d, d);
    }

    // decode: the default (byte-level pieces back to their bytes). A special token by its piece.
    std::string token_label(const PretrainedModel& model, int id) const override {
        return id >= whisper_settings(model.config).eos_id ? model.tokenizer->piece(id) : ModelFamily::token_label(model, id);
    }

    Expected<Transcript> transcribe(const PretrainedModel& model, const audio::Sound& sound,
                                    const SpeechOptions& opt) const override {
        auto heard = whisper_audio(model, sound);
        if (!heard) return heard.status();
        const PretrainedConfig& c = model.config;
        const WhisperWeights& w = weights_of(model);
        ForwardOptions knocked{AttentionOptions{}, opt.ablation};  // the knocked-out model listens
        knocked.attention.compute_stats = false;
        const ForwardPass enc = whisper_encode(w, c, heard->mel.features, knocked, nullptr, 0);
        const Mat& memory = enc.hidden_states.back();
        Transcript out;
        if (Status st = write(model, memory, opt, out); !st) return st;
        out.seconds = std::min(heard->sound.seconds(), double(model.mel.chunk_seconds));
        out.cut = heard->mel.cut;
        if (opt.word_times && !out.words.empty()) {
            Seq2SeqPass pass;
            decode_and_time(model, memory, knocked, heard->frames, heard->frames, out, pass);
        }
        return out;
    }

    RowVec listening_scores(const PretrainedModel& model, const RowVec& logits, bool first) const override {
        return whisper_next_scores(whisper_settings(model.config).speech, logits, first);
    }

    Status start_listening(const PretrainedModel& model, const audio::Sound& sound, const SpeechOptions& opt,
                           Seq2SeqSession& s, Transcript& out) const override {
        auto heard = whisper_audio(model, sound);
        if (!heard) return heard.status();
        const PretrainedConfig& c = model.config;
        ForwardOptions knocked{AttentionOptions{}, opt.ablation};
        knocked.attention.compute_stats = false;
        const ForwardPass enc = whisper_encode(weights_of(model), c, heard->mel.features, knocked, nullptr, 0);
        if (Status st = start_prompt(model, enc.hidden_states.back(), opt, s, out); !st) return st;
        if (int(out.prompt.size()) >= whisper_limit(c))
            return Status::Error(model.name + ": generation_config.json's max_length leaves no room after the prompt.");
        for (int id : out.prompt) whisper_append(weights_of(model), c, s, id);
        out.seconds = std::min(heard->sound.seconds(), double(model.mel.chunk_seconds));
        out.cut = heard->mel.cut;
        out.frames = heard->frames;
        out.seconds_per_frame = seconds_per_frame(model);
        std::vector<LayerTrace> shape(std::size_t(c.decoder_layers));
        for (LayerTrace& l : shape) l.n_heads = c.decoder_heads;
        out.alignment_head_list = alignment_heads(model, shape, out.alignment_heads);
        return Status::Ok();
    }

    Expected<std::vector<Trace>> run(const PretrainedModel& model, const RunConfig& run) const override {
        if (run.audio_path.empty())
            return Status::Error(model.name + " is a Whisper model: it listens to a recording. Open a sound file (" +
                                 std::string(audio::kSupportedAudioFormats) + ") or record one.");
        if (!run.image_path.empty()) return Status::Error(model.name + " is a Whisper model: it listens, it does not see images.");
        if (Status s = check_attention(model, run.attention); !s) return s;
        if (Status s = check_run_limits(run); !s) return s;
        const PretrainedConfig& c = model.config;
        const SubwordTokenizer& tok = *model.tokenizer;
        const WhisperWeights& w = weights_of(model);

        auto sound = audio::read_audio_file(run.audio_path, model.mel.sample_rate);
        if (!sound) return sound.status();
        auto heard = whisper_audio(model, std::move(*sound));
        if (!heard) return heard.status();
        // The frames kept in the traces: those that hold sound, or the whole chunk.
        const int F = run.all_frames ? c.max_positions : heard->frames;
        const int H = std::max(c.n_heads, c.decoder_heads), L = c.n_layers + 2 * c.decoder_layers;
        // What the traces keep and what listening works in, against the one budget.
        RunMemory memory_needed = trace_memory(F, F, H, L, c.d_model);
        memory_needed.working_bytes = listening_memory(model).working_bytes;
        if (Status s = check_run_memory(memory_needed, "Use a shorter recording, or leave out --all-frames."); !s)
            return s;

        // The encoder: its traces cut to the recording's frames as each layer is computed.
        Seq2SeqPass pass;
        Mat conv;
        pass.encoder = whisper_encode(w, c, heard->mel.features, ForwardOptions{run.attention, {}}, &conv, F);
        const Mat memory = pass.encoder.hidden_states.back();

        // The transcript: typed, or written by the model (greedy, its own settings).
        SpeechOptions opt;
        opt.language = run.language;
        opt.translate = run.translate;
        Transcript said;
        if (run.cross_text.empty()) {
            if (Status st = write(model, memory, opt, said); !st) return st;
        } else {
            Seq2SeqSession unused;
            if (Status st = start_prompt(model, memory, opt, unused, said); !st) return st;
            auto typed = tok.encode(run.cross_text, run.tokenizer.max_tokens);
            if (!typed) return Status::Error("Transcript: " + typed.error());
            for (const SubwordToken& t : *typed) said.ids.push_back(t.id);
            said.text = run.cross_text;
            said.words = whisper_words(model, said.ids);
        }
        for (int id : said.ids)
            if (id < 0 || id >= c.vocab_size)
                return Status::Error("The tokenizer gave id " + std::to_string(id) + ", but " + model.name + " has only " +
                                     std::to_string(c.vocab_size) + " token embeddings. Do the tokenizer files belong to this model?");
        const int P = int(said.prompt.size()), T = P + int(said.ids.size());
        const int positions = int(w.decoder_positions.rows());
        if (T > positions)
            return Status::Error("The prompt and transcript are " + std::to_string(T) + " tokens, but " + model.name +
                                 "'s decoder reads at most " + std::to_string(positions) + ". Shorten it.");
        if (Status s = check_trace_budget(T + 1, std::max(T + 1, F), H, L, c.d_model); !s) return s;
        const std::vector<std::pair<int, int>> timing_heads =
            decode_and_time(model, memory, ForwardOptions{run.attention, {}}, F, heard->frames, said, pass);
        for (LayerTrace& layer : pass.decoder.layers) trim_layer_trace(layer, T, T);
        for (LayerTrace& layer : pass.cross) trim_layer_trace(layer, T, F);

        auto audio = std::make_shared<TraceAudio>();
        audio->source = std::filesystem::path(run.audio_path).filename().string();
        audio->format = heard->sound.format + ", " + std::to_string(heard->sound.file_sample_rate) + " Hz, " +
                        std::to_string(heard->sound.file_channels) + (heard->sound.file_channels == 1 ? " channel" : " channels");
        audio->source_seconds = heard->sound.seconds();
        audio->sample_rate = heard->sound.sample_rate;
        audio->samples = std::move(heard->sound.samples);
        if (int(audio->samples.size()) > model.mel.n_samples()) audio->samples.resize(std::size_t(model.mel.n_samples()));
        audio->log_mel = std::move(heard->mel.features);
        audio->log_mel_floor = heard->mel.floor;
        audio->hop_length = model.mel.hop_length;
        audio->frames = c.max_positions;
        audio->sound_frames = heard->frames;
        audio->seconds_per_frame = seconds_per_frame(model);
        audio->cut = heard->mel.cut;
        audio->language = said.language;
        audio->language_detected = said.language_detected;
        audio->transcript = said.text;
        audio->transcript_generated = run.cross_text.empty();
        audio->prompt_tokens = P;
        audio->alignment_heads = said.alignment_heads;
        audio->alignment_head_list = timing_heads;
        audio->untimed = said.untimed;
        for (TimedWord word : said.words) {
            word.first_token += P;
            word.end_token += P;
            audio->words.push_back(std::move(word));
        }

        std::vector<Token> frames, tokens;
        for (int i = 0; i < F; ++i) frames.push_back(frame_token(i, audio->seconds_per_frame));
        tokens = decoder_tokens(model, said);

        const Mat sound_rows = conv.topRows(F), enc_pos = w.encoder_positions.topRows(F);
        const Mat tok_rows = pass.decoder.token_embeddings.topRows(T), dec_pos = pass.decoder.position_embeddings.topRows(T);
        const SectionSide frame_rows{frames, sound_rows, enc_pos}, token_rows{tokens, tok_rows, dec_pos};
        std::vector<Trace> out;
        out.push_back(seq2seq_section(model, run, "encoder", frame_rows, frame_rows, std::move(pass.encoder.layers), false, said.text));
        out.push_back(seq2seq_section(model, run, "decoder", token_rows, token_rows, std::move(pass.decoder.layers), true, said.text));
        out.push_back(seq2seq_section(model, run, "cross", token_rows, frame_rows, std::move(pass.cross), false, said.text));
        for (Trace& tr : out) {
            tr.run.language = said.language;
            tr.audio = audio;
            if (Status s = check_trace_finite(tr); !s) return s;
        }
        return out;
    }

private:
    // The decoder over the prompt, the transcript and <|endoftext|> (its row times the last word;
    // causal, so the rows before it are those of the input without it), its cross-attention cut to
    // `kept` frames, and the words' times from its first `heard` (the frames that hold sound). A
    // transcript that fills the decoder leaves no room for <|endoftext|>: its words stay untimed, and
    // `untimed` says why. Returns the alignment heads (0-based (layer, head)).
    static std::vector<std::pair<int, int>> decode_and_time(const PretrainedModel& model, const Mat& memory, const ForwardOptions& opt, int kept,
                                int heard, Transcript& said, Seq2SeqPass& pass) {
        const PretrainedConfig& c = model.config;
        const WhisperWeights& w = weights_of(model);
        std::vector<int> input = said.prompt;
        input.insert(input.end(), said.ids.begin(), said.ids.end());
        const bool room = int(input.size()) < int(w.decoder_positions.rows());
        if (room) input.push_back(whisper_settings(c).eos_id);
        whisper_decode(w, c, memory, input, opt, pass);
        for (LayerTrace& layer : pass.cross) trim_layer_trace(layer, layer.t_q(), kept);
        std::vector<std::pair<int, int>> heads = alignment_heads(model, pass.cross, said.alignment_heads);
        if (said.words.empty()) return heads;
        if (!room) {
            said.untimed = "The transcript fills the decoder (" + std::to_string(input.size()) +
                           " tokens), so <|endoftext|> has no row; the word times need it.";
            return heads;
        }
        std::vector<LayerTrace> timed;  // the whole chunk kept: the times read over the frames heard only
        if (heard < kept) {
            timed = pass.cross;
            for (LayerTrace& layer : timed) trim_layer_trace(layer, layer.t_q(), heard);
        }
        time_words(model, heard < kept ? timed : pass.cross, int(said.prompt.size()), int(said.ids.size()),
                   seconds_per_frame(model), said.words, said.alignment_heads);
        return heads;
    }

    static double seconds_per_frame(const PretrainedModel& model) {
        return 2.0 * model.mel.hop_length / model.mel.sample_rate;
    }

    // A session over the encoder's output `memory` (no token read yet), and the prompt with the
    // language chosen or detected (out.prompt and the language fields).
    static Status start_prompt(const PretrainedModel& model, const Mat& memory, const SpeechOptions& opt,
                               Seq2SeqSession& s, Transcript& out) {
        s.model = &model;
        whisper_start_from_memory(weights_of(model), model.config, memory, s, opt.ablation);
        auto language = choose_language(model, opt, s, out);
        if (!language) return language.status();
        out.prompt = whisper_prompt(whisper_settings(model.config).speech, *language, opt.translate);
        return Status::Ok();
    }

    // The prompt and greedy writing from the encoder's output.
    static Status write(const PretrainedModel& model, const Mat& memory, const SpeechOptions& opt, Transcript& out) {
        const PretrainedConfig& c = model.config;
        const WhisperWeights& w = weights_of(model);
        Seq2SeqSession s;
        if (Status st = start_prompt(model, memory, opt, s, out); !st) return st;
        if (int(out.prompt.size()) >= whisper_limit(c))
            return Status::Error(model.name + ": generation_config.json's max_length leaves no room after the prompt.");
        for (int id : out.prompt) whisper_append(w, c, s, id);
        const int room = whisper_limit(c) - int(out.prompt.size());
        whisper_greedy(model, s, opt.max_tokens > 0 ? std::min(opt.max_tokens, room) : room, out);
        out.text = model.family().decode(model, out.ids);
        out.words = whisper_words(model, out.ids);
        return Status::Ok();
    }

    // The decoder's rows as tokens: the prompt's special tokens, then the transcript's pieces with
    // their spans in the transcript's text (a piece's span starts at its space), as the views group them.
    static std::vector<Token> decoder_tokens(const PretrainedModel& model, const Transcript& said) {
        const SubwordTokenizer& tok = *model.tokenizer;
        std::vector<Token> out;
        for (int id : said.prompt) out.push_back(trace_token(tok, special_token(tok, id, 0)));
        std::vector<int> so_far;
        std::size_t end = 0;
        for (int id : said.ids) {
            so_far.push_back(id);
            const std::string text = model.family().decode(model, so_far);
            SubwordToken t;
            t.id = id;
            t.piece = tok.piece(id);
            t.display = model.family().token_label(model, id);
            t.byte_begin = std::min(end, text.size());
            t.byte_end = end = text.size();
            if (id >= whisper_settings(model.config).eos_id) {
                t.special = true;
                t.display = t.piece;
            }
            out.push_back(trace_token(tok, t));
        }
        return out;
    }
};

}  // namespace

const ModelFamily& whisper_family() {
    static const WhisperFamily family;
    return family;
}

}  // namespace attn::pretrained
