#include "processes/first_diff.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::FirstDiff)
