#include "processes/one_plus_beta.hpp"
#include "processes/register.hpp"

GAPCHECK_REGISTER_PROCESS(gapcheck::OnePlusBeta)
