// Spec strings and numbers as users type them.
//
//   spec   := name [ ':' key '=' value { ',' key '=' value } ]     e.g. d-choice:d=3
//   count  := number [ 'n' | 'nlnn' ]                             e.g. 10000, 1e6, 2^20, 1000n, 2nlnn
//   number := decimal | scientific (1e6) | power (2^20)
//
// A count with suffix `n` is that multiple of n; with `nlnn` that multiple of n·ln(n) (natural
// log), rounded to the nearest integer. Suffixes are accepted only where the value's meaning
// allows (m and batch sizes, not n itself).
//
// Every parse error is an InputError whose message names the bad value and what is accepted.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gapcheck {

// Bad user input: the message is one line for the user, naming the value and the accepted range.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A process whose rule broke its contract while running (a variant placing a ball outside the
// bins): the user's code, not gapcheck, is at fault. Exit 1.
class ProcessRuleError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct Spec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> args;  // in the order given

  static Spec parse(std::string_view text);
  std::string str() const;
  const std::string* find(std::string_view key) const;
  bool operator==(const Spec&) const = default;
};

// Whether `s` can be a name or a key of a spec: letters, digits, '-', '_' and '.'.
bool is_spec_word(std::string_view s);

// A real number: decimal, scientific or a^b. `what` names the value in error messages.
double parse_real(std::string_view text, std::string_view what);

// The largest count any value may take.
inline constexpr std::uint64_t kMaxCount = (std::uint64_t{1} << 63) - 1;

// A whole count in [min, max] (messages state the range: count_range). With `n` given, the
// suffixes `n` and `nlnn` are accepted too.
std::uint64_t parse_count(std::string_view text, std::string_view what,
                          std::optional<std::uint64_t> n = std::nullopt,
                          std::uint64_t max = kMaxCount, std::uint64_t min = 0);

// The number of balls m: a count of at least one ball (a run of no balls has no probes per ball),
// multiples of n accepted.
std::uint64_t parse_balls(std::string_view text, std::uint64_t n);

// "[1, 1024]", or "[1, 2^48)" where max + 1 is a large power of two.
std::string count_range(std::uint64_t min, std::uint64_t max);

// Shortest text that parses back to the same double.
std::string format_real(double value);

// A count with its noun: "1 run", "2 runs"; "1 batch", "2 batches" (the plural given).
std::string counted(std::uint64_t count, const std::string& noun, const std::string& plural = "");

// A text field of a CSV row (`run --csv`, `export --csv`, a report's runs.csv): always quoted,
// quotes doubled.
std::string csv_text(const std::string& text);

// One word of a shell command, as a user would type it: as is when it needs no quoting, else in
// single quotes (the empty word too, which unquoted would vanish from the command).
std::string shell_word(const std::string& word);

}  // namespace gapcheck
