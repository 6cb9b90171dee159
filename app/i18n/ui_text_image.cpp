// ui_text_image.cpp — the Image view's and File > Open image's UI strings in English (marked N_ for the catalogues in po/)
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewImage, N_("Image (patches)")},
    {Txt::MenuOpenImage, N_("Open image…")},
    {Txt::ImageIntro,
     N_("A Vision Transformer reads a picture as a sentence of patches: each square is one token. Hover "
        "a patch for its index; click one (or [CLS]) to see where it looks; arrow keys move it. PageUp / "
        "PageDown step through the layers.")},
    {Txt::ImageNotImage,
     N_("This view shows the picture a vision model looks at. Open a ViT or DeiT folder (Model > Open "
        "model folder…) and an image (File > Open image…).")},
    {Txt::ImageNeedImage,
     N_("This model reads images, not text: open one with File > Open image… (or drop a PNG or JPEG file "
        "on the window).")},
    {Txt::ImageCaption,
     N_("%s (%d×%d) → %d×%d pixels: %d rows × %d columns of %d×%d-pixel patches = %d patch tokens + %d "
        "prefix")},
    {Txt::ImageInterpolated,
     N_("The position embeddings were learned for %d rows × %d columns of patches; for these %d × %d "
        "they were interpolated (bicubic).")},
    {Txt::ImageModeQuery, N_("One token's attention")},
    {Txt::ImageModeHeads, N_("[CLS] per head")},
    {Txt::ImageModeRollout, N_("Rollout")},
    {Txt::ImageModeTip,
     N_("One token's attention: where the selected token looks in this layer and head.\n"
        "[CLS] per head: the class token's attention in every head of this layer, side by side (as in "
        "the DINO paper).\n"
        "Rollout: attention rolled out through layers 1 … this one (heads averaged, the residual added).")},
    {Txt::ImageHeadMean, N_("mean of heads")},
    {Txt::ImageHeadN, N_("head %d")},
    {Txt::ImageClsTip,
     N_("Show the class token's attention ([CLS], token 0): the token the classifier reads.")},
    {Txt::ImageKeepMass, N_("Keep the patches holding %d%% of the attention mass")},
    {Txt::ImageKeepMassTip,
     N_("Sort the patches by weight and keep the largest until they hold %d%% of the weight on the "
        "patches; the rest is darkened.")},
    {Txt::ImageOpacity, N_("Overlay")},
    {Txt::ImagePatchTip, N_("Token %d · patch row %d, column %d")},
    {Txt::ImageValueTip, N_("weight %.4f")},
    {Txt::ImageClickTip, N_("Click: where this patch looks")},
    {Txt::ImageQueryCls, N_("Query: [CLS] (token 0)")},
    {Txt::ImageQueryPrefix, N_("Query: %s (token %d)")},
    {Txt::ImageQueryPatch, N_("Query: patch token %d (row %d, column %d)")},
    {Txt::ImagePrefixShare, N_("Weight on the prefix tokens (%s), not drawn: %.1f%%")},
    {Txt::ImageScale, N_("Colours: 0 … %.4f (the largest weight on a patch)")},
    {Txt::ImageRolloutLine, N_("Rollout through layers 1 – %d (heads averaged, the residual added)")},
    {Txt::ImageRolloutBusy, N_("Computing the rollout…")},
    {Txt::ImageTopTitle, N_("The classifier's top %d")},
    {Txt::ImageNoClasses, N_("This model has no classifier head: it gives no classes.")},
    {Txt::ImageStrip, N_("The %d patch \"words\", in reading order (hover, click)")},
    {Txt::ImageHeadsCaption,
     N_("The class token's attention in layer %d, one map per head (each coloured 0 … its max)")},
    {Txt::ImageHeadClickTip, N_("Click: this head in \"One token's attention\"")},
    {Txt::ImageOpenTitle, N_("Open image")},
    {Txt::ImageOpenIntro,
     N_("A PNG or JPEG file. Vision models (ViT, DeiT) look at it; text models ignore it. You can also "
        "drop an image file on the window.")},
    {Txt::ImageOpenPath, N_("Image file")},
    {Txt::ImageOpenHint, N_("/path/to/photo.jpg")},
    {Txt::ImageOpenGo, N_("Open")},
    {Txt::ImageOpenClose, N_("Close")},
    {Txt::ImageInUse, N_("In use: %s")},
    {Txt::ImageNone, N_("No image open.")},
    {Txt::ImageTextModel, N_("The model in use reads text: open a ViT or DeiT folder to look at the image.")},
    {Txt::PredictVision,
     N_("A vision model predicts classes, not tokens: its top classes are in the Image view (View > "
        "Image (patches)).")},
    {Txt::ImageMissing, N_("No such file: %s")},
    // The ViT paper's Figure 7 views
    {Txt::ViewAttnDistance, N_("Attention distance (ViT)")},
    {Txt::ViewPosSimilarity, N_("Position similarity (ViT)")},
    {Txt::VitOnlyImages,
     N_("This view is about images: open a ViT or DeiT model and an image (File > Open image…).")},
    {Txt::DistIntro,
     N_("How far across the image does each head look? For every patch, its attention weights times the "
        "distance (in pixels) to the patches it attends to, summed; then averaged over the patches. One "
        "dot per head; early layers mix near and far heads, later layers look wide (the ViT paper, "
        "Figure 7).")},
    {Txt::DistTitle, N_("Mean attention distance per head")},
    {Txt::DistAxisLayer, N_("layer (depth)")},
    {Txt::DistAxisPx, N_("mean attention distance (pixels)")},
    {Txt::DistMean, N_("mean of heads")},
    {Txt::DistUniform, N_("uniform attention")},
    {Txt::DistPointTip,
     N_("Layer %d, head %d: %.1f px (%.1f%% of the patches' attention goes to the class token)")},
    {Txt::DistSummary,
     N_("The class token is left out: it is not a query here, and the weight patches give it counts "
        "towards no distance (on average %.1f%%). Dashed: %.1f px, what attention spread evenly over all "
        "patches would give.")},
    {Txt::DistClickTip, N_("Click a dot to choose its layer and head for the other views.")},
    {Txt::PosIntro,
     N_("Position embeddings are learned. Each small map belongs to one patch (placed where the patch "
        "is) and shows how similar its position embedding is to every other patch's (cosine similarity). "
        "A trained ViT learns the 2-D grid: nearby patches, and patches in the same row or column, come "
        "out similar.")},
    {Txt::PosHoverTip,
     N_("Map of patch %d (row %d, column %d)\n"
        "against patch %d (row %d, column %d): cosine %.3f")},
    {Txt::PosLegend, N_("Colour: cosine similarity from -1 (left of the colour bar) to 1 (right).")},
    {Txt::PipeZ0Show, N_("Image to tokens (z0)")},
    {Txt::PipeZ0ShowTip,
     N_("Show the first step for this image above the matrices: each patch's pixels flattened into one "
        "vector, multiplied by E, plus its position embedding = the first layer's input.")},
    {Txt::PipeZ0Title,
     N_("z0 = [x_class; x_p E] + E_pos for this image: patch -> its pixels as one vector -> times E -> + "
        "position (real numbers; hover a strip)")},
    {Txt::PipeZ0Pixels, N_("x_p: %d pixel values, R then G then B (0-255, before normalising)")},
    {Txt::ImageSamples, N_("Samples:")},
    {Txt::ImageSamplesTip, N_("(public domain / CC0 photos and Fashion-MNIST, bundled)")},
    {Txt::PipeZ0Patch, N_("patch %d (%d, %d)")},
    {Txt::PipeZ0Learned, N_("a learned vector: no pixels")},
    {Txt::PosSelected, N_("Patch %d (row %d, column %d) — click a map to choose another")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area image_texts() { return area("image", kTexts); }

}  // namespace attn::app::ui_text_parts
