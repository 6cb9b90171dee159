// test_vit_views.cpp — the Attention distance and Position similarity views' numbers
// (app/views/attn_distance, app/views/pos_similarity) on the real tiny ViT, and their exports
// from the app (File > Export: figures and CSV), the bundled samples and the last image kept ready,
// and Fashion-MNIST's class names in Korean.
// The statistics themselves are checked against numpy in tests/pretrained/test_vision_stats.cpp.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "app/i18n/class_names.h"
#include "app/jobs/export_job.h"
#include "app/state/image_samples.h"
#include "app/views/attn_distance/attn_distance.h"
#include "app/views/pos_similarity/pos_similarity.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/vision_input_cache.h"

using namespace attn::app;
namespace fs = std::filesystem;

namespace {

fs::path models_dir() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures" / "pretrained" / "models"; }

std::shared_ptr<const attn::Trace> tiny_vit_trace(const char* model = "tiny-vit") {
    auto m = attn::pretrained::load_pretrained_model((models_dir() / model).string());
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    attn::RunConfig run;
    run.image_path = (models_dir() / "tiny-vit-input.png").string();
    auto t = attn::pretrained::compute_pretrained_trace(**m, run);
    REQUIRE_MESSAGE(t.ok(), t.status().message());
    REQUIRE(t->image);
    return std::make_shared<const attn::Trace>(std::move(*t));
}

}  // namespace

TEST_CASE("attention distance view: one dot per layer and head, the heads' mean, uniform attention") {
    const auto trace = tiny_vit_trace();
    const DistancePlotData d = distance_plot_data(*trace);
    REQUIRE(d.n_layers == 2);
    REQUIRE(d.n_heads == 4);
    CHECK(d.layers == std::vector<double>{1.0, 2.0});
    const attn::AttentionDistance raw = attn::mean_attention_distance(*trace);
    for (int l = 0; l < 2; ++l) {
        double sum = 0;
        for (int h = 0; h < 4; ++h) {
            CHECK(head_column(d, h)[size_t(l)] == doctest::Approx(raw.distance(l, h)));
            sum += raw.distance(l, h);
            // Σ_j a_ij D(i, j) ≤ max D: no head looks farther than the farthest patch.
            CHECK(raw.distance(l, h) <= 8.0 * std::sqrt(18.0) + 1e-4);
            CHECK(raw.distance(l, h) > 0.0f);
        }
        CHECK(d.layer_mean[size_t(l)] == doctest::Approx(sum / 4));
    }
    // A 4 × 4 grid of 8-pixel patches: the mean of all 256 centre distances, by hand.
    double all = 0;
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) all += 8.0 * std::hypot(i / 4 - j / 4, i % 4 - j % 4);
    CHECK(d.uniform == doctest::Approx(all / 256));
    CHECK(d.prefix_share > 0.0);
    CHECK(d.prefix_share < 1.0);
}

TEST_CASE("position similarity view: the maps' image, its hit test and one map alone") {
    const auto trace = tiny_vit_trace("tiny-deit");  // [CLS] and [DIST] before the patches
    const attn::TraceImage& img = *trace->image;
    const attn::Mat s = attn::position_similarity(*trace);
    const int rows = img.grid_rows, cols = img.grid_cols, n = rows * cols;
    REQUIRE(s.rows() == n);
    const SimilarityTiles t = similarity_tiles(s, rows, cols, attn::Colormap::Viridis, 3);
    CHECK(t.width == cols * cols * 3 + (cols - 1) * t.gap);
    CHECK(t.height == rows * rows * 3 + (rows - 1) * t.gap);
    REQUIRE(t.rgba.size() == size_t(t.width) * size_t(t.height) * 4);
    // Every cell of every map is found again at its centre, with the colour of its value.
    for (int map = 0; map < n; ++map) {
        int x0, y0, x1, y1;
        tile_rect(t, map, &x0, &y0, &x1, &y1);
        CHECK(x1 - x0 == cols * 3);
        for (int cell = 0; cell < n; ++cell) {
            const int x = x0 + (cell % cols) * 3 + 1, y = y0 + (cell / cols) * 3 + 1;
            const TileHit hit = tile_at(t, (float(x) + 0.5f) / float(t.width), (float(y) + 0.5f) / float(t.height));
            CHECK(hit.map == map);
            CHECK(hit.cell == cell);
            const attn::Rgb8 want = attn::colormap_rgb8(attn::Colormap::Viridis, (s(map, cell) + 1.0f) * 0.5f);
            const std::uint8_t* px = &t.rgba[(size_t(y) * size_t(t.width) + size_t(x)) * 4];
            CHECK(int(px[0]) == int(want.r));
            CHECK(int(px[3]) == 255);
        }
    }
    // A gap between maps is transparent and hits nothing; outside too.
    const int gx = cols * 3;  // the first column of the gap after map column 0
    CHECK(t.rgba[(size_t(0) * size_t(t.width) + size_t(gx)) * 4 + 3] == 0);
    CHECK(tile_at(t, (float(gx) + 0.5f) / float(t.width), 0.0f).map == -1);
    CHECK(tile_at(t, 1.0f, 0.5f).map == -1);
    CHECK(tile_at(t, -0.1f, 0.5f).map == -1);
    // Its own map: the diagonal is 1 (the top of the colormap).
    const SimilarityTiles one = one_map(s, 5, rows, cols, attn::Colormap::Viridis);
    CHECK(one.width == cols);
    const attn::Rgb8 top = attn::colormap_rgb8(attn::Colormap::Viridis, 1.0f);
    CHECK(int(one.rgba[5 * 4]) == int(top.r));
    CHECK(int(one.rgba[5 * 4 + 1]) == int(top.g));
    CHECK(similarity_cell_pixels(14, 14, 1024) == 4);
    CHECK(similarity_cell_pixels(1000, 1000, 1024) == 1);
}

TEST_CASE("File > Export: the image figure and the ViT views' figures and numbers") {
    const auto trace = tiny_vit_trace();
    const fs::path dir = fs::temp_directory_path() / "attnlab-vit-export-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    ExportInputs in;
    in.trace = trace;
    in.layer = 1;
    in.head = -1;  // the image figure's mean of heads
    in.row = 1 + 5;  // patch (2, 2)
    for (attn::FigureView v : {attn::FigureView::Image, attn::FigureView::AttnDistance, attn::FigureView::PosSimilarity}) {
        for (ExportKind k : {ExportKind::Svg, ExportKind::Png, ExportKind::Csv}) {
            ExportSettings s;
            s.view = v;
            s.kind = k;
            s.path = default_export_path(dir.string(), v, 0, k, 1);
            const ExportOutcome out = run_export(in, s);
            CHECK_MESSAGE(out.ok, std::string(attn::figure_view_name(v) + std::string(": ") + out.message).c_str());
            CHECK(fs::file_size(out.path) > 100);
            if (k == ExportKind::Svg) {
                std::ifstream f(out.path);
                std::stringstream ss;
                ss << f.rdbuf();
                const char* want = v == attn::FigureView::Image          ? "Where patch 6 (row 2, column 2) looks"
                                   : v == attn::FigureView::AttnDistance ? "mean attention distance (pixels)"
                                                                         : "Position embedding similarity";
                INFO("looking for: " << std::string(want));
                CHECK(ss.str().find(want) != std::string::npos);
            }
            if (k == ExportKind::Csv && v == attn::FigureView::AttnDistance) {
                std::ifstream f(out.path);
                std::string header;
                std::getline(f, header);
                CHECK(header.find("layer,head,mean_distance_px,prefix_share") != std::string::npos);
                int lines = 0;
                for (std::string line; std::getline(f, line);) ++lines;
                CHECK(lines == 2 * 4);
            }
        }
    }
    // The names say what they hold: no layer or head for the whole-model views.
    CHECK(fs::path(default_export_path("/x", attn::FigureView::AttnDistance, 3, ExportKind::Pdf, 1)).filename() ==
          "attnlab-attn-distance.pdf");
    CHECK(fs::path(default_export_path("/x", attn::FigureView::PosSimilarity, 3, ExportKind::Csv, 1)).filename() ==
          "attnlab-pos-similarity.csv");
    fs::remove_all(dir);
}

TEST_CASE("bundled sample images: the list, its guards, and the files behind it") {
    const auto parsed = parse_image_samples("# comment\r\na.jpg|Cat|고양이\r\n\nbad line\n../up.png|Up|위\nsub/x.png|X|엑스\n"
                                            "|no file|없음\nb.png|Only English|\n",
                                            "/s");
    REQUIRE(parsed.size() == 2);
    CHECK(parsed[0].path == "/s/a.jpg");
    CHECK(parsed[0].name(Lang::Ko) == "고양이");
    CHECK(parsed[1].name(Lang::Ko) == "Only English");  // no Korean name: the English one
    const auto samples = load_image_samples(fs::path(ATTNLAB_ASSET_DIR));
    REQUIRE(samples.size() >= 14);  // four photos, ten Fashion-MNIST items
    std::uintmax_t total = 0;
    for (const ImageSample& s : samples) total += fs::file_size(s.path);
    CHECK(total < 1024 * 1024);  // the samples stay small
    // Each one opens with the tiny ViT (photos and 28×28 grey alike).
    auto m = attn::pretrained::load_pretrained_model((models_dir() / "tiny-vit").string());
    REQUIRE(m.ok());
    for (const ImageSample& s : samples) {
        attn::RunConfig run;
        run.image_path = s.path;
        auto t = attn::pretrained::compute_pretrained_trace(**m, run);
        INFO(s.path);
        CHECK(t.ok());
    }
    CHECK(load_image_samples("").empty());
    CHECK(load_image_samples("/no/such/attnlab/assets").empty());
}

TEST_CASE("the last image stays ready: re-running does not read the file again") {
    auto m = attn::pretrained::load_pretrained_model((models_dir() / "tiny-vit").string());
    REQUIRE(m.ok());
    const fs::path dir = fs::temp_directory_path() / "attnlab-vision-cache-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path pic = dir / "pic.png";
    fs::copy_file(models_dir() / "tiny-vit-input.png", pic);
    attn::pretrained::VisionInputCache cache;
    attn::RunConfig run;
    run.image_path = pic.string();
    auto a = attn::pretrained::compute_pretrained_run_cached(**m, run, &cache);
    REQUIRE(a.ok());
    run.attention.scale = false;  // the √d_k toggle: same picture
    auto b = attn::pretrained::compute_pretrained_run_cached(**m, run, &cache);
    REQUIRE(b.ok());
    CHECK(cache.files_read() == 1);
    CHECK(a->front().image->rgb == b->front().image->rgb);
    // The same bytes as without the cache.
    auto plain = attn::pretrained::compute_pretrained_trace(**m, run);
    REQUIRE(plain.ok());
    CHECK(plain->layers[1].heads[2].weights.isApprox(b->front().layers[1].heads[2].weights, 0.0f));
    // A changed file (new modification time) is read again.
    fs::last_write_time(pic, fs::last_write_time(pic) + std::chrono::seconds(5));
    REQUIRE(attn::pretrained::compute_pretrained_run_cached(**m, run, &cache).ok());
    CHECK(cache.files_read() == 2);
    // A missing file: the reader's message, nothing kept.
    run.image_path = (dir / "gone.png").string();
    CHECK(!attn::pretrained::compute_pretrained_run_cached(**m, run, &cache).ok());
    CHECK(cache.files_read() == 3);
    fs::remove_all(dir);
}

TEST_CASE("Fashion-MNIST's class names in Korean, only for exactly its ten names") {
    const std::vector<std::string> fashion = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                              "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    CHECK(is_fashion_mnist_names(fashion));
    CHECK(class_name_for_ui(fashion, 0, Lang::Ko, "?") == "티셔츠/상의");
    CHECK(class_name_for_ui(fashion, 3, Lang::Ko, "?") == "원피스");
    CHECK(class_name_for_ui(fashion, 9, Lang::Ko, "?") == "앵클부츠");
    CHECK(class_name_for_ui(fashion, 9, Lang::En, "?") == "Ankle boot");  // English UI: as saved
    CHECK(class_name_for_ui(fashion, 10, Lang::Ko, "?") == "?");
    CHECK(class_name_for_ui(fashion, -1, Lang::Ko, "?") == "?");
    const std::vector<std::string> ko = class_names_for_ui(fashion, Lang::Ko);
    REQUIRE(ko.size() == 10);
    CHECK(ko[7] == "스니커즈");
    CHECK(class_names_for_ui(fashion, Lang::En) == fashion);

    std::vector<std::string> other = fashion;  // one name changed, reordered or one more: not the dataset
    other[3] = "Gown";
    CHECK_FALSE(is_fashion_mnist_names(other));
    CHECK(class_name_for_ui(other, 0, Lang::Ko, "?") == "T-shirt/top");
    other = fashion;
    std::swap(other[0], other[1]);
    CHECK_FALSE(is_fashion_mnist_names(other));
    other = fashion;
    other.push_back("Hat");
    CHECK_FALSE(is_fashion_mnist_names(other));
    CHECK(class_names_for_ui(other, Lang::Ko) == other);
    const std::vector<std::string> imagenet_like = {"tabby cat", "", "dog"};
    CHECK(class_name_for_ui(imagenet_like, 1, Lang::Ko, "class 1") == "class 1");  // no name: the fallback
}

TEST_CASE("the odd-one task's quarters in Korean, only for exactly its four names") {
    const std::vector<std::string> quarters = {"top left", "top right", "bottom left", "bottom right"};
    CHECK(class_name_for_ui(quarters, 0, Lang::Ko, "?") == "왼쪽 위");
    CHECK(class_name_for_ui(quarters, 3, Lang::Ko, "?") == "오른쪽 아래");
    CHECK(class_name_for_ui(quarters, 1, Lang::En, "?") == "top right");
    CHECK(class_names_for_ui(quarters, Lang::Ko) ==
          std::vector<std::string>{"왼쪽 위", "오른쪽 위", "왼쪽 아래", "오른쪽 아래"});
    std::vector<std::string> other = quarters;
    other.pop_back();  // three of them: not the task's list
    CHECK(class_name_for_ui(other, 0, Lang::Ko, "?") == "top left");
    CHECK(class_names_for_ui(other, Lang::Ko) == other);
}
