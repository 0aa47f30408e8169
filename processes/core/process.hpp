// The interfaces, written down: what an oracle answers, what a process is, what a setting is.
//
// "Processes ask, settings answer" (docs/ARCHITECTURE.md): a process learns the loads only through
// the questions of `Oracle`, and says where the next balls go. The concepts below make that
// contract checkable, so that a type which does not keep it fails to compile where it is
// registered, with a message naming what is missing, instead of deep inside the engine.
//
// A process type carries, beside its `choose`, a short self-description (`entries()`: names,
// definitions, sources, parameters, factories; core/describe.hpp) and optional traits, read
// with the *_v helpers below:
//   needs_levels       it asks rank questions (in_top): the loads must track levels
//   remembers          its choice depends on earlier steps, not on the loads alone
//   unit_weights_only  why it is defined for unit weights only (text)
//   on_levels          the levels engine may run it (it reads sampled loads only, within a step)
//   levels_obstacle()  why this value cannot run on levels after all (e.g. ties=index)
// A setting carries on_levels and levels_obstacle() too, and its oracle declares which questions
// it answers itself (`hides`, below).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "processes/core/describe.hpp"
#include "processes/core/dynamic_oracle.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/weights.hpp"

namespace gapcheck {

// ---- the questions a process may ask -------------------------------------------------------
template <class O>
concept Oracle = requires(O& o, Bin i, double level, std::uint64_t k) {
  { o.n() } -> std::convertible_to<std::size_t>;
  { o.balls() } -> std::convertible_to<std::uint64_t>;
  { o.average() } -> std::convertible_to<double>;
  { o.sample() } -> std::same_as<Bin>;
  { o.sample_if(true) } -> std::same_as<Bin>;
  { o.sample_in(i, i) } -> std::same_as<Bin>;
  { o.compare(i, i) } -> std::same_as<Order>;
  { o.compare_to(i, level) } -> std::same_as<Order>;
  { o.load(i) } -> std::convertible_to<double>;
  { o.in_top(i, k) } -> std::same_as<bool>;
  { o.coin(level) } -> std::same_as<bool>;
};

// ---- a process -----------------------------------------------------------------------------
template <class P>
using ProcessEntry = Described<P>;

template <class P>
concept DescribesItself = requires {
  { P::entries() } -> std::convertible_to<std::vector<ProcessEntry<P>>>;
};

// choose() must be a template over the oracle type (or take DynamicOracle&): it is checked with
// the virtual oracle, which has exactly the questions of `Oracle` and nothing more.
template <class P>
concept ChoosesThroughAnOracle = requires(P& p, DynamicOracle& oracle) {
  { p.choose(oracle) } -> std::same_as<Placement>;
};

template <class P>
concept Process = std::copyable<P> && DescribesItself<P> && ChoosesThroughAnOracle<P>;

template <class P>
constexpr bool remembers_v = [] {
  if constexpr (requires { P::remembers; }) return P::remembers;
  return false;
}();

// A process or setting the levels engine may run (core/levels.hpp): it must say so.
template <class T>
constexpr bool on_levels_v = [] {
  if constexpr (requires { T::on_levels; }) return T::on_levels;
  return false;
}();

// Why this process or setting value cannot run on the levels engine, or nullptr.
template <class T>
const char* levels_obstacle(const T& t) {
  if constexpr (requires { t.levels_obstacle(); }) return t.levels_obstacle();
  return nullptr;
}

// Why a process cannot run with these weights, or nothing if it can.
template <class P>
std::optional<std::string> weights_refusal(const Weights& weights) {
  if (weights.is_unit()) return std::nullopt;
  if (needs_levels_v<P>) return "needs unit weights (it ranks bins by integer load levels)";
  if constexpr (requires { P::unit_weights_only; })
    return std::string("needs unit weights: ") + P::unit_weights_only;
  return std::nullopt;
}

// ---- a setting's oracle hides what it bends ------------------------------------------------
// A setting oracle derives from ExactOracle, so a question it forgets to answer is answered
// truthfully, silently. To make that a compile error, it lists the questions it answers itself,
//   using hides = Hides<Question::compare, Question::compare_to, ...>;
// and the Setting concept checks that each listed question is declared in that very class (a
// member inherited from ExactOracle belongs to ExactOracle, not to it).
// (Question and Hides are declared beside ExactOracle, core/oracle.hpp.)
// Question::sample is asked in two forms, sample() and sample_if(wanted): a setting that bends
// it answers both (ExactOracle::sample_if draws through ExactOracle's own sample()).
namespace detail {
template <class O, Question Q>
constexpr bool answers_itself() {
  constexpr bool own = std::is_same_v<answering_class_t<O, Q>, O>;
  if constexpr (Q == Question::sample)
    return own && std::is_same_v<typename member_class<decltype(&O::sample_if)>::type, O>;
  else return own;
}
template <class O, Question... Qs>
constexpr bool answers_all(Hides<Qs...>) {
  return (answers_itself<O, Qs>() && ...);
}
}  // namespace detail

template <class O>
concept HidesWhatItBends =
    detail::is_exact_oracle<O>::value ||
    (requires { typename O::hides; } && detail::answers_all<O>(typename O::hides{}));

// ---- a setting -----------------------------------------------------------------------------
template <class S>
concept Setting = std::copyable<S> &&
                  requires(const S& s, Loads<std::uint32_t>& unit, Loads<double>& weighted,
                           Streams& streams) {
                    { s.template oracle<std::uint32_t>(unit, streams) } -> Oracle;
                    { s.template oracle<std::uint32_t>(unit, streams) } -> HidesWhatItBends;
                    { s.template oracle<double>(weighted, streams) } -> HidesWhatItBends;
                  };

}  // namespace gapcheck
