#include "processes/core/spec.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <system_error>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

namespace gapcheck {
namespace {

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// A number that does not fit a double (1e400, 1e-400), so that the message can say so.
constexpr std::string_view kOutOfRange = "is outside the range of a double (about 1e-308 to 1e308)";

std::optional<double> to_double(std::string_view text, std::string* why = nullptr) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range && ptr == end && why) *why = kOutOfRange;
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value == 0 ? 0.0 : value;  // -0 reads as 0, so that it prints as 0
}

// decimal, scientific, or a^b with a positive base written without a sign (so -2^2 is never
// read as (-2)^2, and 0^0 is not a count of 1). A power that breaks this names why in `why`.
std::optional<double> to_number(std::string_view text, std::string* why = nullptr) {
  if (text.empty()) return std::nullopt;
  if (const auto caret = text.find('^'); caret != std::string_view::npos) {
    const std::string_view base_text = text.substr(0, caret);
    const auto base = to_double(base_text);
    const auto exponent = to_double(text.substr(caret + 1));
    if (!base || !exponent) return std::nullopt;
    if (base_text.starts_with('-') || *base <= 0) {
      if (why) *why = "has a power whose base is not positive";
      return std::nullopt;
    }
    const double value = std::pow(*base, *exponent);
    if (!std::isfinite(value)) {
      if (why) *why = kOutOfRange;
      return std::nullopt;
    }
    return value;
  }
  return to_double(text, why);
}

}  // namespace

bool is_spec_word(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      return false;
  return true;
}

Spec Spec::parse(std::string_view text) {
  Spec spec;
  const auto colon = text.find(':');
  spec.name = std::string(text.substr(0, colon));
  if (!is_spec_word(spec.name))
    throw InputError("bad spec " + quoted(text) + ": expected name[:key=value,...]");
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || !is_spec_word(item.substr(0, eq)) || eq + 1 == item.size())
      throw InputError("bad spec " + quoted(text) + ": " + quoted(item) +
                       " is not key=value (expected name[:key=value,...])");
    const std::string key(item.substr(0, eq));
    if (spec.find(key))
      throw InputError("bad spec " + quoted(text) + ": key " + quoted(key) + " given twice");
    spec.args.emplace_back(key, std::string(item.substr(eq + 1)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return spec;
}

std::string Spec::str() const {
  std::string out = name;
  for (std::size_t k = 0; k < args.size(); ++k)
    out += (k == 0 ? ":" : ",") + args[k].first + "=" + args[k].second;
  return out;
}

const std::string* Spec::find(std::string_view key) const {
  for (const auto& [k, v] : args)
    if (k == key) return &v;
  return nullptr;
}

double parse_real(std::string_view text, std::string_view what) {
  std::string why = "is not a number";
  if (const auto value = to_number(text, &why)) return *value;
  throw InputError(std::string(what) + "=" + std::string(text) + " " + why +
                   " (accepted: 0.5, -3, 1e6, 2^20 with a positive base)");
}

std::string count_range(std::uint64_t min, std::uint64_t max) {
  const std::string lo = "[" + std::to_string(min) + ", ";
  if (max >= 1023 && max != ~std::uint64_t{0} && std::has_single_bit(max + 1))
    return lo + "2^" + std::to_string(std::countr_zero(max + 1)) + ")";
  return lo + std::to_string(max) + "]";
}

std::uint64_t parse_balls(std::string_view text, std::uint64_t n) {
  return parse_count(text, "m", n, kMaxCount, 1);
}

std::uint64_t parse_count(std::string_view text, std::string_view what,
                          std::optional<std::uint64_t> n, std::uint64_t max, std::uint64_t min) {
  const std::string accepted = "a whole number in " + count_range(min, max) +
                               (n                     ? ", such as 10000, 1e6, 2^20, 1000n or 2nlnn"
                                : max >= (1u << 20) ? ", such as 10000, 1e6 or 2^20"
                                                      : "");
  auto fail = [&](const std::string& why) -> std::uint64_t {
    throw InputError(std::string(what) + "=" + std::string(text) + " " + why + " (accepted: " +
                     accepted + ")");
  };
  std::string_view number = text;
  double scale = 1;
  const bool multiple = number.ends_with("n");  // of n, or of n ln n
  if (multiple && !n) return fail("is not allowed here: multiples of n are not");
  if (number.ends_with("nlnn")) {
    number.remove_suffix(4);
    scale = static_cast<double>(*n) * std::log(static_cast<double>(*n));
  } else if (multiple) {
    number.remove_suffix(1);
    scale = static_cast<double>(*n);
  }
  if (number.empty() && multiple) number = "1";
  auto in_range = [&](std::uint64_t whole) {
    if (whole > max) return fail("is too large");
    if (whole < min) return fail("is too small");
    return whole;
  };
  // Digits alone are read exactly: a count above 2^53 (a claim point's seed, as commands.txt and
  // the store print it) would change in a double, and the command would run other runs.
  std::uint64_t exact = 0;
  const char* const end = number.data() + number.size();
  if (!multiple) {
    const auto [stop, error] = std::from_chars(number.data(), end, exact);
    if (error == std::errc() && stop == end) return in_range(exact);
  }
  std::string why = "is not a number";
  const auto value = to_number(number, &why);
  if (!value) return fail(why);
  if (*value < 0) return fail("is negative");
  const double count = *value * scale;
  if (!multiple && count != std::floor(count)) return fail("is not a whole number");
  if (count >= 0x1.0p63) return fail("is too large");
  // Above 2^53 a decimal or an exponent may name a whole number that a double does not hold
  // (6.46e18 rounds); digits and powers of two are exact.
  if (!multiple && count >= 0x1.0p53 && !number.starts_with("2^"))
    return fail("is 2^53 or more: write it in digits, or as a power of two, to be read exactly");
  const auto whole = static_cast<std::uint64_t>(std::llround(count));
  return in_range(whole);
}

std::string csv_text(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("-_.:=,^+/").find(static_cast<char>(c)) !=
                                  std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string counted(std::uint64_t count, const std::string& noun, const std::string& plural) {
  return std::to_string(count) + " " +
         (count == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

std::string format_real(double value) {
  char buffer[64];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, ptr);
}

}  // namespace gapcheck
