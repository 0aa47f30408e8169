// The papers' experiments, each a section of the report: figures, tables and a text.
//
// Each experiment follows the protocol of its paper (docs/theory.md;
// stats/claims/published/README.md) at the sizes of the chosen tier, simulates only through the
// Runner, and states on every figure the tier, n, m, runs and seed. Where
// stats/claims/published/ holds the authors' numbers, the section sets them beside the measured
// ones and says where they disagree; it never tunes a process to match.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "reports/figure.hpp"
#include "reports/runner.hpp"

namespace gapcheck::reports {

struct Table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string caption;
};

struct Section {
  std::string id;
  std::string title;
  std::string text;  // a paragraph: protocol, what to look for
  std::vector<Figure> figures;
  std::vector<Table> tables;
};

struct ExperimentContext {
  Runner& runner;
  Tier tier;
  std::filesystem::path published;  // directory of the published CSV tables
};

struct Experiment {
  std::string id;
  std::function<Section(const ExperimentContext&)> make;
};

const std::vector<Experiment>& experiments();

// Mean with its 95 % Student-t interval per x, from the per-run values at each x.
Series mean_series(std::string label, const std::vector<double>& x,
                   const std::vector<std::vector<double>>& samples);

}  // namespace gapcheck::reports
