// nn_ops.h — the transformer pieces around attention, shared by the families: linear layers,
// layer norm, GELU; the record of one forward pass; a reader of named weights.
//
// All in float32 on row-major matrices (a row is a token), with the x·W convention of attention.h.
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

// out = x · w + b    x (T, d_in), w (d_in, d_out) (x·W convention), b (d_out) or empty.
// Column blocks of w run in parallel on engine_pool(). `out` must not alias x.
void linear(const Mat& x, const Mat& w, const RowVec& b, Mat& out);
// The same for one row x (1, d_in), as a cached step computes: matrix-vector products.
void linear_row(const Mat& x, const Mat& w, const RowVec& b, Mat& out);
// out = h · tableᵀ    h (T, d), table (V, d): a tied output layer's logits (T, V), row blocks of
// the table in parallel on engine_pool(); one row is a matrix-vector product, more an sgemm.
Mat times_rows(const Mat& h, const Mat& table);
// Row-wise layer norm: (x - mean) / sqrt(var + eps) * gamma + beta (biased variance).
// x (T, d), gamma and beta (d). `out` may be x itself.
void layer_norm(const Mat& x, const RowVec& gamma, const RowVec& beta, float eps, Mat& out);
// Row-wise RMSNorm (Llama, T5): x / √(mean(x²) + eps) ⊙ gamma. x (T, n), gamma (n); `out` may be x.
void rms_norm(const Mat& x, const RowVec& gamma, float eps, Mat& out);
void gelu_tanh(Mat& x);  // GPT-2 "gelu_new": 0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))
void gelu_erf(Mat& x);   // BERT "gelu": 0.5 x (1 + erf(x / √2))
void silu(Mat& x);       // Marian "swish" / "silu": x · σ(x)
// The activation a config names: "gelu_new" (tanh form), "gelu" (erf form), "silu" (Marian's
// "swish") or "relu" (T5); parse_model_config refuses others, so any other name is a programmer
// error (asserted).
void apply_activation(std::string_view name, Mat& x);

// Everything one forward pass computed that the views or the tests read.
struct ForwardPass {
    Mat token_embeddings;     // (T, d_model) word (+ segment) embedding rows
    Mat position_embeddings;  // (T, d_model) learned position rows
    std::vector<LayerTrace> layers;  // n_layers, each with every head's scores and weights
    // n_layers + 1, each (T, d_model), as Hugging Face's output_hidden_states: the embedding
    // output first, then the output of every block (GPT-2: the last one after ln_f).
    std::vector<Mat> hidden_states;
};

// Everything one teacher-forced pass of an encoder–decoder computed.
struct Seq2SeqPass {
    ForwardPass encoder;              // source × source self-attention; hidden_states n_layers + 1
    ForwardPass decoder;              // target × target causal self-attention; hidden_states L + 1
    std::vector<LayerTrace> cross;    // per decoder layer: target queries × source keys
    Mat logits;                       // (T, V) the next target token after each decoder position
};

// Called by the weight loaders after each block (1 … n_layers); an error stops loading with it
// (progress bars, cancel buttons).
using LayerLoaded = std::function<Status(int layers_done)>;

// Reads Hugging Face tensors under one name prefix and keeps the first error, so a loader reads a
// whole block and checks once. After an error every read returns an empty matrix.
class WeightReader {
public:
    WeightReader(const SafeTensorsFile& file, std::string prefix)
        : file_(file), prefix_(std::move(prefix)) {}

    Mat matrix(const std::string& name, int rows, int cols);  // stored (rows, cols), as is
    // nn.Linear weight stored (d_out, d_in) -> returned (d_in, d_out), our x·W layout.
    Mat linear_weight(const std::string& name, int d_out, int d_in);
    RowVec vector(const std::string& name, int n);
    // Stored with exactly `shape`, returned as (rows, cols) in storage order.
    Mat reshaped(const std::string& name, const std::vector<std::int64_t>& shape, int rows, int cols);
    // The first of the names present in the file (older BERT checkpoints say LayerNorm.gamma /
    // .beta for .weight / .bias); the first name when none is, so the error names it.
    std::string either(const std::string& name, const std::string& old_name) const;
    bool has(const std::string& name) const { return file_.find(prefix_ + name) != nullptr; }

    const Status& status() const { return status_; }
    const std::string& prefix() const { return prefix_; }

private:
    const SafeTensorsFile& file_;
    std::string prefix_;
    Status status_;
};

// The first of `prefixes` ("transformer.", "") under which `probe` exists. The error says which
// names were looked for, naming the file and the architecture `what`.
Expected<std::string> find_name_prefix(const SafeTensorsFile& file,
                                       std::initializer_list<const char*> prefixes,
                                       const std::string& probe, const std::string& what);

}  // namespace attn::pretrained
