#include "processes/packing.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::Packing)
