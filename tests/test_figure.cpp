// Figure export: colormap tables, the text table, every view in every format, PNG pixels,
// SVG text, CSV numbers, and the errors a user can cause.
#include <doctest/doctest.h>


#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/base/colormap.h"
#include "core/attention/engine.h"
#include "core/figure/figure.h"
#include "core/figure/figure_text.h"
#include "tests/png_image.h"

using namespace attn;

#ifndef ATTNLAB_TEST_FONT
#define ATTNLAB_TEST_FONT "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
#endif

namespace {

Trace make_trace(const std::string& text, bool causal, bool scale = true, int d_model = 16, int heads = 2) {
    ModelConfig c;
    c.d_model = d_model;
    c.n_heads = heads;
    auto m = make_builtin_model(c);
    REQUIRE(m.ok());
    RunConfig r;
    r.text = text;
    r.mask.causal = causal;
    r.attention.scale = scale;
    auto t = compute_trace(*m, r);
    REQUIRE(t.ok());
    return *t;
}

FigureRequest base_request(FigureView view, FigureLang lang = FigureLang::En) {
    FigureRequest r;
    r.view = view;
    r.options.lang = lang;
    r.options.font_files = {ATTNLAB_TEST_FONT};
    return r;
}

// Well-formedness without an XML library: tags balance, attributes are quoted, entities are
// known, and there is one root element.
bool xml_well_formed(const std::string& s, std::string* why) {
    std::vector<std::string> stack;
    size_t i = 0;
    int roots = 0;
    auto fail = [&](const std::string& m) {
        *why = m + " at byte " + std::to_string(i);
        return false;
    };
    while (i < s.size()) {
        if (s[i] == '&') {
            const size_t semi = s.find(';', i);
            if (semi == std::string::npos) return fail("unterminated entity");
            const std::string ent = s.substr(i + 1, semi - i - 1);
            if (ent != "amp" && ent != "lt" && ent != "gt" && ent != "quot" && ent != "apos" && ent[0] != '#')
                return fail("unknown entity " + ent);
            i = semi + 1;
            continue;
        }
        if (s[i] != '<') {
            if (s[i] == '>') return fail("stray >");
            ++i;
            continue;
        }
        if (s.compare(i, 4, "<!--") == 0) {
            const size_t e = s.find("-->", i);
            if (e == std::string::npos) return fail("unterminated comment");
            i = e + 3;
            continue;
        }
        if (s.compare(i, 2, "<?") == 0 || s.compare(i, 2, "<!") == 0) {
            const size_t e = s.find('>', i);
            if (e == std::string::npos) return fail("unterminated declaration");
            i = e + 1;
            continue;
        }
        const bool closing = s[i + 1] == '/';
        size_t j = i + (closing ? 2 : 1);
        const size_t name_begin = j;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j])) && s[j] != '>' && s[j] != '/')
            ++j;
        const std::string name = s.substr(name_begin, j - name_begin);
        if (name.empty()) return fail("empty tag name");
        bool self_closing = false;
        while (j < s.size() && s[j] != '>') {  // attributes
            if (s[j] == '"' || s[j] == '\'') {
                const size_t e = s.find(s[j], j + 1);
                if (e == std::string::npos) return fail("unterminated attribute");
                if (s.substr(j + 1, e - j - 1).find('<') != std::string::npos) return fail("< in attribute");
                j = e + 1;
                continue;
            }
            if (s[j] == '=' && j + 1 < s.size() && s[j + 1] != '"' && s[j + 1] != '\'')
                return fail("unquoted attribute");
            if (s[j] == '/' && j + 1 < s.size() && s[j + 1] == '>') self_closing = true;
            ++j;
        }
        if (j >= s.size()) return fail("unterminated tag");
        if (closing) {
            if (stack.empty() || stack.back() != name) return fail("mismatched </" + name + ">");
            stack.pop_back();
        } else if (!self_closing) {
            if (stack.empty()) ++roots;
            stack.push_back(name);
        } else if (stack.empty()) {
            ++roots;
        }
        i = j + 1;
    }
    if (!stack.empty()) return fail("unclosed <" + stack.back() + ">");
    if (roots != 1) return fail("expected one root element");
    return true;
}

using Image = attn::test::PngImage;
using attn::test::decode_png;

bool near_color(const unsigned char* px, Rgb8 c, int tol = 1) {
    return std::abs(px[0] - c.r) <= tol && std::abs(px[1] - c.g) <= tol && std::abs(px[2] - c.b) <= tol;
}

// RFC 4180 reader: rows of fields.
std::vector<std::vector<std::string>> parse_csv(const std::string& s) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char ch = s[i];
        if (quoted) {
            if (ch == '"' && i + 1 < s.size() && s[i + 1] == '"')
                field += '"', ++i;
            else if (ch == '"')
                quoted = false;
            else
                field += ch;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (ch == '\r' && i + 1 < s.size() && s[i + 1] == '\n') {
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
            ++i;
        } else {
            field += ch;
        }
    }
    if (!field.empty() || !rows.back().empty()) rows.back().push_back(field);
    if (rows.back().empty()) rows.pop_back();
    return rows;
}

}  // namespace

TEST_CASE("colormap tables end at the published values") {
    // matplotlib 3.6 _cm_listed.py, first and last rows.
    auto check = [](Colormap map, int index, float r, float g, float b) {
        const Rgb c = colormap_entry(map, index);
        CHECK(c.r == doctest::Approx(r).epsilon(1e-6));
        CHECK(c.g == doctest::Approx(g).epsilon(1e-6));
        CHECK(c.b == doctest::Approx(b).epsilon(1e-6));
    };
    check(Colormap::Viridis, 0, 0.267004f, 0.004874f, 0.329415f);
    check(Colormap::Viridis, 255, 0.993248f, 0.906157f, 0.143936f);
    check(Colormap::Magma, 0, 0.001462f, 0.000466f, 0.013866f);
    check(Colormap::Magma, 255, 0.987053f, 0.991438f, 0.749504f);
    check(Colormap::Cividis, 0, 0.000000f, 0.135112f, 0.304751f);
    check(Colormap::Cividis, 255, 0.995737f, 0.909344f, 0.217772f);
    check(Colormap::Grey, 0, 0, 0, 0);
    check(Colormap::Grey, 255, 1, 1, 1);
    check(Colormap::Viridis, 128, 0.127568f, 0.566949f, 0.550556f);  // the middle entry

    CHECK(colormap_index(0.0f) == 0);
    CHECK(colormap_index(1.0f) == 255);
    CHECK(colormap_index(-3.0f) == 0);
    CHECK(colormap_index(7.0f) == 255);
    CHECK(colormap_index(std::nanf("")) == 0);
    CHECK(colormap_index(0.5f) == 128);  // round(127.5)
    const Rgb8 top = colormap_rgb8(Colormap::Viridis, 1.0f);
    CHECK((top.r == 253 && top.g == 231 && top.b == 37));
    CHECK(prefers_dark_text(colormap_rgb(Colormap::Viridis, 1.0f)));
    CHECK_FALSE(prefers_dark_text(colormap_rgb(Colormap::Viridis, 0.0f)));
}

TEST_CASE("colormap names parse both ways") {
    for (Colormap m : {Colormap::Viridis, Colormap::Magma, Colormap::Cividis, Colormap::Grey}) {
        auto parsed = parse_colormap(colormap_name(m));
        REQUIRE(parsed.has_value());
        CHECK(*parsed == m);
    }
    CHECK(parse_colormap("GRAY") == Colormap::Grey);
    CHECK_FALSE(parse_colormap("jet").has_value());
}

TEST_CASE("every figure string exists in English and Korean") {
    for (int id = 0; id < int(Ft::kCount); ++id) {
        CAPTURE(id);
        CHECK(std::string(figure_text(FigureLang::En, Ft(id))) != "");
        CHECK(std::string(figure_text(FigureLang::Ko, Ft(id))) != "");
    }
    CHECK(std::string(figure_text(FigureLang::Ko, Ft::TitleWeights)) == "어텐션 가중치");
    CHECK(figure_textf(FigureLang::Ko, Ft::AverageOfHeads, {"12"}) == "헤드 12개 평균");
    CHECK(fill_template("{1} {0} {2}", {"a", "b"}) == "b a {2}");
    CHECK(markup_escape("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;");
}

TEST_CASE("every view renders in every format and language, with no missing glyphs") {
    const Trace t = make_trace("Time flies like an arrow", true);
    for (FigureView view : {FigureView::Heatmap, FigureView::Heads, FigureView::Scaling, FigureView::Pipeline,
                            FigureView::Lines, FigureView::PositionalEncoding, FigureView::Cell}) {
        for (FigureLang lang : {FigureLang::En, FigureLang::Ko}) {
            for (FigureFormat format : {FigureFormat::Png, FigureFormat::Svg, FigureFormat::Pdf}) {
                CAPTURE(figure_view_name(view));
                CAPTURE(int(lang));
                CAPTURE(figure_format_name(format));
                FigureRequest r = base_request(view, lang);
                r.cell_query = 3;
                r.cell_key = 1;
                r.head = 1;
                std::vector<std::string> warnings;
                auto out = render_figure(t, r, format, &warnings);
                REQUIRE_MESSAGE(out.ok(), out.status().message());
                CHECK(warnings.empty());
                const std::string& bytes = *out;
                if (format == FigureFormat::Png) CHECK(bytes.compare(1, 3, "PNG") == 0);
                if (format == FigureFormat::Pdf) {
                    CHECK(bytes.compare(0, 5, "%PDF-") == 0);
                    CHECK(bytes.find("NanumGothic") != std::string::npos);  // embedded (subset)
                    CHECK(bytes.find("/FontFile") != std::string::npos);
                }
                if (format == FigureFormat::Svg) {
                    std::string why;
                    CHECK_MESSAGE(xml_well_formed(bytes, &why), why);
                }
            }
        }
    }
}

TEST_CASE("SVG holds the token labels as text, Hangul included") {
    const Trace t = make_trace("그는 집에 갔다. Tom & <Jerry>", false);
    for (FigureView view : {FigureView::Heatmap, FigureView::Lines, FigureView::Heads}) {
        FigureRequest r = base_request(view, FigureLang::Ko);
        auto svg = render_figure(t, r, FigureFormat::Svg);
        REQUIRE(svg.ok());
        std::string why;
        CHECK_MESSAGE(xml_well_formed(*svg, &why), why);
        for (const char* label : {">그는</text>", ">집에</text>", ">갔다</text>", ">Tom</text>",
                                  ">&amp;</text>", ">&lt;</text>", ">Jerry</text>"}) {
            CAPTURE(label);
            CHECK(svg->find(label) != std::string::npos);
        }
        CHECK(svg->find("<title>") != std::string::npos);
        CHECK(svg->find("width=\"1600px\"") != std::string::npos);
    }
}

TEST_CASE("PNG: asked size, colormap colours at known cells, transparency, DPI") {
    // Causal: row 0 has one visible key, so cell (0, 0) is exactly 1 — the top of the scale.
    const Trace t = make_trace("Time flies like an arrow", true);
    FigureRequest r = base_request(FigureView::Heatmap);
    r.options.colormap = Colormap::Magma;
    r.options.width = 800;
    r.options.height = 600;
    r.options.png_scale = 1.5;
    auto png = render_figure(t, r, FigureFormat::Png);
    REQUIRE(png.ok());
    const Image img = decode_png(*png);
    CHECK(img.w == 1200);
    CHECK(img.h == 900);
    CHECK(png_pixel_size(r.options) == std::pair<int, int>(1200, 900));
    CHECK(png->find("pHYs") != std::string::npos);

    // Find cell (0, 0): the top-left-most block of the scale's top colour.
    const Rgb8 top = colormap_rgb8(Colormap::Magma, 1.0f);
    int x0 = -1, y0 = -1;
    for (int y = 0; y < img.h && x0 < 0; ++y)
        for (int x = 0; x < img.w; ++x)
            if (near_color(img.at(x, y), top, 0) && near_color(img.at(x + 3, y + 3), top, 0)) {
                x0 = x, y0 = y;
                break;
            }
    REQUIRE(x0 >= 0);
    int x1 = x0;
    while (x1 + 1 < img.w && near_color(img.at(x1 + 1, y0 + 2), top, 2)) ++x1;
    const int cell = x1 - x0 + 1;  // cells are square
    CHECK(cell > 20);
    // Cells (1, 0) and (1, 1) lie one cell down; sample near their top-left corner, away from the
    // number printed in the middle.
    const LayerTrace& L = t.layers[0];
    const float hi = 1.0f;  // some weight is > 0.5, so the scale is [0, 1]
    for (int j : {0, 1}) {
        const float w = L.heads[0].weights(1, j);
        const Rgb8 want = colormap_rgb8(Colormap::Magma, w / hi);
        const unsigned char* px = img.at(x0 + j * cell + cell / 5, y0 + cell + cell / 5);
        CAPTURE(j);
        CAPTURE(int(px[0]));
        CAPTURE(int(px[1]));
        CAPTURE(int(px[2]));
        CHECK(near_color(px, want));
    }
    CHECK(img.at(2, 2)[3] == 255);  // opaque white page
    CHECK(near_color(img.at(2, 2), Rgb8{255, 255, 255}, 0));

    r.options.transparent = true;
    r.options.png_scale = 1;
    auto clear = render_figure(t, r, FigureFormat::Png);
    REQUIRE(clear.ok());
    const Image cimg = decode_png(*clear);
    CHECK(cimg.w == 800);
    CHECK(cimg.at(2, 2)[3] == 0);
}

TEST_CASE("page sizes: slide and A4 in SVG and PDF units") {
    const Trace t = make_trace("a b c", false);
    FigureRequest r = base_request(FigureView::Heatmap);
    r.options.width = kA4Width;
    r.options.height = kA4Height;
    auto pdf = render_figure(t, r, FigureFormat::Pdf);
    REQUIRE(pdf.ok());
    // A4 is 595.28 × 841.89 pt.
    CHECK(pdf->find("/MediaBox [ 0 0 595.275") != std::string::npos);
    auto png = render_figure(t, r, FigureFormat::Png);
    REQUIRE(png.ok());
    const Image img = decode_png(*png);
    CHECK(img.w == 992);
    CHECK(img.h == 1403);
}

TEST_CASE("CSV: RFC 4180 quoting, token labels, the trace's exact numbers") {
    const Trace t = make_trace("가격은 1,000원, \"정말\" 비싸다", true);
    for (MatrixValues values : {MatrixValues::Weights, MatrixValues::Scores, MatrixValues::Scaled}) {
        auto csv = matrix_csv(t, 0, 1, values);
        REQUIRE(csv.ok());
        CHECK(csv->find("\r\n") != std::string::npos);
        const auto rows = parse_csv(*csv);
        const LayerTrace& L = t.layers[0];
        REQUIRE(int(rows.size()) == t.t_q() + 1);
        REQUIRE(int(rows[0].size()) == t.t_k() + 1);
        CHECK(rows[0][0] == "");
        for (int j = 0; j < t.t_k(); ++j) CHECK(rows[0][size_t(j + 1)] == t.k_tokens[size_t(j)].text);
        CHECK(rows[0][2] == "1,000");
        CHECK(csv->find("\"1,000\"") != std::string::npos);
        CHECK(csv->find(",\"\"\"\",") != std::string::npos);  // the token " is written """"
        for (int i = 0; i < t.t_q(); ++i) {
            CHECK(rows[size_t(i + 1)][0] == t.q_tokens[size_t(i)].text);
            for (int j = 0; j < t.t_k(); ++j) {
                const float want = values == MatrixValues::Weights  ? L.heads[1].weights(i, j)
                                   : values == MatrixValues::Scores ? L.heads[1].scores(i, j)
                                                                    : L.heads[1].scores(i, j) * L.factor;
                CHECK(std::strtof(rows[size_t(i + 1)][size_t(j + 1)].c_str(), nullptr) == want);
            }
        }
    }
    auto bom = matrix_csv(t, 0, 0, MatrixValues::Weights, true);
    REQUIRE(bom.ok());
    CHECK(bom->compare(0, 3, "\xEF\xBB\xBF") == 0);
    const auto pe = parse_csv(positional_csv(t));
    REQUIRE(pe.size() == size_t(t.t_q() + 1));
    CHECK(pe[0].size() == size_t(t.model.d_model + 1));
    CHECK(std::strtof(pe[2][1].c_str(), nullptr) == t.q_positions(1, 0));
}

TEST_CASE("attention rollout: the figure and the CSV, against a double-precision reference") {
    Trace t = make_trace("그는 집에 갔다 home", true, true, 16, 2);
    t.layers.push_back(t.layers[0]);  // a second layer (same weights): rollout multiplies through both
    const int T = t.t_q();
    // Reference: Ā = mean of heads, + I, rows normalised, R = Â_2 · Â_1 (double precision).
    auto hat = [&](const LayerTrace& L) {
        Eigen::MatrixXd a = Eigen::MatrixXd::Zero(T, T);
        for (const HeadTrace& h : L.heads) a += h.weights.cast<double>();
        a /= double(L.heads.size());
        a += Eigen::MatrixXd::Identity(T, T);
        for (int i = 0; i < T; ++i) a.row(i) /= a.row(i).sum();
        return a;
    };
    const Eigen::MatrixXd want = hat(t.layers[1]) * hat(t.layers[0]);
    auto csv = matrix_csv(t, 1, 0, MatrixValues::Rollout);
    REQUIRE(csv.ok());
    const auto rows = parse_csv(*csv);
    REQUIRE(int(rows.size()) == T + 1);
    double err = 0, row_err = 0;
    for (int i = 0; i < T; ++i) {
        double sum = 0;
        for (int j = 0; j < T; ++j) {
            const double v = std::strtod(rows[size_t(i + 1)][size_t(j + 1)].c_str(), nullptr);
            err = std::max(err, std::abs(v - want(i, j)));
            sum += v;
        }
        row_err = std::max(row_err, std::abs(sum - 1.0));
    }
    MESSAGE("rollout CSV vs double reference: max |diff| = " << err << ", rows sum to 1 within " << row_err);
    CHECK(err < 1e-6);
    CHECK(row_err < 1e-5);
    // Layer 1's rollout is Â_1 alone: not the same numbers as layer 2's.
    auto first = matrix_csv(t, 0, 0, MatrixValues::Rollout);
    REQUIRE(first.ok());
    CHECK(*first != *csv);

    FigureRequest r = base_request(FigureView::Heatmap);
    r.layer = 1;
    r.values = MatrixValues::Rollout;
    auto svg = render_figure(t, r, FigureFormat::Svg);
    REQUIRE(svg.ok());
    CHECK(svg->find("Attention rollout") != std::string::npos);
    r.options.lang = FigureLang::Ko;
    svg = render_figure(t, r, FigureFormat::Svg);
    REQUIRE(svg.ok());
    CHECK(svg->find("어텐션 롤아웃") != std::string::npos);
    CHECK(std::string(matrix_values_name(MatrixValues::Rollout)) == "rollout");
    MatrixValues parsed = MatrixValues::Weights;
    CHECK(parse_matrix_values("rollout", &parsed));
    CHECK(parsed == MatrixValues::Rollout);

    // Cross-attention has no rollout: a message, not a wrong picture.
    Trace cross = t;
    cross.run.cross_text = "other";
    auto refused = render_figure(cross, r, FigureFormat::Png);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().find("cross-attention") != std::string::npos);
    CHECK_FALSE(matrix_csv(cross, 0, 0, MatrixValues::Rollout).ok());
}

TEST_CASE("figure errors are messages, not crashes") {
    const Trace t = make_trace("Time flies like an arrow", true);
    auto expect_error = [&](FigureRequest r, FigureFormat f, const char* fragment) {
        auto out = render_figure(t, r, f);
        REQUIRE_FALSE(out.ok());
        CAPTURE(out.error());
        CHECK(out.error().find(fragment) != std::string::npos);
    };
    FigureRequest r = base_request(FigureView::Heatmap);
    r.head = 2;
    expect_error(r, FigureFormat::Png, "Head 3 is out of range");
    r.head = -1;
    expect_error(r, FigureFormat::Svg, "out of range");
    r = base_request(FigureView::Heatmap);
    r.layer = 1;
    expect_error(r, FigureFormat::Pdf, "Layer 2 is out of range");
    r = base_request(FigureView::Cell);
    expect_error(r, FigureFormat::Png, "needs a cell");
    r.cell_query = 0;
    r.cell_key = 5;
    expect_error(r, FigureFormat::Png, "out of range");
    r = base_request(FigureView::Heatmap);
    r.options.width = 10;
    expect_error(r, FigureFormat::Svg, "size");
    r = base_request(FigureView::Heatmap);
    r.options.png_scale = 50;
    expect_error(r, FigureFormat::Png, "pixels");
    r = base_request(FigureView::Heatmap);
    r.options.font_files = {"/no/such/font.ttf"};
    expect_error(r, FigureFormat::Png, "font");
    CHECK_FALSE(matrix_csv(t, 0, 9, MatrixValues::Weights).ok());
}

TEST_CASE("view and format names") {
    FigureView v;
    CHECK(parse_figure_view("pe", &v));
    CHECK(v == FigureView::PositionalEncoding);
    CHECK_FALSE(parse_figure_view("bogus", &v));
    FigureFormat f;
    CHECK(parse_figure_format("pdf", &f));
    CHECK(f == FigureFormat::Pdf);
    MatrixValues mv;
    CHECK(parse_matrix_values("scaled", &mv));
    CHECK(mv == MatrixValues::Scaled);
    FigureLang lang;
    CHECK(parse_figure_lang("ko", &lang));
    CHECK(lang == FigureLang::Ko);
}
