// intervention.cpp — knocking heads, attention and MLP sublayers out of a forward pass
// (implementation; the interface and its contract are in intervention.h)
#include "core/pretrained/intervention.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>

#include "core/pretrained/nn_ops.h"

namespace attn::pretrained {

bool Ablation::head_removed(int layer, int head) const {
    return std::find(heads.begin(), heads.end(), HeadIndex{layer, head}) != heads.end();
}

bool Ablation::attention_kept(int layer) const {
    return std::find(attention_off.begin(), attention_off.end(), layer) == attention_off.end();
}

bool Ablation::mlp_kept(int layer) const { return std::find(mlp_off.begin(), mlp_off.end(), layer) == mlp_off.end(); }

void ablate_heads(const Ablation& a, int layer, const AttentionWeights& w, MeanOver over, LayerTrace& L) {
    if (!ablate_head_outputs(a, layer, over, L)) return;
    Mat out;  // (T, d)
    linear(L.concat, w.w_o, w.b_o, out);
    L.output = std::move(out);
}

bool ablate_head_outputs(const Ablation& a, int layer, MeanOver over, LayerTrace& L) {
    bool any = false;
    for (int h = 0; h < L.n_heads; ++h) {
        if (!a.head_removed(layer, h)) continue;
        any = true;
        auto o = L.concat.middleCols(h * L.d_k, L.d_k);  // (T, d_k) this head's output
        if (a.mode == AblationMode::Zero) {
            o.setZero();
        } else if (over == MeanOver::All) {
            const RowVec mean = o.colwise().mean();  // (d_k)
            o.rowwise() = mean;
        } else {
            // Row i becomes the mean of rows 0 … i: a running sum, in double so a long prefix
            // does not drift.
            Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(L.d_k);  // (d_k)
            for (Eigen::Index i = 0; i < o.rows(); ++i) {
                sum += o.row(i).cast<double>();
                o.row(i) = (sum / double(i + 1)).cast<float>();
            }
        }
    }
    return any;
}

Status check_ablation(const Ablation& a, int n_layers, int n_heads) {
    auto layer_ok = [&](int l) { return l >= 0 && l < n_layers; };
    const std::string sizes =
        ", which has " + std::to_string(n_layers) + " layers of " + std::to_string(n_heads) + " heads.";
    for (const HeadIndex& h : a.heads) {
        if (!layer_ok(h.layer) || h.head < 0 || h.head >= n_heads)
            return Status::Error("Head " + std::to_string(h.layer + 1) + "." + std::to_string(h.head + 1) +
                                 " is not in the model" + sizes);
    }
    for (int l : a.attention_off)
        if (!layer_ok(l)) return Status::Error("Layer " + std::to_string(l + 1) + " is not in the model" + sizes);
    for (int l : a.mlp_off)
        if (!layer_ok(l)) return Status::Error("Layer " + std::to_string(l + 1) + " is not in the model" + sizes);
    return Status::Ok();
}

namespace {

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

// A positive decimal number of at most 6 digits, or -1.
int parse_index(const std::string& s) {
    if (s.empty() || s.size() > 6) return -1;
    for (char c : s)
        if (c < '0' || c > '9') return -1;
    return std::atoi(s.c_str());
}

template <typename T>
void add_unique(std::vector<T>& v, const T& x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, int n_layers, int n_heads) {
    Ablation a;
    a.mode = mode;
    const std::string sizes = ": the model has " + std::to_string(n_layers) + " layers of " + std::to_string(n_heads) +
                              " heads, numbered from 1.";
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t comma = spec.find(',', start);
        if (comma == std::string::npos) comma = spec.size();
        const std::string item = trim(spec.substr(start, comma - start));
        start = comma + 1;
        if (item.empty()) {
            if (comma == spec.size() && !a.empty()) break;  // a trailing comma
            return Status::Error("Nothing to knock out in '" + spec +
                                 "'. Write heads as layer.head counting from 1, e.g. 1.2,3.4 (or 2.attn, 2.mlp).");
        }
        const std::size_t dot = item.find('.');
        const int layer = dot == std::string::npos ? -1 : parse_index(item.substr(0, dot));
        const std::string what = dot == std::string::npos ? "" : item.substr(dot + 1);
        if (layer < 0) {
            return Status::Error("'" + item +
                                 "' is not a head: write layer.head counting from 1, e.g. 1.2 (or 2.attn, 2.mlp).");
        }
        if (layer < 1 || layer > n_layers) {
            return Status::Error("'" + item + "': there is no layer " + std::to_string(layer) + sizes);
        }
        if (what == "attn") {
            add_unique(a.attention_off, layer - 1);
        } else if (what == "mlp") {
            add_unique(a.mlp_off, layer - 1);
        } else {
            const int head = parse_index(what);
            if (head < 0) {
                return Status::Error("'" + item +
                                     "' is not a head: write layer.head counting from 1, e.g. 1.2 (or 2.attn, 2.mlp).");
            }
            if (head < 1 || head > n_heads) {
                return Status::Error("'" + item + "': there is no head " + std::to_string(head) + sizes);
            }
            add_unique(a.heads, HeadIndex{layer - 1, head - 1});
        }
        if (comma == spec.size()) break;
    }
    return a;
}

Expected<AblationMode> parse_ablation_mode(const std::string& name) {
    if (name == "zero") return AblationMode::Zero;
    if (name == "mean") return AblationMode::Mean;
    return Status::Error("Unknown ablation '" + name + "': use zero (the head's output set to 0) or mean "
                         "(replaced by its mean over the sentence).");
}

const char* ablation_mode_name(AblationMode m) { return m == AblationMode::Zero ? "zero" : "mean"; }

std::string format_ablation(const Ablation& a) {
    std::vector<HeadIndex> heads = a.heads;
    std::sort(heads.begin(), heads.end(),
              [](const HeadIndex& x, const HeadIndex& y) { return x.layer != y.layer ? x.layer < y.layer : x.head < y.head; });
    std::vector<int> attn = a.attention_off, mlp = a.mlp_off;
    std::sort(attn.begin(), attn.end());
    std::sort(mlp.begin(), mlp.end());
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : ",") + s; };
    for (const HeadIndex& h : heads) add(std::to_string(h.layer + 1) + "." + std::to_string(h.head + 1));
    for (int l : attn) add(std::to_string(l + 1) + ".attn");
    for (int l : mlp) add(std::to_string(l + 1) + ".mlp");
    return out;
}

}  // namespace attn::pretrained
