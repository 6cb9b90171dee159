// generation_worker.cpp — GPT-2 prediction and generation on a job thread
// (implementation; the interface and its contract are in generation_worker.h)
#include "app/views/predict/generation_worker.h"

#include <utility>

#include "core/base/parallel.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/task_fit.h"

namespace attn::app {

void keep_as_sentence(AppState& state, const PredictSnapshot& snap) {
    if (snap.started) state.text = snap.text;
}

GenerationWorker::~GenerationWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        queue_.clear();
        ++epoch_;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void GenerationWorker::set_wakeup(std::function<void()> wake) {
    std::lock_guard<std::mutex> lock(mutex_);
    wakeup_ = std::move(wake);
}

void GenerationWorker::post(Command c, bool replace_all) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (replace_all) {
            queue_.clear();
            ++epoch_;
        } else if (c.kind == Kind::Settings && !queue_.empty() && queue_.back().kind == Kind::Settings) {
            queue_.pop_back();  // only the newest settings matter
        }
        queue_.push_back(std::move(c));
        if (ended_) {  // it has left run() and only returns: a short join
            thread_.join();
            ended_ = false;
        }
        if (!thread_.joinable())
            thread_ = std::thread([this] {
                name_this_thread("attn-generate");
                run();
            });
    }
    wake_.notify_one();
}

void GenerationWorker::start(PretrainedPtr model, const std::string& text, const PredictSettings& settings) {
    Command c;
    c.kind = Kind::Start;
    c.model = std::move(model);
    c.text = text;
    c.settings = settings;
    post(std::move(c), true);
}

void GenerationWorker::generate(int n, const PredictSettings& settings) {
    Command c;
    c.kind = Kind::Generate;
    c.n = n;
    c.settings = settings;
    post(std::move(c), false);
}

void GenerationWorker::undo(const PredictSettings& settings) {
    Command c;
    c.kind = Kind::Undo;
    c.settings = settings;
    post(std::move(c), false);
}

void GenerationWorker::set_settings(const PredictSettings& settings) {
    Command c;
    c.kind = Kind::Settings;
    c.settings = settings;
    post(std::move(c), false);
}

void GenerationWorker::release() {
    std::shared_ptr<const PredictSnapshot> untaken;  // destroyed below, unlocked
    {
        std::lock_guard<std::mutex> lock(mutex_);
        untaken = std::exchange(done_, nullptr);
    }
    Command c;
    c.kind = Kind::Release;
    post(std::move(c), true);
}

std::shared_ptr<const PredictSnapshot> GenerationWorker::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(done_, nullptr);
}

bool GenerationWorker::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_ || !queue_.empty();
}

bool GenerationWorker::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return !running_ && queue_.empty(); });
}

bool GenerationWorker::has_thread() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return thread_.joinable() && !ended_;
}

void GenerationWorker::set_linger(std::chrono::milliseconds linger) {
    std::lock_guard<std::mutex> lock(mutex_);
    linger_ = linger;
}

void GenerationWorker::run() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        if (!wake_.wait_for(lock, linger_, [this] { return stop_ || !queue_.empty(); })) {
            lock.unlock();
            give_back_freed_memory();  // before ended_: post() never joins during the trim
            lock.lock();
            if (!stop_ && queue_.empty()) {
                ended_ = true;  // the session stays in the members for the next command
                return;
            }
        }
        if (stop_) return;
        if (queue_.empty()) continue;
        Command c = std::move(queue_.front());
        queue_.pop_front();
        running_ = true;
        lock.unlock();
        execute(c);
        lock.lock();
        running_ = false;
        if (queue_.empty()) idle_.notify_all();
    }
}

void GenerationWorker::publish(const std::string& error, bool generating) {
    auto snap = std::make_shared<PredictSnapshot>();
    snap->model = model_;
    snap->source_text = source_text_;
    snap->error = error;
    snap->task_note = task_note_;
    snap->generated = generated_;
    snap->generating = generating;
    if (session_ && model_) {
        const lm::LmSession& s = *session_;
        snap->started = true;
        snap->ids = s.ids;
        snap->prompt_length = s.prompt_length;
        snap->max_positions = s.config.max_positions;
        snap->n_layers = s.config.n_layers;
        snap->n_heads = s.config.n_heads;
        for (int id : s.ids) snap->labels.push_back(lm::token_label(*model_, id));
        snap->text = lm::decode_ids(*model_, s.ids);
        snap->attention.reserve(s.steps.size());
        for (const lm::TokenStep& step : s.steps) snap->attention.push_back(step.attention);
        const int pos = resolve_position(settings_.position, s.length());
        snap->prediction = make_prediction(lm::logits_at(s, pos), pos, settings_.sampling, settings_.shown, model_.get());
    }
    std::function<void()> wake;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        snap->serial = ++serial_;
        done_ = std::move(snap);
        wake = wakeup_;
    }
    if (wake) wake();
}

void GenerationWorker::execute(const Command& c) {
    settings_ = c.settings;
    std::string error;
    switch (c.kind) {
        case Kind::Start: {
            session_.reset();
            generated_.clear();
            model_ = c.model;
            source_text_ = c.text;
            rng_ = std::make_unique<lm::SampleRng>(settings_.sampling.seed);
            rng_seed_ = settings_.sampling.seed;
            if (!model_) {
                error = "No model is open.";
                break;
            }
            task_note_.clear();
            auto s = lm::start_session(*model_, c.text);
            if (s) session_ = std::make_unique<lm::LmSession>(std::move(*s));
            else error = s.error();
            if (session_) task_note_ = lm::task_input_note(*model_, session_->ids);
            break;
        }
        case Kind::Generate: {
            if (!session_) break;
            if (!rng_ || rng_seed_ != settings_.sampling.seed) {
                rng_ = std::make_unique<lm::SampleRng>(settings_.sampling.seed);
                rng_seed_ = settings_.sampling.seed;
            }
            generated_.clear();
            std::uint64_t epoch = 0;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                epoch = epoch_;
            }
            int left = c.n;
            auto r = lm::generate(*session_, c.n, settings_.sampling, *rng_, 5, [&](const lm::GenerationStep& step) {
                generated_.push_back(step);
                --left;
                publish("", left > 0);  // each token's row as it arrives
                std::lock_guard<std::mutex> lock(mutex_);
                return epoch == epoch_ && !stop_;
            });
            if (!r) error = r.error();
            else if (left == 0) return;  // the last step published already
            break;
        }
        case Kind::Undo:
            if (session_ && session_->length() > session_->prompt_length) {
                lm::pop_token(*session_);
                if (!generated_.empty()) generated_.pop_back();
            }
            break;
        case Kind::Settings:
            break;
        case Kind::Release: {
            session_.reset();
            model_.reset();
            generated_.clear();
            source_text_.clear();
            task_note_.clear();
            std::shared_ptr<const PredictSnapshot> untaken;  // publishes nothing: there is nothing to show
            {
                std::lock_guard<std::mutex> lock(mutex_);
                untaken = std::exchange(done_, nullptr);
            }
            return;  // `untaken` (and a model only it held) ends here, unlocked
        }
    }
    publish(error, false);
}

}  // namespace attn::app
