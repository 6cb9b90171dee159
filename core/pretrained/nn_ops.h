// nn_ops.h — the transformer pieces around attention: linear layers, layer norm, GELU.
#pragma once

#include "core/matrix.h"

namespace attn::pretrained {

// out = x · w + b    x (T, d_in), w (d_in, d_out) (x·W convention), b (d_out) or empty.
void linear(const Mat& x, const Mat& w, const RowVec& b, Mat& out);
// Row-wise layer norm: (x - mean) / sqrt(var + eps) * gamma + beta (biased variance).
void layer_norm(const Mat& x, const RowVec& gamma, const RowVec& beta, float eps, Mat& out);
void gelu_tanh(Mat& x);  // GPT-2 "gelu_new": 0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))
void gelu_erf(Mat& x);   // BERT "gelu": 0.5 x (1 + erf(x / √2))

}  // namespace attn::pretrained
