// test_image_view.cpp — the Image view's numbers (app/views/image/image_view.h) against numpy
// (tests/fixtures/image_view/golden.json, from the tiny ViT's torchvision attentions), on the
// tiny-vit fixture end to end through the worker, and the image as an input of the app (state,
// request, settings, drops, options).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <utility>
#include <nlohmann/json.hpp>

#include "app/jobs/compute_worker.h"
#include "app/jobs/model_loader.h"
#include "app/matrix/heatmap_data.h"
#include "app/shell/app_options.h"
#include "app/state/settings.h"
#include "app/views/image/image_view.h"
#include "app/views/predict/predict.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn::app;
using namespace std::chrono_literals;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

fs::path fixtures() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures"; }

json read_json(const fs::path& path) {
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), path.string());
    return json::parse(in);
}

// A 4×4-patch picture with [CLS] (the tiny ViT's shape).
attn::TraceImage tiny_image() {
    attn::TraceImage img;
    img.width = img.height = 32;
    img.patch_size = 8;
    img.grid_rows = img.grid_cols = 4;
    img.prefix_tokens = 1;
    return img;
}

// The reference attentions of tiny-vit/reference.json case 0 as a trace (weights only).
attn::Trace reference_trace() {
    const json ref = read_json(fixtures() / "pretrained" / "models" / "tiny-vit" / "reference.json");
    const json& attn_layers = ref["cases"][0]["attentions"];
    attn::Trace t;
    const int n = 17;
    for (int i = 0; i < n; ++i) {
        attn::Token tok;
        tok.text = i == 0 ? "[CLS]" : std::to_string(i);
        t.q_tokens.push_back(tok);
    }
    t.k_tokens = t.q_tokens;
    for (const json& layer : attn_layers) {
        attn::LayerTrace l;
        l.n_heads = int(layer.size());
        l.d_k = 2;
        l.q = l.k = l.v = attn::Mat::Zero(n, 2 * l.n_heads);  // (T, d): only their shapes are read
        for (const json& head : layer) {
            attn::HeadTrace h;
            h.weights.resize(n, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) h.weights(i, j) = head[size_t(i * n + j)].get<float>();
            l.heads.push_back(std::move(h));
        }
        t.layers.push_back(std::move(l));
    }
    t.image = std::make_shared<attn::TraceImage>(tiny_image());
    return t;
}

double max_diff(const std::vector<float>& a, const json& b) {
    REQUIRE(a.size() == b.size());
    double d = 0.0;
    for (size_t k = 0; k < a.size(); ++k) d = std::max(d, std::abs(double(a[k]) - b[k].get<double>()));
    return d;
}

}  // namespace

TEST_CASE("image view: patch indices, rows and columns, hit test") {
    const attn::TraceImage img = tiny_image();
    CHECK(patch_count(img) == 16);
    CHECK(patch_token(img, 0, 0) == 1);
    CHECK(patch_token(img, 1, 2) == 1 + 4 + 2);
    CHECK(patch_token(img, 3, 3) == 16);
    CHECK(patch_token(img, 4, 0) == -1);
    CHECK(patch_token(img, 0, -1) == -1);
    CHECK(token_patch(img, 0) == std::make_pair(-1, -1));  // [CLS]
    CHECK(token_patch(img, 7) == std::make_pair(1, 2));
    CHECK(token_patch(img, 17) == std::make_pair(-1, -1));
    CHECK(patch_at(img, 0.0f, 0.0f) == 1);
    CHECK(patch_at(img, 0.99f, 0.26f) == 1 + 4 + 3);  // row 1, col 3
    CHECK(patch_at(img, 1.0f, 0.5f) == -1);
    CHECK(patch_at(img, -0.01f, 0.5f) == -1);
    CHECK(patch_at(img, std::nanf(""), 0.5f) == -1);
    attn::TraceImage deit = img;  // [CLS] and [DIST] first
    deit.prefix_tokens = 2;
    CHECK(patch_token(deit, 0, 0) == 2);
    CHECK(token_patch(deit, 1) == std::make_pair(-1, -1));
}

TEST_CASE("image view: --patch R,C selects the patch as the query of every view") {
    const attn::Trace trace = reference_trace();
    AppState s;
    s.layer = 1;
    s.head = 0;
    REQUIRE(select_start_patch(s, trace, 1, 2));
    CHECK(s.image_query == 1 + 4 + 2);
    CHECK(s.sel_query == 1 + 4 + 2);  // the heatmap's, explainer's, Row's and Q·K's query
    Eigen::Index best = 0;
    trace.layers[1].heads[0].weights.row(7).maxCoeff(&best);
    CHECK(s.sel_key == int(best));  // its strongest key in the shown layer and head
    AppState untouched;
    CHECK_FALSE(select_start_patch(untouched, trace, 4, 0));  // outside the 4×4 grid
    CHECK(untouched.sel_query == -1);
    CHECK(untouched.image_query == 0);
    attn::Trace text = trace;
    text.image.reset();
    CHECK_FALSE(select_start_patch(untouched, text, 0, 0));  // not a picture
}

TEST_CASE("image view: the 60% mass set") {
    CHECK(mass_set({0.0f, 0.0f}, kMassFraction) == std::vector<std::uint8_t>{0, 0});  // nothing to keep
    CHECK(mass_set({0.5f, 0.3f, 0.2f}, 0.6f) == std::vector<std::uint8_t>{1, 1, 0});  // 0.5 < 0.6: 0.3 crosses
    CHECK(mass_set({0.2f, 0.7f, 0.1f}, 0.6f) == std::vector<std::uint8_t>{0, 1, 0});
    CHECK(mass_set({0.25f, 0.25f, 0.25f, 0.25f}, 0.5f) == std::vector<std::uint8_t>{1, 1, 0, 0});  // exactly half
    CHECK(max_value({0.1f, 0.4f, 0.2f}) == doctest::Approx(0.4f));
    CHECK(max_value({}) == 0.0f);
}

TEST_CASE("image view: top classes are the softmax of the logits") {
    attn::TraceImage img = tiny_image();
    CHECK(top_classes(img, 5).empty());  // no classifier
    img.logits = {1.0f, 3.0f, 2.0f};
    img.labels = {"a", "", "c"};
    const auto top = top_classes(img, 5);
    REQUIRE(top.size() == 3);
    CHECK(top[0].id == 1);
    CHECK(top[0].label == "class 1");  // no name in id2label
    CHECK(top[1].label == "c");
    const double z = std::exp(1.0) + std::exp(3.0) + std::exp(2.0);
    CHECK(top[0].probability == doctest::Approx(std::exp(3.0) / z));
    CHECK(top[2].probability == doctest::Approx(std::exp(1.0) / z));
    img.logits = {1000.0f, 999.0f};  // stable: no overflow
    img.labels.clear();
    CHECK(top_classes(img, 1)[0].probability == doctest::Approx(1.0 / (1.0 + std::exp(-1.0))));
}

TEST_CASE("image view: overlays, mass sets, rollout and top-5 against numpy (tiny ViT attentions)") {
    const json golden = read_json(fixtures() / "image_view" / "golden.json");
    const attn::Trace trace = reference_trace();
    const attn::TraceImage& img = *trace.image;
    double d_rows = 0.0;
    for (size_t l = 0; l < trace.layers.size(); ++l) {
        for (const json& q : golden["patch_rows"][l]) {
            const int query = q["query"].get<int>();
            for (int h = 0; h < trace.layers[l].n_heads; ++h)
                d_rows = std::max(d_rows, max_diff(patch_attention(trace.layers[l], img, query, h), q["heads"][size_t(h)]));
            d_rows = std::max(d_rows, max_diff(patch_attention(trace.layers[l], img, query, -1), q["mean"]));
            float patches = 0.0f;
            for (float v : patch_attention(trace.layers[l], img, query, -1)) patches += v;
            CHECK(patches + prefix_share(trace.layers[l], img, query, -1) == doctest::Approx(1.0f).epsilon(1e-5));
        }
    }
    std::printf("image view vs numpy: patch rows (heads and mean) max |diff| %.3g\n", d_rows);
    CHECK(d_rows < 1e-6);

    const attn::LayerTrace& last = trace.layers.back();
    for (int h = 0; h < last.n_heads; ++h) {
        const std::vector<std::uint8_t> keep = mass_set(patch_attention(last, img, 0, h), kMassFraction);
        CHECK(std::vector<int>(keep.begin(), keep.end()) == golden["mass_sets_cls_last_layer"][size_t(h)].get<std::vector<int>>());
    }
    const std::vector<std::uint8_t> keep_mean = mass_set(patch_attention(last, img, 0, -1), kMassFraction);
    CHECK(std::vector<int>(keep_mean.begin(), keep_mean.end()) == golden["mass_set_mean_cls_last_layer"].get<std::vector<int>>());

    REQUIRE(rollout_available(trace));
    const std::vector<attn::Mat> rollout = compute_rollout(trace);
    double d_roll = 0.0;
    for (size_t l = 0; l < rollout.size(); ++l) d_roll = std::max(d_roll, max_diff(patch_row(rollout[l], img, 0), golden["rollout_cls"][l]));
    std::printf("image view vs numpy: [CLS] rollout on the patches max |diff| %.3g\n", d_roll);
    CHECK(d_roll < 1e-6);

    attn::TraceImage with_head = img;
    with_head.logits = golden["top5_case_logits"].get<std::vector<float>>();
    const auto top = top_classes(with_head, kTopClasses);
    REQUIRE(top.size() == golden["top5_case"].size());
    double d_top = 0.0;
    for (size_t k = 0; k < top.size(); ++k) {
        CHECK(top[k].id == golden["top5_case"][k]["id"].get<int>());
        d_top = std::max(d_top, std::abs(double(top[k].probability) - golden["top5_case"][k]["probability"].get<double>()));
    }
    std::printf("image view vs numpy: top-5 probabilities max |diff| %.3g\n", d_top);
    CHECK(d_top < 1e-6);
}

TEST_CASE("image view: the tiny ViT fixture through the worker; the image as the app's input") {
    AppState s;
    ModelSession session;
    open_model(session, s, (fixtures() / "pretrained" / "models" / "tiny-vit").string());
    REQUIRE(session.loader.wait_idle(60s));
    poll_model_session(session, s);
    REQUIRE_MESSAGE(session.active != nullptr, session.error);
    const PretrainedPtr vit = session.active;

    CHECK(predict_support(vit.get()) == PredictSupport::Vision);  // no tokens to predict
    CHECK(predict_intro(PredictSupport::Vision) == Txt::PredictVision);
    CHECK(needs_image(s, vit.get()));  // a vision model and no image: the views say how to open one
    CHECK_FALSE(needs_image(s, nullptr));
    s.image_path = (fixtures() / "pretrained" / "models" / "tiny-vit-input.png").string();
    CHECK_FALSE(needs_image(s, vit.get()));
    auto request = make_request(s, vit);
    REQUIRE(request);
    CHECK(request->run.image_path == s.image_path);
    auto builtin = make_request(s);  // text models never see the image
    REQUIRE(builtin);
    CHECK(builtin->run.image_path.empty());
    AppState other = s;
    other.image_path += "x";
    CHECK(*request != *make_request(other, vit));

    ComputeWorker worker;
    worker.post(std::move(*request));
    REQUIRE(worker.wait_idle(60s));
    auto result = worker.take_result();
    REQUIRE(result);
    REQUIRE_MESSAGE(result->trace != nullptr, result->error);
    const attn::Trace& t = *result->trace;
    REQUIRE(t.is_image());
    const attn::TraceImage& img = *t.image;
    CHECK(patch_count(img) == 16);
    CHECK(t.t_q() == img.prefix_tokens + 16);
    for (int k = 0; k < 16; ++k) {
        const auto [r, c] = token_patch(img, img.prefix_tokens + k);
        CHECK(t.q_tokens[size_t(img.prefix_tokens + k)].patch_row == r);
        CHECK(t.q_tokens[size_t(img.prefix_tokens + k)].patch_col == c);
    }
    const json golden = read_json(fixtures() / "image_view" / "golden.json");
    const auto top = top_classes(img, kTopClasses);  // PIL + torchvision's logits, softmax in numpy
    REQUIRE(top.size() == 5);
    double d = 0.0;
    for (size_t k = 0; k < top.size(); ++k) {
        CHECK(top[k].id == golden["top5_input"][k]["id"].get<int>());
        d = std::max(d, std::abs(double(top[k].probability) - golden["top5_input"][k]["probability"].get<double>()));
    }
    CHECK(top[0].label == "고양이");
    std::printf("image view vs numpy: tiny-vit-input.png top-5 through the app max |diff| %.3g\n", d);
    CHECK(d < 1e-5);

    s.image_path.clear();  // the worker's own refusal, in case a view shows it
    auto again = make_request(s, vit);
    worker.post(std::move(*again));
    REQUIRE(worker.wait_idle(60s));
    auto refused = worker.take_result();
    REQUIRE(refused);
    CHECK(refused->trace == nullptr);
    CHECK(refused->error.find("Open an image") != std::string::npos);
}

TEST_CASE("image input: settings, dropped files, command line") {
    AppState s;
    s.image_path = "/photos/고양이.jpg";
    AppState back;
    CHECK(apply_settings_json(settings_to_json(s), back).empty());
    CHECK(back.image_path == s.image_path);

    CHECK(is_image_file_name("a/b.PNG"));
    CHECK(is_image_file_name("x.jpeg"));
    CHECK(is_image_file_name("x.Jpg"));
    CHECK_FALSE(is_image_file_name("x.json"));
    CHECK_FALSE(is_image_file_name("png"));
    std::vector<std::string> dropped = {"file:///tmp/model/config.json", "'/tmp/cat.png'", "/tmp/lesson.md"};
    CHECK(take_dropped_image_path(dropped) == "/tmp/cat.png");
    CHECK(dropped == std::vector<std::string>{"file:///tmp/model/config.json", "/tmp/lesson.md"});
    CHECK(take_dropped_image_path(dropped).empty());

    const char* argv[] = {"attnlab", "--image", "cat.png", "--patch", "2,3", "--image-mode", "heads", "--view", "image"};
    auto o = parse_app_options(int(std::size(argv)), const_cast<char**>(argv));
    REQUIRE_MESSAGE(o, o.status().message());
    CHECK(o->patch == std::make_pair(2, 3));
    CHECK(o->image_mode == "heads");
    AppState applied;
    apply_options(*o, applied);
    CHECK(fs::path(applied.image_path).is_absolute());
    CHECK(fs::path(applied.image_path).filename() == "cat.png");
    CHECK(applied.view == View::Image);
    const char* cls[] = {"attnlab", "--patch", "cls"};
    auto c = parse_app_options(3, const_cast<char**>(cls));
    REQUIRE(c);
    CHECK(c->patch == std::make_pair(-1, -1));
    const char* bad[] = {"attnlab", "--patch", "2"};
    CHECK_FALSE(parse_app_options(3, const_cast<char**>(bad)));
    const char* bad_mode[] = {"attnlab", "--image-mode", "all"};
    CHECK_FALSE(parse_app_options(3, const_cast<char**>(bad_mode)));
}

TEST_CASE("image view: the prefix tokens named are the model's own ([CLS] for ViT, [CLS] and [DIST] for DeiT)") {
    const std::filesystem::path models = fixtures() / "pretrained" / "models";
    for (const auto& [folder, want] : {std::pair<const char*, const char*>{"tiny-vit", "[CLS]"}, {"tiny-deit", "[CLS], [DIST]"}}) {
        auto m = attn::pretrained::load_pretrained_model((models / folder).string());
        REQUIRE(m.ok());
        attn::RunConfig run;
        run.image_path = (models / "tiny-vit-input.png").string();
        auto trace = attn::pretrained::compute_pretrained_trace(**m, run);
        REQUIRE_MESSAGE(trace.ok(), (trace.ok() ? "" : trace.error()));
        CHECK(prefix_names(*trace) == want);
    }
    CHECK(prefix_names(attn::Trace{}).empty());  // no image: no prefix
}
