// generate_command.cpp — `attnlab generate / predict / heads` on core/lm.
#include "cli/generate_command.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/cli_messages.h"
#include "core/base/atomic_file.h"
#include "core/base/json_writer.h"
#include "core/lm/gpt2_session.h"
#include "core/lm/head_roles.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/masked_lm.h"
#include "core/lm/sampling.h"
#include "core/pretrained/pretrained_model.h"

namespace attn::cli {

using attn::pretrained::PretrainedModel;

namespace {

using ModelPtr = std::shared_ptr<const PretrainedModel>;

Expected<ModelPtr> load_model(const std::string& folder) {
    auto m = pretrained::load_pretrained_model(folder);
    if (!m) return m.status();
    return ModelPtr(*m);
}

// Writes to `path` atomically, or to standard output for "-".
Status write_output(const std::string& path, const std::function<void(std::ostream&)>& fill) {
    if (path == "-") {
        fill(std::cout);
        return std::cout ? Status::Ok() : Status::Error("Could not write to standard output.");
    }
    return write_file_atomically(path, [&](std::ostream& out) {
        fill(out);
        return Status::Ok();
    });
}

void write_model(JsonWriter& j, const PretrainedModel& m) {
    j.key("model").begin_object();
    j.key("name").value(m.name);
    j.key("family").value(pretrained::family_name(m.config));
    j.key("n_layers").value(m.config.n_layers);
    j.key("n_heads").value(m.config.n_heads);
    j.key("vocab_size").value(m.config.vocab_size);
    j.end_object();
}

void write_token(JsonWriter& j, const PretrainedModel& m, int id) {
    j.begin_object().key("id").value(id).key("token").value(lm::token_label(m, id)).end_object();
}

void write_top(JsonWriter& j, const PretrainedModel& m, const std::vector<lm::TokenProb>& top) {
    j.begin_array();
    for (const lm::TokenProb& t : top) {
        j.begin_object().key("id").value(t.id).key("token").value(lm::token_label(m, t.id));
        j.key("probability").value(t.prob).key("logit").value(t.logit).end_object();
    }
    j.end_array();
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// generate

void add_generate_options(CLI::App& cmd, GenerateOptions& o) {
    cmd.add_option("--model", o.model_path, "A local GPT-2, Llama, Qwen or Mistral folder (Hugging Face layout)")->required();
    cmd.add_option("--text", o.text, "The prompt to continue")->required();
    cmd.add_option("--tokens", o.tokens, "How many tokens to generate")->capture_default_str();
    cmd.add_option("--temperature", o.temperature, "Sampling temperature (> 0); implies sampling");
    cmd.add_option("--top-k", o.top_k, "Sample from the k most probable tokens only; implies sampling");
    cmd.add_option("--top-p", o.top_p, "Sample from the smallest set with this much probability; implies sampling");
    cmd.add_option("--seed", o.seed, "Seed of the sampling (same seed, same tokens)")->capture_default_str();
    cmd.add_option("--report-top", o.report_top, "How many of the most probable tokens to write per step")
        ->capture_default_str();
    cmd.add_flag("--no-attention", o.no_attention, "Leave out each step's attention rows");
    cmd.add_flag("--compact", o.compact, "No indentation (smaller file)");
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->required();
}

void note_generate_options(const CLI::App& cmd, GenerateOptions& o) {
    o.sample = cmd.count("--temperature") + cmd.count("--top-k") + cmd.count("--top-p") > 0;
}

int run_generate(const GenerateOptions& o) {
    const char* who = "generate";
    lm::SamplingOptions s;
    s.greedy = !o.sample;
    s.temperature = o.temperature;
    s.top_k = o.top_k;
    s.top_p = o.top_p;
    s.seed = o.seed;
    if (Status st = lm::validate_sampling(s); !st) return fail(who, st.message(), 2);
    if (o.tokens < 0 || o.tokens > 100000) return fail(who, "--tokens must be between 0 and 100000.", 2);
    if (o.report_top < 0) return fail(who, "--report-top cannot be negative.", 2);
    auto model = load_model(o.model_path);
    if (!model) return fail(who, model.error(), 2);
    auto session = lm::start_session(**model, o.text);
    if (!session) return fail(who, session.error(), 1);
    const int prompt = session->length();
    auto steps = lm::generate(*session, o.tokens, s, o.report_top);
    if (!steps) return fail(who, steps.error(), 1);
    const PretrainedModel& m = **model;

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        j.key("prompt").begin_object().key("text").value(o.text).key("tokens").begin_array();
        for (int i = 0; i < prompt; ++i) write_token(j, m, session->ids[i]);
        j.end_array().end_object();
        j.key("sampling").begin_object().key("mode").value(s.greedy ? "greedy" : "sample");
        if (!s.greedy) {
            j.key("temperature").value(s.temperature).key("top_k").value(s.top_k);
            j.key("top_p").value(s.top_p).key("seed").value(static_cast<unsigned long long>(s.seed));
        }
        j.end_object();
        j.key("steps").begin_array();
        for (const lm::GenerationStep& g : *steps) {
            j.begin_object();
            j.key("position").value(g.position).key("id").value(g.id);
            j.key("token").value(lm::token_label(m, g.id));
            j.key("probability").value(g.prob).key("sampled_probability").value(g.sampled_prob);
            j.key("top");
            write_top(j, m, g.top);
            if (!o.no_attention) {
                // [layer] (n_heads, position + 1): the new token's row of every head's heatmap.
                j.key("attention").begin_array();
                for (const Mat& rows : session->steps[g.position].attention) j.matrix(rows);
                j.end_array();
            }
            j.end_object();
        }
        j.end_array();
        std::vector<int> generated(session->ids.begin() + prompt, session->ids.end());
        j.key("generated_text").value(lm::decode_ids(m, generated));
        j.key("text").value(lm::decode_ids(m, session->ids));
        j.end_object();
        out << "\n";
    });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << o.output << " (" << steps->size() << " tokens after " << prompt << ", "
                  << (s.greedy ? "greedy" : "sampled") << ")\n";
    return 0;
}

// ------------------------------------------------------------------------------------------------
// predict

void add_predict_options(CLI::App& cmd, PredictOptions& o) {
    cmd.add_option("--model", o.model_path, "A local GPT-2, Llama/Qwen/Mistral, BERT or ViT/DeiT classifier folder (Hugging Face layout)")
        ->required();
    auto* text = cmd.add_option("--text", o.text, "The sentence; for BERT put [MASK] where a word should be predicted");
    auto* image = cmd.add_option("--image", o.image, "A PNG or JPEG image for a ViT/DeiT classifier");
    text->excludes(image);
    cmd.add_option("--top-k", o.top_k, "How many of the most probable tokens (or classes) to write")
        ->capture_default_str();
    cmd.add_flag("--compact", o.compact, "No indentation (smaller file)");
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->required();
}

// A vision classifier's top classes for one image (predictions[0].top[]: id, label, probability).
static int run_predict_image(const PredictOptions& o, const PretrainedModel& m) {
    const char* who = "predict";
    if (o.image.empty()) {
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             ": it classifies images. Give one with --image FILE.", 2);
    }
    if (m.config.vision.head == pretrained::VisionHead::None) {
        return fail(who, m.name + " has no classifier (" + pretrained::family_name(m.config) +
                             " encoder only), so there are no classes to predict. Look at its attention with "
                             "`attnlab dump --image` or `attnlab export --image`.", 2);
    }
    RunConfig run;
    run.image_path = o.image;
    run.attention.compute_stats = false;
    auto trace = pretrained::compute_pretrained_trace(m, run);
    if (!trace) return fail(who, trace.error(), 1);
    const TraceImage& im = *trace->image;
    const RowVec logits = Eigen::Map<const RowVec>(im.logits.data(), Eigen::Index(im.logits.size()));
    const std::vector<lm::TokenProb> top = lm::top_k_tokens(logits, o.top_k);

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        j.key("model").begin_object();
        j.key("name").value(m.name);
        j.key("family").value(pretrained::family_name(m.config));
        j.key("n_layers").value(m.config.n_layers);
        j.key("n_heads").value(m.config.n_heads);
        j.key("n_classes").value(int(im.logits.size()));
        j.end_object();
        j.key("image").begin_object();
        j.key("source").value(im.source);
        j.key("width").value(im.source_width).key("height").value(im.source_height);
        j.key("model_width").value(im.width).key("model_height").value(im.height);
        j.key("patches").value(im.grid_rows * im.grid_cols);
        j.key("positions_interpolated").value(im.positions_interpolated);
        j.end_object();
        j.key("task").value("image-classification");
        j.key("predictions").begin_array().begin_object();
        j.key("top").begin_array();
        for (const lm::TokenProb& t : top) {
            j.begin_object().key("id").value(t.id).key("label").value(im.labels.at(std::size_t(t.id)));
            j.key("probability").value(t.prob).key("logit").value(t.logit).end_object();
        }
        j.end_array();
        j.end_object().end_array();
        j.end_object();
        out << "\n";
    });
    if (!written) return fail(who, written.message(), 1);
    if (o.output != "-") std::cerr << "Wrote " << o.output << " (top " << top.size() << " classes)\n";
    return 0;
}

int run_predict(const PredictOptions& o) {
    const char* who = "predict";
    if (o.top_k < 1) return fail(who, "--top-k must be at least 1.", 2);
    auto model = load_model(o.model_path);
    if (!model) return fail(who, model.error(), 2);
    const PretrainedModel& m = **model;
    if (m.config.is_vision()) return run_predict_image(o, m);
    if (!o.image.empty()) {
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             " model: it reads text, not images. Give --text, or a ViT/DeiT folder with --image.", 2);
    }
    if (o.text.empty()) return fail(who, "--text is required: the sentence to predict from.", 2);

    // One entry per predicted position: GPT-2 every position (the next token), BERT each [MASK].
    struct Entry {
        int position;
        std::vector<lm::TokenProb> top;
    };
    std::vector<int> ids;
    std::vector<Entry> entries;
    const bool gpt2 = m.config.is_causal_lm();  // GPT-2 or a rotary decoder: the next token
    if (gpt2) {
        auto session = lm::start_session(m, o.text);
        if (!session) return fail(who, session.error(), 1);
        ids = session->ids;
        const Mat logits = lm::all_logits(*session);  // (T, V)
        for (int i = 0; i < int(ids.size()); ++i) entries.push_back({i, lm::top_k_tokens(logits.row(i), o.top_k)});
    } else {
        auto head = lm::load_mlm_head(m);
        if (!head) return fail(who, head.error(), 1);
        auto r = lm::predict_masked(m, *head, o.text, o.top_k);
        if (!r) return fail(who, r.error(), 1);
        ids = r->ids;
        for (lm::MaskPrediction& p : r->masks) entries.push_back({p.position, std::move(p.top)});
    }

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        j.key("text").value(o.text);
        j.key("task").value(gpt2 ? "next-token" : "masked-token");
        j.key("tokens").begin_array();
        for (int id : ids) write_token(j, m, id);
        j.end_array();
        j.key("predictions").begin_array();
        for (const Entry& e : entries) {
            j.begin_object().key("position").value(e.position);
            j.key("token").value(lm::token_label(m, ids[e.position]));
            j.key("top");
            write_top(j, m, e.top);
            j.end_object();
        }
        j.end_array();
        j.end_object();
        out << "\n";
    });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << o.output << " (top " << o.top_k << " at " << entries.size()
                  << (gpt2 ? " positions, next token" : " masked positions") << ")\n";
    return 0;
}

// ------------------------------------------------------------------------------------------------
// heads

void add_heads_options(CLI::App& cmd, HeadsOptions& o) {
    cmd.add_option("--model", o.model_path, "A local GPT-2, Llama, Qwen, Mistral or BERT folder (Hugging Face layout)")->required();
    cmd.add_option("--text", o.text, "Also score every head on this sentence");
    cmd.add_option("-o,--output", o.output, "Output CSV file ('-' for standard output)")->required();
}

namespace {

std::string csv_number(float x) {
    if (std::isnan(x)) return "";  // the role's pattern does not occur in the text
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", double(x));
    return buf;
}

std::string column(const char* prefix, int role) {
    std::string name = std::string(prefix) + lm::head_role_name(lm::HeadRole(role));
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

}  // namespace

int run_heads(const HeadsOptions& o) {
    const char* who = "heads";
    auto model = load_model(o.model_path);
    if (!model) return fail(who, model.error(), 2);
    auto report = lm::head_role_report(**model, o.text);
    if (!report) return fail(who, report.error(), 1);
    const lm::HeadRoleTable& p = report->probe;
    const bool sentence = report->sentence.n_layers > 0;

    std::ostringstream csv;
    // Layers and heads from 1, as the app shows them. Scores on the standard probe (a random
    // sequence repeated twice), then on the sentence; empty = the role's pattern does not occur.
    csv << "layer,head,strongest,strongest_score";
    for (int r = 0; r < lm::kHeadRoleCount; ++r) csv << ',' << column("", r);
    if (sentence)
        for (int r = 0; r < lm::kHeadRoleCount; ++r) csv << ',' << column("sentence_", r);
    csv << "\n";
    for (int l = 0; l < p.n_layers; ++l) {
        for (int h = 0; h < p.n_heads; ++h) {
            const lm::HeadRoleScores& s = p.at(l, h);
            csv << l + 1 << ',' << h + 1 << ','
                << (s.strongest >= 0 ? lm::head_role_name(lm::HeadRole(s.strongest)) : "none") << ','
                << (s.strongest >= 0 ? csv_number(s.score[s.strongest]) : "");
            for (float x : s.score) csv << ',' << csv_number(x);
            if (sentence)
                for (float x : report->sentence.at(l, h).score) csv << ',' << csv_number(x);
            csv << "\n";
        }
    }
    Status written = write_output(o.output, [&](std::ostream& out) { out << csv.str(); });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << o.output << " (" << p.n_layers * p.n_heads << " heads, scored on a "
                  << report->probe_ids.size() << "-token repeated random probe"
                  << (sentence ? " and on the sentence" : "") << ")\n";
    return 0;
}

}  // namespace attn::cli
