#include "processes/memory.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::Memory)
