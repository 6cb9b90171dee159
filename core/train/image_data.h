// image_data.h — the image tasks' data: grey images with class labels, from Fashion-MNIST (Debian's
// dataset-fashion-mnist package) or drawn from a seed ("odd-one": which quadrant holds the one
// filled shape among outlines), and the image tasks' list with their texts and defaults.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/task/task.h"

namespace attn::train {

struct ImageSet {
    int side = 28;                      // images are side × side grey pixels
    std::vector<std::uint8_t> pixels;   // (n, side, side) 0 = black, 255 = white
    std::vector<int> labels;            // (n) class ids
    int size() const { return int(labels.size()); }
    const std::uint8_t* image(int i) const { return pixels.data() + std::size_t(i) * side * side; }
};

struct ImageData {
    std::vector<std::string> class_names;  // id -> English name (id2label)
    ImageSet train, test;
};

// Where Fashion-MNIST's four files are looked for: $ATTNLAB_FASHION_MNIST, else the Debian package's
// /usr/share/datasets/fashion-mnist.
std::string default_fashion_dir();

// Reads {train,t10k}-{images-idx3,labels-idx1}-ubyte(.gz) from `dir`; keeps the first `train_size`
// training images (0 = all 60,000) and the first `test_size` test images (0 = all 10,000). Errors
// name the file, or say which package to install when the folder is missing.
Expected<ImageData> load_fashion_mnist(const std::string& dir, int train_size, int test_size);

// The odd-one task: a square, disc or diamond in each 14×14 quadrant of a 28×28 image, three only
// outlines and one filled; the label is the filled shape's quadrant (0 top left, 1 top right,
// 2 bottom left, 3 bottom right). Shapes are jittered in place, size and brightness, with pixel noise. The same seed gives the
// same images on every machine; the test set comes from its own stream.
ImageData make_odd_one_data(std::uint64_t seed, int train_size, int test_size);
// One odd-one image (28 × 28) drawn from `rng`; returns its label.
int draw_odd_one(TaskRng& rng, std::uint8_t* pixels);

// The image tasks (the text tasks are in task.h).
struct ImageTaskDefaults {
    int patch = 7, n_layers = 2, n_heads = 4, d_model = 64;
    int steps = 2000, batch = 64, warmup = 100;
    float lr = 2e-3f;
    int train_size = 0;  // 0 = the whole training set
};

struct ImageTaskInfo {
    const char* name;
    const char* summary_en;
    const char* explain;  // English, marked N_(); shown translated (core/i18n/languages.h translate)
    ImageTaskDefaults defaults;
};

const std::vector<ImageTaskInfo>& image_task_registry();
const ImageTaskInfo* find_image_task(const std::string& name);  // null if unknown
bool is_image_task(const std::string& name);

}  // namespace attn::train
