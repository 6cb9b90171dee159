// head_roles_probe.cpp — the standard and task probes, task.json, scoring a model's heads on them.
#include "core/lm/head_roles_probe.h"

#include <algorithm>
#include <cassert>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "core/base/rng.h"
#include "core/lm/lm_inputs.h"

namespace attn::lm {

namespace {

constexpr int kPositionContents = 6;
constexpr std::uint64_t kPositionSeed = 101;
constexpr std::uintmax_t kMaxTaskJsonBytes = 16u << 20;  // a text task's text included

std::uint64_t next_draw(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ull;
    return splitmix64(state);
}

std::string unreadable(const std::string& what) {
    return what + " is not a task description AttnLab can read (expected \"task\", \"parameters\" and "
                  "\"vocabulary\").";
}

}  // namespace

std::vector<int> repeated_random_ids(int vocab_size, int half, std::uint64_t seed, const std::vector<int>& excluded,
                                     const std::vector<int>& prefix, const std::vector<int>& suffix) {
    const std::unordered_set<int> skip(excluded.begin(), excluded.end());
    assert(vocab_size > int(skip.size()) && "repeated_random_ids: nothing left to draw");
    std::vector<int> r;
    std::uint64_t state = seed;
    while (int(r.size()) < half) {
        const int id = int(next_draw(state) % std::uint64_t(vocab_size));
        if (!skip.count(id)) r.push_back(id);
    }
    std::vector<int> ids = prefix;
    ids.insert(ids.end(), r.begin(), r.end());
    ids.insert(ids.end(), r.begin(), r.end());
    ids.insert(ids.end(), suffix.begin(), suffix.end());
    return ids;
}

std::vector<int> distinct_random_ids(int vocab_size, int n, std::uint64_t seed, const std::vector<int>& excluded,
                                     const std::vector<int>& prefix, const std::vector<int>& suffix) {
    std::unordered_set<int> skip(excluded.begin(), excluded.end());
    assert(vocab_size >= int(skip.size()) + n && "distinct_random_ids: not enough ids");
    std::vector<int> ids = prefix;
    std::uint64_t state = seed;
    for (int drawn = 0; drawn < n;) {
        const int id = int(next_draw(state) % std::uint64_t(vocab_size));
        if (skip.insert(id).second) ids.push_back(id), ++drawn;
    }
    ids.insert(ids.end(), suffix.begin(), suffix.end());
    return ids;
}

namespace {

struct ProbeFrame {
    std::vector<int> specials, prefix, suffix;
    int room = 0;  // random tokens that fit beside prefix and suffix
};

ProbeFrame probe_frame(const pretrained::PretrainedModel& model) {
    const pretrained::SubwordTokenizer& tok = *model.tokenizer;
    ProbeFrame f;
    for (int id : {tok.cls_id, tok.sep_id, tok.pad_id, tok.unk_id, tok.eos_id, tok.token_id("[MASK]")})
        if (id >= 0) f.specials.push_back(id);
    // The family's frame around one placeholder piece: what comes before it and after it
    // ([CLS] … [SEP], <|begin_of_text|> …, or nothing).
    pretrained::SubwordToken placeholder;
    placeholder.id = -1;
    placeholder.byte_end = 1;
    auto framed = model.family().frame(model, {placeholder}, 1, nullptr, 0);
    if (framed) {
        bool after = false;
        for (const pretrained::SubwordToken& s : framed->tokens) {
            if (s.id == -1 && !s.special) {
                after = true;
                continue;
            }
            if (s.id < 0 || s.id >= model.config.vocab_size) continue;
            (after ? f.suffix : f.prefix).push_back(s.id);
        }
    }
    // Nothing before the text: a token that starts one without changing it (GPT-2's <|endoftext|>).
    if (f.prefix.empty())
        if (const int start = model.family().start_of_text(model); start >= 0) f.prefix.push_back(start);
    f.room = model.config.max_positions - int(f.prefix.size() + f.suffix.size());
    return f;
}

}  // namespace

std::vector<int> standard_probe_ids(const pretrained::PretrainedModel& model, int half, std::uint64_t seed) {
    const ProbeFrame f = probe_frame(model);
    return repeated_random_ids(model.config.vocab_size, std::min(half, f.room / 2), seed, f.specials, f.prefix,
                               f.suffix);
}

ProbeSet standard_probe(const pretrained::PretrainedModel& model) {
    ProbeSet p;
    p.pattern.push_back(standard_probe_ids(model));
    const ProbeFrame f = probe_frame(model);
    const int n = int(p.pattern[0].size() - f.prefix.size() - f.suffix.size());
    std::unordered_set<int> distinct_specials(f.specials.begin(), f.specials.end());
    if (model.config.vocab_size >= int(distinct_specials.size()) + n) {
        for (int c = 0; c < kPositionContents; ++c)
            p.position.push_back(distinct_random_ids(model.config.vocab_size, n, kPositionSeed + std::uint64_t(c),
                                                     f.specials, f.prefix, f.suffix));
    }
    return p;
}

Expected<TaskProbeSpec> parse_task_json(const std::string& text, const std::string& what) {
    using nlohmann::json;
    const Status bad = Status::Error(unreadable(what));
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return bad;
    const auto task = j.find("task");
    const auto params = j.find("parameters");
    const auto vocab = j.find("vocabulary");
    if (task == j.end() || !task->is_string() || params == j.end() || !params->is_object() || vocab == j.end() ||
        !vocab->is_array())
        return bad;
    TaskProbeSpec spec;
    spec.task = task->get<std::string>();
    if (!train::find_task(spec.task))
        return Status::Error(what + " names the task \"" + spec.task + "\", which this AttnLab does not know.");
    auto int_param = [&](const char* key, int& out) {
        const auto it = params->find(key);
        if (it == params->end()) return true;  // the task's default
        if (!it->is_number_integer()) return false;
        const auto v = it->get<long long>();
        if (v < 0 || v > 1000000) return false;
        out = int(v);
        return true;
    };
    if (!int_param("symbols", spec.params.n_symbols) || !int_param("length", spec.params.length)) return bad;
    if (const auto t = params->find("text"); t != params->end()) {
        if (!t->is_string()) return bad;
        spec.params.text = t->get<std::string>();
    }
    for (const json& s : *vocab) {
        if (!s.is_string()) return bad;
        spec.vocabulary.push_back(s.get<std::string>());
    }
    return spec;
}

Expected<ProbeSet> task_probe(const TaskProbeSpec& spec, int vocab_size, int max_positions, int n,
                              std::uint64_t seed, const std::string& what) {
    const train::TaskInfo* info = train::find_task(spec.task);
    if (!info) return Status::Error(what + " names the task \"" + spec.task + "\", which this AttnLab does not know.");
    auto task = info->make(spec.params);
    const Status bad = Status::Error(unreadable(what));
    if (!task || task->vocab != spec.vocabulary || task->seq_len < 3) return bad;
    if (int(task->vocab.size()) > vocab_size || task->seq_len - 1 > max_positions)
        return Status::Error(what + "'s vocabulary or length does not fit the model.");
    ProbeSet p;
    p.kind = ProbeSet::Kind::Task;
    p.task = spec.task;
    train::TaskRng rng(seed);
    for (int e = 0; e < n; ++e) {
        train::Example ex;
        task->sample(rng, ex);
        if (int(ex.tokens.size()) != task->seq_len) return bad;  // every example has the task's length
        p.pattern.emplace_back(ex.tokens.begin(), ex.tokens.end() - 1);  // (L − 1) what the model reads
    }
    p.position = p.pattern;
    p.max_k = std::max(kMaxInductionOffset, (task->seq_len - 1) / 2);
    return p;
}

Expected<std::optional<TaskProbeSpec>> folder_task(const pretrained::PretrainedModel& model) {
    namespace fs = std::filesystem;
    if (model.folder.empty()) return std::optional<TaskProbeSpec>();
    const fs::path path = fs::path(model.folder) / "task.json";
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::optional<TaskProbeSpec>();
    const std::string what = path.string();
    const auto size = fs::file_size(path, ec);
    if (ec || size > kMaxTaskJsonBytes) return Status::Error(unreadable(what));
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) return Status::Error(unreadable(what));
    auto spec = parse_task_json(text, what);
    if (!spec) return spec.status();
    // The saved folder gives the task's symbols the ids 0 … in order: check the tokenizer agrees.
    for (std::size_t id = 0; id < spec->vocabulary.size(); ++id) {
        const std::string& sym = spec->vocabulary[id];
        if (sym.size() != 1 || static_cast<unsigned char>(sym[0]) >= 0x80) continue;  // not UTF-8 alone
        auto ids = encode_for_model(model, sym);
        if (!ids || ids->size() != 1 || (*ids)[0] != int(id))
            return Status::Error(what + "'s vocabulary does not match the model's tokenizer.");
    }
    return std::optional<TaskProbeSpec>(std::move(*spec));
}

ProbeSet model_probe(const pretrained::PretrainedModel& model) {
    std::string note;
    auto spec = folder_task(model);
    if (!spec) {
        note = spec.error();
    } else if (!spec->has_value()) {
        return standard_probe(model);
    } else {
        const std::string what = (std::filesystem::path(model.folder) / "task.json").string();
        auto probe = task_probe(**spec, model.config.vocab_size, model.config.max_positions, 16, 2024, what);
        if (probe) return std::move(*probe);
        note = probe.error();
    }
    ProbeSet p = standard_probe(model);
    p.note = note + " The heads were scored on the standard probe.";
    return p;
}

namespace {

// [content] one run per distinct content: the layers scored.
std::vector<std::vector<LayerTrace>> run_all(const ProbeRun& run, const std::vector<std::vector<int>>& contents) {
    std::vector<std::vector<LayerTrace>> passes;
    for (const std::vector<int>& ids : contents) passes.push_back(run(ids));
    return passes;
}

std::vector<HeadSample> head_samples(const std::vector<std::vector<LayerTrace>>& passes,
                                     const std::vector<std::vector<int>>& contents, int layer, int head) {
    std::vector<HeadSample> out;
    for (std::size_t c = 0; c < passes.size(); ++c) {
        const LayerTrace& L = passes[c][std::size_t(layer)];
        out.push_back({&L.heads[std::size_t(head)].weights, &L.blocked, &contents[c]});
    }
    return out;
}

}  // namespace

HeadRoleTable score_probe(const ProbeSet& probe, const ProbeRun& run) {
    const std::vector<std::vector<LayerTrace>> pattern = run_all(run, probe.pattern);
    const bool same = probe.position == probe.pattern;
    const std::vector<std::vector<LayerTrace>> position =
        same ? std::vector<std::vector<LayerTrace>>{} : run_all(run, probe.position);
    const std::vector<std::vector<LayerTrace>>& pos = same ? pattern : position;
    HeadRoleTable table;
    if (pattern.empty()) return table;
    table.n_layers = int(pattern[0].size());
    table.n_heads = table.n_layers > 0 ? pattern[0][0].n_heads : 0;
    table.heads.resize(std::size_t(table.n_layers) * std::size_t(table.n_heads));
    for (int l = 0; l < table.n_layers; ++l)
        for (int h = 0; h < table.n_heads; ++h)
            table.heads[std::size_t(l * table.n_heads + h)] =
                score_head(head_samples(pattern, probe.pattern, l, h), head_samples(pos, probe.position, l, h),
                           probe.max_k);
    return table;
}

HeadRoleTable score_probe(const pretrained::PretrainedModel& model, const ProbeSet& probe) {
    return score_probe(probe, [&](const std::vector<int>& ids) {
        assert(check_ids(model, ids).ok() && "score_probe: ids the model can read");
        return forward_ids(model, ids).layers;
    });
}

HeadRoleTable score_sentence(const std::vector<LayerTrace>& layers, const std::vector<int>& ids,
                             const HeadRoleTable& probe) {
    HeadRoleTable t = score_heads(layers, ids);
    // Positional needs varied content: on the one sentence, measure the rule the probe found.
    const std::vector<std::vector<int>> one = {ids};
    for (int l = 0; l < t.n_layers; ++l) {
        for (int h = 0; h < t.n_heads; ++h) {
            HeadRoleScores& s = t.heads[std::size_t(l * t.n_heads + h)];
            s.rule = probe.at(l, h).rule;
            const LayerTrace& L = layers[std::size_t(l)];
            s.score[int(HeadRole::Positional)] =
                position_rule_score(s.rule, {HeadSample{&L.heads[std::size_t(h)].weights, &L.blocked, &one[0]}});
            choose_role(s);
        }
    }
    return t;
}

Expected<HeadRoleReport> head_role_report(const pretrained::PretrainedModel& model, const std::string& sentence,
                                          const std::string& section) {
    if (model.caps().stacks == 2) return section_head_role_report(model, sentence, section);
    if (!model.tokenizer)  // a vision model: there is no token probe to run
        return Status::Error(model.name + " reads images, not text: head roles need a language model (GPT-2, BERT).");
    HeadRoleReport report;
    report.probe_set = model_probe(model);
    for (const std::vector<int>& ids : report.probe_set.pattern)
        if (Status s = check_ids(model, ids); !s) return s;
    for (const std::vector<int>& ids : report.probe_set.position)
        if (Status s = check_ids(model, ids); !s) return s;
    report.probe_ids = report.probe_set.pattern.at(0);
    report.probe = score_probe(model, report.probe_set);
    if (!sentence.empty()) {
        auto ids = encode_for_model(model, sentence);
        if (!ids) return ids.status();
        report.sentence_ids = std::move(*ids);
        report.sentence = score_sentence(forward_ids(model, report.sentence_ids).layers, report.sentence_ids,
                                         report.probe);
    }
    return report;
}

}  // namespace attn::lm
