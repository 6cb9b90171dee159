// image_data.cpp — Fashion-MNIST from its idx files, the odd-one images, the image tasks' list.
#include "core/train/image_data.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "core/train/idx_file.h"
#include "core/i18n/marks.h"

namespace attn::train {

std::string default_fashion_dir() {
    if (const char* env = std::getenv("ATTNLAB_FASHION_MNIST"); env && *env) return env;
    return "/usr/share/datasets/fashion-mnist";
}

// `stem`.gz or `stem` in dir ("" when neither exists).
static std::string find_file(const std::string& dir, const std::string& stem) {
    std::error_code ec;
    for (const std::string& name : {stem + ".gz", stem}) {
        const std::filesystem::path p = std::filesystem::path(dir) / name;
        if (std::filesystem::is_regular_file(p, ec)) return p.string();
    }
    return "";
}

static Expected<ImageSet> load_split(const std::string& dir, const std::string& prefix, int keep) {
    const std::string images_path = find_file(dir, prefix + "-images-idx3-ubyte");
    const std::string labels_path = find_file(dir, prefix + "-labels-idx1-ubyte");
    if (images_path.empty() || labels_path.empty())  // name the file that is missing
        return Status::Error("Fashion-MNIST is not in " + dir + " (" + prefix +
                             (images_path.empty() ? "-images-idx3-ubyte" : "-labels-idx1-ubyte") +
                             ".gz is missing). Install Debian's dataset-fashion-mnist package.");
    auto images = read_idx_file(images_path, 3);
    if (!images) return images.status();
    auto labels = read_idx_file(labels_path, 1);
    if (!labels) return labels.status();
    if (images->dims[1] != images->dims[2])
        return Status::Error(images_path + ": images of " + std::to_string(images->dims[1]) + " × " +
                             std::to_string(images->dims[2]) + " pixels; the tasks need square images.");
    if (images->dims[0] != labels->dims[0])
        return Status::Error(labels_path + ": " + std::to_string(labels->dims[0]) + " labels for " +
                             std::to_string(images->dims[0]) + " images.");
    const int n = keep > 0 ? std::min(keep, images->dims[0]) : images->dims[0];
    ImageSet s;
    s.side = images->dims[1];
    s.pixels.assign(images->data.begin(), images->data.begin() + std::ptrdiff_t(n) * s.side * s.side);
    s.labels.resize(n);
    for (int i = 0; i < n; ++i) {
        const int label = labels->data[i];
        if (label > 9)
            return Status::Error(labels_path + ": label " + std::to_string(label) + " at item " + std::to_string(i) +
                                 "; Fashion-MNIST has classes 0 to 9.");
        s.labels[i] = label;
    }
    return s;
}

Expected<ImageData> load_fashion_mnist(const std::string& dir, int train_size, int test_size) {
    ImageData d;
    d.class_names = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                     "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    auto train = load_split(dir, "train", train_size);
    if (!train) return train.status();
    auto test = load_split(dir, "t10k", test_size);
    if (!test) return test.status();
    if (train->side != test->side) return Status::Error(dir + ": the training and test images differ in size.");
    d.train = std::move(*train);
    d.test = std::move(*test);
    return d;
}

// ------------------------------------------------------------------------------------------------
// Odd-one images: a square, a disc or a diamond in each quadrant, all drawn as outlines but one,
// which is filled. Each shape's "radius" m(dx, dy) (Chebyshev, Euclidean, Manhattan / 1.3) is
// compared with its half-size r: filled m ≤ r, outline r − 1.6 ≤ m ≤ r.
static bool covers(int shape, bool outline, float dx, float dy, float r) {
    const float ax = std::abs(dx), ay = std::abs(dy);
    const float m = shape == 0 ? std::max(ax, ay) : shape == 1 ? std::sqrt(dx * dx + dy * dy) : (ax + ay) / 1.3f;
    return m <= r && (!outline || m >= r - 1.6f);
}

constexpr int kOddSide = 28, kShapes = 3;

int draw_odd_one(TaskRng& rng, std::uint8_t* px) {
    const int where = rng.below(4);
    for (int i = 0; i < kOddSide * kOddSide; ++i) px[i] = std::uint8_t(rng.below(48));  // background noise
    for (int q = 0; q < 4; ++q) {
        const int shape = rng.below(kShapes);
        const int x0 = (q % 2) * 14, y0 = (q / 2) * 14;
        const float cx = float(x0) + 6.5f + float(rng.below(5) - 2), cy = float(y0) + 6.5f + float(rng.below(5) - 2);
        const float r = 3.5f + float(rng.below(3)) * 0.5f;
        const int ink = 170 + rng.below(86);
        for (int y = y0; y < y0 + 14; ++y)
            for (int x = x0; x < x0 + 14; ++x)
                if (covers(shape, q != where, float(x) - cx, float(y) - cy, r)) px[y * kOddSide + x] = std::uint8_t(ink);
    }
    return where;
}

static ImageSet odd_one_set(std::uint64_t seed, int n) {
    ImageSet s;
    s.side = kOddSide;
    s.pixels.resize(std::size_t(n) * kOddSide * kOddSide);
    s.labels.resize(n);
    TaskRng rng(seed);
    for (int i = 0; i < n; ++i) s.labels[i] = draw_odd_one(rng, s.pixels.data() + std::size_t(i) * kOddSide * kOddSide);
    return s;
}

ImageData make_odd_one_data(std::uint64_t seed, int train_size, int test_size) {
    ImageData d;
    d.class_names = {"top left", "top right", "bottom left", "bottom right"};
    d.train = odd_one_set(seed ^ 0x6F64645F74726E00ull, train_size);
    d.test = odd_one_set(0x6F64645F74737400ull, test_size);  // fixed: every run is scored on the same images
    return d;
}

// ------------------------------------------------------------------------------------------------
const std::vector<ImageTaskInfo>& image_task_registry() {
    static const std::vector<ImageTaskInfo> tasks = [] {
        ImageTaskInfo fashion{};
        fashion.name = "fashion";
        fashion.summary_en = "Fashion-MNIST: which of 10 kinds of clothing is this 28×28 picture?";
        fashion.explain =
            N_("A tiny Vision Transformer learns to name clothes. The 28×28 picture is cut into 7×7 patches "
               "(16 tokens; --patch 4 makes 49), each patch becomes a vector, and a class token is put in front. "
               "Only the class token's final vector is used to answer, so watch where it looks: at first "
               "everywhere alike, later at the patches that tell a sandal from a sneaker — the straps, the "
               "sole, the collar of a shirt.");
        fashion.defaults = ImageTaskDefaults{7, 3, 4, 64, 3000, 128, 150, 2e-3f, 0};
        ImageTaskInfo odd{};
        odd.name = "odd-one";
        odd.summary_en = "Which quadrant holds the odd shape: the one filled shape among outlines?";
        odd.explain =
            N_("Four shapes (squares, discs, diamonds) sit in the four quarters of the picture; three are "
               "only outlines and one is filled. The answer lives in one place of the image, so a head "
               "that finds it is easy to see: once the model has learned, the class token's attention "
               "lights up the quarter with the filled shape.");
        odd.defaults = ImageTaskDefaults{7, 1, 4, 64, 1200, 64, 100, 2e-3f, 20000};
        return std::vector<ImageTaskInfo>{fashion, odd};
    }();
    return tasks;
}

const ImageTaskInfo* find_image_task(const std::string& name) {
    for (const ImageTaskInfo& t : image_task_registry())
        if (name == t.name) return &t;
    return nullptr;
}

bool is_image_task(const std::string& name) { return find_image_task(name) != nullptr; }

}  // namespace attn::train
