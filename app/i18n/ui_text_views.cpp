// ui_text_views.cpp — the teaching views' UI strings in English (marked N_ for the catalogues in po/): explainer, heads, scaling, pipeline, lines, positional, variants, row, q/k, cost
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Cell explainer
    {Txt::ExplHint, N_("Click a heatmap cell (left) to see how its weight is computed.")},
    {Txt::ExplCell, N_("Head %d · query %d \"%s\" → key %d \"%s\"")},
    {Txt::ExplStepVectors, N_("1. Query and key vectors (d_k = %d)")},
    {Txt::ExplStepDot, N_("2. Dot product")},
    {Txt::ExplStepScale, N_("3. Scaling")},
    {Txt::ExplFactorScaled, N_("factor = 1/√d_k ÷ temperature = 1/√%d ÷ %.2f = %.5f")},
    {Txt::ExplFactorUnscaled, N_("factor = 1 ÷ temperature (√%d scaling off) = 1 ÷ %.2f = %.5f")},
    {Txt::ExplBias,
     N_("b: this head's learned bias for the distance between key and query (T5 has no position vectors; "
        "where a key sits is this number added to the score)")},
    {Txt::ExplStepMask, N_("4. Mask")},
    {Txt::ExplMaskedYes, N_("masked: the key is hidden from this query, z = -∞, weight 0")},
    {Txt::ExplMaskedNo, N_("not masked")},
    {Txt::ExplStepSoftmax, N_("5. Softmax over row %d")},
    {Txt::ExplRowMax, N_("max z over the %d visible keys = %.5f")},
    {Txt::ExplExp, N_("exp(z - max) = exp(%.5f) = %.6f")},
    {Txt::ExplRowSum, N_("Σ exp(z - max) over the row = %.6f")},
    {Txt::ExplWeight, N_("weight = %.6f / %.6f = %.6f   (stored: %.6f)")},
    {Txt::ExplStepMix, N_("6. Mixing V into output %d")},
    {Txt::ExplTopKeys, N_("Keys that contribute most (weight × ‖v_j‖):")},
    {Txt::ExplOutput, N_("output o_%d of head %d = Σ_j weight_j · v_j:")},
    {Txt::ExplNorm, N_("norm")},
    {Txt::ExplSoftmaxTip,
     N_("Subtracting the row maximum does not change the softmax,\n"
        "it only keeps exp() from overflowing.")},
    {Txt::ExplMixTip,
     N_("The head's output for this query is the weighted sum of the value vectors:\n"
        "a key counts more when its weight or its value vector is large.")},
    {Txt::ExplVectorsTip,
     N_("q_i = row i of X W_Q (this head's columns); k_j = row j of X W_K.\n"
        "Long vectors show their first entries and their length (norm).")},
    {Txt::ExplColKey, N_("key")},
    {Txt::ExplColWeight, N_("weight")},
    {Txt::ExplColVNorm, N_("‖v‖")},
    {Txt::ExplColShare, N_("weight × ‖v‖")},

    // All heads
    {Txt::HeadsIntro,
     N_("Every head's weights on the same 0-1 scale, and their average. Click one to open it in the "
        "heatmap.")},
    {Txt::HeadN, N_("Head %d")},
    {Txt::HeadAverage, N_("Average of all heads")},
    {Txt::HeadsClickTip, N_("Click to show this head in the heatmap and the cell explainer.")},
    {Txt::HeadsAverageTip,
     N_("The mean of the heads' weight matrices. Each row still sums to 1.\n"
        "It is not what the layer computes: each head mixes its own V.")},
    {Txt::HeadsCellTip, N_("%s → %s: %.3f")},
    {Txt::HeadsMore, N_("Showing the first %d of %d heads.")},

    // Scaling lab
    {Txt::ScalingIntro,
     N_("The same head with and without dividing by √d_k, on the same 0-1 colour scale: the same scores, "
        "only this layer's softmax changed (the layers before it as they ran).")},
    {Txt::ScalingHead, N_("Head %d · d_k = %d (choose the head in the heatmap or all-heads view)")},
    {Txt::ScalingScaled, N_("With ÷√d_k (factor %.4f)")},
    {Txt::ScalingUnscaled, N_("Without scaling (factor %.4f)")},
    {Txt::ScalingDiff, N_("Scaled - unscaled (±%.3f)")},
    {Txt::ScalingDiffTip, N_("Red: the scaled softmax gives this key more weight; blue: less.")},
    {Txt::ScalingWaiting, N_("Computing the comparison...")},
    {Txt::ScalingStats, N_("Per query row")},
    {Txt::ScalingStatsTip,
     N_("Entropy: how spread the row's weights are (0 = all on one key).\n"
        "Max weight: the largest weight in the row.\n"
        "‖J‖: size of the softmax Jacobian; near 0 means almost no gradient flows back.")},
    {Txt::ColToken, N_("query")},
    {Txt::ColEntropy, N_("entropy")},
    {Txt::ColMaxWeight, N_("max w")},
    {Txt::ColJacobian, N_("‖J‖")},
    {Txt::ScaledShort, N_("÷√d")},
    {Txt::RawShort, N_("raw")},
    {Txt::HistTitle, N_("Softmax inputs z of this head (%s)")},
    {Txt::HistTip, N_("How the scores before the softmax are spread. Wider spread = sharper softmax.")},
    {Txt::DkTitle, N_("Why √d_k: random vectors")},
    {Txt::DkTip,
     N_("q and k have d_k independent entries of variance 1, so q·k has variance d_k.\n"
        "Without scaling, large d_k makes the logits huge and the softmax one-hot.")},
    {Txt::DkVar, N_("Var(q·k) = %.1f  (d_k = %d)    Var(q·k / √d_k) = %.2f")},
    {Txt::DkEntropy, N_("mean entropy over %d keys: raw %.3f, ÷√d_k %.3f (uniform %.3f)")},
    {Txt::DkMax, N_("mean max weight: raw %.3f, ÷√d_k %.3f")},
    {Txt::DkCurve, N_("entropy for d_k = 4 … 512")},

    // Pipeline
    {Txt::HistBothTitle, N_("Softmax inputs of this head, with and without ÷√d_k")},
    {Txt::HistAxisValue, N_("softmax input")},
    {Txt::HistAxisCount, N_("cells")},
    {Txt::DkAxisEntropy, N_("row entropy (nats)")},
    {Txt::DkUniform, N_("uniform (largest possible)")},
    {Txt::AutoContrast, N_("Auto contrast")},
    {Txt::AutoContrastTip,
     N_("Colours from this matrix's own smallest to largest value instead of the fixed 0-1 scale, so "
        "small differences in long sentences show. The colour bar says which scale is in use.")},
    {Txt::ZoomReset, N_("Zoom %.1f× · reset")},
    {Txt::ZoomTip,
     N_("Mouse wheel over the cells zooms at the pointer; drag (right or middle button, or left when "
        "zoomed) to pan; Home or this button shows the whole matrix.")},
    {Txt::PipeIntro,
     N_("Head %d, every step left to right, top to bottom, every matrix drawn with the same cell size so "
        "the shapes compare. Colours: each matrix on its own range (written above it), or S, Z and Z_m "
        "on one range with the switch below; A always 0–1. Hover a cell for its value.")},
    {Txt::PipeRange, N_("colours: %.3g … %.3g")},
    {Txt::PipeX, N_("token vectors + positions")},
    {Txt::PipeQ, N_("queries: what each token looks for")},
    {Txt::PipeK, N_("keys: what each token offers")},
    {Txt::PipeV, N_("values: what each token passes on")},
    {Txt::PipeS, N_("raw scores")},
    {Txt::PipeZ, N_("scaled scores (÷√d_k, ÷ temperature)")},
    {Txt::PipeBiasShow, N_("Position bias by distance")},
    {Txt::PipeBiasShowTip,
     N_("T5 has no position vectors. Each head learns one number per distance bucket and adds it to the "
        "score of every key that far from the query: near distances get a bucket each, far ones share "
        "buckets.")},
    {Txt::PipeBiasTitle, N_("Learned bias by distance (this layer's stack: keys before and after)")},
    {Txt::PipeBiasTitleCausal, N_("Learned bias by distance (decoder: only keys before the query)")},
    {Txt::PipeBiasX, N_("j − i (key position − query position)")},
    {Txt::PipeBiasNote,
     N_("Flat stretches are one bucket. Every layer of the stack adds the same table (the first block's).")},
    {Txt::PipeZBias,
     N_("scores × factor plus B, the head's learned bias for each distance j − i (T5 adds it instead of "
        "positions, and does not divide by √d_k)")},
    {Txt::PipeMask, N_("mask: hidden keys get -∞ (hatched)")},
    {Txt::PipeA, N_("weights: softmax of each row")},
    {Txt::PipeO, N_("this head's output: weighted sum of V")},
    {Txt::PipeConcat, N_("all heads' outputs side by side")},
    {Txt::PipeY, N_("layer output")},
    {Txt::PipeValue, N_("%s[%d, %d] = %.5f")},
    {Txt::PipeSameScale, N_("Same colour scale for S, Z and Z_m")},
    {Txt::PipeSameScaleTip,
     N_("On: the scores S, the scaled scores Z and the masked Z_m share one colour range, so dividing by "
        "√d_k visibly shrinks them (and switching it off stretches them). Off: each matrix uses its own "
        "min..max. The weights A are always on 0..1.")},

    // Line view
    {Txt::LinesIntro,
     N_("Each line joins a query (left) to a key (right); the stronger the weight, the brighter the "
        "line. Hover a token to see only its lines.")},
    {Txt::LinesTooMany,
     N_("%d tokens: the line view draws at most %d (that is already %d lines). Use the heatmap for long "
        "texts.")},
    {Txt::LinesQueries, N_("queries")},
    {Txt::LinesKeys, N_("keys")},
    {Txt::LinesHoverTip, N_("%s: %d lines above 1%%")},

    // Positional encoding
    {Txt::PeIntro,
     N_("Attention by itself does not know word order. Positional encoding adds a different wave pattern "
        "to each position: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...).")},
    {Txt::PeMatrix, N_("PE matrix: T × d_model = %d × %d (rows: positions, columns: dimensions)")},
    {Txt::PeOff, N_("Positional encoding is off: the PE matrix is all zeros.")},
    {Txt::PeReverse, N_("Reverse the sentence")},
    {Txt::PeReverseTip, N_("Replace the sentence by its tokens in reverse order, then compare.")},
    {Txt::PeNoteOff,
     N_("PE off: reversing the words only reverses the rows and columns of every weight matrix (A' = P A "
        "P^T). The model cannot tell the two orders apart.")},
    {Txt::PeNoteOn,
     N_("PE on: each word now also carries its position, so reversing the sentence changes the weights "
        "themselves, not just their order.")},
    {Txt::PeMismatch, N_("After reversing: max |A'(i, j) - A(T-1-i, T-1-j)| over all heads = %.6f")},
    {Txt::PeMismatchNone, N_("Press the button to compare the reversed sentence with this one.")},
    {Txt::PeWeights, N_("Weights of head %d")},
    {Txt::PeValueTip, N_("position %d, dimension %d: %.4f")},
    {Txt::HeadsCellTipNum, N_("query %d → key %d: %.4f")},

    // Variants view
    {Txt::ViewVariants, N_("Variants")},
    {Txt::VarWindow, N_("Window ±k")},
    {Txt::VarWindowTip,
     N_("Local attention: query i sees only keys with |i - j| <= k (on top of the run's mask).")},
    {Txt::VarTile, N_("Keys per tile")},
    {Txt::VarTileTip, N_("The online softmax reads the keys in tiles of this size, as FlashAttention does.")},
    {Txt::VarCompareIntro,
     N_("The same head computed three ways, as weights on one colour scale: softmax (the reference), a "
        "local window that hides keys farther than ±k (cost O(n·k·d)), and linear attention with φ(x) = "
        "elu(x) + 1 (cost O(n·d²)), whose weights φ(q_i)·φ(k_j) / Σ_j φ(q_i)·φ(k_j) are never formed "
        "when it runs. The last two pictures show what each changes: blue where it gives less weight, "
        "red where more.")},
    {Txt::VarColNorm, N_("|softmax output|")},
    {Txt::VarColLinear, N_("max |linear - softmax|")},
    {Txt::VarColWindow, N_("max |window - softmax|")},
    {Txt::VarSummary, N_("Largest change: linear %.4f, window ±%d %.4f")},
    {Txt::VarOnlineIntro,
     N_("Online softmax: the keys arrive tile by tile. Each row keeps a running max m and a running sum "
        "l of exp(z - m); when a larger score arrives, the old sum is rescaled by exp(m_old - m_new). "
        "The full weight matrix never exists, and the result is exact.")},
    {Txt::VarStep, N_("Tile")},
    {Txt::VarStepTip, N_("Step through the tiles: the state of every row after that tile.")},
    {Txt::VarTileKeys, N_("After tile %d of %d (keys %d..%d):")},
    {Txt::VarColMax, N_("running max m")},
    {Txt::VarColSum, N_("running sum l")},
    {Txt::VarColPartial, N_("|a/l - final output|")},
    {Txt::VarOnlineErr, N_("After the last tile: max |online - softmax| = %.2e (rounding only).")},
    {Txt::VarCellValues, N_("softmax %.4f · window %.4f · linear %.4f")},
    {Txt::VarPicSoftmax, N_("softmax")},
    {Txt::VarPicWindow, N_("window ±%d")},
    {Txt::VarPicLinear, N_("linear (implied weights)")},
    {Txt::VarPicDiffRange, N_("blue - · red + · ±%.3g")},
    {Txt::VarPicWindowDiff, N_("window - softmax")},
    {Txt::VarPicLinearDiff, N_("linear - softmax")},
    {Txt::VarPlay, N_("Play")},
    {Txt::VarPause, N_("Pause")},
    {Txt::VarPlayTip, N_("Steps through the tiles by itself, one every 0.7 s.")},
    {Txt::VarBarsNote,
     N_("Bars per query row: the running max m as e^(m - m_final) (full = the row's largest score is "
        "already seen) and the running sum l rescaled to the final max (full = every key counted). Hover "
        "for the numbers.")},

    // Row view
    {Txt::ViewRow, N_("Row")},
    {Txt::RowIntro,
     N_("One query's attention weights over the keys: how much of each token's value it mixes into its "
        "output. The bars sum to 1. Pick the query with the arrows (or ↑ / ↓), or click a row label in "
        "the heatmap.")},
    {Txt::RowQuery, N_("Query")},
    {Txt::RowPrevTip, N_("Previous query (↑)")},
    {Txt::RowNextTip, N_("Next query (↓)")},
    {Txt::RowSorted, N_("Sorted by weight")},
    {Txt::RowSortedTip, N_("Largest weight first; off: the keys in sentence order.")},
    {Txt::RowSummary, N_("\"%s\" attends most to \"%s\" (%.2f). Entropy %.2f nats (uniform: %.2f).")},
    {Txt::RowFullyMasked, N_("Every key of this query is masked: its weights are all 0.")},
    {Txt::RowAxisKeys, N_("keys")},
    {Txt::RowAxisWeight, N_("weight")},
    {Txt::RowMaskedTip, N_("%s → %s: masked (weight 0)")},
    {Txt::RowLabelTip, N_("Click: show this query's weights (Row view, Ctrl+Shift+1)")},

    // Query/key view
    {Txt::ViewQk, N_("Queries & keys")},
    {Txt::QkIntro,
     N_("The head's query vectors (what each token looks for) and key vectors (what each token offers) "
        "in one picture: both projected on the first two principal components of Q_h and K_h together. A "
        "query scores high against keys that point the same way. Hover a query to see its attention as "
        "lines (thicker = more weight); click it to select it.")},
    {Txt::QkAxis, N_("component %d (%.0f%% of the variance)")},
    {Txt::QkQueries, N_("queries")},
    {Txt::QkKeys, N_("keys")},

    // Cost view
    {Txt::ViewCost, N_("Cost")},
    {Txt::CostIntro,
     N_("Attention compares every token with every other: n tokens make n² scores per head. Measure one "
        "head (d = 64) computed four ways on this computer, for n = 16 to 4096: full softmax needs time "
        "and memory like n²; a local window only looks at 2k+1 neighbours (n·k); linear attention never "
        "forms the n × n matrix (time and memory like n); the online softmax of FlashAttention still "
        "does n² work, but keeps only one tile of scores in memory. On a log-log plot a power n^p is a "
        "straight line of slope p.")},
    {Txt::CostRun, N_("Measure")},
    {Txt::CostRunTip,
     N_("Runs in the background, a few seconds; the plots fill in as the sizes are measured.")},
    {Txt::CostRunning, N_("Measuring...")},
    {Txt::CostColN, N_("n")},
    {Txt::CostColMs, N_("time (ms)")},
    {Txt::CostColMiB, N_("memory (MiB)")},
    {Txt::CostTimeTitle, N_("Time per head")},
    {Txt::CostMemTitle, N_("Memory besides Q, K, V and the output")},
    {Txt::CostAxisN, N_("n (tokens)")},
    {Txt::CostAxisTime, N_("time")},
    {Txt::CostAxisMem, N_("memory")},
    {Txt::CostSoftmax, N_("softmax (full n × n)")},
    {Txt::CostWindow, N_("local window ±%d")},
    {Txt::CostLinear, N_("linear attention")},
    {Txt::CostOnline, N_("online softmax (tiles of %d)")},
    {Txt::CostEngine, N_("AttnLab trace (all heads, all kept)")},
    {Txt::CostRefN, N_("slope 1: n")},
    {Txt::CostRefN2, N_("slope 2: n²")},
    {Txt::CostSlopeRow, N_("fit n^p")},
    {Txt::CostSlopeTip,
     N_("The exponent p of a least-squares fit c·n^p over n ≥ 128 (where fixed costs no longer "
        "dominate): the slope of the curve on the log-log plot.")},
    {Txt::CostTableTitle, N_("Measured (best of several runs)")},
    {Txt::CostNone, N_("Press Measure: nothing measured yet.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area views_texts() { return area("views", kTexts); }

}  // namespace attn::app::ui_text_parts
