// head_roles_probe.h — what heads are scored on, and the report of a model's head roles.
//
// Standard probe (any text model): `half` random ids repeated twice, framed as the model's family
// frames a text (inside [CLS] … [SEP] for BERT, after <|begin_of_text|> for Llama 3; after
// <|endoftext|> for GPT-2, whose frame adds nothing) for the six pattern roles, and six more contents of the
// same length without repeats for positional (varying content at fixed positions).
// Task probe (a model trained in AttnLab, task.json beside its weights): sixteen of the task's own
// examples, in its vocabulary and length, for every role — positional included, since the
// examples differ in content at the same positions. A task.json that cannot be used falls back to
// the standard probe with a note saying why.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/lm/head_roles.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/task/task.h"  // the trained model's task gives the task probe its examples

namespace attn::lm {

struct ProbeSet {
    enum class Kind { Standard, Task };
    Kind kind = Kind::Standard;
    std::string task;                        // the task's name (Task)
    std::vector<std::vector<int>> pattern;   // [content] (T_c) ids: the pattern roles' rows
    std::vector<std::vector<int>> position;  // [content] (T) ids of one length: positional
    int max_k = kMaxInductionOffset;         // induction offsets tried: 1 … max_k
    std::string note;  // English, for the user: why task.json was not used; "" otherwise
};

// `half` random ids drawn uniformly (our generator, `seed`) from the vocabulary minus `excluded`
// ids, the same sequence twice; `prefix` ids before and `suffix` ids after.
std::vector<int> repeated_random_ids(int vocab_size, int half, std::uint64_t seed,
                                     const std::vector<int>& excluded, const std::vector<int>& prefix,
                                     const std::vector<int>& suffix);
// `n` distinct random ids (no token repeats, so no content pattern), with prefix and suffix.
std::vector<int> distinct_random_ids(int vocab_size, int n, std::uint64_t seed, const std::vector<int>& excluded,
                                     const std::vector<int>& prefix, const std::vector<int>& suffix);

// The model's repeated probe: GPT-2 <|endoftext|> + r + r; BERT [CLS] + r + r + [SEP]; r of
// `half` tokens (fewer when the model has fewer positions), special tokens excluded.
std::vector<int> standard_probe_ids(const pretrained::PretrainedModel& model, int half = 20,
                                    std::uint64_t seed = 14);
// The repeated probe and six unrepeated contents of its length (seeds 101 …).
ProbeSet standard_probe(const pretrained::PretrainedModel& model);

// What task.json says (core/train/gpt2_io.cpp writes it): the task and its parameters.
struct TaskProbeSpec {
    std::string task;
    train::TaskParams params;
    std::vector<std::string> vocabulary;  // id -> symbol, as the task's vocabulary
};
// Errors (English, the file named as `what`): not JSON, a field missing or of the wrong type, a
// task this AttnLab does not know, parameters the task refuses, a vocabulary that is not the task's.
Expected<TaskProbeSpec> parse_task_json(const std::string& text, const std::string& what = "task.json");
// `n` examples of the task (seeded), each its first seq_len − 1 tokens (what the model reads).
// Errors: the vocabulary or the length does not fit a model of `vocab_size` ids and `max_positions`.
Expected<ProbeSet> task_probe(const TaskProbeSpec& spec, int vocab_size, int max_positions, int n = 16,
                              std::uint64_t seed = 2024, const std::string& what = "task.json");

// The task a trained model's folder names (task.json), its symbols checked against the model's
// tokenizer (ids 0 … in order); no value when the folder has no task.json (or the model no
// folder). Errors (English, the file named): unreadable, too large, a vocabulary that disagrees.
Expected<std::optional<TaskProbeSpec>> folder_task(const pretrained::PretrainedModel& model);

// The probe for this model (it must have a tokenizer): the task's when model.folder has a usable task.json (its symbols must
// be the tokenizer's ids 0 …), else the standard one (with a note when task.json was unusable).
ProbeSet model_probe(const pretrained::PretrainedModel& model);

struct HeadRoleReport {
    ProbeSet probe_set;
    std::vector<int> probe_ids;     // the first pattern content (what "the probe" shows)
    HeadRoleTable probe;            // scores on the probe
    std::vector<int> sentence_ids;  // empty when no sentence was given
    HeadRoleTable sentence;         // scores on the sentence (n_layers = 0 when none); positional
                                    // measures the probe's rule on the sentence
    std::string section;            // an encoder–decoder's section scored ("encoder", "decoder"); "" = one stack
};

// The layers one probe content runs through: one stack's, or an encoder–decoder section's; each
// trace's queries and keys are the content's tokens.
using ProbeRun = std::function<std::vector<LayerTrace>(const std::vector<int>& ids)>;
// Every head on a probe set (one run per content).
HeadRoleTable score_probe(const ProbeSet& probe, const ProbeRun& run);
// Every head on one sentence's layers (ids: its tokens); positional measures the rule `probe` found.
HeadRoleTable score_sentence(const std::vector<LayerTrace>& layers, const std::vector<int>& ids,
                             const HeadRoleTable& probe);

// Every head on a probe set (one forward per content). Asserts the ids are the model's.
HeadRoleTable score_probe(const pretrained::PretrainedModel& model, const ProbeSet& probe);

// Runs the model on its probe (and on `sentence` when not empty) and scores every head.
// Errors: a vision model (no tokenizer), the sentence's (encode_for_model). An encoder–decoder
// scores one self-attention section (`section`: "encoder" — also for "" — or "decoder";
// head_roles_sections.cpp).
Expected<HeadRoleReport> head_role_report(const pretrained::PretrainedModel& model, const std::string& sentence,
                                          const std::string& section = "");

// An encoder–decoder's section: the encoder over the standard probe as the source; the decoder over
// it as the target (the start token, then the probe; the same ids as its source), teacher-forced;
// the sentence as the source, and for the decoder the model's own translation of it. Errors:
// "cross" (its queries and keys are two texts: these roles compare a token with its own text's),
// an unknown section, a model that does not translate text, the sentence's.
Expected<HeadRoleReport> section_head_role_report(const pretrained::PretrainedModel& model,
                                                  const std::string& sentence, const std::string& section);

}  // namespace attn::lm
