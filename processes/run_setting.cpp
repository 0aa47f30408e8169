// runner_for instantiated for alternative GAPCHECK_SETTING_INDEX of AnySetting; this file is
// compiled once per alternative (processes/CMakeLists.txt).
#include <variant>

#include "processes/runner_impl.hpp"

namespace gapcheck {

using IndexedSetting = std::variant_alternative_t<GAPCHECK_SETTING_INDEX, AnySetting>;
template RunFunction runner_for<IndexedSetting>(const AnyProcess&, const IndexedSetting&,
                                                const Weights&, const RunConfig&);

}  // namespace gapcheck
