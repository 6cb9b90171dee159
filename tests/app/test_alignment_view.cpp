// The Alignment view's numbers (core/attention/alignment.h): pieces grouped into words by
// their spans, word rows that still sum to 1, the real tiny Marian's cross-attention, and the
// alignment figure and CSV drawn from them.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/attention/alignment.h"
#include "core/figure/figure.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn;

namespace {

Token tok(const std::string& text, std::size_t begin, std::size_t end, TokenKind kind = TokenKind::Word) {
    Token t;
    t.text = text;
    t.byte_begin = begin;
    t.byte_end = end;
    t.kind = kind;
    return t;
}

// The tiny Marian's sections for "He went home." → "그는 집에 갔다." (encoder, decoder, cross).
std::vector<Trace> marian_sections() {
    auto m = pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) +
                                               "/../tests/fixtures/pretrained/models/tiny-marian");
    REQUIRE(m.ok());
    RunConfig run;
    run.text = "He went home.";
    run.cross_text = "그는 집에 갔다.";
    auto sections = pretrained::compute_pretrained_run(**m, run);
    REQUIRE(sections.ok());
    return std::move(*sections);
}

}  // namespace

TEST_CASE("alignment: pieces join into words by their spans; specials and punctuation stand alone") {
    // "He went home." as SentencePiece cuts it: ▁He ▁w ent ▁home . </s>
    const std::string text = "He went home.";
    const std::vector<Token> src = {tok("He", 0, 2), tok("w", 2, 4), tok("ent", 4, 7), tok("home", 7, 12),
                                    tok(".", 12, 13, TokenKind::Punctuation), tok("</s>", 13, 13, TokenKind::Special)};
    const WordGroups g = group_words(src, text, true);
    CHECK(g.labels == std::vector<std::string>{"He", "went", "home", ".", "</s>"});
    CHECK(g.pieces[1] == std::vector<int>{1, 2});
    CHECK(group_words(src, text, false).labels.size() == src.size());

    // "그는 집에 ▁갔다." with a lone ▁ piece before 갔: it begins the word after it.
    const std::string ko = "그는 집에 갔다.";
    const std::vector<Token> tgt = {tok("<pad>", 0, 0, TokenKind::Special), tok("그", 0, 3), tok("는", 3, 6),
                                    tok("집", 6, 10), tok("에", 10, 13), tok("\xE2\x96\x81", 13, 14), tok("갔", 14, 17),
                                    tok("다", 17, 20), tok(".", 20, 21, TokenKind::Punctuation)};
    const WordGroups k = group_words(tgt, ko, true);
    CHECK(k.labels == std::vector<std::string>{"<pad>", "그는", "집에", "갔다", "."});

    // WordPiece: ## pieces touch the previous one, words are apart.
    const std::vector<Token> wp = {tok("play", 0, 4), tok("##ing", 4, 7), tok("now", 8, 11)};
    CHECK(group_words(wp, "playing now", true).labels == std::vector<std::string>{"playing", "now"});
}

TEST_CASE("alignment: word rows are the mean of piece rows over summed columns, and still sum to 1") {
    Mat a(3, 4);  // 3 target pieces × 4 source pieces, rows sum to 1
    a << 0.1f, 0.2f, 0.3f, 0.4f,  //
        0.5f, 0.5f, 0.0f, 0.0f,   //
        0.0f, 0.0f, 1.0f, 0.0f;
    WordGroups q, k;
    q.labels = {"x", "yz"};
    q.pieces = {{0}, {1, 2}};
    k.labels = {"ab", "c", "d"};
    k.pieces = {{0, 1}, {2}, {3}};
    const Mat w = merge_words(a, q, k);
    REQUIRE(w.rows() == 2);
    REQUIRE(w.cols() == 3);
    CHECK(w(0, 0) == doctest::Approx(0.3));
    CHECK(w(1, 0) == doctest::Approx(0.5));   // mean of 1.0 and 0.0
    CHECK(w(1, 1) == doctest::Approx(0.5));   // mean of 0.0 and 1.0
    for (int i = 0; i < 2; ++i) CHECK(w.row(i).sum() == doctest::Approx(1.0));
    CHECK(strongest_source(w) == std::vector<int>{2, 0});
}

TEST_CASE("alignment: the tiny Marian's cross section, one head, the layer mean and the mean of every layer") {
    const std::vector<Trace> sections = marian_sections();
    const Trace& cross = sections.back();
    REQUIRE(cross.section == "cross");
    const Mat head = alignment_pieces(cross, AlignmentSource::Head, 1, 2);
    CHECK((head - cross.layers[1].heads[2].weights).cwiseAbs().maxCoeff() == 0.0f);
    const Mat layer = alignment_pieces(cross, AlignmentSource::MeanHeads, 0, 0);
    Mat expect = Mat::Zero(layer.rows(), layer.cols());
    for (const HeadTrace& h : cross.layers[0].heads) expect += h.weights / float(cross.layers[0].heads.size());
    CHECK((layer - expect).cwiseAbs().maxCoeff() < 1e-6f);
    const Mat all = alignment_pieces(cross, AlignmentSource::MeanLayers, 0, 0);
    const WordGroups tgt = target_words(cross, true);
    const WordGroups src = group_words(cross.k_tokens, cross.run.text, true);
    // Rows are named by what they write: the row that reads <pad> writes 그는; the last writes </s>.
    CHECK(group_words(cross.q_tokens, cross.run.cross_text, true).labels ==
          std::vector<std::string>{"<pad>", "그는", "집에", "갔다", "."});
    CHECK(tgt.labels == std::vector<std::string>{"그는", "집에", "갔다", ".", "</s>"});
    CHECK(tgt.pieces.front().front() == 0);  // row 0 (reading <pad>) is 그's row
    CHECK(tgt.pieces.back() == std::vector<int>{int(cross.q_tokens.size()) - 1});
    CHECK(src.labels == std::vector<std::string>{"He", "went", "home", ".", "</s>"});
    const Mat words = merge_words(all, tgt, src);
    for (Eigen::Index i = 0; i < words.rows(); ++i) CHECK(words.row(i).sum() == doctest::Approx(1.0).epsilon(1e-5));
}

TEST_CASE("alignment: the figure and its CSV draw the word matrix; other sections are refused by name") {
    const std::vector<Trace> sections = marian_sections();
    const Trace& cross = sections.back();
    FigureRequest r;
    r.view = FigureView::Alignment;
    r.layer = 1;
    r.head = -1;  // the layer's mean
    r.options.font_files.push_back(std::string(ATTNLAB_ASSET_DIR) + "/fonts/NanumGothic.ttf");
    for (FigureFormat f : {FigureFormat::Png, FigureFormat::Svg, FigureFormat::Pdf}) {
        REQUIRE(validate_figure_request(cross, r, f).ok());
        auto bytes = render_figure(cross, r, f);
        REQUIRE_MESSAGE(bytes.ok(), (bytes.ok() ? "" : bytes.error()));
        CHECK(bytes->size() > 1000);
    }
    // The CSV: one row per target word, the same numbers as the view's.
    auto csv = alignment_csv(cross, r);
    REQUIRE(csv.ok());
    const WordGroups tgt = target_words(cross, true);
    const WordGroups src = group_words(cross.k_tokens, cross.run.text, true);
    const Mat w = merge_words(alignment_pieces(cross, AlignmentSource::MeanHeads, 1, 0), tgt, src);
    std::vector<std::string> lines;
    for (std::size_t a = 0, b; a < csv->size(); a = b + 2) {
        b = csv->find("\r\n", a);
        if (b == std::string::npos) break;
        lines.push_back(csv->substr(a, b - a));
    }
    REQUIRE(int(lines.size()) == 1 + int(w.rows()));
    CHECK(lines[0] == ",He,went,home,.,</s>");
    const std::string row1 = lines[2].substr(lines[2].find(',') + 1);  // "그는"'s row
    CHECK(std::stof(row1.substr(0, row1.find(','))) == doctest::Approx(w(1, 0)).epsilon(1e-6));
    r.pieces = true;
    r.all_layers = true;
    auto pieces = alignment_csv(cross, r);
    REQUIRE(pieces.ok());
    CHECK(pieces->find(",He,w,ent,home,.,</s>") == 0);
    // The encoder's section is not a cross-attention: refused with a message.
    CHECK(validate_figure_request(sections.front(), r, FigureFormat::Png).message().find("cross-attention") !=
          std::string::npos);
    CHECK_FALSE(alignment_csv(sections.front(), r).ok());
}
