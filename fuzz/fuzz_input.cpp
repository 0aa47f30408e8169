// libFuzzer target over the text gapcheck reads from users.
//
// Two layers take text: the spec layer (specs such as d-choice:d=3, counts such as 2^20 or
// 1000n, reals, thinning schedules; processes/core/spec.cpp, params.cpp, schedule_param.cpp,
// bound through the registry) and the argument layer of `gapcheck run` (cli/app.cpp). An input
// is lines of text; its first line picks the layer:
//   spec  process spec / setting spec / weights spec / n / m   (one a line, missing lines empty)
//   args  one argument of `gapcheck run` a line
// Beyond "no crash, no sanitizer report", each input is held to the promises users are given:
// bad input is an InputError with a one-line message (exit 2, nothing on stdout); a spec that
// parses prints back to itself; a canonical spec composes to itself again.
//
// The argument layer runs what it accepts, so it is kept small: the harness fixes n, m, runs and
// threads (so a run is tiny) and leaves out --db (it writes files) and --weights (a weighted
// run's load histogram grows with the weights' scale, not with n).
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "processes/registry.hpp"
#include "processes/schedule_param.hpp"

namespace {

using gapcheck::InputError;
using gapcheck::Spec;

[[noreturn]] void broken(const std::string& what) {
  std::cerr << "gapcheck_fuzz: " << what << "\n";
  std::abort();
}

void expect_one_line(const InputError& e) {
  const std::string message = e.what();
  if (message.empty() || message.find('\n') != std::string::npos)
    broken("an InputError message is not one line: '" + message + "'");
}

std::vector<std::string> lines_of(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> lines(1);
  for (std::size_t k = 0; k < size; ++k) {
    if (data[k] == '\n')
      lines.emplace_back();
    else
      lines.back() += static_cast<char>(data[k]);
  }
  return lines;
}

std::optional<Spec> parsed(const std::string& text) {
  try {
    Spec spec = Spec::parse(text);
    if (Spec::parse(spec.str()) != spec) broken("spec '" + text + "' does not print back to itself");
    return spec;
  } catch (const InputError& e) {
    expect_one_line(e);
    return std::nullopt;
  }
}

template <class F>
void refused_in_one_line(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    expect_one_line(e);
  }
}

void spec_layer(std::vector<std::string> lines) {
  lines.resize(6);
  for (const auto& line : lines) {
    refused_in_one_line([&] { gapcheck::parse_real(line, "x"); });
    refused_in_one_line([&] { gapcheck::parse_count(line, "x", 100); });
    refused_in_one_line([&] { gapcheck::parse_schedule(line, 100); });
  }
  const auto process = parsed(lines[1]);
  const auto setting = parsed(lines[2]);
  const auto weights = parsed(lines[3].empty() ? "unit" : lines[3]);
  std::uint64_t n = 16;
  refused_in_one_line([&] { n = gapcheck::parse_count(lines[4], "n"); });
  refused_in_one_line([&] { gapcheck::parse_balls(lines[5], n); });
  if (!process || !setting || !weights || n == 0) return;
  refused_in_one_line([&] {
    const auto c = gapcheck::compose(*process, *setting, *weights, n);
    const auto again = gapcheck::compose(c.process_spec, c.setting_spec, c.weights_spec, n);
    if (again.process_spec != c.process_spec || again.setting_spec != c.setting_spec ||
        again.weights_spec != c.weights_spec)
      broken("canonical specs of '" + lines[1] + "' | '" + lines[2] + "' do not compose to "
             "themselves");
  });
}

void args_layer(const std::vector<std::string>& lines) {
  std::vector<std::string> args = {"run"};
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const std::string& a = lines[k];
    for (const char* fixed : {"--n", "--m", "--runs", "--threads", "--db", "--weights"})
      if (a.starts_with(fixed)) return;
    if (a.starts_with("-h") || a.starts_with("--h") || a.starts_with("--v")) return;
    args.push_back(a);
  }
  for (const char* a : {"--n", "3", "--m", "7", "--runs", "2", "--threads", "1"}) args.push_back(a);
  std::ostringstream out, err;
  const int code = gapcheck::cli::run_cli(args, out, err);
  const std::string e = err.str();
  if (code == gapcheck::cli::kExitOk) {
    if (!e.empty()) broken("exit 0 with stderr: " + e);
  } else if (code == gapcheck::cli::kExitBadInput) {
    if (!out.str().empty()) broken("exit 2 with stdout");
    if (e.empty() || e.back() != '\n' || e.find('\n') != e.size() - 1)
      broken("exit 2 without exactly one line on stderr: " + e);
  } else {
    broken("exit " + std::to_string(code) + ": " + e);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = lines_of(data, size);
  if (lines[0] == "spec") spec_layer(lines);
  if (lines[0] == "args") args_layer(lines);
  return 0;
}
