// Must not compile: a process that does not describe itself (no entries(): no name, definition,
// parameters or factory), so `gapcheck list` could not show it nor a spec build it. With
// GAPCHECK_CONTROL it describes itself, and registers.
#include "processes/register.hpp"

namespace gapcheck {

struct Undescribed {
#ifdef GAPCHECK_CONTROL
  static std::vector<ProcessEntry<Undescribed>> entries() {
    return {{{"undescribed", "each ball goes to a uniform bin", "none", {}},
             [](const Params&) { return Undescribed{}; }}};
  }
#endif
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return {oracle.sample()};
  }
};

}  // namespace gapcheck

GAPCHECK_REGISTER_PROCESS(gapcheck::Undescribed)
