// word_timing.cpp — the alignment matrix, the median filter and dynamic time warping of
// word_timing.h.
#include "core/attention/word_timing.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace attn {

Eigen::MatrixXd median_filter_rows(const Eigen::MatrixXd& x, int width) {
    assert(width >= 1 && width % 2 == 1 && "median_filter_rows: an odd width");
    const int pad = width / 2, cols = int(x.cols());
    if (cols <= pad) return x;
    Eigen::MatrixXd out(x.rows(), cols);
    std::vector<double> window(static_cast<std::size_t>(width));
    for (Eigen::Index r = 0; r < x.rows(); ++r)
        for (int c = 0; c < cols; ++c) {
            for (int k = 0; k < width; ++k) {
                int j = c + k - pad;
                if (j < 0) j = -j;                          // reflect: x[−1] = x[1]
                if (j >= cols) j = 2 * (cols - 1) - j;      //          x[cols] = x[cols − 2]
                window[std::size_t(k)] = x(r, j);
            }
            std::nth_element(window.begin(), window.begin() + pad, window.end());
            out(r, c) = window[std::size_t(pad)];
        }
    return out;
}

Eigen::MatrixXd alignment_matrix(const std::vector<Mat>& scaled_scores, int frames, int median_width) {
    assert(!scaled_scores.empty() && frames >= 1 && "alignment_matrix: heads and frames");
    const Eigen::Index rows = scaled_scores.front().rows();
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(rows, frames);
    for (const Mat& s : scaled_scores) {
        assert(s.rows() == rows && s.cols() >= frames && "alignment_matrix: heads of one shape");
        // softmax over the audio's own frames
        Eigen::MatrixXd a = s.leftCols(frames).cast<double>();
        for (Eigen::Index r = 0; r < rows; ++r) {
            const double top = a.row(r).maxCoeff();
            a.row(r) = (a.row(r).array() - top).exp().matrix();
            a.row(r) /= a.row(r).sum();
        }
        // each frame standardised over the rows (population std)
        const Eigen::RowVectorXd mean = a.colwise().mean();
        a.rowwise() -= mean;
        const Eigen::RowVectorXd std = (a.array().square().colwise().sum() / double(rows)).sqrt().matrix();
        a.array().rowwise() /= std.array();
        sum += median_filter_rows(a, median_width);
    }
    return sum / double(scaled_scores.size());
}

std::vector<std::pair<int, int>> dtw_path(const Eigen::MatrixXd& x) {
    const int n = int(x.rows()), m = int(x.cols());
    assert(n >= 1 && m >= 1 && "dtw_path: a non-empty cost");
    const double inf = std::numeric_limits<double>::infinity();
    Eigen::MatrixXd cost = Eigen::MatrixXd::Constant(n + 1, m + 1, inf);  // cost[i][j]: rows < i, columns < j
    Eigen::MatrixXi trace = Eigen::MatrixXi::Constant(n + 1, m + 1, -1);   // 0 diagonal, 1 down, 2 right
    cost(0, 0) = 0;
    for (int j = 1; j <= m; ++j)
        for (int i = 1; i <= n; ++i) {
            const double c0 = cost(i - 1, j - 1), c1 = cost(i - 1, j), c2 = cost(i, j - 1);
            double c;
            int t;
            if (c0 < c1 && c0 < c2) c = c0, t = 0;
            else if (c1 < c0 && c1 < c2) c = c1, t = 1;
            else c = c2, t = 2;
            cost(i, j) = x(i - 1, j - 1) + c;
            trace(i, j) = t;
        }
    trace.row(0).setConstant(2);  // on the edges the path can only go back along them
    trace.col(0).setConstant(1);
    std::vector<std::pair<int, int>> path;
    for (int i = n, j = m; i > 0 || j > 0;) {
        path.emplace_back(i - 1, j - 1);
        const int t = trace(i, j);
        if (t == 0) --i, --j;
        else if (t == 1) --i;
        else --j;
    }
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<int> row_start_frames(const std::vector<std::pair<int, int>>& path, int rows) {
    std::vector<int> start(static_cast<std::size_t>(std::max(rows, 0)), -1);
    int previous_row = -1;
    for (const auto& [r, c] : path) {
        if (r != previous_row && r >= 0 && r < rows && start[std::size_t(r)] < 0) start[std::size_t(r)] = c;
        previous_row = r;
    }
    return start;
}

}  // namespace attn
