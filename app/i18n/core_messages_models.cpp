// core_messages_models.cpp — the core's messages as patterns to translate, part 2 of 4:
// model folders: config.json, weights, safetensors, images and their
// preprocessing, pretrained runs.
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr const char* kPatterns[] = {
    // core/pretrained/folder/model_folder.cpp (inspect_model_folder: opening a model folder)
    N_("No model folder given. Choose a folder that holds config.json and model.safetensors."),
    N_("Cannot look at '{}': {}."),
    N_("'{}' does not exist. Choose a folder that holds config.json and model.safetensors."),
    N_("'{}' is not a folder. Choose the folder that holds config.json and model.safetensors."),
    N_("No config.json in '{}'. A Hugging Face model folder has config.json next to model.safetensors; "
       "download it from the model's Hub page."),
    N_("'{}' holds weights split into several files (model.safetensors.index.json). Sharded weights are "
       "not supported yet; use a model small enough for one model.safetensors."),
    N_("'{}' has only a PyTorch pickle checkpoint ({}). AttnLab does not load pickle files: loading one "
       "can run arbitrary code hidden in it. Download model.safetensors from the model's Hub page, or "
       "convert it once with AttnLab's converter (needs Debian's python3-torch; it only accepts "
       "tensors):\n"
       "  /usr/bin/python3 tools/convert_to_safetensors.py '{}'"),
    N_("No model.safetensors in '{}'. Download it from the model's Hub page."),
    N_("No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt "
       "(BERT), source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). "
       "source.spm is there but vocab.json is missing. Download the tokenizer files from the model's Hub "
       "page."),
    N_("No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt "
       "(BERT), source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). "
       "vocab.json is there but merges.txt is missing. Download the tokenizer files from the model's Hub "
       "page."),
    N_("No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt "
       "(BERT), source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). "
       "merges.txt is there but vocab.json is missing. Download the tokenizer files from the model's Hub "
       "page."),
    N_("No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt "
       "(BERT), source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). "
       "Download the tokenizer files from the model's Hub page."),
    N_("Cannot inspect the model folder '{}': {}."),

    // core/pretrained/folder/model_config.cpp (parse_model_config: the model's config.json)
    N_("config.json is not valid JSON: {}."),
    N_("{}: the run gave no result."),
    N_("config.json could not be parsed: {}."),
    N_("config.json could not be read: {}."),
    N_("config.json is {}, not a JSON object."),
    N_("config.json: \"model_type\" is {}; expected a string such as \"gpt2\"."),
    N_("config.json has no \"model_type\" (and no \"architectures\" entry AttnLab knows). Supported: {}."),
    N_("config.json has model_type \"{}\", which AttnLab cannot run. Supported: {}."),
    N_("config.json has model_type \"{}\": Gemma models (scaled embeddings, soft-capped scores) are not "
       "supported yet. Supported: {}."),
    N_("config.json has no \"{}\", which a {} config needs."),
    N_("config.json: \"{}\" is {}; expected {} to {}."),
    N_("config.json: \"{}\" is {}; expected a whole number."),
    N_("config.json: \"{}\" is {}; expected a small positive number (at most 0.1)."),
    N_("config.json: \"{}\" is {}; expected a small positive number."),
    N_("config.json: \"{}\" is {}; expected a string."),
    // the rotary decoders (parse_decoder, parse_rope, parse_windows)
    N_("config.json: \"{}\" is {}; expected a number."),
    N_("config.json: \"{}\" is {}; expected true or false."),
    N_("config.json: \"{}\" is {}; expected a token id below {}."),
    N_("config.json: \"{}\" is {}; expected an object such as {}."),
    N_("config.json: \"{}\" has high_freq_factor {} not above low_freq_factor {}; llama3 scaling needs it "
       "above."),
    N_("config.json asks for the rotary scaling \"{}\" in \"{}\"; AttnLab implements \"default\", "
       "\"linear\" and \"llama3\" only."),
    N_("config.json: partial_rotary_factor {} leaves fewer than two of the {} dimensions of a head to "
       "rotate."),
    N_("config.json: \"layer_types\" must list one type per layer ({})."),
    N_("config.json: \"layer_types\" names {}; AttnLab runs \"full_attention\" and \"sliding_attention\" "
       "layers only."),
    N_("config.json asks for the activation \"{}\"; AttnLab runs {} models with \"silu\" (SwiGLU) only."),
    N_("config.json: the {} query heads cannot share the {} key/value heads evenly (num_attention_heads "
       "must be a multiple of num_key_value_heads)."),
    N_("config.json: head_dim {} is odd; rotary positions turn the dimensions of a head in pairs."),
    N_("config.json: {} heads of {} dimensions are wider than AttnLab's limit of {}."),
    N_("config.json sets \"position_embedding_type\" to \"{}\"; AttnLab runs BERT models only with "
       "absolute position embeddings."),
    N_("config.json sets \"{}\" to {}; AttnLab runs {} models only with {} there."),
    N_("config.json asks for the activation \"{}\"; AttnLab implements \"gelu\" (erf), \"gelu_new\" "
       "(tanh) and \"swish\" / \"silu\" only."),
    N_("config.json: the model width {} is not divisible by the {} attention heads, so the heads cannot "
       "split it evenly."),

    // core/pretrained/mapped_file.cpp (opening the weights file)
    N_("Cannot open '{}': {}."),
    N_("Cannot read the size of '{}': {}."),
    N_("'{}' is not a regular file."),
    N_("'{}' is empty (0 bytes)."),
    N_("Cannot map '{}' into memory: {}."),

    // core/image (PNG/JPEG files; the file errors above are shared with it)
                                // core/image/preprocess*.cpp (preprocessor_config.json, the ViT's input)
    N_("preprocessor_config.json is not a JSON object."),
    N_("preprocessor_config.json is not valid JSON: {}."),
    N_("preprocessor_config.json could not be read: {}."),
    N_("preprocessor_config.json is {} KiB; the limit is {} KiB."),
    N_("preprocessor_config.json: \"resample\" is {}; AttnLab resizes with nearest (0), bilinear (2) or "
       "bicubic (3) only."),
    N_("preprocessor_config.json sets \"{}\" to {}; AttnLab's preprocessing does not implement that."),
    N_("preprocessor_config.json: \"{}\" is {}; expected true or false."),
    N_("preprocessor_config.json: \"{}\" is {}; expected a whole number from 1 to {}."),
    N_("preprocessor_config.json: \"{}\" is {}; expected a positive number."),
    N_("preprocessor_config.json: \"{}\" is {}; expected 3 numbers from 0.001 to 1000 (red, green, blue) "
       "or one."),
    N_("preprocessor_config.json: \"{}\" is {}; expected 3 numbers (red, green, blue) or one."),
    N_("preprocessor_config.json: \"{}\" is {}; expected height and width, shortest_edge, or one number."),
    N_("preprocessor_config.json: \"{}\" is {}; expected height and width, or one number."),
    N_("preprocessor_config.json: \"{}\" is {}; expected a name such as ViTImageProcessor."),
    N_("The preprocessing resizes to a size outside 1 to {} pixels."),
    N_("The preprocessing crops to a size outside 1 to {} pixels."),
    N_("The preprocessing divides by a zero or negative standard deviation."),
        N_("Resizing the {} x {} image to a shortest edge of {} would make it {} x {} pixels; crop it to "
           "a less narrow shape."),

    // core/pretrained/folder/safetensors.cpp (SafeTensorsFile::open: the header; reading a tensor)
    N_("{} is not a safetensors file: it has {} bytes, fewer than the 8-byte header length."),
    N_("{} is not a safetensors file: its header length is 0."),
    N_("{} is not a safetensors file or is truncated: its header length is {} bytes but only {} bytes "
       "follow the 8-byte length."),
    N_("{} has a header of {} bytes; more than {} bytes is not a real model header."),
    N_("{} is not a valid safetensors file: its header is not valid JSON ({})."),
    N_("{} is not a valid safetensors file: its header is too large to parse in the memory available."),
    N_("{} is not a valid safetensors file: its header could not be parsed ({})."),
    N_("{} is not a valid safetensors file: its header is {}, not a JSON object of tensors."),
    N_("{} is not a valid safetensors file: its header nests values deeper than a tensor entry can."),
    N_("{} is not a valid safetensors file: its header has more than {} entries (the limit; real models "
       "have a few thousand at most)."),
    N_("{} is not a valid safetensors file: {}."),
    // core/pretrained/folder/safetensors.cpp, model_file.cpp: memory budget, finite weights, a file changing underneath
    N_("{} holds {} MiB of weights as float32; AttnLab loads at most {} MiB (the limit: {} GiB, or this "
       "machine's memory)."),
    N_("Tensor {} in {} has {} at element {}; AttnLab loads only finite weights."),
    N_("{} changed while it was being read (it had {} bytes, now {}). Load the model again once the file "
       "is complete."),
    N_("Tensor {} in {} has the field {} twice."),
    N_("{} names the tensor {} twice in its header."),
    N_("Tensors {} (bytes {}..{}) and {} (bytes {}..{}) overlap in {}."),
    N_("The __metadata__ of {} is {}, not an object of strings."),
    N_("The __metadata__ of {} has the key {} with {}; metadata values must be strings."),
    N_("Tensor {} in {} is described by {}, not an object with dtype, shape and data_offsets."),
    N_("Tensor {} in {} has no {}."),
    N_("Tensor {} in {} has a dtype that is {}, not a string like \"F32\"."),
    N_("Tensor {} in {} has the unknown dtype {} (known: {})."),
    N_("Tensor {} in {} has a shape that is {}, not an array of sizes."),
    N_("Tensor {} in {} has the negative size {} in dimension {} of its shape."),
    N_("Tensor {} in {} has the size {} in dimension {} of its shape, beyond 64-bit range."),
    N_("Tensor {} in {} has {} in dimension {} of its shape; sizes are whole numbers >= 0."),
    N_("Tensor {} in {} has the shape {}, whose element count does not fit in 64 bits."),
    N_("Tensor {} in {} has data_offsets that are not a pair [begin, end]."),
    N_("Tensor {} in {} has data_offsets [{}, {}]; offsets are whole numbers >= 0."),
    N_("Tensor {} in {} has data_offsets {}: begin {} is after end {}."),
    N_("Tensor {} in {} has data_offsets {} but the data section holds only {} bytes (the file is "
       "truncated or the header is wrong)."),
    N_("Tensor {} in {} has {} bytes (data_offsets {}) but its dtype {} and shape {} need {} x {} bytes."),
    N_("Tensor {} is missing from {}."),
    N_("Tensor {} in {} has dtype {}; expected a float tensor (F32, F16 or BF16)."),
    N_("Tensor {} in {} has shape {}; expected {}."),
    N_("{} could not be read: {}."),

    // core/pretrained/blocks/nn_ops.cpp (find_name_prefix, from gpt2.cpp / bert.cpp)
    N_("{} does not look like a {} checkpoint: it has no {}. Is the folder's config.json for the same "
       "model?"),

    // core/pretrained/family/pretrained_model.cpp (load_pretrained_model, compute_pretrained_trace)
    N_("{} is {} KiB; a model's config.json is a few KiB. Is it the right file?"),
    N_("Loading was cancelled."),
    N_("{}: config.json says {} but the tokenizer files are byte-level BPE (GPT-2 style). The folder "
       "mixes two models."),
    N_("{}: config.json says {} but the tokenizer files are BPE over characters (Llama 2 / Mistral "
       "style). The folder mixes two models."),
    N_("{}: config.json says {} but the tokenizer files are SentencePiece model files (Marian / T5 "
       "style). The folder mixes two models."),

    // core/tokenizer/spm_tokenizer.cpp (SentencePiece model files: Marian's source.spm / target.spm)
    N_("{} is empty; it should be a SentencePiece model."),
    N_("{} is not a SentencePiece model the library can read ({}). Download the file again from the "
       "model's page."),
    N_("{} has a damaged normalization table ({}). Download the file again from the model's page."),
    N_("{}: {} pieces and {} more tokens; at most {} are read."),
    N_("{}: its first pieces are not <unk> <s> </s>, which fairseq's numbering (mBART's) expects. Is it "
       "the model's own sentencepiece.bpe.model?"),
    N_("{}: an empty language code or added token."),
    N_("{} is not a SentencePiece model (its protobuf framing is broken). Download the file again from "
       "the model's page."),
    N_("The SentencePiece model could not split the text ({})."),
    N_("{}: {} pieces; at most {} are read."),
    N_("vocab.json has no \"<unk>\" entry, which pieces missing from it become."),
    N_("vocab.json: expected an object of piece -> id."),
    N_("vocab.json is empty."),

    // core/pretrained/families/marian (translation models)
    N_("config.json: \"decoder_vocab_size\" {} differs from \"vocab_size\" {}; AttnLab reads Marian "
       "models with one vocabulary shared by both sides."),
    N_("config.json names token id {}, but the vocabulary has {} entries."),
    N_("generation_config.json names token id {}, but the vocabulary has {} entries."),
    N_("{}: \"bad_words_ids\" should be a list of lists of token ids."),
    N_("{}: \"bad_words_ids\" holds {}, which is not a token id."),
    N_("generation_config.json is not a JSON object."),
    N_("generation_config.json: \"suppress_tokens\" and \"begin_suppress_tokens\" together forbid all {} "
       "token ids, so the model could write nothing."),
    N_("generation_config.json: \"{}\" is {}; expected a whole number from {} to {}."),
    // families/t5 (T5, mT5)
    N_("{}: a T5 folder needs spiece.model (its SentencePiece model). Download spiece.model from the "
       "model's Hub page."),
    N_("{}: {} and its {} sentinels make {} tokens, but config.json gives the model {}. The folder mixes "
       "two models."),
    // core/tokenizer/unigram_json.cpp (a T5 folder's tokenizer.json without spiece.model)
    N_("tokenizer.json: {msg} AttnLab reads T5-style Unigram files (a Precompiled normalizer, Metaspace); "
       "download spiece.model from the model's Hub page instead."),
    N_("it is not a JSON object."),
    N_("the normalizer is not an object."),
    N_("the normalizer Sequence has no list."),
    N_("the Precompiled normalizer's charsmap is not a text."),
    N_("the Precompiled normalizer's charsmap is not base64."),
    N_("its normalizer \"{}\" is not one a SentencePiece model has."),
    N_("the pre-tokenizer is not an object."),
    N_("the pre-tokenizer Sequence has no list."),
    N_("its Metaspace replacement is not \"\u2581\"."),
    N_("its pre-tokenizer \"{}\" is not one a SentencePiece model has."),
    N_("its model is not a Unigram model."),
    N_("its Unigram model falls back to bytes."),
    N_("its Unigram model has no vocab."),
    N_("its Unigram model names no unknown piece (unk_id)."),
    N_("it has no Metaspace pre-tokenizer (SentencePiece's \u2581 for spaces)."),
    N_("a vocab entry is not [piece, score]: {}."),
    N_("a vocab piece is empty or longer than 1024 bytes."),
    N_("its vocab has only sentinels."),
    N_("tokenizer.json: {} pieces; at most {} are read."),
    N_("tokenizer_config.json is not a JSON object."),
    N_("tokenizer_config.json: \"extra_ids\" is {}; expected a whole number of sentinel tokens from 0 to "
       "100000."),
    N_("config.json: \"feed_forward_proj\" is \"{}\"; AttnLab runs T5's \"relu\" and \"gated-gelu\" (and "
       "relu, gelu, gelu_new or silu, gated or not)."),
    N_("config.json: \"relative_attention_num_buckets\" is {}; T5's encoder splits its buckets into two "
       "equal halves, so it must be even."),
    N_("config.json: \"relative_attention_max_distance\" is {}; with {} buckets it must be above {} (the "
       "distances that get a bucket each)."),
    N_("config.json: {} heads of {} dimensions are wider than AttnLab reads ({})."),
    N_("{}: a Marian folder needs source.spm and vocab.json (and target.spm). Download the tokenizer "
       "files from the model's Hub page."),
    N_("{} is a {} model with an encoder and a decoder; this reads models with one stack of layers "
       "(GPT-2, BERT, Llama, Qwen, Mistral). Its cross-attention is in the Alignment view."),
    N_("{} is a {} model with an encoder and a decoder; this reads models with one stack of layers "
       "(GPT-2, BERT, Llama, Qwen, Mistral). Its cross-attention is in the Audio view."),
    N_("The text is empty. Type a sentence to translate."),
    N_("Target: {msg}"),
    N_("The source is {} tokens, but {} reads at most {}. Shorten it."),
    N_("The target (with the start token) is {} tokens, but {} reads at most {}. Shorten it."),
    N_("{} is a {} model: it reads and writes text, not images."),
    // core/pretrained/seq2seq/fairseq_seq2seq.cpp, families/bart, families/mbart
    N_("{}: an mBART folder needs tokenizer_config.json (its language codes). Download it from the "
       "model's Hub page."),
    N_("{}: an mBART folder needs sentencepiece.bpe.model (its SentencePiece model). Download it from the "
       "model's Hub page."),
    N_("{}: its tokenizer is MBartTokenizer (mBART-25, which writes the language code after </s>). "
       "AttnLab reads mBART-50 folders (MBart50Tokenizer)."),
    N_("{}: sentencepiece.bpe.model and its {} language codes make {} tokens, but config.json gives the "
       "model {}. The folder mixes two models."),
    N_("tokenizer_config.json: \"{}\" is {}; expected a text."),
    N_("tokenizer_config.json: \"additional_special_tokens\" holds {}, which is not a language code."),
    N_("tokenizer_config.json lists no language codes (\"additional_special_tokens\": \"en_XX\", "
       "\"ko_KR\", …), which an mBART-50 tokenizer numbers after its pieces."),
    N_("tokenizer_config.json lists {} language codes; at most 4096 are read."),
    N_("tokenizer_config.json: the language \"{}\" is not among its \"additional_special_tokens\"."),
    N_("{} is a {} model: it does not choose languages (only a many-language translator such as mBART-50 "
       "does)."),
    N_("\"{}\" is not a language {} knows. Its codes: {}."),
    N_("config.json: \"extra_pos_embeddings\" is not 2; AttnLab reads {} position tables with fairseq's "
       "two padding rows."),
    N_("{}: config.json names token id {}, but the tokenizer has {} pieces. The folder mixes two models."),
    // Whisper and recordings (core/pretrained/families/whisper, core/audio)
    N_("{} is a Whisper model: it listens to a recording. Open a sound file ({}) or record one."),
    // The microphone's takes and Save as WAV (app/sound/recordings.cpp)
    N_("Give the file a name."),
    N_("That is the recording itself: choose another name."),
    N_("The recording is too short ({} s)."),
    N_("Could not create the folder {}: {}."),
    N_("{} is a Whisper model: it listens, it does not see images."),
    N_("The transcript fills the decoder ({} tokens), so <|endoftext|> has no row; the word times need it."),
    N_("{} does not know the language \"{}\". It knows {}."),
    N_("The recording is {} ms long; {} needs at least {} ms of sound."),
    N_("{} has no preprocessor_config.json, and config.json's \"max_source_positions\" {} would make "
       "Whisper's log-mel listen to {} s at a time; AttnLab reads chunks of 1 to 60 whole seconds. Add "
       "the model's preprocessor_config.json to the folder."),
    N_("preprocessor_config.json: n_fft {} over {} frames would take {} MiB for one chunk's spectrogram; "
       "AttnLab's limit is {} MiB (Whisper's takes 5)."),
        N_("'{}' is not a sound file AttnLab can read ({msg}); it reads {} files."),
    N_("'{}' is {}, not a recording; AttnLab reads {} files."),
    N_("'{}' holds samples that are not numbers (NaN or infinity); the file is damaged."),
    N_("'{}' ({}) holds no sound: 0 samples."),
    N_("'{}' holds a sample of {}, far beyond full scale (±1); the file is damaged."),
    N_("{}: config.json says {} but the tokenizer files are WordPiece (BERT style). The folder mixes two "
       "models."),
    N_("The second sentence is {} KiB; AttnLab takes at most {} KiB. Paste a shorter passage."),
    N_("{} reads one text from left to right: it has no second sentence to attend to. Clear the second "
       "sentence, or load a BERT model for a sentence pair."),
    N_("{}: the vocabulary has no [CLS] or [SEP] token, which {} needs around every sentence."),
    N_("The second sentence is empty. Type one or clear it."),
    N_("{}: the vocabulary has no padding token, so the sequence cannot be padded. Set the padding length "
       "to 0."),
    N_("The input is {} tokens (with [CLS]/[SEP]) after padding, but {} reads at most {} (it learned one "
       "position embedding per place). Shorten the text."),
    N_("The input is {} tokens (with [CLS]/[SEP]), but {} reads at most {} (it learned one position "
       "embedding per place). Shorten the text."),
    N_("The input is {} tokens after padding, but {} reads at most {} (it learned one position embedding "
       "per place). Shorten the text."),
    N_("The input is {} tokens after padding, but {} reads at most {} (its context length). Shorten the "
       "text."),
    N_("The text has more than {} tokens, but {} reads at most {} (its context length). Shorten the text."),
    N_("The text has more than {} tokens, but {} reads at most {} (it learned one position embedding per "
       "place). Shorten the text."),
    N_("The text has more than {} tokens, but {} reads at most {} (its position table has that many "
       "rows). Shorten the text."),
    N_("The text has more than {} tokens, but {} reads at most {} (the input length its config sets). "
       "Shorten the text."),
    N_("The input is {} tokens, but {} reads at most {} (its position table has that many rows). Shorten "
       "the text."),
    N_("The input is {} tokens, but {} reads at most {} (the input length its config sets). Shorten the "
       "text."),
    N_("The input is {} tokens, but {} reads at most {} (its context length). Shorten the text."),
    N_("The input is {} tokens, but {} reads at most {} (it learned one position embedding per place). "
       "Shorten the text."),
    N_("The tokenizer gave \"{}\" id {}, but {} has only {} token embeddings. Do the tokenizer files "
       "belong to this model?"),
    N_("Cannot read {}: {}."),
    // load_pretrained_model puts the config path before parse_model_config's (and the preprocessor
    // config's) message. After
    // "Cannot read {}: {}." (which may name .../config.json too), before the generic "{} is ...".
    N_("{}/config.json: {msg}"),
    N_("{}/preprocessor_config.json: {msg}"),
};

}  // namespace

CoreMessageTable core_messages_models() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
