// The oracle questions as virtual functions, for code that must not know the process's type.
//
// Production runs are static: every registered process is compiled against every setting's
// oracle type (processes/register.hpp). But the property tier audits every process under every
// setting, and compiling each audited triple statically took minutes; it runs a type-erased
// process (AnyProcess) instead, which asks through DynamicOracle. DynamicAdapter<O> answers those
// questions by forwarding to a typed oracle O, so the answers, and every random draw behind them,
// are exactly O's: a run through the adapter is the same run, one virtual call per question
// slower. The engine's own calls (place, visible, counts) go to O directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "processes/core/loads.hpp"
#include "processes/core/oracle.hpp"

namespace gapcheck {

class DynamicOracle {
 public:
  virtual std::size_t n() const = 0;
  virtual std::uint64_t balls() = 0;
  virtual double average() = 0;
  virtual Bin sample() = 0;
  virtual Bin sample_if(bool wanted) = 0;
  virtual Bin sample_in(Bin first, Bin last) = 0;
  virtual Order compare(Bin i, Bin j) = 0;
  virtual Order compare_to(Bin i, double level) = 0;
  virtual double load(Bin i) = 0;
  virtual bool in_top(Bin i, std::uint64_t k) = 0;
  virtual bool coin(double p) = 0;

 protected:
  ~DynamicOracle() = default;
};

// O is an oracle type, held by value, or a reference to one (O&) that outlives the adapter.
template <class O>
class DynamicAdapter final : public DynamicOracle {
 public:
  using Inner = std::remove_reference_t<O>;
  using Load = typename Inner::Load;
  static constexpr bool flatten_run = false;  // virtual calls: nothing to flatten

  template <class... Args>
  explicit DynamicAdapter(Args&&... args) : inner_(std::forward<Args>(args)...) {}

  std::size_t n() const override { return inner_.n(); }
  std::uint64_t balls() override { return inner_.balls(); }
  double average() override { return inner_.average(); }
  Bin sample() override { return inner_.sample(); }
  Bin sample_if(bool wanted) override { return inner_.sample_if(wanted); }
  Bin sample_in(Bin first, Bin last) override { return inner_.sample_in(first, last); }
  Order compare(Bin i, Bin j) override { return inner_.compare(i, j); }
  Order compare_to(Bin i, double level) override { return inner_.compare_to(i, level); }
  double load(Bin i) override { return inner_.load(i); }
  bool in_top(Bin i, std::uint64_t k) override { return inner_.in_top(i, k); }
  bool coin(double p) override { return inner_.coin(p); }

  Inner& inner() { return inner_; }

 private:
  O inner_;
};

// A process that asks through DynamicOracle only (AnyProcess) says so with
// `static constexpr bool asks_dynamically = true`.
template <class Process>
concept AsksDynamically = requires { requires Process::asks_dynamically; };

// process.choose(oracle), through a DynamicAdapter when the process is type-erased. The engine,
// the audit and the enumeration all ask for a step this way, so each takes any process.
template <class Process, class Oracle>
auto choose_with(Process& process, Oracle& oracle) {
  if constexpr (AsksDynamically<Process>) {
    DynamicAdapter<Oracle&> dynamic(oracle);
    return process.choose(dynamic);
  } else {
    return process.choose(oracle);
  }
}

}  // namespace gapcheck
