#include "processes/mixed_quantile.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::MixedQuantile)
