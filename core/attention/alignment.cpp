// alignment.cpp — cross-attention as words (the contract is in alignment.h).
#include "core/attention/alignment.h"

#include <algorithm>
#include <cassert>

namespace attn {

namespace {

bool starts_with_space(std::string_view text, const Token& t) {
    if (t.byte_begin >= text.size() || t.byte_end <= t.byte_begin) return false;
    const char c = text[t.byte_begin];
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

WordGroups group_words(const std::vector<Token>& tokens, std::string_view text, bool merge) {
    WordGroups g;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        bool starts = !merge || i == 0 || t.kind == TokenKind::Special || t.kind == TokenKind::Punctuation;
        if (!starts) {
            const Token& prev = tokens[i - 1];
            starts = prev.kind == TokenKind::Special || prev.kind == TokenKind::Punctuation ||
                     t.byte_begin > prev.byte_end || starts_with_space(text, t);
            // A lone ▁ piece (a space the model wrote apart) begins the word after it.
            if (prev.text == "\xE2\x96\x81") starts = false;
        }
        if (starts) {
            g.labels.push_back(t.text);
            g.pieces.push_back({int(i)});
        } else {
            if (g.labels.back() == "\xE2\x96\x81") g.labels.back().clear();
            g.labels.back() += t.text.rfind("##", 0) == 0 ? t.text.substr(2) : t.text;  // WordPiece's ##
            g.pieces.back().push_back(int(i));
        }
    }
    return g;
}

std::vector<Token> written_tokens(const Trace& cross) {
    std::vector<Token> out;
    if (cross.q_tokens.empty()) return out;
    out.assign(cross.q_tokens.begin() + 1, cross.q_tokens.end());
    Token end;
    const bool closes = !cross.k_tokens.empty() && cross.k_tokens.back().kind == TokenKind::Special;
    end.text = closes ? cross.k_tokens.back().text : "</s>";
    end.kind = TokenKind::Special;
    end.byte_begin = end.byte_end = cross.run.cross_text.size();  // not from the text (Token's rule)
    out.push_back(std::move(end));
    return out;
}

WordGroups target_words(const Trace& cross, bool merge) {
    return group_words(written_tokens(cross), cross.run.cross_text, merge);
}

Mat alignment_pieces(const Trace& cross, AlignmentSource source, int layer, int head) {
    assert(!cross.layers.empty() && "alignment_pieces: a trace with layers");
    const int L = int(cross.layers.size());
    layer = std::clamp(layer, 0, L - 1);
    auto mean_heads = [](const LayerTrace& l) {
        Mat m = Mat::Zero(l.heads.front().weights.rows(), l.heads.front().weights.cols());
        for (const HeadTrace& h : l.heads) m += h.weights;
        return Mat(m / float(l.heads.size()));
    };
    const LayerTrace& chosen = cross.layers[std::size_t(layer)];
    switch (source) {
        case AlignmentSource::Head:
            return chosen.heads[std::size_t(std::clamp(head, 0, int(chosen.heads.size()) - 1))].weights;
        case AlignmentSource::MeanHeads:
            return mean_heads(chosen);
        case AlignmentSource::MeanLayers: {
            Mat m = mean_heads(cross.layers.front());
            for (int l = 1; l < L; ++l) m += mean_heads(cross.layers[std::size_t(l)]);
            return m / float(L);
        }
    }
    return chosen.heads.front().weights;
}

Mat merge_words(const Mat& pieces, const WordGroups& q, const WordGroups& k) {
    Mat out = Mat::Zero(Eigen::Index(q.pieces.size()), Eigen::Index(k.pieces.size()));  // (W_q, W_k)
    for (std::size_t a = 0; a < q.pieces.size(); ++a) {
        for (std::size_t b = 0; b < k.pieces.size(); ++b) {
            double sum = 0.0;
            for (int i : q.pieces[a])
                for (int j : k.pieces[b]) sum += pieces(i, j);
            out(Eigen::Index(a), Eigen::Index(b)) = float(sum / double(q.pieces[a].size()));
        }
    }
    return out;
}

std::vector<int> strongest_source(const Mat& words) {
    std::vector<int> out(std::size_t(words.rows()), -1);
    for (Eigen::Index i = 0; i < words.rows(); ++i) {
        if (words.cols() == 0 || words.row(i).maxCoeff() <= 0.0f) continue;
        Eigen::Index j = 0;
        words.row(i).maxCoeff(&j);
        out[std::size_t(i)] = int(j);
    }
    return out;
}

}  // namespace attn
