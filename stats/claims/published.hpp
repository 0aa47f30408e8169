// Published experiment tables (CSV, one row per gap value; published/README.md) as histograms.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace gapcheck::claims {

struct PublishedDistribution {
  std::map<double, std::uint64_t> counts;  // gap value -> runs (percentage × runs / 100)
  std::uint64_t runs = 0;
  std::string rows;   // the selection, as given
  std::string notes;  // the protocol notes of the first selected row
};

// Rows of `file` whose columns equal every `column=value` of `selection` (comma-separated).
// Throws InputError when the file is unreadable, a column is unknown, or nothing matches.
PublishedDistribution read_published(const std::filesystem::path& file,
                                     const std::string& selection);

struct Claim;
// The table a `distribution` claim names (`published`, beside its catalog) and its selected rows.
PublishedDistribution claim_published(const Claim& claim);

}  // namespace gapcheck::claims
