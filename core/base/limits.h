// limits.h — every size limit AttnLab enforces on user input, in one place (docs/limits.md explains
// each one and the largest real value it leaves room for). A refusal always names its limit.
#pragma once

#include <cstddef>
#include <cstdint>

namespace attn::limits {

// Text and sequences. GPT-2 has 1024 positions, BERT 512; a trace keeps T×T matrices per head.
inline constexpr std::size_t kMaxTokens = 2048;          // tokens per sentence, --max-tokens, --pad-to
inline constexpr std::size_t kMaxTextBytes = 4u << 20;   // 4 MiB of text
inline constexpr std::size_t kMaxEchoChars = 60;         // user text quoted back in a message

// The softmax temperature (the app's slider and every run): outside, logits overflow float.
inline constexpr float kMinTemperature = 0.01f;
inline constexpr float kMaxTemperature = 100.0f;

// Model shape (built-in model and config.json). GPT-2 XL: 48 layers, 25 heads, width 1600.
inline constexpr int kMaxLayers = 256;
inline constexpr int kMaxHeads = 256;
inline constexpr int kMaxModelWidth = 16384;             // d_model of a pretrained model
inline constexpr int kMaxBuiltinWidth = 4096;            // d_model of the built-in model
inline constexpr int kMaxFeedForward = 65536;            // d_ff
inline constexpr int kMaxPositions = 65536;              // learned positions
inline constexpr int kMaxVocabSize = 1000000;            // config.json vocab_size
inline constexpr int kMaxModelImageSide = 8192;          // a vision config's image_size / patch_size
inline constexpr std::size_t kMaxLabels = 100000;        // a classifier's id2label (ImageNet-21k: 21,843)

// Tokenizer files. Real vocabularies have 30k (BERT) to 250k pieces; added tokens a few hundred.
inline constexpr std::size_t kMaxVocabEntries = 1u << 21;        // pieces or merges
inline constexpr std::size_t kMaxVocabEntryBytes = 1024;         // one piece, one merges line
inline constexpr std::size_t kMaxAddedTokens = 4096;
inline constexpr std::size_t kMaxTokenizerFileBytes = 64u << 20; // 64 MiB per file
inline constexpr std::size_t kMaxConfigBytes = 1u << 20;         // config.json, tokenizer_config.json
// What tokenizer.json's normalizers (and Metaspace) may make of a text: NFKD expands a character
// at most 18-fold ("ﷺ": 3 bytes to 33), Mistral's Replace " " by "▁" 3-fold.
inline constexpr std::size_t kMaxNormalizedGrowth = 32;          // bytes out per byte in, + 1 KiB
inline constexpr std::size_t kMaxNormalizedBytes = 16u << 20;    // 16 MiB in any case

// JSON anywhere (tokenizer files, config.json, settings): real files nest fewer than 10 levels.
inline constexpr int kMaxJsonDepth = 64;

// safetensors. GPT-2 XL has ~580 tensors and a ~60 KiB header.
inline constexpr std::size_t kMaxHeaderEntries = 16384;
inline constexpr std::uint64_t kMaxHeaderBytes = 16u << 20;      // 16 MiB
// Weights as float32 in memory; also never more than the machine's physical memory.
inline constexpr std::uint64_t kMaxWeightBytes = 16ull << 30;    // 16 GiB (GPT-2 XL: 6.2 GiB)

// One trace (every intermediate matrix of every head and layer), checked before it is computed.
inline constexpr std::uint64_t kMaxTraceBytes = 4ull << 30;      // 4 GiB

// Images (core/image): PNG and JPEG photos for the Vision Transformer. A 24 MP camera photo is
// 6000 x 4000 and ~10 MiB; every limit is checked from the file's header before pixels are allocated.
inline constexpr std::size_t kMaxImageFileBytes = 64u << 20;      // 64 MiB per file
inline constexpr int kMaxImageSide = 16384;                       // width and height, each
inline constexpr std::uint64_t kMaxImagePixels = 40000000;        // 40 megapixels (160 MB as RGBA)
inline constexpr int kMaxJpegScans = 500;                         // progressive JPEG scans (real: ~10)

// Sound (core/audio): recordings for speech models. Whisper listens to 30 s at a time; a lesson's
// clip is seconds long. A 10-minute 48 kHz stereo 24-bit WAV is ~165 MiB.
inline constexpr std::size_t kMaxAudioFileBytes = 256u << 20;     // 256 MiB per file
inline constexpr double kMaxAudioSeconds = 600.0;                 // 10 minutes, checked from the header
inline constexpr int kMaxAudioChannels = 64;                      // real: 1 or 2
inline constexpr int kMinAudioRate = 1000, kMaxAudioRate = 768000;  // Hz; real: 8000 … 192000
// A chunk's power spectrogram (n_fft / 2 + 1 bins × frames, doubles) and log-mel features; Whisper's
// is 201 × 3000 (4.8 MB). Checked from preprocessor_config.json before anything is computed.
inline constexpr std::uint64_t kMaxSpectrogramBytes = 512ull << 20;  // 512 MiB

// Image datasets for training (core/train/idx_file.h): Fashion-MNIST's idx files, gzip or not.
// Its training images are 47 MB unpacked (60,000 × 28 × 28); a gzip stream is stopped at this size.
inline constexpr std::size_t kMaxDatasetFileBytes = 64u << 20;   // 64 MiB, packed or unpacked
inline constexpr std::size_t kMaxDatasetImages = 100000;          // images (or labels) per file
inline constexpr int kMaxDatasetImageSide = 64;                   // rows and columns (real: 28)

// App files.
inline constexpr std::size_t kMaxSettingsBytes = 1u << 20;       // settings.json (real: < 4 KiB)
inline constexpr std::size_t kMaxLayoutBytes = 1u << 20;         // imgui.ini (real: < 8 KiB)

}  // namespace attn::limits
