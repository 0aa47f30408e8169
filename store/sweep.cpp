#include "store/sweep.hpp"
#include "processes/core/spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace gapcheck::store {

std::uint64_t SweepPlan::done_runs() const {
  return std::accumulate(done.begin(), done.end(), std::uint64_t{0});
}

double run_cost(const Simulation& point) {
  return static_cast<double>(point.config.m) + static_cast<double>(point.config.n);
}

Part parse_part(const std::string& text) {
  const auto slash = text.find('/');
  const auto bad = [&] {
    return InputError("--part " + text + " is not K/N with 1 <= K <= N (e.g. --part 2/8)");
  };
  if (slash == std::string::npos) throw bad();
  Part part;
  try {
    part.k = parse_count(text.substr(0, slash), "--part K", std::nullopt, kMaxCount, 1);
    part.of = parse_count(text.substr(slash + 1), "--part N", std::nullopt, kMaxCount, 1);
  } catch (const InputError&) {
    throw bad();
  }
  if (part.k > part.of) throw bad();
  return part;
}

namespace {

// Seconds per ball of the stored runs closest in kind to a point. A ball's time varies with the
// process and setting (several-fold), the engine, and n (whether the loads fit a cache), so one
// rate for a whole store misjudges a grid that mixes them. The cost's n (bins
// allocated) is left out of the rate: a small correction.
class StoredRates {
 public:
  explicit StoredRates(const std::vector<StoredTime>& times) {
    for (const auto& t : times) {
      add(by_n_[t.kind], t);
      add(by_kind_[any_n(t.kind)], t);
      add(all_, t);
    }
  }
  double seconds_per_ball(const PointKey& point) const {
    PointKey kind = point;
    kind.m = 0;
    kind.gap_level = 0;
    kind.seed = 0;
    if (auto it = by_n_.find(kind); it != by_n_.end()) return it->second.rate();
    if (auto it = by_kind_.find(any_n(kind)); it != by_kind_.end()) return it->second.rate();
    return all_.rate();
  }

 private:
  struct Sum {
    double seconds = 0, balls = 0;
    double rate() const { return balls > 0 ? seconds / balls : 0; }
  };
  static void add(Sum& sum, const StoredTime& t) {
    sum.seconds += t.seconds;
    sum.balls += t.balls;
  }
  static PointKey any_n(PointKey kind) {
    kind.n = 0;
    return kind;
  }
  std::map<PointKey, Sum> by_n_, by_kind_;
  Sum all_;
};

}  // namespace

SweepPlan plan_sweep(const Grid& grid, const RunStore& store, Part part) {
  SweepPlan plan;
  std::vector<std::size_t> order(grid.points.size());
  for (std::size_t p = 0; p < grid.points.size(); ++p) {
    order[p] = p;
    plan.keys.push_back(PointKey::of(grid.points[p].simulation, grid.points[p].seed));
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return run_cost(grid.points[a].simulation) > run_cost(grid.points[b].simulation);
  });
  plan.done.assign(grid.points.size(), 0);
  for (const std::size_t p : order) {
    const auto stored = store.replicates(plan.keys[p]);
    std::size_t k = 0;
    for (std::uint64_t r = 0; r < grid.points[p].runs; ++r) {
      while (k < stored.size() && stored[k] < r) ++k;
      if (k < stored.size() && stored[k] == r) {
        ++plan.done[p];
        if (!part.holds(r)) ++plan.done_other_parts;
      } else if (!part.holds(r)) {
        ++plan.other_parts;
      } else {
        plan.missing.push_back({p, r});
        plan.cost_left += run_cost(grid.points[p].simulation);
      }
    }
  }
  plan.other_versions = store.rows_of_other_versions();
  const StoredRates rates(store.stored_times());
  for (const Task& task : plan.missing)
    plan.seconds_left += rates.seconds_per_ball(plan.keys[task.point]) *
                         run_cost(grid.points[task.point].simulation);
  return plan;
}

std::string human_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<std::uint64_t>(std::llround(seconds));
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  if (s < 86400) return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
  return fmt::format("{} d {:02} h", s / 86400, s % 86400 / 3600);
}

namespace {

// Estimated wall time of what is left on `workers` parallel workers at the stored rates.
std::string estimate(const SweepPlan& plan, unsigned workers) {
  if (plan.missing.empty()) return "nothing to run";
  if (plan.seconds_left == 0) return "time unknown until runs are stored";
  return "about " + human_duration(plan.seconds_left / std::max(1u, workers)) +
         fmt::format(" on {} at the stored rates", counted(workers, "worker"));
}

}  // namespace

std::string status_text(const Grid& grid, const RunStore& store, const SweepPlan& plan,
                        unsigned workers, const std::string& store_label) {
  const std::uint64_t done = plan.done_runs();
  std::string out;
  out += fmt::format("{:<8}{}: {}\n", "grid", grid.file.string(), grid.describe());
  out += fmt::format("{:<8}{} (results version {})\n", "store",
                     store_label.empty() ? store.path().string() : store_label, store.version());
  // With --part, both lines split the part's runs from the other parts'.
  const bool parted = plan.other_parts != 0 || plan.done_other_parts != 0;
  out += fmt::format("{:<8}{}{}\n", "done", counted(done - plan.done_other_parts, "run"),
                     parted ? fmt::format(" in this part; {} in the other parts",
                                          counted(plan.done_other_parts, "run"))
                            : std::string());
  out += fmt::format("{:<8}{} ({}){}\n", "left", counted(plan.missing.size(), "run"),
                     estimate(plan, workers),
                     parted ? fmt::format(" in this part; {} in the other parts",
                                          counted(plan.other_parts, "run"))
                            : std::string());
  if (plan.other_versions != 0)
    out += fmt::format("{:<8}{} rows of other results versions in the store, not used\n", "other",
                       plan.other_versions);
  // Columns as wide as their widest entry (n and m reach 15 and 16 digits).
  std::size_t widths[5] = {7, 7, 7, 10, 12};
  for (const auto& k : plan.keys) {
    widths[0] = std::max(widths[0], k.process.size());
    widths[1] = std::max(widths[1], k.setting.size());
    widths[2] = std::max(widths[2], k.weights.size());
    widths[3] = std::max(widths[3], std::to_string(k.n).size());
    widths[4] = std::max(widths[4], std::to_string(k.m).size());
  }
  // The seed closes each row: a plan's points each have their own, and a run's key holds it.
  out += fmt::format("\n{:<{}}  {:<{}}  {:<{}}  {:<6}  {:>{}}  {:>{}}  {:>11}  {:>20}\n",
                     "process", widths[0], "setting", widths[1], "weights", widths[2], "engine",
                     "n", widths[3], "m", widths[4], "done/runs", "seed");
  for (std::size_t p = 0; p < plan.keys.size(); ++p) {
    const auto& k = plan.keys[p];
    out += fmt::format("{:<{}}  {:<{}}  {:<{}}  {:<6}  {:>{}}  {:>{}}  {:>11}  {:>20}\n",
                       k.process, widths[0], k.setting, widths[1], k.weights, widths[2], k.engine,
                       k.n, widths[3], k.m, widths[4],
                       fmt::format("{}/{}", plan.done[p], grid.points[p].runs), k.seed);
  }
  return out;
}

Progress::Progress(std::ostream& err, bool terminal, const SweepPlan& plan, unsigned workers)
    : err_(err),
      terminal_(terminal),
      total_(plan.missing.size()),
      cost_total_(plan.cost_left),
      prior_seconds_(plan.seconds_left / std::max(1u, workers)),
      measured_after_(std::min<std::uint64_t>(std::max(1u, workers), plan.missing.size())),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::advance(std::uint64_t runs, double cost) {
  done_ += runs;
  cost_done_ += cost;
  draw(false);
}

void Progress::finish() { draw(true); }

void Progress::draw(bool final) {
  if (total_ == 0) return;  // nothing to run: the line before the bar has said so
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double since_draw = std::chrono::duration<double>(now - last_draw_).count();
  const double fraction = cost_total_ > 0 ? cost_done_ / cost_total_ : 1.0;
  const int decile = static_cast<int>(10 * fraction);
  if (final && !terminal_ && done_ == total_ && last_decile_ == 10) return;  // already said
  if (!final) {
    if (terminal_ && since_draw < 0.2) return;
    if (!terminal_ && decile == last_decile_ && since_draw < 60) return;
  }
  last_draw_ = now;
  last_decile_ = decile;
  // The bar and the percentage are of the work (cost m + n per run), which long runs dominate;
  // the run count beside them is plain. Time left: the measured rate once as many runs have
  // finished as there are workers (before that the work in flight, which the rate leaves out,
  // dominates: one small run done first read as hours left), else what the stored rates leave,
  // else unknown.
  const bool measured = done_ >= measured_after_ && cost_done_ > 0;
  const double left = measured ? elapsed * (cost_total_ - cost_done_) / cost_done_
                               : prior_seconds_ - elapsed;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(std::lround(kWidth * fraction));
  const std::string line = fmt::format(
      "[{}{}] {}/{} runs  {:3.0f} % of the work  elapsed {}  left {}", std::string(filled, '#'),
      std::string(kWidth - filled, '.'), done_, total_, 100 * fraction, human_duration(elapsed),
      final ? human_duration(0) : (measured || left > 0 ? human_duration(left) : "?"));
  if (terminal_)
    err_ << "\r" << line << (final ? "\n" : "") << std::flush;
  else
    err_ << line << "\n" << std::flush;
}

void sweep_local(const Grid& grid, RunStore& store, const SweepPlan& plan, unsigned threads,
                 Progress& progress, const std::function<bool()>& stop) {
  execute(
      plan.missing, threads,
      [&](const Task& task) {
        const GridPoint& point = grid.points[task.point];
        return point.simulation.run(point.seed, task.replicate);
      },
      [&](std::span<const FinishedTask> done) {
        std::vector<StoredRun> rows;
        double cost = 0;
        for (const auto& f : done) {
          rows.push_back({plan.keys[f.task.point], f.result, f.seconds});
          cost += run_cost(grid.points[f.task.point].simulation);
        }
        store.write(rows);
        progress.advance(done.size(), cost);
      },
      stop);
  progress.finish();
}

}  // namespace gapcheck::store
