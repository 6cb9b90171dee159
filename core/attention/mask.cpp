// mask.cpp — which keys each query may see
// (implementation; the interface and its contract are in mask.h)
#include "core/attention/mask.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <string>
#include <utility>

namespace attn {

Expected<BoolMat> build_mask(const MaskConfig& config, int t_q, int t_k,
                             const std::vector<std::uint8_t>& key_is_pad) {
    assert(t_q >= 0 && t_k >= 0);
    assert((key_is_pad.empty() || int(key_is_pad.size()) == t_k) && "one pad flag per key");

    if (config.custom_blocked.size() > 0 &&
        (config.custom_blocked.rows() != t_q || config.custom_blocked.cols() != t_k)) {
        return Status::Error("The custom mask is " + std::to_string(config.custom_blocked.rows()) +
                             " x " + std::to_string(config.custom_blocked.cols()) +
                             " but the attention matrix is " + std::to_string(t_q) + " x " +
                             std::to_string(t_k) + " (queries x keys).");
    }
    std::vector<std::uint8_t> global_q(t_q, 0), global_k(t_k, 0);
    for (int g : config.global_tokens) {
        if (g < 0 || (g >= t_q && g >= t_k)) {
            return Status::Error("Global token position " + std::to_string(g) +
                                 " is outside the sentence (positions 0.." +
                                 std::to_string(std::max(t_q, t_k) - 1) + ").");
        }
        if (g < t_q) global_q[g] = 1;
        if (g < t_k) global_k[g] = 1;
    }

    for (const auto& [i, j] : config.blocked_cells) {
        if ((i < 0 || i >= t_q || j < 0 || j >= t_k) && !config.drop_cells_outside) {
            return Status::Error("The masked cell (" + std::to_string(i) + ", " + std::to_string(j) +
                                 ") is outside the " + std::to_string(t_q) + " x " +
                                 std::to_string(t_k) + " attention matrix.");
        }
    }

    BoolMat blocked = BoolMat::Zero(t_q, t_k);  // (T_q, T_k)
    for (int i = 0; i < t_q; ++i) {
        for (int j = 0; j < t_k; ++j) {
            bool visible = true;
            if (config.window >= 0) {
                visible = std::abs(i - j) <= config.window || global_q[i] || global_k[j];
            }
            if (config.causal && j > i) visible = false;
            if (!key_is_pad.empty() && key_is_pad[j]) visible = false;
            if (config.custom_blocked.size() > 0 && config.custom_blocked(i, j)) visible = false;
            blocked(i, j) = visible ? 0 : 1;
        }
    }
    for (const auto& [i, j] : config.blocked_cells)
        if (i >= 0 && i < t_q && j >= 0 && j < t_k) blocked(i, j) = 1;  // the rest dropped (checked above)
    return blocked;
}

MaskConfig mask_for_matrix(MaskConfig config, int t_q, int t_k) {
    if (!config.drop_cells_outside) return config;
    auto& cells = config.blocked_cells;
    cells.erase(std::remove_if(cells.begin(), cells.end(),
                               [&](const std::pair<int, int>& c) {
                                   return c.first < 0 || c.first >= t_q || c.second < 0 || c.second >= t_k;
                               }),
                cells.end());
    return config;
}

std::vector<std::uint8_t> fully_masked_rows(const BoolMat& blocked) {
    std::vector<std::uint8_t> rows(blocked.rows(), 0);
    for (Eigen::Index i = 0; i < blocked.rows(); ++i) {
        rows[i] = (blocked.row(i).cast<int>().sum() == blocked.cols()) ? 1 : 0;
    }
    return rows;
}

std::string describe_mask(const MaskConfig& config) {
    std::string out;
    auto add = [&out](const std::string& part) {
        if (!out.empty()) out += " + ";
        out += part;
    };
    if (config.causal) add("causal");
    if (config.window >= 0) add("window ±" + std::to_string(config.window));
    if (!config.global_tokens.empty()) {
        std::string g = "global {";
        for (size_t i = 0; i < config.global_tokens.size(); ++i) {
            if (i) g += ",";
            g += std::to_string(config.global_tokens[i]);
        }
        add(g + "}");
    }
    if (config.pad_to > 0) add("padding to " + std::to_string(config.pad_to));
    if (config.custom_blocked.size() > 0) {
        add("custom (" + std::to_string(int(config.custom_blocked.cast<int>().sum())) + " cells)");
    }
    if (!config.blocked_cells.empty()) {
        add(std::to_string(config.blocked_cells.size()) + " cells by hand");
    }
    return out.empty() ? "none" : out;
}

BoolMat causal_mask(int t) {
    MaskConfig causal;
    causal.causal = true;
    auto blocked = build_mask(causal, t, t, {});
    assert(blocked.ok() && "a causal mask alone is always valid");
    return std::move(*blocked);
}

}  // namespace attn
