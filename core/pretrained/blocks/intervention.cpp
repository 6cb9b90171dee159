// intervention.cpp — knocking heads, attention and MLP sublayers out of a forward pass
// (implementation; the interface and its contract are in intervention.h)
#include "core/pretrained/blocks/intervention.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdlib>
#include <string>
#include <tuple>
#include <utility>

#include "core/pretrained/blocks/nn_ops.h"

namespace attn::pretrained {

bool Ablation::head_removed(int layer, int head, Section section) const {
    return std::find(heads.begin(), heads.end(), HeadIndex{layer, head, section}) != heads.end();
}

bool Ablation::attention_kept(int layer, Section section) const {
    return std::find(attention_off.begin(), attention_off.end(), LayerIndex{layer, section}) == attention_off.end();
}

bool Ablation::mlp_kept(int layer, Section section) const {
    return std::find(mlp_off.begin(), mlp_off.end(), LayerIndex{layer, section}) == mlp_off.end();
}

Ablation section_part(const Ablation& a, Section s) {
    Ablation part;
    part.mode = a.mode;
    for (const HeadIndex& h : a.heads)
        if (h.section == s) part.heads.push_back(HeadIndex{h.layer, h.head, Section::Only});
    for (const LayerIndex& l : a.attention_off)
        if (l.section == s) part.attention_off.emplace_back(l.layer);
    for (const LayerIndex& l : a.mlp_off)
        if (l.section == s) part.mlp_off.emplace_back(l.layer);
    return part;
}

Section section_of_trace(const std::string& name) {
    if (name == "encoder") return Section::Encoder;
    if (name == "decoder") return Section::Decoder;
    if (name == "cross") return Section::Cross;
    return Section::Only;
}

const char* section_prefix(Section s) {
    switch (s) {
        case Section::Only: return "";
        case Section::Encoder: return "enc";
        case Section::Decoder: return "dec";
        case Section::Cross: return "cross";
    }
    return "";
}

namespace {

std::string with_section(Section s, const std::string& rest) {
    return s == Section::Only ? rest : std::string(section_prefix(s)) + "." + rest;
}

}  // namespace

std::string head_name(const HeadIndex& h) {
    return with_section(h.section, std::to_string(h.layer + 1) + "." + std::to_string(h.head + 1));
}

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

bool ablate_row_heads(const Ablation& a, int layer, int d_k, int pos, Mat& concat, Eigen::RowVectorXd& sum) {
    assert(concat.rows() == 1 && concat.cols() % d_k == 0 && "ablate_row_heads: one row (1, H·d_k)");
    bool any = false;
    for (int h = 0; h < int(concat.cols()) / d_k; ++h) {
        if (!a.head_removed(layer, h)) continue;
        any = true;
        auto o = concat.middleCols(h * d_k, d_k);  // (1, d_k)
        if (a.mode == AblationMode::Zero) {
            o.setZero();
        } else {
            if (sum.size() != concat.cols()) sum = Eigen::RowVectorXd::Zero(concat.cols());
            auto run = sum.segment(h * d_k, d_k);
            run += o.cast<double>();
            o = (run / double(pos + 1)).cast<float>();
        }
    }
    return any;
}

namespace {

std::string count_of(int layers, int heads) {
    return std::to_string(layers) + " layers of " + std::to_string(heads) + " heads";
}

// ", which has 12 layers of 12 heads." or ", whose encoder has 6 layers of 8 heads and whose decoder
// has 6 layers of 8 heads."
std::string model_sizes(const AblationShape& m) {
    if (!m.two_stacks()) return ", which has " + count_of(m.layers, m.heads) + ".";
    return ", whose encoder has " + count_of(m.layers, m.heads) + " and whose decoder has " +
           count_of(m.decoder_layers, m.decoder_heads) + ".";
}

// Whether section s is one the model has: Only for one stack, the three others for two.
bool section_in(const AblationShape& m, Section s) { return m.two_stacks() == (s != Section::Only); }

}  // namespace

Status check_ablation(const Ablation& a, const AblationShape& m) {
    auto layer_ok = [&](const LayerIndex& l) {
        return section_in(m, l.section) && l.layer >= 0 && l.layer < m.layers_of(l.section);
    };
    auto layer_name = [](const LayerIndex& l) { return with_section(l.section, std::to_string(l.layer + 1)); };
    for (const HeadIndex& h : a.heads) {
        if (!layer_ok(LayerIndex{h.layer, h.section}) || h.head < 0 || h.head >= m.heads_of(h.section))
            return Status::Error("Head " + head_name(h) + " is not in the model" + model_sizes(m));
    }
    for (const auto* list : {&a.attention_off, &a.mlp_off})
        for (const LayerIndex& l : *list)
            if (!layer_ok(l)) return Status::Error("Layer " + layer_name(l) + " is not in the model" + model_sizes(m));
    for (const LayerIndex& l : a.mlp_off)
        if (l.section == Section::Cross)
            return Status::Error("Cross-attention has no MLP of its own: layer " + std::to_string(l.layer + 1) +
                                 "'s is the decoder block's (dec." + std::to_string(l.layer + 1) + ".mlp).");
    return Status::Ok();
}

Ablation ablation_inside(const Ablation& a, const AblationShape& shape) {
    Ablation out;
    out.mode = a.mode;
    auto fits = [&](const Ablation& one) { return check_ablation(one, shape).ok(); };
    for (const HeadIndex& h : a.heads) {
        Ablation one;
        one.heads = {h};
        if (fits(one)) out.heads.push_back(h);
    }
    for (const LayerIndex& l : a.attention_off) {
        Ablation one;
        one.attention_off = {l};
        if (fits(one)) out.attention_off.push_back(l);
    }
    for (const LayerIndex& l : a.mlp_off) {
        Ablation one;
        one.mlp_off = {l};
        if (fits(one)) out.mlp_off.push_back(l);
    }
    return out;
}

Status check_ablation(const Ablation& a, int n_layers, int n_heads) {
    return check_ablation(a, AblationShape{n_layers, n_heads, 0, 0});
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

namespace {

// The section an item starts with ("enc.", "encoder.", "dec.", "decoder.", "cross."), removed from
// `item`; Only when it starts with none.
Section take_section(std::string& item) {
    static const std::pair<const char*, Section> names[] = {
        {"encoder.", Section::Encoder}, {"enc.", Section::Encoder}, {"decoder.", Section::Decoder},
        {"dec.", Section::Decoder},     {"cross.", Section::Cross},
    };
    for (const auto& [name, section] : names) {
        const std::size_t n = std::char_traits<char>::length(name);
        if (item.compare(0, n, name) == 0) {
            item = trim(item.substr(n));
            return section;
        }
    }
    return Section::Only;
}

}  // namespace

Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, const AblationShape& m) {
    Ablation a;
    a.mode = mode;
    const std::string form = m.two_stacks() ? "section.layer.head" : "layer.head";
    const std::string sublayers = m.two_stacks() ? " (or dec.2.attn, dec.2.mlp)" : " (or 2.attn, 2.mlp)";
    const std::string example = (m.two_stacks() ? "e.g. enc.1.2,cross.3.4" : "e.g. 1.2,3.4") + sublayers;
    const std::string not_a_head = "' is not a head: write " + form + " counting from 1, " +
                                   (m.two_stacks() ? "e.g. cross.1.2" : "e.g. 1.2") + sublayers + ".";
    std::string sizes = ": the model has " + count_of(m.layers, m.heads) + ", numbered from 1.";
    if (m.two_stacks())
        sizes = ": the encoder has " + count_of(m.layers, m.heads) + " and the decoder " +
                count_of(m.decoder_layers, m.decoder_heads) + ", numbered from 1.";
    std::size_t start = 0;
    while (start <= spec.size()) {
        std::size_t comma = spec.find(',', start);
        if (comma == std::string::npos) comma = spec.size();
        const std::string whole = trim(spec.substr(start, comma - start));
        start = comma + 1;
        if (whole.empty()) {
            if (comma == spec.size() && !a.empty()) break;  // a trailing comma
            return Status::Error("Nothing to knock out in '" + spec + "'. Write heads as " + form +
                                 " counting from 1, " + example + ".");
        }
        std::string item = whole;
        const Section section = take_section(item);
        if (m.two_stacks() && section == Section::Only) {
            return Status::Error("'" + whole + "': name the section first: enc." + whole + " (the encoder), dec." +
                                 whole + " (the decoder's self-attention) or cross." + whole +
                                 " (its cross-attention).");
        }
        if (!m.two_stacks() && section != Section::Only) {
            return Status::Error("'" + whole +
                                 "': this model has one stack of layers, without sections; write layer.head, "
                                 "e.g. 1.2.");
        }
        const std::size_t dot = item.find('.');
        const int layer = dot == std::string::npos ? -1 : parse_index(item.substr(0, dot));
        const std::string what = dot == std::string::npos ? "" : item.substr(dot + 1);
        if (layer < 0) return Status::Error("'" + whole + not_a_head);
        if (layer < 1 || layer > m.layers_of(section)) {
            return Status::Error("'" + whole + "': there is no layer " + std::to_string(layer) + sizes);
        }
        if (what == "attn") {
            add_unique(a.attention_off, LayerIndex{layer - 1, section});
        } else if (what == "mlp") {
            if (section == Section::Cross) {
                return Status::Error("'" + whole + "': cross-attention has no MLP of its own; dec." +
                                     std::to_string(layer) + ".mlp is the decoder block's.");
            }
            add_unique(a.mlp_off, LayerIndex{layer - 1, section});
        } else {
            const int head = parse_index(what);
            if (head < 0) return Status::Error("'" + whole + not_a_head);
            if (head < 1 || head > m.heads_of(section)) {
                return Status::Error("'" + whole + "': there is no head " + std::to_string(head) + sizes);
            }
            add_unique(a.heads, HeadIndex{layer - 1, head - 1, section});
        }
        if (comma == spec.size()) break;
    }
    return a;
}

Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, int n_layers, int n_heads) {
    return parse_ablation(spec, mode, AblationShape{n_layers, n_heads, 0, 0});
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
    std::sort(heads.begin(), heads.end(), [](const HeadIndex& x, const HeadIndex& y) {
        return std::tie(x.section, x.layer, x.head) < std::tie(y.section, y.layer, y.head);
    });
    auto by_layer = [](const LayerIndex& x, const LayerIndex& y) {
        return std::tie(x.section, x.layer) < std::tie(y.section, y.layer);
    };
    std::vector<LayerIndex> attn = a.attention_off, mlp = a.mlp_off;
    std::sort(attn.begin(), attn.end(), by_layer);
    std::sort(mlp.begin(), mlp.end(), by_layer);
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : ",") + s; };
    for (const HeadIndex& h : heads) add(head_name(h));
    for (const LayerIndex& l : attn) add(with_section(l.section, std::to_string(l.layer + 1) + ".attn"));
    for (const LayerIndex& l : mlp) add(with_section(l.section, std::to_string(l.layer + 1) + ".mlp"));
    return out;
}

}  // namespace attn::pretrained
