// generate_command.cpp — `attnlab generate / predict / heads` on core/lm.
#include "cli/generate_command.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/cli_messages.h"
#include "cli/run_options.h"
#include "cli/translate_command.h"
#include "core/base/atomic_file.h"
#include "core/base/json_writer.h"
#include "core/lm/head_roles_probe.h"
#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/lm_session.h"
#include "core/lm/masked_lm.h"
#include "core/lm/sampling.h"
#include "core/lm/task_fit.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::cli {

using attn::pretrained::PretrainedModel;

namespace {

using ModelPtr = std::shared_ptr<const PretrainedModel>;

Expected<ModelPtr> load_model(const std::string& folder) {
    auto m = pretrained::load_pretrained_model(folder);
    if (!m) return m.status();
    return ModelPtr(*m);
}

// --text as the model reads it: as typed, or with --chat one user turn in the folder's chat format
// (refused, naming what was looked for, when the folder has none).
Expected<std::string> prompt_text(const PretrainedModel& m, const std::string& text, bool chat) {
    if (!chat) return text;
    if (m.chat_format == pretrained::ChatFormat::None) {
        return Status::Error("--chat: " + m.name + " has no chat format: its tokenizer_config.json names no chat "
                             "template and its vocabulary has none of ChatML's, Llama 3's or Mistral's [INST] tokens. "
                             "Leave out --chat to give the text as it is.");
    }
    return pretrained::wrap_chat_turn(m, text);
}

// "chat_format": "ChatML" and "chat_text": what the model read, when --chat wrapped the text.
void write_chat(JsonWriter& j, const PretrainedModel& m, bool chat, const std::string& wrapped) {
    if (!chat) return;
    j.key("chat_format").value(pretrained::chat_format_name(m.chat_format));
    j.key("chat_text").value(wrapped);
}

}  // namespace

void add_generate_options(CLI::App& cmd, GenerateOptions& o) {
    cmd.add_option("--model", o.model_path,
                   "A local GPT-2, Llama, Qwen or Mistral folder, or a Marian translation folder (Hugging Face layout)")
        ->required();
    cmd.add_option("--text", o.text, "The prompt to continue (a translation model: the sentence to translate)")->required();
    cmd.add_option("--tokens", o.tokens,
                   "How many tokens to generate (a translation model: at most this many; default its own limit)")
        ->capture_default_str();
    cmd.add_option("--beams", o.beams,
                   "Translation models: beam search with this many beams (1 = greedy; default: the folder's "
                   "generation_config.json)");
    cmd.add_option("--temperature", o.temperature, "Sampling temperature (> 0); implies sampling");
    cmd.add_option("--top-k", o.top_k, "Sample from the k most probable tokens only; implies sampling");
    cmd.add_option("--top-p", o.top_p, "Sample from the smallest set with this much probability; implies sampling");
    cmd.add_option("--seed", o.seed, "Seed of the sampling (same seed, same tokens)")->capture_default_str();
    cmd.add_option("--report-top", o.report_top, "How many of the most probable tokens to write per step")
        ->capture_default_str();
    cmd.add_flag("--chat", o.chat,
                 "Wrap --text as one user turn in the model's chat format (ChatML, Llama 3 or Mistral [INST], from "
                 "the folder)");
    cmd.add_flag("--no-attention", o.no_attention, "Leave out each step's attention rows");
    cmd.add_flag("--compact", o.compact, "No indentation (smaller file)");
    cmd.add_option("--ablate", o.ablate,
                   "Translation models: translate with heads knocked out, named by section (enc.1.2, dec.2.1, "
                   "cross.3.4), a sublayer (cross.2.attn) or a decoder block's MLP (dec.2.mlp)");
    cmd.add_option("--ablation", o.ablation, "How a knocked-out head is replaced: zero, or mean")->capture_default_str();
    cmd.add_option("--language", o.language, kLanguageHelp);
    cmd.add_option("--target-language", o.target_language, kTargetLanguageHelp);
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->required();
}

void note_generate_options(const CLI::App& cmd, GenerateOptions& o) {
    o.sample = cmd.count("--temperature") + cmd.count("--top-k") + cmd.count("--top-p") > 0;
    o.tokens_given = cmd.count("--tokens") > 0;
    o.beams_given = cmd.count("--beams") > 0;
}

int run_generate(const GenerateOptions& o) {
    const char* who = "generate";
    lm::SamplingOptions s;
    s.greedy = !o.sample;
    s.temperature = o.temperature;
    s.top_k = o.top_k;
    s.top_p = o.top_p;
    s.seed = o.seed;
    if (Status st = lm::validate_sampling(s); !st) return fail(who, st.message(), kExitBadInput);
    if (o.tokens < 0 || o.tokens > 100000) return fail(who, "--tokens must be between 0 and 100000.", kExitBadInput);
    if (o.report_top < 0) return fail(who, "--report-top cannot be negative.", kExitBadInput);
    auto loaded = load_model(o.model_path);
    if (!loaded) return fail(who, loaded.error(), kExitBadInput);
    auto model = choose_languages(*loaded, o.language, o.target_language);
    if (!model) return fail(who, model.error(), kExitBadInput);
    if ((*model)->caps().stacks == 2) return run_translate(o, **model);
    if (o.beams_given)
        return fail(who, "--beams is for translation models; " + (*model)->name + " continues a text.", kExitBadInput);
    if (!o.ablate.empty())
        return fail(who, "--ablate with generate is for translation models; " + (*model)->name +
                             " continues a text: see what its knocked-out heads change with predict --ablate.",
                    kExitBadInput);
    auto wrapped = prompt_text(**model, o.text, o.chat);
    if (!wrapped) return fail(who, wrapped.error(), kExitBadInput);
    auto session = lm::start_session(**model, *wrapped);
    if (!session) return fail(who, session.error(), 1);
    const int prompt = session->length();
    auto steps = lm::generate(*session, o.tokens, s, o.report_top);
    if (!steps) return fail(who, steps.error(), 1);
    const PretrainedModel& m = **model;

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        j.key("prompt").begin_object().key("text").value(o.text);
        write_chat(j, m, o.chat, *wrapped);
        j.key("tokens").begin_array();
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
        // The text only: control tokens the model wrote (<|im_end|>, <|eot_id|>, </s> …) stay in
        // "steps" but not here.
        std::vector<int> generated;
        for (int i = prompt; i < session->length(); ++i)
            if (!m.tokenizer->is_special(session->ids[size_t(i)])) generated.push_back(session->ids[size_t(i)]);
        j.key("generated_text").value(lm::decode_ids(m, generated));
        j.key("text").value(lm::decode_ids(m, session->ids));
        j.end_object();
        out << "\n";
    });
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-")
        std::cerr << "Wrote " << one_line(o.output) << " (" << steps->size() << " tokens after " << prompt << ", "
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
    add_ablation_options(cmd, o.ablate, o.ablation);
    cmd.add_flag("--chat", o.chat,
                 "Wrap --text as one user turn in the model's chat format (ChatML, Llama 3 or Mistral [INST], from "
                 "the folder): what an instruct model answers first");
    cmd.add_option("-o,--output", o.output, "Output JSON file ('-' for standard output)")->required();
}

// A vision classifier's top classes for one image (predictions[0].top[]: id, label, probability).
static int run_predict_image(const PredictOptions& o, const PretrainedModel& m) {
    const char* who = "predict";
    if (o.image.empty()) {
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             ": it classifies images. Give one with --image FILE.", kExitUsage);
    }
    if (!m.caps().names_classes) {
        return fail(who, m.name + " has no classifier (" + pretrained::family_name(m.config) +
                             " encoder only), so there are no classes to predict. Look at its attention with "
                             "`attnlab dump --image` or `attnlab export --image`.", kExitBadInput);
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
    if (!written) return fail_output(who, o.output, written.message());
    if (o.output != "-") std::cerr << "Wrote " << one_line(o.output) << " (top " << top.size() << " classes)\n";
    return 0;
}

int run_predict(const PredictOptions& o) {
    const char* who = "predict";
    if (o.top_k < 1) return fail(who, "--top-k must be at least 1.", kExitBadInput);
    auto model = load_model(o.model_path);
    if (!model) return fail(who, model.error(), kExitBadInput);
    const PretrainedModel& m = **model;
    const pretrained::Capabilities caps = m.caps();
    if (caps.inputs.image && !o.ablate.empty())
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             ": --ablate works on text models (GPT-2, Llama, Qwen, Mistral, BERT) for now.",
                    kExitBadInput);
    if (caps.inputs.image && o.chat)  // as a text model without a chat format refuses it (prompt_text)
        return fail(who, "--chat: " + m.name + " is a " + pretrained::family_name(m.config) +
                             ": it classifies images and has no chat format. Leave out --chat.",
                    kExitBadInput);
    if (caps.inputs.image) return run_predict_image(o, m);
    if (!o.image.empty()) {
        return fail(who, m.name + " is a " + pretrained::family_name(m.config) +
                             " model: it reads text, not images. Give --text, or a ViT/DeiT folder with --image.",
                    kExitBadInput);
    }
    if (o.text.empty()) return fail(who, "--text is required: the sentence to predict from.", kExitUsage);
    auto wrapped = prompt_text(m, o.text, o.chat);
    if (!wrapped) return fail(who, wrapped.error(), kExitBadInput);
    const std::string& text = *wrapped;
    auto ablation = ablation_for(m, o.ablate, o.ablation);
    if (!ablation) return fail(who, ablation.error(), kExitBadInput);

    // One entry per predicted position: GPT-2 every position (the next token), BERT each [MASK].
    struct Entry {
        int position;
        std::vector<lm::TokenProb> top;
    };
    std::vector<int> ids;
    std::vector<Entry> entries;
    const bool gpt2 = caps.next_token;  // GPT-2 or a rotary decoder: the next token
    if (gpt2 && !ablation->empty()) {  // every causal family (ablated_next_logits)
        auto encoded = lm::encode_for_model(m, text);
        if (!encoded) return fail(who, encoded.error(), 1);
        ids = *encoded;
        auto logits = lm::ablated_next_logits(m, ids, *ablation);  // (T, V)
        if (!logits) return fail(who, logits.error(), 1);
        for (int i = 0; i < int(ids.size()); ++i) entries.push_back({i, lm::top_k_tokens(logits->row(i), o.top_k)});
    } else if (gpt2) {
        auto session = lm::start_session(m, text);
        if (!session) return fail(who, session.error(), 1);
        ids = session->ids;
        const Mat logits = lm::all_logits(*session);  // (T, V)
        for (int i = 0; i < int(ids.size()); ++i) entries.push_back({i, lm::top_k_tokens(logits.row(i), o.top_k)});
    } else {
        auto head = lm::load_mlm_head(m);
        if (!head) return fail(who, head.error(), 1);
        auto r = lm::predict_masked(m, *head, text, o.top_k, *ablation);
        if (!r) return fail(who, r.error(), 1);
        ids = r->ids;
        for (lm::MaskPrediction& p : r->masks) entries.push_back({p.position, std::move(p.top)});
    }

    // A model trained on a task (task.json): say when the text is not one of the task's inputs.
    const std::string task_note = gpt2 ? lm::task_input_note(m, ids) : std::string();
    if (!task_note.empty()) std::cerr << "attnlab predict: note: " << one_line(task_note) << "\n";

    Status written = write_output(o.output, [&](std::ostream& out) {
        JsonWriter j(out, !o.compact);
        j.begin_object();
        write_model(j, m);
        j.key("text").value(o.text);
        write_chat(j, m, o.chat, text);
        j.key("task").value(gpt2 ? "next-token" : "masked-token");
        if (!task_note.empty()) j.key("task_note").value(task_note);
        if (!ablation->empty()) write_ablation(j, *ablation);
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
        std::cerr << "Wrote " << one_line(o.output) << " (top " << o.top_k << " at " << entries.size()
                  << (gpt2 ? " positions, next token" : " masked positions")
                  << (ablation->empty() ? "" : ", knocked out: " + pretrained::format_ablation(*ablation)) << ")\n";
    return 0;
}

// ------------------------------------------------------------------------------------------------
// heads

void add_heads_options(CLI::App& cmd, HeadsOptions& o) {
    cmd.add_option("--model", o.model_path,
                   "A local GPT-2, Llama, Qwen, Mistral or BERT folder (Hugging Face layout), or one trained in AttnLab")
        ->required();
    cmd.add_option("--text", o.text, "Also score every head on this sentence");
    cmd.add_option("--section", o.section,
                   "A translation model's self-attention to score: encoder (the default) or decoder (on the "
                   "model's own translation of --text)");
    cmd.add_option("-o,--output", o.output, "Output file: JSON when it ends in .json, else CSV ('-' for standard output)")
        ->required();
    cmd.add_option("--format", o.format, "csv or json (default: from the output's name)")
        ->check(CLI::IsMember({"csv", "json"}));
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

const char* role_or_none(int role) { return role >= 0 ? lm::head_role_name(lm::HeadRole(role)) : "none"; }

// "sure" (margin ≥ kSureMargin), "likely" (a label, smaller margin) or "none" (no label).
const char* confidence(const lm::HeadRoleScores& s) { return s.strongest < 0 ? "none" : s.sure() ? "sure" : "likely"; }

void csv_scores(std::ostream& csv, const lm::HeadRoleScores& s) {
    csv << ',' << role_or_none(s.strongest) << ',' << confidence(s) << ',' << csv_number(s.margin) << ','
        << (s.induction_offset > 0 ? std::to_string(s.induction_offset) : "") << ','
        << lm::position_rule_text(s.rule);
    for (float x : s.score) csv << ',' << csv_number(x);
}

void csv_header(std::ostream& csv, const char* prefix) {
    for (const char* c : {"strongest", "confidence", "margin", "induction_offset", "positional_rule"})
        csv << ',' << prefix << c;
    for (int r = 0; r < lm::kHeadRoleCount; ++r) csv << ',' << column(prefix, r);
}

void json_scores(JsonWriter& j, const lm::HeadRoleScores& s) {
    j.begin_object();
    j.key("role").value(role_or_none(s.strongest));
    j.key("confidence").value(confidence(s));
    j.key("top").value(role_or_none(s.top));
    j.key("runner_up").value(role_or_none(s.runner_up));
    j.key("margin").value(s.margin);
    j.key("scores").begin_object();
    for (int r = 0; r < lm::kHeadRoleCount; ++r) j.key(lm::head_role_name(lm::HeadRole(r))).value(s.score[size_t(r)]);
    j.end_object();
    if (s.induction_offset > 0) j.key("induction_offset").value(s.induction_offset);
    else j.key("induction_offset").null();
    if (s.rule.kind != lm::PositionRule::Kind::None) j.key("positional_rule").value(lm::position_rule_text(s.rule));
    else j.key("positional_rule").null();
    j.end_object();
}

std::string heads_csv(const lm::HeadRoleReport& report) {
    const lm::HeadRoleTable& p = report.probe;
    const bool sentence = report.sentence.n_layers > 0;
    std::ostringstream csv;
    // Layers and heads from 1, as the app shows them. Scores on the probe, then on the sentence;
    // empty = the role's pattern does not occur.
    csv << "layer,head";
    csv_header(csv, "");
    if (sentence) csv_header(csv, "sentence_");
    csv << "\n";
    for (int l = 0; l < p.n_layers; ++l) {
        for (int h = 0; h < p.n_heads; ++h) {
            csv << l + 1 << ',' << h + 1;
            csv_scores(csv, p.at(l, h));
            if (sentence) csv_scores(csv, report.sentence.at(l, h));
            csv << "\n";
        }
    }
    return csv.str();
}

std::string heads_json(const PretrainedModel& m, const lm::HeadRoleReport& report) {
    std::ostringstream out;
    JsonWriter j(out, true);
    j.begin_object();
    write_model(j, m);
    if (!report.section.empty()) j.key("section").value(report.section);
    const lm::ProbeSet& ps = report.probe_set;
    j.key("probe").begin_object();
    j.key("kind").value(ps.kind == lm::ProbeSet::Kind::Task ? "task" : "standard");
    if (ps.kind == lm::ProbeSet::Kind::Task) j.key("task").value(ps.task);
    j.key("contents").value(int(ps.pattern.size()));
    j.key("positional_contents").value(int(ps.position.size()));
    j.key("length").value(int(report.probe_ids.size()));
    j.key("max_induction_offset").value(ps.max_k);
    j.key("text").value(lm::decode_ids(m, report.probe_ids));
    if (!ps.note.empty()) j.key("note").value(ps.note);
    j.end_object();
    j.key("thresholds").begin_object();
    j.key("min_score").value(lm::kMinRoleScore);
    j.key("min_margin").value(lm::kMinMargin);
    j.key("sure_margin").value(lm::kSureMargin);
    j.end_object();
    j.key("roles").begin_array();
    for (int r = 0; r < lm::kHeadRoleCount; ++r) j.value(lm::head_role_name(lm::HeadRole(r)));
    j.end_array();
    j.key("heads").begin_array();
    const lm::HeadRoleTable& p = report.probe;
    for (int l = 0; l < p.n_layers; ++l) {
        for (int h = 0; h < p.n_heads; ++h) {
            j.begin_object().key("layer").value(l + 1).key("head").value(h + 1);
            j.key("probe");
            json_scores(j, p.at(l, h));
            if (report.sentence.n_layers > 0) {
                j.key("sentence");
                json_scores(j, report.sentence.at(l, h));
            }
            j.end_object();
        }
    }
    j.end_array();
    j.end_object();
    out << "\n";
    return out.str();
}

bool ends_with(const std::string& s, const char* tail) {
    const std::string t(tail);
    return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

}  // namespace

int run_heads(const HeadsOptions& o) {
    const char* who = "heads";
    auto model = load_model(o.model_path);
    if (!model) return fail(who, model.error(), kExitBadInput);
    if (!o.section.empty() && (*model)->caps().stacks != 2)
        return fail(who, "--section is for translation models; " + (*model)->name + " has one stack of layers.",
                    kExitBadInput);
    auto report = lm::head_role_report(**model, o.text, o.section);
    if (!report) return fail(who, report.error(), 1);
    const bool json = o.format == "json" || (o.format.empty() && ends_with(o.output, ".json"));
    const std::string text = json ? heads_json(**model, *report) : heads_csv(*report);
    Status written = write_output(o.output, [&](std::ostream& out) { out << text; });
    if (!written) return fail_output(who, o.output, written.message());
    const lm::ProbeSet& ps = report->probe_set;
    if (!ps.note.empty()) std::cerr << "Note: " << ps.note << "\n";
    if (o.output != "-") {
        std::cerr << "Wrote " << one_line(o.output) << " (" << report->probe.n_layers * report->probe.n_heads << " heads, scored on ";
        if (ps.kind == lm::ProbeSet::Kind::Task)
            std::cerr << ps.pattern.size() << " examples of the task '" << ps.task << "'";
        else
            std::cerr << "a " << report->probe_ids.size() << "-token repeated random probe";
        std::cerr << (report->sentence.n_layers > 0 ? " and on the sentence" : "") << ")\n";
    }
    return 0;
}

}  // namespace attn::cli
