// How a process, a setting or a weight distribution introduces itself: a name, a one-line
// definition, its source, its parameters, and how to build it from bound values.
//
// The description sits in the type's own header, beside the rule it describes, so that the text
// `gapcheck list` prints and the code that runs cannot drift apart, and a new type needs no
// central table. One type may answer to several names (d-choice and two-choice are DChoice).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "processes/core/params.hpp"

namespace gapcheck {

struct Entry {
  std::string name;
  std::string definition;  // one line
  std::string source;      // the paper: authors, venue, year, arXiv id
  std::vector<ParamDef> params;
};

// An entry and the function that builds its value from bound parameters.
template <class Made>
struct Described : Entry {
  std::function<Made(const Params&)> make;
};

}  // namespace gapcheck
