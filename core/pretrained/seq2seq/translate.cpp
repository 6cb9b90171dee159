// translate.cpp — greedy and beam search over an encoder–decoder's cached step (translate.h).
#include "core/pretrained/seq2seq/translate.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "core/pretrained/family/family.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::pretrained {

namespace {

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// The session after the start token: the encoder once, then the decoder's first row.
Seq2SeqSession start(const PretrainedModel& model, const std::vector<int>& source, const Ablation& ablation) {
    assert(model.config.family != nullptr && model.family().capabilities(model.config).stacks == 2 &&
           "translate: an encoder-decoder model");
    Seq2SeqSession s;
    model.family().start_translation(model, source, s, ablation);
    return s;
}

// The decoder reads `id` next; at the limit nothing will read it, so it is only recorded.
void write_token(const PretrainedModel& model, Seq2SeqSession& s, int id, int limit) {
    if (s.length() + 1 < limit) {
        model.family().append_target(s, id);
    } else {
        s.ids.push_back(id);
        s.logits.resize(0);
    }
}

int limit_for(const PretrainedConfig& c, int max_new_tokens) {
    return std::min(generation_limit(c), 1 + std::max(0, max_new_tokens));
}

// The finished hypotheses of a beam search (at most B kept, the worst dropped).
struct Hypotheses {
    struct Entry {
        double score;
        double sum;
        Seq2SeqSession session;  // the decoder before the end token
        bool ended;              // by the end token (else cut at the limit)
    };
    int beams = 1;
    double length_penalty = 1.0;
    std::vector<Entry> entries;
    double worst = 1e9;

    double score_of(double sum, int length) const { return sum / std::pow(double(length), length_penalty); }

    void add(const Seq2SeqSession& s, double sum, bool ended) {
        const double score = score_of(sum, s.length());
        if (int(entries.size()) >= beams && score <= worst) return;
        entries.push_back({score, sum, s, ended});
        if (int(entries.size()) > beams) {
            auto lowest = std::min_element(entries.begin(), entries.end(),
                                           [](const Entry& a, const Entry& b) { return a.score < b.score; });
            entries.erase(lowest);
            worst = std::min_element(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
                        return a.score < b.score;
                    })->score;
        } else {
            worst = std::min(worst, score);
        }
    }

    bool done(double best_sum, int length, bool early_stopping) const {
        if (int(entries.size()) < beams) return false;
        return early_stopping || worst >= score_of(best_sum, length);
    }
};

struct Candidate {
    double sum;
    int beam;
    int id;
};

}  // namespace

int generation_limit(const PretrainedConfig& c) {
    const int max_length = seq2seq_settings(c).max_length;
    const int wanted = max_length > 0 ? max_length : c.max_positions;
    return std::min(wanted, c.max_positions);
}

RowVec next_token_scores(const PretrainedModel& model, const RowVec& logits, const std::vector<int>& ids, int limit) {
    return next_token_scores(seq2seq_settings(model.config), logits, ids, limit);
}

RowVec next_token_scores(const Seq2SeqSettings& g, const RowVec& logits, const std::vector<int>& ids, int limit) {
    const int length = int(ids.size());
    const float top = logits.maxCoeff();
    const double log_total = std::log((logits.array() - top).exp().cast<double>().sum());
    RowVec s = (logits.array() - top - float(log_total)).matrix();  // (V) log_softmax
    auto ban = [&](int id) {
        if (id >= 0 && id < s.size()) s(id) = kMinusInf;
    };
    for (const std::vector<int>& bad : g.bad_words)
        if (bad.size() == 1) ban(bad[0]);
    if (length < g.min_length) ban(g.eos_id);
    // no_repeat_ngram_size n: a token that would complete an n-gram the input already holds.
    const int n = g.no_repeat_ngram;
    if (n > 0 && length + 1 >= n) {
        for (int i = 0; i + n <= length; ++i)
            if (std::equal(ids.begin() + i, ids.begin() + i + n - 1, ids.end() - (n - 1))) ban(ids[std::size_t(i + n - 1)]);
    }
    // A forced token is certain: every other token −∞, the forced one 0 (Hugging Face's forcing
    // processors), so forcing adds nothing to a beam's Σ s.
    auto force = [&](int id) {
        if (id < 0 || id >= s.size()) return;
        s.setConstant(kMinusInf);
        s(id) = 0.0f;
    };
    if (length == 1) force(g.forced_bos_id);
    if (length == limit - 1) force(g.forced_eos_id);
    return s;
}

Translation translate_greedy(const PretrainedModel& model, const std::vector<int>& source, int max_new_tokens,
                             const Ablation& ablation) {
    const PretrainedConfig& c = model.config;
    const int limit = limit_for(c, max_new_tokens);
    Translation out;
    out.session = start(model, source, ablation);
    while (out.session.length() < limit) {
        const RowVec s = next_token_scores(seq2seq_settings(c), out.session.logits, out.session.ids, limit);
        Eigen::Index best = 0;
        out.score += s.maxCoeff(&best);
        out.ids.push_back(int(best));
        if (int(best) == seq2seq_settings(c).eos_id) {
            out.finished = true;
            break;
        }
        write_token(model, out.session, int(best), limit);
    }
    return out;
}

Translation translate_beams(const PretrainedModel& model, const std::vector<int>& source, int B, int max_new_tokens,
                            const Ablation& ablation) {
    assert(B >= 1 && "translate_beams: at least one beam");
    const PretrainedConfig& c = model.config;
    const Seq2SeqSettings& g = seq2seq_settings(c);
    const int limit = limit_for(c, max_new_tokens);
    Hypotheses hyps;
    hyps.beams = B;
    hyps.length_penalty = g.length_penalty;
    Translation out;
    out.beams = B;

    std::vector<Seq2SeqSession> running = {start(model, source, ablation)};
    std::vector<double> sums = {0.0};
    bool done = false;
    while (!running.empty() && running.front().length() < limit) {
        const int length = running.front().length();
        // The 2B best (beam, token) pairs: each beam's own 2B best, then the best of those.
        std::vector<Candidate> cands;
        for (int b = 0; b < int(running.size()); ++b) {
            const RowVec s = next_token_scores(g, running[b].logits, running[b].ids, limit);
            std::vector<int> order(std::size_t(s.size()));
            for (int i = 0; i < int(order.size()); ++i) order[i] = i;
            const int keep = std::min<int>(2 * B, int(order.size()));
            std::partial_sort(order.begin(), order.begin() + keep, order.end(),
                              [&](int a, int z) { return s(a) > s(z) || (s(a) == s(z) && a < z); });
            for (int i = 0; i < keep; ++i)
                if (std::isfinite(s(order[i]))) cands.push_back({sums[b] + s(order[i]), b, order[i]});
        }
        std::stable_sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& z) { return a.sum > z.sum; });
        if (int(cands.size()) > 2 * B) cands.resize(std::size_t(2 * B));
        if (cands.empty()) break;

        std::vector<BeamNode> nodes;
        std::vector<Candidate> next;
        for (int rank = 0; rank < int(cands.size()) && int(next.size()) < B; ++rank) {
            const Candidate& k = cands[std::size_t(rank)];
            if (k.id == g.eos_id) {
                if (rank >= B) continue;
                hyps.add(running[k.beam], k.sum, true);
                nodes.push_back({k.beam, k.id, k.sum, true, hyps.score_of(k.sum, length)});
            } else {
                next.push_back(k);
                nodes.push_back({k.beam, k.id, k.sum, false, 0.0});
            }
        }
        out.tree.push_back(std::move(nodes));
        done = hyps.done(cands.front().sum, length, g.early_stopping);
        if (done) break;

        std::vector<Seq2SeqSession> grown;
        std::vector<double> grown_sums;
        for (const Candidate& k : next) {
            grown.push_back(running[k.beam]);  // the parent's decoder (the encoder's memory shared)
            write_token(model, grown.back(), k.id, limit);
            grown_sums.push_back(k.sum);
        }
        running = std::move(grown);
        sums = std::move(grown_sums);
    }
    if (!done)
        for (int b = 0; b < int(running.size()); ++b) hyps.add(running[b], sums[b], false);
    assert(!hyps.entries.empty() && "translate_beams: every search ends with a hypothesis");
    const auto best = std::max_element(hyps.entries.begin(), hyps.entries.end(),
                                       [](const Hypotheses::Entry& a, const Hypotheses::Entry& b) { return a.score < b.score; });
    out.score = best->score;
    out.session = best->session;
    out.ids.assign(out.session.ids.begin() + 1, out.session.ids.end());
    out.finished = best->ended;
    if (out.finished) out.ids.push_back(g.eos_id);
    return out;
}

Translation translate(const PretrainedModel& model, const std::vector<int>& source, int max_new_tokens,
                      const Ablation& ablation) {
    const int beams = seq2seq_settings(model.config).num_beams;
    return beams > 1 ? translate_beams(model, source, beams, max_new_tokens, ablation)
                     : translate_greedy(model, source, max_new_tokens, ablation);
}

std::vector<TokenScore> top_tokens(const RowVec& scores, const RowVec& logits, int n) {
    std::vector<int> order(std::size_t(scores.size()));
    for (int k = 0; k < int(order.size()); ++k) order[std::size_t(k)] = k;
    n = std::clamp(n, 0, int(order.size()));
    std::partial_sort(order.begin(), order.begin() + n, order.end(),
                      [&](int a, int b) { return scores(a) > scores(b) || (scores(a) == scores(b) && a < b); });
    std::vector<TokenScore> out;
    for (int k = 0; k < n; ++k) {
        const int id = order[std::size_t(k)];
        out.push_back(TokenScore{id, std::exp(scores(id)), logits(id)});
    }
    return out;
}

std::vector<ScoredToken> score_translation(const PretrainedModel& model, const std::vector<int>& source,
                                           const std::vector<int>& ids, int top, int max_new_tokens,
                                           const Ablation& ablation) {
    const PretrainedConfig& c = model.config;
    const int limit = limit_for(c, max_new_tokens);
    std::vector<ScoredToken> out;
    Seq2SeqSession s = start(model, source, ablation);
    for (std::size_t i = 0; i < ids.size() && s.logits.size() > 0; ++i) {
        const RowVec scores = next_token_scores(seq2seq_settings(c), s.logits, s.ids, limit);  // (V)
        ScoredToken t;
        assert(ids[i] >= 0 && ids[i] < scores.size() && "score_translation: ids of this model");
        t.chosen = TokenScore{ids[i], std::exp(scores(ids[i])), s.logits(ids[i])};
        t.top = top_tokens(scores, s.logits, top);
        out.push_back(std::move(t));
        if (i + 1 == ids.size() || s.length() + 1 >= limit) break;
        model.family().append_target(s, ids[i]);
    }
    return out;
}

Expected<std::vector<SubwordToken>> source_tokens(const PretrainedModel& model, const std::string& text,
                                                  int max_tokens) {
    const PretrainedConfig& c = model.config;
    auto pieces = model.tokenizer->encode(text, max_tokens);
    if (!pieces) return pieces.status();
    if (pieces->empty()) return Status::Error("The text is empty. Type a sentence to translate.");
    auto framed = model.family().frame(model, std::move(*pieces), text.size(), nullptr, 0);
    if (!framed) return framed.status();
    if (int(framed->tokens.size()) > c.max_positions)
        return Status::Error("The source is " + std::to_string(framed->tokens.size()) + " tokens, but " + model.name +
                             " reads at most " + std::to_string(c.max_positions) + ". Shorten it.");
    if (Status st = check_token_ids(model, framed->tokens); !st) return st;
    return std::move(framed->tokens);
}

std::vector<bool> unknown_source_tokens(const PretrainedModel& model, const std::vector<SubwordToken>& tokens) {
    std::vector<bool> out;
    out.reserve(tokens.size());
    for (const SubwordToken& t : tokens) out.push_back(!t.special && model.tokenizer->is_unknown(t.id));
    return out;
}

std::vector<std::string> unknown_source_words(const PretrainedModel& model, const std::vector<SubwordToken>& tokens,
                                              const std::string& text) {
    const std::vector<bool> unknown = unknown_source_tokens(model, tokens);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!unknown[i]) continue;
        std::size_t b = std::min(tokens[i].byte_begin, text.size()), e = std::min(tokens[i].byte_end, text.size());
        while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\n')) ++b;
        while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\n')) --e;
        out.push_back(b < e ? text.substr(b, e - b) : tokens[i].display);
    }
    return out;
}

Status check_token_ids(const PretrainedModel& model, const std::vector<SubwordToken>& tokens) {
    const int vocab = model.config.vocab_size;
    for (const SubwordToken& t : tokens)
        if (t.id < 0 || t.id >= vocab)
            return Status::Error("The tokenizer gave \"" + t.display + "\" id " + std::to_string(t.id) + ", but " +
                                 model.name + " has only " + std::to_string(vocab) +
                                 " token embeddings. Do the tokenizer files belong to this model?");
    return Status::Ok();
}

std::vector<int> winning_path(const std::vector<std::vector<BeamNode>>& tree, const std::vector<int>& ids) {
    std::vector<int> path(tree.size(), -1);
    int beam = 0;  // the winner's index among the running beams a step grows from
    for (std::size_t s = 0; s < tree.size() && s < ids.size(); ++s) {
        const std::vector<BeamNode>& nodes = tree[s];
        int found = -1, running = -1, rank = -1;
        for (int i = 0; i < int(nodes.size()); ++i) {
            if (!nodes[std::size_t(i)].finished) ++running;
            if (nodes[std::size_t(i)].parent == beam && nodes[std::size_t(i)].id == ids[s]) {
                found = i;
                rank = running;
                break;
            }
        }
        if (found < 0) break;
        path[s] = found;
        if (nodes[std::size_t(found)].finished) break;
        beam = rank;
    }
    return path;
}

}  // namespace attn::pretrained
