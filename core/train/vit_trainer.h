// vit_trainer.h — training the tiny Vision Transformer on an image task (fashion, odd-one): options,
// the state of a run, one step, accuracy on the test images, the class token's attention on a few
// probe images, saving as a Hugging Face ViTForImageClassification folder.
//
// Threading as trainer.h: one thread owns an ImageTrainState; everything it hands out is a value.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/attention/trace.h"
#include "core/base/parallel.h"
#include "core/base/status.h"
#include "core/train/image_data.h"
#include "core/train/optimizer.h"
#include "core/train/trainer.h"
#include "core/train/vit_model.h"

namespace attn::train {

struct ImageTrainOptions {
    std::string task = "fashion";
    int patch = 7;
    int n_layers = 3, n_heads = 4, d_model = 64;
    int steps = 3000, batch = 128, warmup = 150;
    float lr = 2e-3f;
    AdamWConfig adamw{0.9f, 0.98f, 1e-8f, 0.05f, 1.0f};
    std::uint64_t seed = 1;
    int threads = 1;           // 0 = one per core
    int train_size = 0;        // training images kept (0 = the task's default; Fashion-MNIST: all 60,000)
    int test_size = 0;         // test images (0 = all: Fashion-MNIST 10,000, odd-one 2,000)
    int eval_every = 100;      // steps between evaluations on `eval_examples` test images (0 = never)
    int eval_examples = 1000;  // the final step evaluates on the whole test set
    std::string data_dir;      // Fashion-MNIST's folder ("" = default_fashion_dir())
};

// The task's defaults; false if `task` is not an image task.
bool apply_image_task_defaults(ImageTrainOptions& o, const std::string& task);
Status validate_image_options(const ImageTrainOptions& o);

// One probe image through the current weights, run by the pretrained ViT family on the model in
// memory (vit_io.h: what loading the saved folder and opening the picture would give): the whole
// trace (every layer and head, T × T, T = 1 + grid²), and the class token's row of it for the pictures.
struct ImageProbe {
    int side = 28, grid = 4;
    std::vector<std::uint8_t> pixels;          // (side, side)
    int label = 0, predicted = 0;
    float confidence = 0;                      // the predicted class's probability
    std::vector<std::vector<std::vector<float>>> cls_attention;  // [layer][head] (grid·grid) over the patches
    std::shared_ptr<const Trace> trace;        // the run (Trace::image: the picture, grid, class logits)
};

struct ImageTrainState {
    ImageTrainOptions options;
    const ImageTaskInfo* info = nullptr;
    ImageData data;
    VitModel model;
    AdamWState adam;
    VitActs acts, grads, eval_acts;
    TaskRng data_rng{0};
    std::vector<int> order;    // this epoch's shuffled training indices
    std::size_t next = 0;      // position in `order`
    int step = 0;
    std::vector<TrainLogEntry> log;  // Evaluation: exact = token_acc = test accuracy
    std::vector<int> probe_ids;      // test images shown as probes (one per class, up to 4)
    std::unique_ptr<ThreadPool> pool;
    std::chrono::steady_clock::time_point started;
};

// Loads (or draws) the data and initialises the model. Errors: unknown task, bad options (named),
// the dataset's files.
Expected<std::unique_ptr<ImageTrainState>> make_image_train_state(const ImageTrainOptions& o);

TrainLogEntry image_train_step(ImageTrainState& s);
bool image_training_done(const ImageTrainState& s);

// Accuracy and loss on the first `n` test images (0 = all).
Evaluation evaluate_images(ImageTrainState& s, int n);

// Class predictions for images (B, side²) through the current weights: probabilities (B, K).
std::vector<std::vector<float>> classify_images(ImageTrainState& s, const std::vector<const std::uint8_t*>& images);

// The probe images (probe_ids) through the current weights. Reads the state only.
std::vector<ImageProbe> image_probes(const ImageTrainState& s);

}  // namespace attn::train
