// Must not compile: a setting oracle that says it bends compare() but never answers it, so every
// comparison would be answered truthfully by ExactOracle. With GAPCHECK_CONTROL it does answer
// it, and compiles (the control shows the failure is the missing answer, not a typo).
#include "processes/tests/compile_fail/setting_of.hpp"

namespace gapcheck {

template <class LoadT>
class ForgetfulOracle : public ExactOracle<LoadT> {
 public:
  using hides = Hides<Question::compare>;
  using ExactOracle<LoadT>::ExactOracle;
#ifdef GAPCHECK_CONTROL
  Order compare(Bin i, Bin j) { return reversed(ExactOracle<LoadT>::compare(i, j)); }
#endif
};

static_assert(Setting<SettingOf<ForgetfulOracle>>);

}  // namespace gapcheck
