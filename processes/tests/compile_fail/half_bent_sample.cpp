// Must not compile: a setting oracle that bends sample() but leaves sample_if() to ExactOracle,
// whose draw would bypass the bent sample() for every sample a process uses only on some steps.
// With GAPCHECK_CONTROL it answers both forms, and compiles.
#include "processes/tests/compile_fail/setting_of.hpp"

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

static_assert(Setting<SettingOf<HalfBentOracle>>);

}  // namespace gapcheck
