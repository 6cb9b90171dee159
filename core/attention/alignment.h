// alignment.h — a translation's cross-attention as words (the Alignment view's and figure's numbers):
// target words × source words, the classic picture of which source words each target word reads
// (a row is named by the word it writes: written_tokens).
//
//   pieces:  A (T_tgt, T_src)   one head, the mean over a layer's heads, or over every layer's
//   words:   W(a, b) = mean over a's pieces i of  Σ over b's pieces j  A(i, j)
// so every word row still sums to 1 (attention a target word gives out, shared by its pieces;
// attention a source word receives, summed over its pieces).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/matrix.h"

namespace attn {

// Tokens grouped into words: a word starts at the first token, at a special token, at a
// punctuation token, or where the token's span starts with whitespace or leaves a gap after the
// previous token (a ▁ / Ġ piece's span starts at its space; WordPiece's ## pieces touch).
struct WordGroups {
    std::vector<std::string> labels;       // (W) the pieces' texts joined ("집에", "home")
    std::vector<std::vector<int>> pieces;  // (W) token indices, in order
};
// `text` is what the tokens' spans index (the source: run.text; the target: run.cross_text).
// `merge` false: one word per token.
WordGroups group_words(const std::vector<Token>& tokens, std::string_view text, bool merge);

// What the rows of a cross-attention trace WRITE. The decoder reads q_tokens[i] and from it
// predicts the next token, so row i writes q_tokens[i + 1] and the last row writes the end token
// (the source's closing special token when it has one, as Marian's and BART's </s>; else "</s>").
// An alignment is read by what each row writes: Marian's first row reads <pad> and writes the
// first target word. The tokens keep their spans in run.cross_text; the end token has none.
std::vector<Token> written_tokens(const Trace& cross);
// The target's words, one per group of rows, named by what they write (group_words of the above).
WordGroups target_words(const Trace& cross, bool merge);

enum class AlignmentSource { Head, MeanHeads, MeanLayers };

// The pieces' matrix (T_q, T_k) of a cross-attention trace: one head of `layer`, the mean over its
// heads, or the mean over every layer's heads. Indices are clamped (asserted non-empty trace).
Mat alignment_pieces(const Trace& cross, AlignmentSource source, int layer, int head);

// Pieces to words (the formula above): (W_q, W_k).
Mat merge_words(const Mat& pieces, const WordGroups& queries, const WordGroups& keys);

// The source word each target word reads most (−1 for an empty row).
std::vector<int> strongest_source(const Mat& words);

}  // namespace attn
