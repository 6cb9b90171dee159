// translation.h — the Predict view's numbers for a translation model (GL-free): the target written
// one token at a time, the next token's probabilities after it, and the cross-attention row the
// decoder read while choosing each token; or the whole translation by the folder's search (beams
// or greedy) with its beam tree.
//
//   prefix   the target's ids so far (after the start token), chosen by the user or the search
//   next     s = next_token_scores(logits after the prefix)   (V); its `shown` best, p = exp(s)
//   written  the token "Write" adds: the best (greedy), or one draw from sampling_distribution(s)
//            with the generator at number |prefix| of the seed's stream (so the same seed, source
//            and prefix always write the same token, and Undo then Write writes it again)
//   cross    [t][layer] (H, S): step t read the start token (t = 0) or prefix[t − 1] and chose prefix[t]
// Requests are computed on the panel's job thread (the UI draws the result by value), which keeps
// what the encoder made of the last source (EncodedSource): a step reads the source, or hears the
// recording, once, then replays the decoder over the prefix (one row per target token).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/views/predict/predict.h"
#include "core/base/matrix.h"
#include "core/lm/sampling.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/family/speech.h"
#include "core/pretrained/seq2seq/translate.h"

namespace attn::app {

struct TranslateRequest {
    PretrainedPtr model;
    std::string source;           // the app's text
    std::vector<int> prefix;      // target ids written so far (the start token not included)
    int shown = 10;               // next-token bars
    lm::SamplingOptions sampling; // how "Write" chooses (greedy by default); the search ignores it
    bool search = false;          // translate the whole source (the folder's beams or greedy), not the prefix
    // A speech model (listening.cpp): the recording instead of `source`, the language ("" = detected).
    std::string audio_path, language;
    // Knocked-out heads and sublayers, named by section (text translation; checked by run_translate).
    pretrained::Ablation ablation;
};

struct TranslateResult {
    std::string error;                        // core English; "" = ok
    std::vector<std::string> source_labels;   // (S) the encoder's tokens (Marian: then </s>)
    std::vector<int> source_ids;              // (S) their ids (text translation)
    std::vector<bool> source_unknown;         // (S) not in the vocabulary: read as <unk> (marked)
    std::vector<std::string> unknown_words;   // those tokens' words in the source, in order
    std::vector<int> prefix;                  // the target written so far (requested, or the search's)
    std::vector<std::string> prefix_labels;
    std::string text;                         // the prefix decoded (special tokens left out)
    std::vector<std::vector<Mat>> cross;      // [t][layer] (H, S), one per prefix token (above)
    std::vector<PredictRow> next;             // the next token's best: raw = p, sampled = its share of
                                              // sampling_distribution (greedy: 1 for the best); empty once ended
    int written = -1;                         // the token "Write" adds (above); −1 once ended
    bool ended = false;                       // the prefix ends with the end token or fills the limit
    int n_layers = 0, n_heads = 0;
    // The search (request.search): beams (1 = greedy), the winner's score and the beam tree.
    int beams = 0;
    double score = 0.0;
    std::vector<std::vector<pretrained::BeamNode>> tree;
    std::vector<std::vector<std::string>> tree_labels;  // token_label of each node
    // A speech model: the source is the recording's frames (labels "0.00 s" …), each this long.
    double seconds_per_frame = 0.0;
    std::string language;        // the language the prompt named
    bool language_detected = false;
    std::string recording;       // the file's name
};

// What the encoder made of one source, kept on the job thread from one request to the next, so
// stepping the decoder a token at a time does not encode the source again on every click. It
// stands while the request has the same model (held weakly: a closed model is not kept alive) and
// the same key: the source text, or a recording's path, size and time with the language asked for.
struct EncodedSource {
    std::weak_ptr<const pretrained::PretrainedModel> model;
    std::string key;
    pretrained::Seq2SeqSession start;        // after the encoder and the start token (speech: the prompt)
    std::vector<int> source_ids;             // (S) the encoder's ids (text)
    std::vector<std::string> source_labels;  // as TranslateResult's
    std::vector<bool> source_unknown;        // as TranslateResult's
    std::vector<std::string> unknown_words;  // as TranslateResult's
    pretrained::Transcript said;             // a speech model's prompt, frames and language
    int encodes = 0;                         // how often the encoder ran (the tests count)

    void forget() { *this = EncodedSource{{}, {}, {}, {}, {}, {}, {}, {}, encodes}; }  // all but the count
};

TranslateResult run_translate(const TranslateRequest& request, EncodedSource& kept);
TranslateResult run_translate(const TranslateRequest& request);  // nothing kept
// The same for a speech model (listening.cpp; run_translate hands it over): the encoder hears the
// recording, the prompt is read, then the prefix; `search` writes greedily to the end. Rows
// cross[t] are (H, F): the frames that hold sound.
TranslateResult run_listen(const TranslateRequest& request, EncodedSource& kept);

// The prefix as the decoder can read it after the `held` tokens of its own (the start token; a
// speech model's prompt) under `limit`: cut after the end token or where the decoder is full;
// `r.ended` set. false (with r.error) when an id is not in the vocabulary.
bool fit_prefix(TranslateResult& r, const std::vector<int>& prefix, int held, int limit, int eos, int vocab);
// Whether a target of `prefix` after `held` tokens is done: it ends with the end token, or the
// decoder is full (the rule fit_prefix cuts by and the searches stop at).
bool target_ended(const std::vector<int>& prefix, int held, int limit, int eos);
// Appends the fitted prefix to `s` (all but an ending token, whose next is never asked).
void replay_prefix(const pretrained::ModelFamily& family, pretrained::Seq2SeqSession& s, const TranslateResult& r);

// The prefix's labels and text (special tokens left out), then — unless r.ended — the next token's
// bars and `written` from its scores s (V) and the decoder's raw logits (V). Shared by run_translate
// and run_listen. false (with r.error) for sampling options outside their ranges.
bool describe_target(TranslateResult& r, const TranslateRequest& q, const RowVec& scores, const RowVec& logits);

// One head's (T, S) cross-attention, row t from step t; head −1 = the mean of the layer's heads.
Mat cross_rows(const std::vector<std::vector<Mat>>& cross, int layer, int head);

}  // namespace attn::app
