// core_messages_text.cpp — the core's messages as patterns to translate, part 3 of 4:
// language models, tokenizers, the app's own files, lessons and
// training.
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr const char* kPatterns[] = {
    // core/pretrained/blocks/intervention.cpp, core/lm/knockout.cpp, core/lm/logit_lens.cpp (ablation, the lens)
    N_("Head {}.{} is not in the model, which has {} layers of {} heads."),
    N_("Layer {} is not in the model, which has {} layers of {} heads."),
    N_("Nothing to knock out in '{}'. Write heads as layer.head counting from 1, e.g. 1.2,3.4 (or 2.attn, "
       "2.mlp)."),
    N_("'{}' is not a head: write layer.head counting from 1, e.g. 1.2 (or 2.attn, 2.mlp)."),
    N_("'{}': there is no layer {}: the model has {} layers of {} heads, numbered from 1."),
    N_("'{}': there is no head {}: the model has {} layers of {} heads, numbered from 1."),
    // … with sections (an encoder–decoder: enc., dec., cross.)
    N_("Head {} is not in the model, whose encoder has {} layers of {} heads and whose decoder has {} "
       "layers of {} heads."),
    N_("Layer {} is not in the model, whose encoder has {} layers of {} heads and whose decoder has {} "
       "layers of {} heads."),
    N_("Cross-attention has no MLP of its own: layer {}'s is the decoder block's (dec.{}.mlp)."),
    N_("Nothing to knock out in '{}'. Write heads as section.layer.head counting from 1, e.g. "
       "enc.1.2,cross.3.4 (or dec.2.attn, dec.2.mlp)."),
    N_("'{}' is not a head: write section.layer.head counting from 1, e.g. cross.1.2 (or dec.2.attn, "
       "dec.2.mlp)."),
    N_("'{}': name the section first: enc.{} (the encoder), dec.{} (the decoder's self-attention) or "
       "cross.{} (its cross-attention)."),
    N_("'{}': this model has one stack of layers, without sections; write layer.head, e.g. 1.2."),
    N_("'{}': there is no layer {}: the encoder has {} layers of {} heads and the decoder {} layers of {} "
       "heads, numbered from 1."),
    N_("'{}': there is no head {}: the encoder has {} layers of {} heads and the decoder {} layers of {} "
       "heads, numbered from 1."),
    N_("'{}': cross-attention has no MLP of its own; dec.{}.mlp is the decoder block's."),
    N_("{} is {}, which does not translate a text: knock its heads out in the Predict view's own panel "
       "(or with predict --ablate)."),
    N_("{} is a {} model: it listens to a recording, and this reads translation models (Marian, BART, "
       "T5). Its cross-attention is in the Audio view."),
    N_("{} is {}, which does not translate a text. This reads translation models (Marian, BART, T5)."),
    N_("The source or the target is longer than {} reads."),
    N_("Token id {} is outside {}'s {} token embeddings."),
    N_("--ablate with generate is for translation models; {} continues a text: see what its knocked-out "
       "heads change with predict --ablate."),
    N_("Head roles compare a token with the earlier tokens of its own text; cross-attention's queries "
       "(the target) and keys (the source) are two texts. Choose the encoder or the decoder."),
    N_("Unknown section '{}': use encoder or decoder."),
    N_("Unknown ablation '{}': use zero (the head's output set to 0) or mean (replaced by its mean over "
       "the sentence)."),
    N_("{} is {}, which does not predict the next token. Knock heads out of it with a [MASK] in the text "
       "instead, or load a GPT-2, Llama, Qwen or Mistral model."),
    N_("{} is {}, which does not predict the next token, so there is no answer to read after each layer. "
       "The logit lens needs a GPT-2, Llama, Qwen or Mistral model."),
    N_("The lens needs at least one token per cell (top 1 or more)."),

    // core/lm (next-token and masked-token prediction, generation)
    N_("There are no tokens. Type a sentence."),
    N_("Token id {} is outside {}'s {} token embeddings. Do the tokenizer files belong to this model?"),
    N_("Token id {} is outside the vocabulary ({} tokens)."),
    N_("{} is a {}: it reads images and cannot continue a text. Load a GPT-2, Llama, Qwen or Mistral "
       "model to generate."),
    N_("{} is {}, which reads the whole sentence at once and cannot continue a text. Put [MASK] where a "
       "word should be predicted, or load a GPT-2 model."),
    N_("The text has reached {} tokens, the model's context length. Undo some tokens or start again."),
    N_("The text has reached {} tokens, all the positions the model learned. Undo some tokens or start "
       "again."),
    N_("The number of tokens to generate cannot be negative."),
    N_("The temperature must be a positive number (1 = the model's own distribution)."),
    N_("top-k must be 0 (no limit) or a positive number of tokens."),
    N_("top-p must be in (0, 1] (1 = no limit)."),
    N_("{} is {}: it predicts the next token, not masked ones (there is no [MASK] in its vocabulary)."),
    N_("{} is {}: it has no masked-LM head."),
    N_("{} has no masked-LM head: {} has no {}. The checkpoint was saved as a bare encoder; masked-token "
       "prediction needs the {} weights (e.g. the original bert-base-uncased download). Its attention can "
       "still be explored."),
    N_("{}'s vocabulary has no [MASK] token."),
    N_("The text has no [MASK]. Type [MASK] where a word should be predicted, e.g. \"the cat [MASK] on "
       "the mat\"."),
    N_("Position {} is outside the {} tokens."),

    // core/pretrained/subword_tokenizer.cpp, subword_legacy.cpp, subword_tokenizer_json.cpp,
    // bpe_tokenizer.cpp, wordpiece_tokenizer.cpp
    N_("The text has more than {} tokens (the model's limit). Shorten it."),
    N_("Cannot open {} ({})."),
    N_("Cannot read {} ({})."),
    N_("{} ({}) is {} bytes; tokenizer files are at most {} MiB."),
    N_("GPT-2 style tokenizers need both vocab.json and merges.txt (or tokenizer.json)."),
    N_("No tokenizer files: expected tokenizer.json, vocab.json + merges.txt (GPT-2) or vocab.txt (BERT)."),
    N_("{}: the vocabulary is empty."),
    N_("{}: {} vocabulary entries; more than the limit of {}."),
    N_("{}: the vocabulary entry {} is {} bytes long; entries are at most {} bytes."),
    N_("{}: the vocabulary entry {} has id {}; ids must be in 0..{} for {} entries."),
    N_("{}: the vocabulary entry {} has no integer id."),
    N_("{}: id {} is given to both {} and {}."),
    N_("{}: the piece {} has two ids, {} and {}."),
    N_("{}: the vocabulary must be a JSON object {\"piece\": id, ...}."),
    N_("{}: the vocabulary lacks \"{}\", the symbol of byte 0x{}; this is not a GPT-2 style byte-level "
       "BPE vocabulary."),
    N_("{}: the unknown-word token \"{}\" is not in the vocabulary."),
    N_("{}: a merge needs two pieces separated by one space."),
    N_("{}: the merge {} names {}, which is not in the vocabulary."),
    N_("{}: the merge {} makes {}, which is not in the vocabulary."),
    N_("merges.txt: {} lines; more than the limit of {} merges."),
    N_("vocab.txt: {} lines; more than the limit of {} entries."),
    N_("{} is {} bytes long; lines are at most {} bytes."),
    N_("{} is {} bytes long; entries are at most {} bytes."),
    N_("{} is {} bytes long; merges are at most {} bytes."),
    N_("{} is longer than {} bytes."),
    N_("{}: {} is not two pieces separated by one space."),
    N_("{}: expected \"left right\" or [\"left\", \"right\"]."),
    N_("vocab.txt line {}: {msg}"),
    N_("tokenizer_config.json: expected a JSON object."),
    N_("tokenizer_config.json: \"{}\" must be true or false."),
    N_("tokenizer.json: \"added_tokens\" must be a list."),
    N_("tokenizer.json: {} added tokens; more than the limit of {}."),
    N_("tokenizer.json added_tokens[{}]: expected {\"id\": number, \"content\": text}."),
    N_("tokenizer.json added_tokens[{}]: \"id\" must be a non-negative integer."),
    N_("tokenizer.json added_tokens[{}]: the content must be 1..{} bytes."),
    N_("tokenizer.json: \"model\" has no \"vocab\"."),
    N_("tokenizer.json: model.{} is set; GPT-2 style BPE has none."),
    N_("tokenizer.json: model.merges must be a list."),
    N_("tokenizer.json: {} merges; more than the limit of {}."),
    N_("tokenizer.json: the normalizer \"{}\" is not supported for WordPiece (BertNormalizer is)."),
    N_("tokenizer.json: model.max_input_chars_per_word must be a positive integer."),
    N_("tokenizer.json: model.{} must be a short text."),
    N_("tokenizer.json: expected an object with a \"model\" object."),
    N_("tokenizer.json: model.type is {}; expected a name: \"BPE\" or \"WordPiece\"."),
    N_("tokenizer.json: model.type \"{}\" is not supported (BPE for GPT-2, WordPiece for BERT)."),
    N_("vocab.json: unexpected content: {}"),
    N_("tokenizer.json: unexpected content: {}"),

    // core/tokenizer/hf_json.cpp, hf_bpe.cpp, regex_pattern.cpp (the general tokenizer.json pipeline)
    N_("tokenizer.json: {} \"{}\" is not supported; AttnLab reads {}."),
    N_("tokenizer.json: model.unk_token \"{}\" is not in the vocabulary."),
    N_("tokenizer.json: the vocabulary lacks \"{}\", the symbol of byte {}; a ByteLevel pre-tokenizer "
       "needs all 256."),
    N_("tokenizer.json: {} must be {}."),
    N_("{}: the pattern is empty."),
    N_("{}: the pattern is {} bytes; patterns are at most {} bytes."),
    N_("{}: the pattern does not compile ({} at byte {})."),
    N_("{}: the pattern needs too many steps on this text (a pattern that backtracks without end?)."),
    N_("{}: the pattern failed ({})."),
    N_("{}: the {} makes the text longer than {} bytes, the most a {}-byte text may become."),
    N_("{}: out of memory."),
    N_("{} is not valid JSON: {}"),

    // The app's own messages: app/state/app_state.cpp, app/state/settings.cpp, app/state/presets.cpp, app/jobs/export_job.cpp
    N_("Global tokens: an empty item between commas."),
    N_("Global tokens: '{}' is not a position (use whole numbers from 0, e.g. 0, 3)."),
    N_("{msg} The old file was kept as {}."),
    N_("{msg} The old file could not be kept ({}), so it will not be overwritten."),
    N_("Saved settings are {} KiB, more than the limit of {} KiB; using the defaults. ({})"),
    N_("Saved settings nest values more than {} levels deep (the limit); using the defaults. ({})"),
    N_("Saved settings are not valid JSON; using the defaults. ({})"),
    N_("Saved settings are not a JSON object; using the defaults. ({})"),
    N_("Some saved settings were ignored (wrong type or out of range): {}. ({})"),
    N_("Cannot read {}; using the defaults."),
    N_("The training text was saved cut to its first {} KiB (it had {} KiB): settings keep no more. ({})"),
    N_("cannot open {}"),
    N_("{} has no sentences"),
    N_("Nothing to export yet: the sentence has no result."),
    N_("Saved the whole trace to {}"),
    N_("Saved to {}"),
    N_("The lens is saved as a figure (PNG, SVG, PDF) or as CSV; attnlab lens writes it as JSON."),
    N_("The beam tree is saved as a figure (PNG, SVG, PDF) or as CSV; attnlab generate writes the search "
       "as JSON."),

    // core/lesson (lesson_parse.cpp, lesson_state.cpp): the app strips the "file:line: " prefix
    // first (localize_lesson_message in app/lesson/lesson_session.cpp) and puts it back.
    N_("Cannot open the lesson file '{}'."),
    N_("Cannot read the lesson file '{}' (is it a folder?)."),
    N_("Cannot read the lesson file '{}'."),
    N_("{}: the file is {} KiB; lessons are limited to {} KiB. Is this really a lesson?"),
    N_("the introduction has {} KiB of text; it holds at most {} KiB. Move some of it into steps."),
    N_("step {} '{}' has {} KiB of text; a step holds at most {} KiB. Split it into several steps."),
    N_("binary data (a NUL byte). A lesson is a UTF-8 Markdown text file."),
    N_("invalid UTF-8 (byte {} at offset {}). Save the lesson as UTF-8 text."),
    N_("no '# Title': a lesson file starts with '# Lesson title'."),
    N_("no steps: each '## Step title' starts one."),
    N_("unknown key '{}'. The title block allows lang, model and the settings keys: {}."),
    N_("unknown key '{}'. Allowed: {}."),
    N_("'{}' is not a 'key = value' line. Keys: {}."),
    N_("'{}' is given twice in step '{}'; give it once."),
    N_("'{}' is set twice in step '{}'; set it once."),
    N_("head {} but the built-in model has {} heads (heads = ...)."),
    N_("layer {} but the built-in model has one layer."),
    N_("no sentence yet: set 'text = ...' in the title block or this step."),
    // core/lesson/lesson_answer.cpp: answers computed on the live trace (the student may have
    // shortened the sentence or changed the heads since the step set them).
    N_("answer: {} {} is outside the sentence ({} tokens, positions 0 to {})."),
    N_("answer: no {} token '{}' in this sentence."),
    N_("answer: head {} but the layer has {} heads."),
    N_("answer: layer {} but the model has {} layer(s)."),
    N_("answer: {} is fully masked: every cell is hidden, so it has no largest or smallest weight."),
    N_("{}: no step to show."),// app/lesson/lesson_session.cpp
    N_("{} = '{}': allowed are on and off."),
    N_("{} = '{}': not a whole number."),
    N_("{} = '{}': {}"),
    // core/train (the Train view): task parameters, saving a trained model folder
    N_("{} exists already. Choose a new folder name (nothing was written)."),
    N_("The folder {} does not exist. Create it first."),
    N_("Cannot write in {}: {}."),
    N_("Could not create {}: {}."),
    N_("Could not write {}: {}."),
    N_("No output folder given."),
    N_("--symbols {}: must be {} to {}."),
    N_("--length {}: must be {} to {}."),
    N_("The text is over 1 MiB; give a shorter one."),
    // core/lm/head_roles_probe.cpp: a trained model's task.json that the head-role probe cannot use
    N_("{msg} The heads were scored on the standard probe."),
    N_("{} is not a task description AttnLab can read (expected \"task\", \"parameters\" and "
       "\"vocabulary\")."),
    N_("{} names the task \"{}\", which this AttnLab does not know."),
    N_("{}'s vocabulary or length does not fit the model."),
    N_("{}'s vocabulary does not match the model's tokenizer."),
    // core/lm/task_fit.cpp (a text outside a trained model's task)
    N_("The {} task's inputs are at most {} tokens; this one has {}. The model never saw such an input: "
       "its prediction means nothing here."),
    N_("The {} task never has {} at position {} (it has {} there). The model never saw such an input: its "
       "prediction means nothing here."),
    N_("{} reads images, not text: head roles need a language model (GPT-2, BERT)."),
    // core/train: the image tasks (a tiny ViT), Fashion-MNIST's idx files
    N_("--patch {}: must divide the image side {} (for 28: 2, 4, 7, 14 or 28)."),
    N_("--patch {}: {} patches; at most 256 (use a larger patch)."),
    N_("--d-model {} is not divisible by --heads {}: every head gets d_model / heads channels."),
    N_("--lr {}: must be above 0 and at most 1."),
    N_("--weight-decay: must be 0 or more and below 1."),
    N_("--task {}: not an image task."),
    N_("The task has fewer than two classes."),
    N_("--{} {}: must be {} to {}."),
    // core/train: the architecture switch (--arch llama: RoPE, RMSNorm, SwiGLU, grouped-query attention)
    N_("--kv-heads {}: must divide --heads {} (each key/value head serves the same number of query heads)."),
    N_("--d-model {} / --heads {} gives heads of {} channels: RoPE rotates pairs, so a head needs an even "
       "size."),
    N_("--kv-heads and --rope-theta are for --arch llama."),
    // core/train/trainer_kinds.cpp: the trainers' names in the Train view
    N_("GPT-2 (learned positions)"),
    N_("Llama (RoPE, RMSNorm, SwiGLU)"),
    N_("Encoder–decoder (cross-attention)"),
    // core/train/seq2seq and core/task/seq2seq_task.h: the encoder–decoder (--arch seq2seq)
    N_("--task {}: no such task for --arch seq2seq. Choose one of: {}."),
    N_("--length: en-ko has no length to set (its sentences have 3 to 7 words)."),
    N_("--symbols: en-ko has a fixed vocabulary of English and Korean words; it has no alphabet size to "
       "set."),
    N_("--text: en-ko makes its own sentences from a fixed grammar; it takes no text."),
    N_("--eval-lengths is for --arch gpt and llama."),
    N_("--no-mlp is for --arch gpt and llama."),
    N_("--arch seq2seq trains with its own tasks (s2s_trainer.h)."),
    N_("The task's vocabulary is empty."),
    N_("The task's sequences are too short."),
    N_("SentencePiece could not train a model: {msg}"),
    N_("SentencePiece could not read its own model."),
    N_("The trained SentencePiece model cuts \"{}\" differently from the task's pieces."),
    N_("A piece is empty or holds a space: \"{}\"."),
    N_("No texts to train a SentencePiece model on."),
    N_("Length {} needs {} positions, but the model has {}. Give it in --eval-lengths when training."),
    N_("--eval-lengths: {msg}"),
    N_("Fashion-MNIST is not in {} ({} is missing). Install Debian's dataset-fashion-mnist package."),
    N_("{}: not an idx file (it should start with 00 00 08)."),
    N_("{}: idx data of type {}; only unsigned bytes (08) are supported."),
    N_("{}: an idx file of {} dimensions; {} need {}."),
    N_("{}: the idx header is cut short."),
    N_("{}: cut short ({} bytes of data, the header promises {})."),
    N_("{}: {} bytes after the data the header promises; not an idx file of {}."),
    N_("{}: images of {} pixels per side; must be 1 to {}."),
    N_("{}: images of {} × {} pixels; the tasks need square images."),
    N_("{}: {} labels for {} images."),
    N_("{}: label {} at item {}; Fashion-MNIST has classes 0 to 9."),
    N_("{}: the training and test images differ in size."),
    N_("{}: the gzip data is cut short."),
    N_("{}: the gzip data is damaged."),
    N_("{}: cannot start gzip decompression."),
    N_("{}: unpacks to more than {} MiB, the limit for a dataset file."),
    N_("{}: larger than {} MiB, the limit for a dataset file."),
    N_("{}: {} labels; must be 1 to {}."),
    N_("{}: {} images; must be 1 to {}."),
};

}  // namespace

CoreMessageTable core_messages_text() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
