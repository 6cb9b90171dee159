// s2s_io.h — the trained encoder–decoder as a Hugging Face MarianMTModel folder, which every view
// and command opens like opus-mt:
//   config.json             model_type marian, post-LN, gelu_new, embeddings × √d, tied, ids as trained
//   model.safetensors       F32, Marian's names and (out, in) layouts; the sinusoid tables included
//   vocab.json              piece -> id: </s> 0, <unk> 1, the task's pieces, <pad> (= decoder start)
//   source.spm, target.spm  SentencePiece models trained here by libsentencepiece's trainer on the
//                           task's texts, checked to cut every text into exactly the trained pieces
//   tokenizer_config.json, generation_config.json (greedy, max_length = the longest target + 2)
//   seq2seq_task.json, train_log.json   what was trained and how the run went
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/task/seq2seq_task.h"
#include "core/train/safetensors_out.h"
#include "core/train/seq2seq/s2s_model.h"

namespace attn::train {

struct S2STrainState;

// The saved position range: at least 64, so the folder reads sentences longer than the task's
// (the sinusoids are fixed, so the rows past the trained length are the same function).
int s2s_saved_positions(const S2SShape& s);
// Marian's tensors from the trainer's (q|k|v split and transposed, cross k|v split).
std::vector<OwnedTensor> marian_tensors(const S2SModel& m);
std::string s2s_config_json(const S2SShape& s, const Seq2SeqTask& task);

// A SentencePiece model (the serialized proto) that cuts every text of `texts` into exactly the
// pieces given for it. Word pieces ("▁cat" only) give a word model; pieces that continue a word
// ("가" after "▁고양이") a BPE model trained on the text with those pieces spaced apart.
// Errors: the library refused, or a text does not come back as its pieces.
Expected<std::string> train_spm(const std::vector<std::vector<std::string>>& pieces_of_texts);

// Written atomically (an existing folder is never overwritten, nothing half-written is left).
Status save_s2s_folder(const S2STrainState& s, const std::string& dir);

}  // namespace attn::train
