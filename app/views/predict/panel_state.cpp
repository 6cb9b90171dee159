// panel_state.cpp — the Predict view's state without drawing (GL-free, in attnlab_app_logic so the
// tests reach it): its jobs and what they keep, waking and waiting for them, and letting go of a
// closed model (the interface is panel.h).
#include "app/views/predict/panel.h"

namespace attn::app {

PredictPanel::PredictPanel()
    : masked_job(std::make_unique<LatestJob<MaskedRequest, MaskedResult>>(
          [cache = masked_cache](const MaskedRequest& r) { return run_masked(r, *cache); }, "attn-masked")),
      knock_job(std::make_unique<LatestJob<KnockoutRequest, KnockoutResult>>(run_knockout, "attn-knockout")),
      translate_job(std::make_unique<LatestJob<TranslateRequest, TranslateResult>>(
          [kept = translate_kept](const TranslateRequest& q) { return run_translate(q, *kept); }, "attn-translate")) {
    // A job that idles lets go of what it keeps for a model that has closed since (the MLM head,
    // the encoder's output): on its own thread, where the job function uses them.
    masked_job->set_on_idle([cache = masked_cache] {
        if (cache->model.expired()) *cache = MlmHeadCache{};
    });
    translate_job->set_on_idle([kept = translate_kept] {
        if (kept->model.expired()) kept->forget();
    });
    settings.sampling.greedy = true;
    settings.sampling.temperature = 1.0f;
    settings.sampling.top_k = 0;
    settings.sampling.top_p = 1.0f;
    settings.sampling.seed = 42;
}

void predict_panel_release(PredictPanel& p) {
    p.started_model.reset();
    p.started_text.clear();
    p.snap.reset();
    p.generation.release();
    p.masked_job->drop();
    p.posted_masked = MaskedRequest{};
    p.masked_posted = false;
    p.masked.reset();
    p.knock_job->drop();
    p.posted_knock = KnockoutRequest{};
    p.knock_posted = false;
    p.knock.reset();
    p.rank.cancel();
    p.ranked.reset();
    p.translate_job->drop();
    p.posted_translate = TranslateRequest{};
    p.translate_posted = false;
    p.translation.reset();
    p.searched.reset();
    p.target.clear();
    p.translate_step = -1;
}

void predict_panel_set_wakeup(PredictPanel& p, const std::function<void()>& wake) {
    p.generation.set_wakeup(wake);
    p.masked_job->set_wakeup(wake);
    p.knock_job->set_wakeup(wake);
    p.translate_job->set_wakeup(wake);
    p.rank.set_wakeup(wake);
}

void predict_panel_wait_idle(PredictPanel& p, std::chrono::milliseconds timeout) {
    p.generation.wait_idle(timeout);
    p.masked_job->wait_idle(timeout);
    p.knock_job->wait_idle(timeout);
    p.translate_job->wait_idle(timeout);
    p.rank.wait_idle(timeout);
}

}  // namespace attn::app
