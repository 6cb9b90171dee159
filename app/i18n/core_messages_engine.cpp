// core_messages_engine.cpp — the core's messages as patterns to translate, part 1 of 4:
// the engine, vision input, figures, files the app writes and model
// loading (the vision messages first, before the generic "'{}' is ..." ones).
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr const char* kPatterns[] = {
    // core/pretrained/family/pretrained_model.cpp and vit.cpp (vision models), core/image/image.cpp,
    // png_decode.cpp, jpeg_decode.cpp, preprocess.cpp: first, before the generic "'{}' is ..." ones
    N_("{} is a {}: it reads images, not text. Open an image (File > Open image…, or --image FILE)."),
    N_("{} is a {} model: it reads text, not images. Open a ViT or DeiT folder to look at an image."),
    N_("'{}' is {} x {} pixels; AttnLab reads images of at most {} x {} pixels and {} megapixels. Make it "
       "smaller first."),
    N_("'{}' is cut short: its {} data ends before the image does. Copy or download the file again."),
    N_("'{}' is a damaged {} file ({msg})."),
    N_("'{}' is {} MiB; AttnLab reads images of at most {} MiB."),
    N_("'{}' is a {} image; AttnLab reads PNG or JPEG images. Convert it and try again."),
    N_("'{}' is not a PNG or JPEG image (its first bytes are neither); AttnLab reads only these two "
       "formats."),
    N_("'{}' is a progressive JPEG of more than {} scans (real photos have about 10); AttnLab does not "
       "read it."),
    N_("'{}' is a JPEG with {} color components in a layout AttnLab does not read (grey, RGB and CMYK are "
       "read). Save it as RGB."),
    N_("The image is {}×{} pixels, smaller than one {}×{} patch of this model."),
    N_("The image makes {}×{} = {} patches; AttnLab takes at most {}. Use a smaller image size."),
    N_("The image has no pixels to preprocess."),

    // core/attention/tokenizer.cpp, core/base/utf8.cpp
    N_("The text has more than {} tokens (the limit). Shorten it, or raise the limit with the command "
       "line's --max-tokens (at most {})."),
    N_("The text has more than {} tokens, the most AttnLab shows. Shorten it."),
    N_("The text is empty. Type a sentence."),
    N_("Invalid UTF-8 at byte {} ({}). Paste the text again or save it as UTF-8."),

    // core/attention/engine.cpp
    N_("The text is {} KiB; AttnLab takes at most {} KiB. Paste a shorter passage."),
    N_("The padding length cannot be negative."),
    N_("The padding length {} is above the token limit ({})."),
    N_("Second sentence: {msg}"),
    N_("The token limit {} is above {}, the most AttnLab shows."),
    N_("This run would keep {} MiB of matrices ({} x {} tokens, {} heads, {} layers); the limit is {} "
       "MiB. Use fewer tokens or heads."),
    // The run's memory (check_run_memory): the sizes and the advice are messages of their own.
    N_("This run would need {} MiB ({} MiB kept, {} MiB while it works: {msg}); the limit is {} MiB. {msg}"),
    N_("This run would need {} MiB while it works ({msg}); the limit is {} MiB. {msg}"),
    N_("This run would keep {} MiB of matrices ({msg}); the limit is {} MiB. {msg}"),
    N_("{} x {} tokens, {} heads, {} layers"),
    N_("a chunk of {} frames, {} heads, {} layers"),
    N_("{} tokens, {} layers of {} heads"),
    N_("Use fewer tokens or heads."),
    N_("The model listens to too much at once: its chunk is too long for its heads."),
    N_("Generate fewer tokens, or start from a shorter text."),
    N_("Use a shorter recording, or leave out --all-frames."),
    N_("The numbers overflowed in layer {} (a value beyond the float range); no result is shown. Are the "
       "weights usable?"),

    // core/base/json_depth.cpp (tokenizer files, config.json, settings)
    N_("{} nests values more than {} levels deep (the limit); real files nest a few levels."),

    // core/attention/mask.cpp
    N_("The custom mask is {} x {} but the attention matrix is {} x {} (queries x keys)."),
    N_("Global token position {} is outside the sentence (positions 0..{})."),
    N_("The masked cell ({}, {}) is outside the {} x {} attention matrix."),

    // core/attention/builtin_model.cpp (validate_model), core/attention/attention.cpp (validate_attention)
    N_("d_model must be between 1 and {} (got {})."),
    N_("The number of heads must be between 1 and {} (got {})."),
    N_("d_model ({}) must be divisible by the number of heads ({}) so that every head gets d_k = d_model "
       "/ h."),
    N_("d_model ({}) must be divisible by the number of heads ({})."),
    N_("The number of heads must be at least 1."),
    N_("d_model must be at least 1."),
    N_("A projection matrix is {} x {}; expected {} x {}."),
    N_("A bias has {} entries; expected {}."),
    N_("The inputs have width {} / {} but the layer expects d_model = {}."),
    N_("The temperature must be between {} and {} (got {})."),

    // core/base/atomic_file.cpp (every file the app or the CLI writes), app/shell/image_io.cpp
    N_("No output file given."),
    N_("'{}' is a folder, not a file."),
    N_("'{}' is a directory, not a file name."),
    N_("Cannot write '{}': the folder '{}' does not exist."),
    N_("Cannot write '{}': permission denied."),
    N_("Cannot write '{}': {}."),
    N_("Cannot write to standard output: {}."),
    N_("Writing '{}' failed (disk full?)."),
    N_("Cannot replace '{}': {}."),
    N_("Could not write the PNG file '{}': {}."),
    N_("Could not write the PNG file '{}'."),

    // core/figure/figure.cpp (validate_figure_request, fonts, output)
    N_("The figure size {} × {} is not allowed: each side must be {} to {} units (1/120 in)."),
    N_("The PNG scale must be a positive number."),
    N_("The PNG would be {} × {} pixels; each side must be 1 to {}. Lower the scale or DPI."),
    N_("The trace is empty: there is nothing to draw."),
    N_("Layer {} is out of range: the model has {} layer (1)."),
    N_("Layer {} is out of range: the model has {} layers (1–{})."),
    N_("Head {} is out of range: the model has {} head (1)."),
    N_("Head {} is out of range: the model has {} heads (1–{})."),
    N_("The cell view needs a cell: give it as query:key, e.g. 2:0."),
    N_("Cell {}:{} is out of range: queries are 0–{} and keys 0–{}."),
    N_("The {} view needs an image run: a ViT or DeiT model (--model) and --image FILE."),
    N_("The rope view needs a model with rotary positions: a Llama, Qwen or Mistral folder."),
    N_("The rope view needs the model's rotary frequencies: one per pair, at most d_k / 2 = {}."),
    N_("Pair {} is out of range: the heads rotate {} pairs (0–{})."),
    N_("Could not set up fontconfig."),
    N_("Cannot read the font file '{}'."),
    N_("'{}' is not a font file fontconfig can read."),
    N_("Pango has no FreeType font map."),
    N_("Out of memory while writing the PNG."),
    N_("Writing the PNG failed."),
    N_("Drawing the figure failed: {}."),

    // core/base/asset_paths.cpp
    N_("The figure font NanumGothic.ttf was not found. Looked in:{}\n"
       "Set ATTNLAB_ASSET_DIR to the folder holding fonts/, install fonts-nanum, or pass --font FILE."),

    // app/jobs/model_loader.cpp
    N_("Type or drop the path of a model folder (with config.json and model.safetensors)."),
};

}  // namespace

CoreMessageTable core_messages_engine() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
