#include "cli/run_batch.hpp"

#include <fmt/format.h>

#include <atomic>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

#include "cli/resources.hpp"
#include "cli/signals.hpp"
#include "processes/core/spec.hpp"
#include "store/estimate.hpp"
#include "store/sweep.hpp"

namespace gapcheck::cli {
namespace {

// "runs 12/100  3.1e+08 balls/s  elapsed 41 s  left 5 min 02 s", redrawn in place a few times a
// second by its own thread, so a batch of long runs shows a sign of life between two runs.
class ProgressLine {
 public:
  ProgressLine(std::ostream& err, std::uint64_t runs, std::uint64_t balls_per_run)
      : err_(err), runs_(runs), balls_per_run_(balls_per_run) {
    try {
      thread_ = std::thread([this] { loop(); });
    } catch (const std::system_error&) {  // no thread, no progress line; the batch goes on
    }
  }
  ~ProgressLine() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
  }
  void advance(std::uint64_t balls) {
    ++done_;
    balls_ += balls;
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    bool drawn = false;
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [&] { return stopping_; })) {
      draw();
      drawn = true;
    }
    if (drawn) {
      draw();
      err_ << "\n" << std::flush;
    }
  }
  void draw() {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::uint64_t done = done_, balls = balls_;
    const double rate = elapsed > 0 ? static_cast<double>(balls) / elapsed : 0;
    const double left_balls = static_cast<double>(runs_ - done) * static_cast<double>(balls_per_run_);
    err_ << fmt::format("\rruns {}/{}  {:.3g} balls/s  elapsed {}  left {}   ", done, runs_, rate,
                        store::human_duration(elapsed),
                        done == 0 ? std::string("?") : store::human_duration(left_balls / rate))
         << std::flush;
  }

  std::ostream& err_;
  const std::uint64_t runs_, balls_per_run_;
  std::atomic<std::uint64_t> done_{0}, balls_{0};
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

// Checks the batch's memory (one run per thread, and what the output keeps) before anything is
// allocated; refuses with the need, what the machine has, and the thread count that would fit.
void check_memory(const Batch& b, const BatchWriter& writer) {
  const std::uint64_t per_run = b.simulation.bytes_per_run;
  // Runs the store holds are read back, not simulated: they need no loads.
  const std::uint64_t stored =
      b.db ? b.db->count(store::PointKey::of(b.simulation, b.seed), b.first_replicate, b.runs) : 0;
  const std::uint64_t at_once = std::min<std::uint64_t>(b.threads, b.runs - stored);
  const std::uint64_t output = writer.bytes_needed();
  const AvailableMemory have = available_memory();
  if (b.format == Format::json && have.known && output > have.bytes / 2)
    throw InputError(fmt::format(
        "--json keeps all {} runs in one document (about {}) but {} is available ({}); "
        "--jsonl writes the same runs one line each as they finish",
        b.runs, human_bytes(output), human_bytes(have.bytes), have.source));
  const auto [need, fit] =
      runs_at_once(std::vector<std::uint64_t>(at_once, per_run), at_once, output, have);
  if (!have.known || need <= have.bytes) return;
  require_memory(
      need,
      fmt::format("{} at once x {}: loads{} of n = {}{}{}", counted(at_once, "run"),
                  human_bytes(per_run),
                  b.simulation.setting.name == "exact" ? "" : " and the setting's state",
                  b.simulation.config.n,
                  output >= 1'000'000 ? fmt::format(", plus {} for the output", human_bytes(output))
                                      : "",
                  fit >= 1 ? fmt::format("; --threads {} would fit", fit) : ""),
      have);
}

}  // namespace

int run_batch(const Batch& b, std::ostream& out, std::ostream& err) {
  BatchWriter writer(b.format, b.simulation, b.seed, b.first_replicate, b.runs, out);
  check_memory(b, writer);
  const SignalGuard signals;
  if (b.estimate) {
    const std::uint64_t stored =
        b.db ? b.db->count(store::PointKey::of(b.simulation, b.seed), b.first_replicate, b.runs) : 0;
    // Batches of fewer than 2^28 balls run no pilot: a minute only at under 4.5 M balls/s.
    const std::uint64_t runs = b.runs - stored;
    const std::uint64_t rounds = (runs + b.threads - 1) / std::max(1u, b.threads);
    const auto e = static_cast<double>(b.simulation.config.m) * static_cast<double>(runs) < 0x1p28
                       ? std::nullopt
                       : store::estimate_run(b.simulation, b.seed);
    if (e && e->seconds * static_cast<double>(rounds) > 60)
      err << fmt::format("gapcheck run: about {} for {} on {} (a pilot run of {} balls took {:.2f} s); "
                         "Ctrl-C stops once the runs in progress finish, a second Ctrl-C at once\n",
                         store::human_duration(e->seconds * static_cast<double>(rounds)),
                         counted(runs, "run"), counted(std::min<std::uint64_t>(b.threads, runs), "thread"),
                         e->pilot_balls, e->pilot_seconds)
          << std::flush;
  }
  std::optional<ProgressLine> progress;
  if (b.progress) progress.emplace(err, b.runs, b.simulation.config.m);
  const auto start = std::chrono::steady_clock::now();
  const store::Streamed streamed = store::stream_runs(
      b.db, b.simulation, b.seed, b.first_replicate, b.runs, b.threads,
      [&](RunResult&& result) {
        writer.add(result);
        if (progress) progress->advance(result.balls);
      },
      [] { return SignalGuard::caught() != 0; });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.reset();
  const int signal = SignalGuard::caught();
  const Timing timing{streamed.threads, seconds, streamed.stored_runs, streamed.stored_balls};
  if (streamed.delivered == b.runs) {
    writer.finish(timing);
    if (signal != 0)
      err << fmt::format("gapcheck: {} came when every run had started; all {} finished and the "
                         "output is complete\n",
                         signal_name(signal), b.runs);
    return 0;
  }
  writer.interrupt(timing, signal_name(signal));
  err << fmt::format("gapcheck: interrupted by {} after {} of {} runs; the output holds "
                     "replicates {} and is incomplete{}\n",
                     signal_name(signal), streamed.delivered, b.runs,
                     streamed.delivered == 0
                         ? std::string("none")
                         : fmt::format("{}..{}", b.first_replicate,
                                       b.first_replicate + streamed.delivered - 1),
                     b.db ? " (every finished run is in the run store)" : "");
  return 128 + signal;
}

}  // namespace gapcheck::cli
