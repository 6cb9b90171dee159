// matrix.h — the one matrix type used everywhere in AttnLab.
//
// Row-major float, so a row is a token (T rows) and rows are contiguous, as in PyTorch and numpy.
// Convert explicitly at boundaries (files, GL textures).
#pragma once

#include <Eigen/Core>
#include <cstdint>

namespace attn {

using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVec = Eigen::Matrix<float, 1, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXf;
// Boolean matrices (masks): 1 = true. uint8 so they map to bytes and images directly.
using BoolMat = Eigen::Matrix<std::uint8_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace attn
