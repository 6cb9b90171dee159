// bart.h — BART (BartForConditionalGeneration: facebook/bart-base, bart-large, bart-large-cnn,
// distilbart …): a denoising encoder–decoder whose decoder writes text while it reads the encoder's
// output through cross-attention. Post-LN blocks; its embeddings, weights and passes are fairseq's
// encoder–decoders' (fairseq_seq2seq.h), shared with mBART.
#pragma once

#include "core/pretrained/family/family.h"

namespace attn::pretrained {

// The BART family (family.h): model_type bart.
const ModelFamily& bart_family();

}  // namespace attn::pretrained
