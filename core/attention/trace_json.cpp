// trace_json.cpp — the whole trace as JSON that numpy / PyTorch can load (`attnlab dump`)
// (implementation; the interface and its contract are in trace_json.h)
#include "core/attention/trace_json.h"

#include <cassert>

#include "core/base/json_writer.h"

namespace attn {

static void write_tokens(JsonWriter& w, const std::vector<Token>& tokens, const TraceImage* image,
                         const TraceAudio* audio) {
    w.begin_array();
    for (const Token& t : tokens) {
        w.begin_object();
        w.key("text").value(t.text);
        w.key("begin").value((unsigned long long)t.byte_begin);
        w.key("end").value((unsigned long long)t.byte_end);
        w.key("kind").value(token_kind_name(t.kind));
        if (t.id >= 0) w.key("id").value(t.id);  // pretrained models: the vocabulary id
        if (t.unknown) w.key("unknown").value(true);  // not in the vocabulary: read as <unk>
        if (t.kind == TokenKind::Frame && audio != nullptr) {  // its stretch of the recording, in seconds
            const std::size_t i = std::size_t(&t - tokens.data());
            w.key("seconds").begin_array().value(double(i) * audio->seconds_per_frame)
                .value(double(i + 1) * audio->seconds_per_frame).end_array();
        }
        if (t.kind == TokenKind::Patch) {
            w.key("row").value(t.patch_row);
            w.key("col").value(t.patch_col);
            if (image != nullptr) {  // [x0, y0, x1, y1) in the model's input pixels
                const int p = image->patch_size;
                w.key("box").begin_array().value(t.patch_col * p).value(t.patch_row * p)
                    .value((t.patch_col + 1) * p).value((t.patch_row + 1) * p).end_array();
            }
        }
        w.end_object();
    }
    w.end_array();
}

static void write_stats(JsonWriter& w, const RowStats& s) {
    w.begin_object();
    w.key("entropy").vector(s.entropy);
    w.key("max_weight").vector(s.max_weight);
    w.key("logit_mean").vector(s.logit_mean);
    w.key("logit_var").vector(s.logit_var);
    w.key("jacobian_norm").vector(s.jacobian_norm);
    w.end_object();
}

static void write_mask_config(JsonWriter& w, const MaskConfig& m) {
    w.begin_object();
    w.key("description").value(describe_mask(m));
    w.key("causal").value(m.causal);
    w.key("window").value(m.window);
    w.key("global_tokens").begin_array();
    for (int g : m.global_tokens) w.value(g);
    w.end_array();
    w.key("pad_to").value(m.pad_to);
    w.key("custom_blocked").matrix(m.custom_blocked);
    w.key("blocked_cells").begin_array();
    for (const auto& [i, j] : m.blocked_cells) w.begin_array().value(i).value(j).end_array();
    w.end_array();
    w.end_object();
}

namespace {

void write_audio(JsonWriter& w, const TraceAudio& a) {
    w.key("audio").begin_object();
    w.key("source").value(a.source);
    w.key("format").value(a.format);
    w.key("seconds").value(a.source_seconds);
    w.key("sample_rate").value(a.sample_rate);
    w.key("heard_samples").value((unsigned long long)a.samples.size());
    w.key("hop_length").value(a.hop_length);
    w.key("frames").value(a.frames);
    w.key("sound_frames").value(a.sound_frames);
    w.key("seconds_per_frame").value(a.seconds_per_frame);
    w.key("cut").value(a.cut);
    w.key("language").value(a.language);
    w.key("language_detected").value(a.language_detected);
    w.key("transcript").value(a.transcript);
    w.key("transcript_generated").value(a.transcript_generated);
    w.key("prompt_tokens").value(a.prompt_tokens);
    w.key("words").begin_array();
    for (const TimedWord& t : a.words)
        w.begin_object()
            .key("text").value(t.text)
            .key("start").value(t.start)
            .key("end").value(t.end)
            .key("first_token").value(t.first_token)
            .key("end_token").value(t.end_token)
            .end_object();
    w.end_array();
    w.key("alignment_heads").value(a.alignment_heads);
    if (!a.untimed.empty()) w.key("untimed").value(a.untimed);
    w.key("log_mel").matrix(a.log_mel);
    w.end_object();
}

// Every key of one trace's object after "format" (the object itself is the caller's).
void write_trace_keys(JsonWriter& w, const Trace& tr, const TraceJsonOptions& opt) {
    w.key("model").begin_object();
    w.key("name").value(tr.model_name);
    w.key("family").value(tr.is_pretrained() ? tr.model_family : std::string("built-in"));
    w.key("n_layers").value(int(tr.layers.size()));
    w.key("d_model").value(tr.model.d_model);
    w.key("n_heads").value(tr.model.n_heads);
    w.key("d_k").value(tr.layers.empty() ? tr.model.d_k() : tr.layers.front().d_k);  // Qwen3: head_dim ≠ d/H
    w.key("seed").value((unsigned long long)tr.model.seed);
    w.key("positional").value(tr.model.positional);
    w.end_object();

    w.key("settings").begin_object();
    w.key("text").value(tr.run.text);
    w.key("cross_text").value(tr.run.cross_text);
    w.key("scale").value(tr.run.attention.scale);
    w.key("temperature").value(tr.run.attention.temperature);
    if (!tr.layers.empty()) w.key("logit_factor").value(tr.layers[0].factor);
    w.key("mask");
    write_mask_config(w, tr.run.mask);
    w.key("max_tokens").value((unsigned long long)tr.run.tokenizer.max_tokens);
    w.end_object();

    if (tr.image) {  // image runs: where the patch tokens lie (the pixels themselves are not written)
        const TraceImage& im = *tr.image;
        w.key("image").begin_object();
        w.key("source").value(im.source);
        w.key("source_width").value(im.source_width);
        w.key("source_height").value(im.source_height);
        w.key("width").value(im.width);
        w.key("height").value(im.height);
        w.key("patch_size").value(im.patch_size);
        w.key("grid_rows").value(im.grid_rows);
        w.key("grid_cols").value(im.grid_cols);
        w.key("prefix_tokens").value(im.prefix_tokens);
        w.key("checkpoint_grid").value(im.checkpoint_grid);
        w.key("positions_interpolated").value(im.positions_interpolated);
        w.end_object();
    }

    w.key("tokens").begin_object();
    w.key("queries");
    write_tokens(w, tr.q_tokens, tr.image.get(), tr.audio.get());
    w.key("keys");
    write_tokens(w, tr.k_tokens, tr.image.get(), tr.audio.get());
    // Only when a text held words the model's vocabulary lacks (each read as its unknown piece).
    const std::vector<std::string> unknown_q = unknown_words(tr.q_tokens), unknown_k = unknown_words(tr.k_tokens);
    if (!unknown_q.empty() || !unknown_k.empty()) {
        w.key("unknown_words").begin_object();
        w.key("queries").begin_array();
        for (const std::string& s : unknown_q) w.value(s);
        w.end_array().key("keys").begin_array();
        for (const std::string& s : unknown_k) w.value(s);
        w.end_array().end_object();
    }
    w.end_object();
    w.key("key_is_pad").vector(tr.key_is_pad);

    if (!opt.weights_only) {
        w.key("inputs").begin_object();
        w.key("token_embeddings_q").matrix(tr.q_embeddings);
        w.key("positions_q").matrix(tr.q_positions);
        w.key("token_embeddings_k").matrix(tr.k_embeddings);
        w.key("positions_k").matrix(tr.k_positions);
        w.end_object();
    }

    w.key("layers").begin_array();
    for (const LayerTrace& L : tr.layers) {
        w.begin_object();
        w.key("n_heads").value(L.n_heads);
        w.key("d_k").value(L.d_k);
        if (!L.kv_head.empty()) {  // grouped-query attention: the K/V head each query head reads
            w.key("n_kv_heads").value(L.kv_heads());
            w.key("kv_head").begin_array();
            for (int g : L.kv_head) w.value(g);
            w.end_array();
        }
        w.key("logit_factor").value(L.factor);
        if (opt.weights_only) {
            w.key("heads").begin_array();
            for (int h = 0; h < L.n_heads; ++h) w.begin_object().key("weights").matrix(L.heads[h].weights).end_object();
            w.end_array();
            w.end_object();
            continue;
        }
        w.key("x_q").matrix(L.x_q);
        w.key("x_kv").matrix(L.x_kv);
        w.key("q").matrix(L.q);
        w.key("k").matrix(L.k);
        w.key("v").matrix(L.v);
        w.key("blocked").matrix(L.blocked.size() > 0 ? L.blocked
                                                     : BoolMat(BoolMat::Zero(L.t_q(), L.t_k())));
        w.key("fully_masked_rows").vector(L.fully_masked);
        w.key("heads").begin_array();
        for (int h = 0; h < L.n_heads; ++h) {
            const HeadTrace& H = L.heads[h];
            w.begin_object();
            w.key("scores").matrix(H.scores);
            if (L.has_position_bias()) w.key("position_bias").matrix(L.position_bias[size_t(h)]);
            if (opt.include_derived) {
                w.key("scaled_scores").matrix(L.scaled_scores(h));
                w.key("masked_scores").matrix(L.logits(h));
            }
            w.key("weights").matrix(H.weights);
            w.key("output").matrix(Mat(L.out_head(h)));
            if (H.stats.entropy.size() > 0) {
                w.key("stats");
                write_stats(w, H.stats);
                w.key("stats_other_scaling");
                write_stats(w, H.stats_flipped);
            }
            w.end_object();
        }
        w.end_array();
        w.key("concat").matrix(L.concat);
        w.key("output").matrix(L.output);
        w.end_object();
    }
    w.end_array();
}

}  // namespace

void write_trace_json(std::ostream& out, const Trace& tr, const TraceJsonOptions& opt) {
    JsonWriter w(out, opt.pretty);
    w.begin_object();
    w.key("format").value("attnlab-trace/1");
    write_trace_keys(w, tr, opt);
    w.end_object();
    out << '\n';
}

void write_run_json(std::ostream& out, const std::vector<Trace>& sections, const TraceJsonOptions& opt) {
    assert(!sections.empty() && "write_run_json: a run has at least one section");
    if (sections.size() == 1) return write_trace_json(out, sections.front(), opt);
    JsonWriter w(out, opt.pretty);
    w.begin_object();
    w.key("format").value("attnlab-run/1");
    if (const TraceAudio* a = sections.front().audio.get()) write_audio(w, *a);
    w.key("sections").begin_array();
    for (const Trace& tr : sections) {
        w.begin_object();
        w.key("name").value(tr.section);
        write_trace_keys(w, tr, opt);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    out << '\n';
}

}  // namespace attn
