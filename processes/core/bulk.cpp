#include "processes/core/bulk.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/random/binomial_distribution.hpp>

#include "processes/core/levels.hpp"
#include "processes/core/random.hpp"

namespace gapcheck {
namespace {

// The law of R, the lowest of d uniform ranks in [0, n): P(R >= r) = (y / n)^d with y = n - r.
// Differences of powers are sums of positive terms, y_a^d - y_b^d = (y_a - y_b) sum_k y_a^k
// y_b^(d-1-k), so that a narrow range keeps its digits where P(R >= a) is close to 1 (d
// multiplications; above d = 8, pow, expm1 and log1p, which keep the digits as well).
class LowestOfUniformRanks {
 public:
  LowestOfUniformRanks(std::uint64_t n, std::uint32_t d)
      : bins_(n), n_(static_cast<double>(n)), d_(d) {}

  // P(a <= R < b). For d above kSummedUpTo, P(R >= a) (1 - ((n - b) / (n - a))^d) by pow, expm1
  // and log1p, which keep the digits too and cost the same for any d.
  double mass(std::uint64_t a, std::uint64_t b) const {
    if (a >= b) return 0.0;
    const double ya = n_ - static_cast<double>(a), width = static_cast<double>(b - a);
    if (d_ > kSummedUpTo)
      return std::pow(ya / n_, d_) * -std::expm1(d_ * std::log1p(-width / ya));
    return width / n_ * power_sum(ya / n_, (ya - width) / n_);
  }

  // The lowest of d uniform ranks of [0, range): R itself for range = n, and R - a given R >= a
  // for range = n - a.
  std::uint64_t lowest(Rng& rng, std::uint64_t range) const {
    std::uint64_t r = range;
    for (std::uint32_t k = 0; k < d_; ++k) r = std::min(r, bounded(rng, range));
    return r;
  }

  // R given a <= R < b, by the likelier to be accepted of two exact proposals (t = (n - b) /
  // (n - a)): a + lowest(n - a), which is R given R >= a, kept if below b (accepted with
  // probability 1 - t^d); or a uniform rank of [a, b), kept with probability P(R = r) / P(R = a)
  // (at least t^(d-1); the law does not increase in r). Near the top ranks with d large the
  // first is the likely one, in a narrow zone of low ranks the second.
  std::uint64_t draw_between(Rng& rng, std::uint64_t a, std::uint64_t b) const {
    const double t = (n_ - static_cast<double>(b)) / (n_ - static_cast<double>(a));
    if (power(t, d_) < 0.5) {
      for (;;)
        if (const std::uint64_t r = a + lowest(rng, bins_ - a); r < b) return r;
    }
    for (;;)
      if (const std::uint64_t r = a + bounded(rng, b - a); uniform01(rng) < weight_against(r, a))
        return r;
  }

 private:
  // Up to this d the sums of d terms below are cheaper than pow, expm1 and log1p.
  static constexpr std::uint32_t kSummedUpTo = 8;

  double power(double x, std::uint32_t d) const {
    if (d > kSummedUpTo) return std::pow(x, d);
    double p = 1;
    for (std::uint32_t k = 0; k < d; ++k) p *= x;
    return p;
  }

  // P(R = r) / P(R = a) for a <= r: the ratio of y^d - (y - 1)^d at y = n - r and at y = n - a.
  double weight_against(std::uint64_t r, std::uint64_t a) const {
    const double yr = n_ - static_cast<double>(r), ya = n_ - static_cast<double>(a);
    if (d_ > kSummedUpTo)
      return std::pow(yr / ya, d_) * std::expm1(d_ * std::log1p(-1.0 / yr)) /
             std::expm1(d_ * std::log1p(-1.0 / ya));
    return power_sum(yr / n_, (yr - 1) / n_) / power_sum(ya / n_, (ya - 1) / n_);
  }

  // sum_{k < d} x^k y^(d-1-k), for x >= y >= 0.
  double power_sum(double x, double y) const {
    double sum = 0, x_k = 1;
    for (std::uint32_t k = 0; k < d_; ++k, x_k *= x) sum = sum * y + x_k;
    return sum;
  }

  std::uint64_t bins_;
  double n_;
  std::uint32_t d_;
};

// Failures before the first success of a coin of probability q in (0, 1], by inversion; Boost's
// geometric_distribution takes log(1 - q), which loses q's digits when q is below 2^-20 or so.
std::uint64_t geometric(Rng& rng, double q) {
  if (q >= 1.0) return 0;
  if (!(q > 0.0)) return std::uint64_t{1} << 63;  // a mass that rounds to 0: never
  const double failures = std::floor(std::log(1.0 - uniform01(rng)) / std::log1p(-q));
  return failures >= 0x1.0p63 ? std::uint64_t{1} << 63 : static_cast<std::uint64_t>(failures);
}

std::uint64_t binomial(Rng& rng, std::uint64_t trials, double p) {
  if (trials == 0 || p <= 0.0) return 0;
  if (p >= 1.0) return trials;
  // A signed count: Boost's BTRD takes differences of counts. trials < 2^52 (the engine's m).
  return static_cast<std::uint64_t>(boost::random::binomial_distribution<std::int64_t, double>(
      static_cast<std::int64_t>(trials), p)(rng));
}

// The statistics simulate() (core/engine.hpp) keeps per step, kept here over runs of steps.
class StepStatistics {
 public:
  explicit StepStatistics(const RunConfig& config) : config_(config) {}

  // One step, after which the total is `total` and the maximum `max`.
  void step(std::uint64_t total, std::uint64_t max) {
    if (max != seen_max_) {
      seen_max_ = max;
      max_gap_ = std::max(max_gap_, static_cast<double>(max) - average(total));
      bound_ = above_bound<std::uint64_t>(config_, max);
    }
    above_ += total < bound_;
  }
  // `count` steps after `before` balls, none of them raising the maximum.
  void steps_below_max(std::uint64_t before, std::uint64_t count) {
    if (bound_ > before + 1) above_ += std::min(count, bound_ - before - 1);
  }

  double max_gap() const { return max_gap_; }
  std::uint64_t above() const { return above_; }

 private:
  double average(std::uint64_t total) const {
    return static_cast<double>(total) / static_cast<double>(config_.n);
  }

  const RunConfig& config_;
  double max_gap_ = 0;
  std::uint64_t seen_max_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t bound_ = 0;  // a step with a total below it has a gap above the level
  std::uint64_t above_ = 0;
};

// The safe balls of a batch whose levels are not drawn yet, kept as pools in a binary tree over
// the levels with safe ranks. A node's pool holds balls known to land on one of the levels below
// it, each independently on level j with probability proportional to j's safe mass: splitting a
// pool between the node's two children is one binomial (mass of the left over the node's, a
// quotient of sums of positive terms), and the count of a level is exact once every pool on its
// path from the root is split. A chunk of safe balls joins the root's pool; a ball in a zone needs
// the count of one level, so only the pools on that level's path are split (the tree is a Huffman
// tree by the levels' shares of the safe and zone masses: the levels whose counts are asked for
// most sit near the root). The multinomial a chunk would have drawn level by level is so drawn in
// parts, as they are needed; the law is the same. A level's room is bounded by its count and every
// pool above it: `room()` is the least of these bounds, and `tighten` splits the pools that hold
// it down until it is exact or large enough.
class SafeBallPools {
 public:
  // A level with safe ranks: its index, its safe and zone masses, and its room.
  struct SafeLevel {
    std::size_t level;
    double safe_mass, zone_mass;
    std::uint64_t room;
  };

  // The tree over the levels with safe ranks (of `level_count` levels), every pool empty. A
  // level's weight is its share of the safe mass (where the safe balls go, so where the rooms run
  // out) plus its share of the zone mass (where balls in zones ask for counts).
  void build(const std::vector<SafeLevel>& levels, std::size_t level_count) {
    nodes_.clear();
    leaf_of_level_.assign(level_count, kNone);
    queue_.clear();
    double safe_total = 0, zone_total = 0;
    for (const SafeLevel& l : levels) {
      safe_total += l.safe_mass;
      zone_total += l.zone_mass;
    }
    const auto share = [](double mass, double total) { return total > 0 ? mass / total : 0.0; };
    for (const SafeLevel& l : levels) {
      const int leaf = static_cast<int>(nodes_.size());
      leaf_of_level_[l.level] = leaf;
      nodes_.push_back(
          {.slack = static_cast<std::int64_t>(l.room), .mass = l.safe_mass, .level = l.level});
      queue_.push_back({share(l.safe_mass, safe_total) + share(l.zone_mass, zone_total), leaf});
    }
    // Huffman: join the two lightest until one is left (ties by node index: a fixed shape).
    const auto heavier = std::greater<std::pair<double, int>>();
    std::make_heap(queue_.begin(), queue_.end(), heavier);
    while (queue_.size() > 1) {
      std::pop_heap(queue_.begin(), queue_.end(), heavier);
      const auto a = queue_.back();
      queue_.pop_back();
      std::pop_heap(queue_.begin(), queue_.end(), heavier);
      const auto b = queue_.back();
      queue_.pop_back();
      const int v = static_cast<int>(nodes_.size());
      nodes_.push_back({.mass = nodes_[a.second].mass + nodes_[b.second].mass,
                        .left = a.second, .right = b.second});
      nodes_[a.second].parent = nodes_[b.second].parent = v;
      update_slack(v);
      queue_.push_back({a.first + b.first, v});
      std::push_heap(queue_.begin(), queue_.end(), heavier);
    }
  }

  // Safe balls that may still join the pools with no level past its room, whatever their levels.
  std::uint64_t room() const {
    const std::int64_t r = bound(root());
    return r > 0 ? static_cast<std::uint64_t>(r) : 0;
  }

  // `count` safe balls, their levels not drawn yet.
  template <class Land>
  void add(std::uint64_t count, Land&& land) {
    give(root(), count, land);
  }

  // Splits the pools on level j's path (if j has safe ranks): its count is then exact.
  template <class Land>
  void resolve(std::size_t j, Rng& rng, Land&& land) {
    const int leaf = leaf_of(j);
    if (leaf == kNone) return;
    path_.clear();
    for (int v = nodes_[leaf].parent; v != kNone; v = nodes_[v].parent) path_.push_back(v);
    for (std::size_t k = path_.size(); k-- > 0;) split(path_[k], rng, land);
    for (const int v : path_) update_slack(v);
  }

  // The balls in pools above level j, one of which may be on j: its count is at most that many
  // above the count the level has taken so far.
  std::uint64_t unsplit_above(std::size_t j) const {
    std::uint64_t balls = 0;
    const int leaf = leaf_of(j);
    if (leaf == kNone) return balls;
    for (int v = nodes_[leaf].parent; v != kNone; v = nodes_[v].parent) balls += nodes_[v].pool;
    return balls;
  }

  // A ball from a zone landed on level j: one less room for it.
  void note_landed(std::size_t j) {
    const int leaf = leaf_of(j);
    if (leaf == kNone) return;
    --nodes_[leaf].slack;
    update_slack_from(nodes_[leaf].parent);
  }

  // Splits pools along the path of the least bound until room() is at least `wanted`, or that
  // bound is a level's exact room.
  template <class Land>
  void tighten(std::uint64_t wanted, Rng& rng, Land&& land) {
    while (room() < wanted) {
      int v = root();
      while (nodes_[v].left != kNone && nodes_[v].pool == 0) {
        const Node& node = nodes_[v];
        v = bound(node.left) <= bound(node.right) ? node.left : node.right;
      }
      if (nodes_[v].left == kNone) return;  // the least bound is exact
      split(v, rng, land);
      update_slack_from(v);
    }
  }

  // Splits every pool: every level's count exact.
  template <class Land>
  void resolve_all(Rng& rng, Land&& land) {
    // A parent is made after its children: from the last node back, parents come first.
    for (std::size_t v = nodes_.size(); v-- > 0;)
      if (nodes_[v].left != kNone) split(static_cast<int>(v), rng, land);
  }

 private:
  static constexpr int kNone = -1;

  // A leaf is a level (left == kNone); slack is the least, over the levels below, of the room
  // left less the pools strictly below this node on the way to it.
  struct Node {
    std::uint64_t pool = 0;
    std::int64_t slack = 0;
    double mass = 0;
    int parent = kNone, left = kNone, right = kNone;
    std::size_t level = 0;
  };

  int root() const { return static_cast<int>(nodes_.size()) - 1; }
  // The leaf of level j, or kNone for a level without safe ranks (or made after the batch began).
  int leaf_of(std::size_t j) const {
    return j < leaf_of_level_.size() ? leaf_of_level_[j] : kNone;
  }
  std::int64_t bound(int v) const {
    return nodes_[v].slack - static_cast<std::int64_t>(nodes_[v].pool);
  }
  void update_slack(int v) {
    nodes_[v].slack = std::min(bound(nodes_[v].left), bound(nodes_[v].right));
  }
  // The slack of internal node v and of every node above it.
  void update_slack_from(int v) {
    for (; v != kNone; v = nodes_[v].parent) update_slack(v);
  }

  template <class Land>
  void give(int v, std::uint64_t count, Land& land) {
    if (count == 0) return;
    Node& node = nodes_[v];
    if (node.left != kNone) {
      node.pool += count;
      return;
    }
    node.slack -= static_cast<std::int64_t>(count);
    land(node.level, count);
  }

  template <class Land>
  void split(int v, Rng& rng, Land& land) {
    Node& node = nodes_[v];
    const std::uint64_t pool = node.pool;
    if (pool == 0) return;
    node.pool = 0;
    const double p = node.mass > 0 ? nodes_[node.left].mass / node.mass : 0.5;
    const std::uint64_t left = binomial(rng, pool, p);
    give(node.left, left, land);
    give(node.right, pool - left, land);
  }

  std::vector<Node> nodes_;
  std::vector<int> leaf_of_level_;
  std::vector<std::pair<double, int>> queue_;
  std::vector<int> path_;
};

class BulkRun {
 public:
  BulkRun(std::uint32_t d, const RunConfig& config, std::uint64_t seed, std::uint64_t replicate,
          const BulkOptions& options)
      : n_(config.n),
        m_(config.m),
        law_(config.n, d),
        rng_(stream_key(seed, replicate, Stream::samples)),
        options_(options),
        ends_{config.n},
        statistics_(config) {}

  void run() {
    while (balls_ < m_) batch();
    drop_empty_levels();  // the histogram starts at the lowest level that holds bins
  }

  std::uint64_t balls() const { return balls_; }
  std::uint64_t max() const { return floor_ + ends_.size() - 1; }
  const StepStatistics& statistics() const { return statistics_; }

  LoadHistogram histogram() const { return histogram_of_ends(floor_, ends_); }

 private:
  // The zone of a level below the top: 3 sqrt(n / levels) ranks, so that a batch's balls in zones
  // (about levels * zone^2 / n of them) and its binomials balance (2 to 5 times the root measured
  // at n = 2^20 to 2^30, docs/performance.md: 3 and 4 were the fastest).
  std::uint64_t zone_ranks(std::size_t levels) const {
    if (options_.zone_ranks != 0) return options_.zone_ranks;
    const double z = 3 * std::sqrt(static_cast<double>(n_) / static_cast<double>(levels));
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(z));
  }

  void drop_empty_levels() {
    while (ends_.front() == 0) {
      ends_.erase(ends_.begin());
      ++floor_;
    }
  }

  // One batch: zones fixed at its start, safe balls in chunks, balls in zones one at a time, until
  // a zone is full, the maximum rises, or the run ends.
  void batch() {
    drop_empty_levels();  // levels that emptied in the last batch
    const std::size_t top = ends_.size() - 1;
    const std::uint64_t zone = zone_ranks(ends_.size());
    levels_.assign(ends_.size(), {});
    safe_levels_.clear();
    double safe_total = 0, zone_total = 0;
    for (std::size_t j = 0; j <= top; ++j) {
      Level& level = levels_[j];
      const std::uint64_t lo = j == 0 ? 0 : ends_[j - 1];
      level.zone_end = ends_[j];
      level.zone_start =
          j == top ? lo : std::max(lo, level.zone_end - std::min(level.zone_end, zone));
      level.zone_mass = law_.mass(level.zone_start, level.zone_end);
      zone_total += level.zone_mass;
      if (level.zone_start > lo) {
        const double safe_mass = law_.mass(lo, level.zone_start);
        std::uint64_t room = level.zone_end - level.zone_start;
        if (options_.room_past_zones) room += (level.zone_start - lo) / 2;
        safe_levels_.push_back({j, safe_mass, level.zone_mass, room});
        safe_total += safe_mass;
      }
    }
    const double zone_share = zone_total / (zone_total + safe_total);
    // A ball in a zone costs a few binomials (the pools on its level's path), and a batch one per
    // level. Where the zones' share times the number of safe levels is more than a fraction
    // (options_.alone_above, 0.1) (loads spread over many levels: One-Choice with m a few hundred
    // times n or more, or small n), the balls go one at a time for a while instead.
    if (zone_share * static_cast<double>(safe_levels_.size()) > options_.alone_above) {
      place_alone(64 * ends_.size());
      return;
    }
    pools_.build(safe_levels_, levels_.size());
    zone_cumulative_.clear();
    double cumulative = 0;
    for (const Level& level : levels_) zone_cumulative_.push_back(cumulative += level.zone_mass);
    const std::uint64_t batch_max = max();
    // Each chunk lands only a share of its balls on the level of least room, so the chunks would
    // shrink geometrically: new zones once that room is an eighth of a zone.
    const std::uint64_t least_room = std::max<std::uint64_t>(1, zone / 8);
    while (balls_ < m_) {
      if (safe_total > 0) {
        // The safe balls before the next ball in a zone, as many as the zones' room allows.
        const auto room_short = [&] {
          return pools_.room() < std::min(least_room, m_ - balls_);
        };
        if (room_short()) {
          pools_.tighten(least_room, rng_, land());
          if (room_short()) break;
        }
        const std::uint64_t chunk = std::min(m_ - balls_, pools_.room());
        const std::uint64_t safe_balls = geometric(rng_, zone_share);
        place_safe(std::min(chunk, safe_balls));
        if (safe_balls >= chunk) continue;  // the room or the run is used up: a fresh draw
      }
      place_in_zone(zone_total);
      if (max() != batch_max) break;  // a new top level: new zones
    }
    if (options_.check_invariants) check_invariants("at the end of a batch");
    pools_.resolve_all(rng_, land());
  }

  // What a pool's split does with the balls it gives a level: they move its last ranks up.
  struct LandOnLevel {
    std::vector<std::uint64_t>& ends;
    void operator()(std::size_t j, std::uint64_t count) const { ends[j] -= count; }
  };
  LandOnLevel land() { return {ends_}; }

  // `count` balls on safe ranks, their levels drawn as they are needed (SafeBallPools).
  void place_safe(std::uint64_t count) {
    if (count == 0) return;
    statistics_.steps_below_max(balls_, count);
    balls_ += count;
    pools_.add(count, land());
    if (options_.check_invariants) check_invariants("after a chunk of safe balls");
  }

  // Every level's end with every pool split, on copies of the pools and of the stream: the run
  // itself is unchanged (BulkOptions::check_invariants).
  std::vector<std::uint64_t> exact_ends() const {
    std::vector<std::uint64_t> ends = ends_;
    SafeBallPools pools = pools_;
    Rng rng = rng_;
    pools.resolve_all(rng, LandOnLevel{ends});
    return ends;
  }

  // What the batch relies on, against the exact ends (BulkOptions::check_invariants).
  void check_invariants(const char* where) const {
    const std::vector<std::uint64_t> exact = exact_ends();
    const auto fail = [&](const std::string& what) {
      throw std::logic_error("bulk engine, " + std::string(where) + ", ball " +
                             std::to_string(balls_) + ": " + what);
    };
    for (std::size_t j = 0; j < exact.size(); ++j) {
      if (j + 1 < exact.size() && exact[j] > exact[j + 1])
        fail("the ends of levels " + std::to_string(j) + " and " + std::to_string(j + 1) +
             " are out of order");
      if (exact[j] > ends_[j]) fail("level " + std::to_string(j) + " ends above its count");
    }
    std::uint64_t least_room = std::numeric_limits<std::uint64_t>::max();
    for (const SafeBallPools::SafeLevel& safe : safe_levels_) {
      const Level& level = levels_[safe.level];
      if (exact[safe.level] < level.zone_start)
        fail("level " + std::to_string(safe.level) + " moved a safe rank");
      least_room = std::min(least_room, safe.room - (level.zone_end - exact[safe.level]));
    }
    if (!safe_levels_.empty() && pools_.room() > least_room)
      fail("the pools' room " + std::to_string(pools_.room()) + " is above the least room " +
           std::to_string(least_room));
  }

  // One ball whose rank falls in a zone: the zone by its mass, the rank in it by rejection
  // (draw_between), its level from the current state.
  void place_in_zone(double zone_total) {
    // The first zone whose cumulative mass exceeds u (a zone of mass 0 never does).
    const double u = uniform01(rng_) * zone_total;
    const auto z = std::min<std::size_t>(
        levels_.size() - 1,
        static_cast<std::size_t>(std::upper_bound(zone_cumulative_.begin(),
                                                  zone_cumulative_.end(), u) -
                                 zone_cumulative_.begin()));
    const std::uint64_t r = law_.draw_between(rng_, levels_[z].zone_start, levels_[z].zone_end);
    // The rank is on level z unless the balls on z have moved it up: z's count decides. Its end
    // is at most ends_[z] and at least that less the balls in the pools above z; those pools are
    // split only if r falls between the two. Above z, a level with safe ranks keeps its count
    // within its zone, so its end, even with balls still in pools, is past r; a level without
    // safe ranks takes no safe balls, so its end is exact, and the ranks of its whole block may
    // have moved on. (With pools unsplit, ends_ need not be in order, so this is a scan up from
    // z, not a binary search.)
    if (!options_.zone_reads_unsplit_pools && r < ends_[z] &&
        r >= ends_[z] - std::min(ends_[z], pools_.unsplit_above(z)))
      pools_.resolve(z, rng_, land());
    std::size_t j = z;
    while (ends_[j] <= r) ++j;
    if (options_.check_invariants) {
      const std::vector<std::uint64_t> exact = exact_ends();
      const auto level = static_cast<std::size_t>(
          std::upper_bound(exact.begin(), exact.end(), r) - exact.begin());
      if (level != j)
        throw std::logic_error("bulk engine, ball " + std::to_string(balls_ + 1) + ": rank " +
                               std::to_string(r) + " read level " + std::to_string(j) +
                               ", its level is " + std::to_string(level));
    }
    place_on_level(j);
    pools_.note_landed(j);
    if (options_.check_invariants) check_invariants("after a ball in a zone");
  }

  // Up to `count` balls one at a time, each on the lowest of d uniform ranks (exact integers).
  // A rank's level is looked up from the level of its block's first rank when they began (as on
  // the levels engine, core/levels.hpp): levels only rise, so the search steps up from there.
  void place_alone(std::uint64_t count) {
    const int shift = LevelLoads::block_shift(n_);
    block_level_.resize(((n_ - 1) >> shift) + 1);
    std::size_t j = 0;
    for (std::size_t b = 0; b < block_level_.size(); ++b) {
      while (ends_[j] <= (std::uint64_t{b} << shift)) ++j;
      block_level_[b] = j;
    }
    for (std::uint64_t k = 0; k < count && balls_ < m_; ++k) {
      const std::uint64_t r = law_.lowest(rng_, n_);
      std::size_t level = block_level_[r >> shift];
      while (ends_[level] <= r) ++level;
      place_on_level(level);
    }
  }

  // One ball on a bin of level index j in the current state.
  void place_on_level(std::size_t j) {
    --ends_[j];
    if (j + 1 == ends_.size()) ends_.push_back(n_);  // a new maximum
    ++balls_;
    statistics_.step(balls_, max());
  }

  // A level during a batch: its zone [zone_start, zone_end) (zone_end: the level's cumulative
  // count when the batch began) and the law's mass in it.
  struct Level {
    std::uint64_t zone_start = 0, zone_end = 0;
    double zone_mass = 0;
  };

  std::uint64_t n_, m_;
  LowestOfUniformRanks law_;
  Rng rng_;
  BulkOptions options_;
  std::uint64_t balls_ = 0;
  std::uint64_t floor_ = 0;
  std::vector<std::uint64_t> ends_;  // ends_[j] = #bins at or below level floor_ + j; back() = n
  std::vector<Level> levels_;          // the batch's levels, as ends_ was when it began
  std::vector<SafeBallPools::SafeLevel> safe_levels_;  // the batch's levels with safe ranks
  SafeBallPools pools_;                   // the batch's safe balls whose levels are not drawn yet
  std::vector<double> zone_cumulative_;   // the zones' masses, summed from the lowest level
  std::vector<std::size_t> block_level_;  // place_alone's level of each block's first rank
  StepStatistics statistics_;
};

}  // namespace

RunResult run_bulk(std::uint32_t d, const RunConfig& config, std::uint64_t seed,
                   std::uint64_t replicate, const BulkOptions& options) {
  BulkRun run(d, config, seed, replicate, options);
  run.run();
  RunResult result;
  result.replicate = replicate;
  result.balls = run.balls();
  result.steps = run.balls();
  result.probes = d * run.balls();
  result.max_load = static_cast<double>(run.max());
  result.gap = result.max_load - static_cast<double>(run.balls()) / static_cast<double>(config.n);
  result.max_gap_over_time = std::max(run.statistics().max_gap(), result.gap);
  result.fraction_above_level =
      result.steps == 0 ? 0.0
                        : static_cast<double>(run.statistics().above()) /
                              static_cast<double>(result.steps);
  result.histogram = run.histogram();
  return result;
}

}  // namespace gapcheck
