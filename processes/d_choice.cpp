#include "processes/d_choice.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::DChoice)
