// figure_csv.cpp — one matrix of a trace, the Train view's curves, the lens table and the beam tree as
// RFC 4180 CSV.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "core/attention/alignment.h"
#include "core/attention/audio_map.h"
#include "core/figure/figure.h"
#include "core/figure/figure_train.h"
#include "core/figure/figure_views.h"
#include "core/figure/figure_beams.h"
#include "core/figure/figure_lens.h"
#include "core/attention/attention_flow.h"
#include "core/attention/positional.h"
#include "core/attention/vision_stats.h"

namespace attn {
namespace {

// RFC 4180: a field holding a comma, a double quote, CR or LF is enclosed in double quotes, and
// a double quote inside it is written twice.
void append_field(std::string& out, const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char ch : field) {
        if (ch == '"') out += '"';
        out += ch;
    }
    out += '"';
}

// Shortest decimal that reads back as the same float.
void append_number(std::string& out, float v) {
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

void append_number(std::string& out, double v) {
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

std::string csv_of(const Mat& m, const std::vector<Token>& rows, const std::vector<std::string>& header,
                   bool utf8_bom) {
    std::string out;
    out.reserve(size_t(m.size()) * 12 + 64);
    if (utf8_bom) out += "\xEF\xBB\xBF";
    for (const std::string& h : header) {
        if (&h != &header.front()) out += ',';
        append_field(out, h);
    }
    out += "\r\n";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        append_field(out, rows[size_t(i)].text);
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            out += ',';
            append_number(out, m(i, j));
        }
        out += "\r\n";
    }
    return out;
}

}  // namespace

Expected<std::string> matrix_csv(const Trace& trace, int layer, int head, MatrixValues values,
                                 bool utf8_bom) {
    FigureRequest probe;
    probe.layer = layer;
    probe.head = head;
    probe.values = values;
    if (Status s = validate_figure_request(trace, probe, FigureFormat::Svg); !s) return s;
    const LayerTrace& L = trace.layers[size_t(layer)];
    const HeadTrace& H = L.heads[size_t(head)];
    Mat m;
    switch (values) {
        case MatrixValues::Weights:
            m = H.weights;
            break;
        case MatrixValues::Scores:
            m = H.scores;
            break;
        case MatrixValues::Scaled:
            m = L.scaled_scores(head);
            break;  // as the JSON's scaled_scores
        case MatrixValues::Rollout:
            m = attention_rollout({trace.layers.begin(), trace.layers.begin() + layer + 1}).back();
            break;
    }
    std::vector<std::string> header{""};
    for (const Token& t : trace.k_tokens) header.push_back(t.text);
    return csv_of(m, trace.q_tokens, header, utf8_bom);
}

std::string positional_csv(const Trace& trace, bool utf8_bom) {
    std::vector<std::string> header{""};
    for (int d = 0; d < trace.model.d_model; ++d) header.push_back(std::to_string(d));
    // With positional encoding off the trace holds zeros; the pe view shows the reference values.
    const Mat pe =
        trace.model.positional ? trace.q_positions : sinusoidal_positions(trace.t_q(), trace.model.d_model);
    return csv_of(pe, trace.q_tokens, header, utf8_bom);
}

namespace {
Status needs_image(const Trace& trace, FigureView view) {
    FigureRequest probe;
    probe.view = view;
    return validate_figure_request(trace, probe, FigureFormat::Svg);
}
}  // namespace

Expected<std::string> attention_distance_csv(const Trace& trace, bool utf8_bom) {
    if (Status s = needs_image(trace, FigureView::AttnDistance); !s) return s;
    const AttentionDistance d = mean_attention_distance(trace);
    std::string out = utf8_bom ? "\xEF\xBB\xBF" : "";
    out += "layer,head,mean_distance_px,prefix_share\r\n";
    for (Eigen::Index l = 0; l < d.distance.rows(); ++l)
        for (Eigen::Index h = 0; h < d.distance.cols(); ++h) {
            out += std::to_string(l + 1) + ',' + std::to_string(h + 1) + ',';
            append_number(out, d.distance(l, h));
            out += ',';
            append_number(out, d.prefix_share(l, h));
            out += "\r\n";
        }
    return out;
}

Expected<std::string> position_similarity_csv(const Trace& trace, bool utf8_bom) {
    if (Status s = needs_image(trace, FigureView::PosSimilarity); !s) return s;
    const TraceImage& im = *trace.image;
    std::vector<std::string> header{""};
    std::vector<Token> rows;
    for (int r = 0; r < im.grid_rows; ++r)
        for (int c = 0; c < im.grid_cols; ++c) {
            header.push_back("r" + std::to_string(r + 1) + " c" + std::to_string(c + 1));
            Token t;
            t.text = header.back();
            rows.push_back(std::move(t));
        }
    return csv_of(position_similarity(trace), rows, header, utf8_bom);
}

std::string train_curves_csv(const TrainFigureData& d, bool utf8_bom) {
    struct Row {
        std::optional<double> batch_loss;
        const TrainEvalPoint* eval = nullptr;
    };
    std::map<double, Row> rows;  // by step, ascending
    for (size_t i = 0; i < std::min(d.steps.size(), d.losses.size()); ++i)
        if (std::isfinite(d.steps[i])) rows[d.steps[i]].batch_loss = d.losses[i];
    for (const TrainEvalPoint& e : d.evals) rows[double(e.step)].eval = &e;
    std::string out = utf8_bom ? "\xEF\xBB\xBF" : "";
    out += d.image_task ? "step,batch_loss,test_loss,test_accuracy\r\n" : "step,batch_loss,eval_loss,eval_exact,eval_token\r\n";
    auto field = [&](bool has, double v) {
        out += ',';
        if (has && std::isfinite(v)) append_number(out, v);
    };
    for (const auto& [step, r] : rows) {
        append_number(out, step);
        field(r.batch_loss.has_value(), r.batch_loss.value_or(0.0));
        field(r.eval != nullptr, r.eval ? r.eval->loss : 0.0);
        if (!d.image_task) field(r.eval != nullptr, r.eval ? r.eval->exact : 0.0);
        field(r.eval != nullptr, r.eval ? r.eval->token : 0.0);
        out += "\r\n";
    }
    return out;
}

std::string lens_csv(const LensFigureData& d, bool utf8_bom) {
    std::string out = utf8_bom ? "\xEF\xBB\xBF" : "";
    out += "layer,position,rank,id,token,probability\r\n";
    for (size_t r = 0; r < d.cells.size() && r < d.layers.size(); ++r)
        for (size_t i = 0; i < d.cells[r].size(); ++i) {
            int rank = 0;
            for (const LensFigureToken& p : d.cells[r][i].top) {
                out += std::to_string(d.layers[r]) + ',' + std::to_string(i) + ',' + std::to_string(++rank) + ',' +
                       std::to_string(p.id) + ',';
                append_field(out, p.token);
                out += ',';
                append_number(out, p.probability);
                out += "\r\n";
            }
        }
    return out;
}

std::string beams_csv(const BeamFigureData& d, bool utf8_bom) {
    std::string out = utf8_bom ? "\xEF\xBB\xBF" : "";
    out += "step,node,parent,id,token,sum_log_p,finished,winner\r\n";
    for (size_t s = 0; s < d.steps.size(); ++s)
        for (size_t i = 0; i < d.steps[s].size(); ++i) {
            const BeamFigureNode& n = d.steps[s][i];
            out += std::to_string(s + 1) + ',' + std::to_string(i) + ',' + (s > 0 ? std::to_string(n.parent) : "") + ',' +
                   std::to_string(n.id) + ',';
            append_field(out, n.token);
            out += ',';
            append_number(out, n.sum);
            out += std::string(",") + (n.finished ? '1' : '0') + ',' + (n.winner ? '1' : '0') + "\r\n";
        }
    return out;
}

Expected<std::string> alignment_csv(const Trace& trace, const FigureRequest& r, bool utf8_bom) {
    if (trace.section != "cross" || trace.layers.empty())
        return Status::Error("The alignment view shows a translation model's cross-attention: give a Marian folder "
                             "with --model (and --target, or let the model translate).");
    const AlignmentSource source = r.all_layers ? AlignmentSource::MeanLayers
                                   : r.head < 0 ? AlignmentSource::MeanHeads
                                                : AlignmentSource::Head;
    const Mat pieces = alignment_pieces(trace, source, r.layer, std::max(r.head, 0));
    const WordGroups tgt = target_words(trace, !r.pieces);
    const WordGroups src = group_words(trace.k_tokens, trace.run.text, !r.pieces);
    std::vector<std::string> header{""};
    for (const std::string& l : src.labels) header.push_back(l);
    std::vector<Token> rows;
    for (const std::string& l : tgt.labels) {
        Token t;
        t.text = l;
        rows.push_back(std::move(t));
    }
    return csv_of(merge_words(pieces, tgt, src), rows, header, utf8_bom);
}

Expected<std::string> audio_csv(const Trace& trace, const FigureRequest& r, bool utf8_bom) {
    FigureRequest probe = r;
    probe.view = FigureView::Audio;
    if (Status s = validate_figure_request(trace, probe, FigureFormat::Svg); !s) return s;
    const TraceAudio& a = *trace.audio;
    const int F = std::clamp(a.sound_frames, 1, trace.t_k()), P = std::clamp(a.prompt_tokens, 0, trace.t_q());
    const std::vector<std::pair<int, int>> heads = fig::audio_figure_heads(trace, probe);
    const bool timed = a.untimed.empty();
    std::string out;
    if (utf8_bom) out += "\xEF\xBB\xBF";
    out += "token,word,start_s,end_s";
    for (int f = 0; f < F; ++f) {
        char buf[32];
        std::snprintf(buf, sizeof buf, ",%.2f", f * a.seconds_per_frame);
        out += buf;
    }
    out += "\r\n";
    for (int t = P; t < trace.t_q(); ++t) {
        append_field(out, trace.q_tokens[std::size_t(t)].text);
        const TimedWord* word = nullptr;
        for (const TimedWord& w : a.words)
            if (t >= w.first_token && t < w.end_token) word = &w;
        out += ',';
        if (word) append_field(out, word->text);
        out += ',';
        if (word && timed) append_number(out, word->start);
        out += ',';
        if (word && timed) append_number(out, word->end);
        const std::vector<float> row = audio_cross_row(trace, t, heads);
        for (int f = 0; f < F; ++f) {
            out += ',';
            append_number(out, f < int(row.size()) ? row[std::size_t(f)] : 0.0f);
        }
        out += "\r\n";
    }
    return out;
}

}  // namespace attn
