#include "store/result_json.hpp"

namespace gapcheck::store {

ordered_json histogram_to_json(const LoadHistogram& histogram) {
  return {{"first_level", histogram.first_level},
          {"level_width", histogram.level_width},
          {"bins", histogram.bins}};
}

LoadHistogram histogram_from_json(const ordered_json& j) {
  LoadHistogram h;
  h.first_level = j.at("first_level").get<std::uint64_t>();
  h.level_width = j.value("level_width", std::uint64_t{1});  // rows stored before widths
  h.bins = j.at("bins").get<std::vector<std::uint64_t>>();
  return h;
}

ordered_json counts_to_json(const SettingCounts& counts) {
  ordered_json j = ordered_json::object();
  for (const auto& [name, value] : counts) j[name] = value;
  return j;
}

SettingCounts counts_from_json(const ordered_json& j) {
  SettingCounts counts;
  for (const auto& [name, value] : j.items()) counts.emplace_back(name, value.get<std::uint64_t>());
  return counts;
}

ordered_json result_to_json(const RunResult& r) {
  return {{"replicate", r.replicate},
          {"gap", r.gap},
          {"max_load", r.max_load},
          {"max_gap_over_time", r.max_gap_over_time},
          {"fraction_above_gap_level", r.fraction_above_level},
          {"balls", r.balls},
          {"steps", r.steps},
          {"probes", r.probes},
          {"histogram", histogram_to_json(r.histogram)},
          {"setting_counts", counts_to_json(r.setting_counts)}};
}

RunResult result_from_json(const ordered_json& j) {
  RunResult r;
  r.replicate = j.at("replicate").get<std::uint64_t>();
  r.gap = j.at("gap").get<double>();
  r.max_load = j.at("max_load").get<double>();
  r.max_gap_over_time = j.at("max_gap_over_time").get<double>();
  r.fraction_above_level = j.at("fraction_above_gap_level").get<double>();
  r.balls = j.at("balls").get<std::uint64_t>();
  r.steps = j.at("steps").get<std::uint64_t>();
  r.probes = j.at("probes").get<std::uint64_t>();
  r.histogram = histogram_from_json(j.at("histogram"));
  r.setting_counts = counts_from_json(j.at("setting_counts"));
  return r;
}

}  // namespace gapcheck::store
