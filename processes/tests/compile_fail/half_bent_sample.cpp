// Must not compile: a setting oracle that bends sample() but leaves sample_if() to ExactOracle,
// whose draw would bypass the bent sample() for every sample a process uses only on some steps.
// With GAPCHECK_CONTROL it answers both forms, and compiles.
#include "processes/core/process.hpp"

namespace gapcheck {

template <class LoadT>
class HalfBentOracle : public ExactOracle<LoadT> {
 public:
  using hides = Hides<Question::sample>;
  using ExactOracle<LoadT>::ExactOracle;
  using ExactOracle<LoadT>::n;
  Bin sample() { return n() - 1 - ExactOracle<LoadT>::sample(); }
#ifdef GAPCHECK_CONTROL
  Bin sample_if(bool wanted) { return n() - 1 - ExactOracle<LoadT>::sample_if(wanted); }
#endif
};

struct HalfBentSetting {
  template <class Load>
  HalfBentOracle<Load> oracle(Loads<Load>& loads, Streams& streams) const {
    return {loads, streams};
  }
};

static_assert(Setting<HalfBentSetting>);

}  // namespace gapcheck
