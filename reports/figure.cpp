#include "reports/figure.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "processes/core/spec.hpp"

namespace gapcheck::reports {
namespace {

// Okabe & Ito, "Color Universal Design" (2008), without yellow, which is too pale on white.
constexpr std::array<const char*, 7> kPalette = {"#000000", "#E69F00", "#0072B2", "#009E73",
                                                 "#D55E00", "#56B4E9", "#CC79A7"};
constexpr std::array<int, 7> kPointTypes = {7, 5, 9, 13, 11, 15, 3};
// The open counterparts, for series drawn as bare points (published values beside measured) and
// for dashed series with points.
constexpr std::array<int, 7> kOpenPointTypes = {6, 4, 8, 12, 10, 14, 1};

// A gnuplot single-quoted string: only the quote itself needs escaping (doubled).
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// Text for the cairo terminals in enhanced mode: its control characters shown literally.
std::string enhanced(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (std::string_view("^_@&~{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// Text for cairolatex: LaTeX specials escaped, the symbols the figures use as math, so that
// pdflatex typesets every title and label without a Unicode input encoding. A character not in
// the table (none is drawn today) becomes "?" rather than break the document.
std::string latex(const std::string& text) {
  static const std::array<std::pair<std::string_view, std::string_view>, 56> symbols = {{
      {"σ", "$\\sigma$"},  {"β", "$\\beta$"},     {"η", "$\\eta$"},     {"δ", "$\\delta$"},
      {"√", "$\\surd$"},   {"≥", "$\\geq$"},      {"≤", "$\\leq$"},     {"·", "$\\cdot$"},
      {"×", "$\\times$"},  {"∈", "$\\in$"},       {"≈", "$\\approx$"},  {"±", "$\\pm$"},
      {"−", "$-$"},        {"–", "--"},           {"ℓ", "$\\ell$"},     {"…", "\\ldots{}"},
      {"Θ", "$\\Theta$"},  {"Ω", "$\\Omega$"},    {"τ", "$\\tau$"},     {"φ", "$\\varphi$"},
      {"α", "$\\alpha$"},  {"γ", "$\\gamma$"},    {"ε", "$\\varepsilon$"}, {"λ", "$\\lambda$"},
      {"μ", "$\\mu$"},     {"π", "$\\pi$"},       {"ρ", "$\\rho$"},     {"θ", "$\\theta$"},
      {"ω", "$\\omega$"},  {"Δ", "$\\Delta$"},    {"→", "$\\to$"},      {"∝", "$\\propto$"},
      {"∞", "$\\infty$"},  {"≠", "$\\neq$"},      {"—", "---"},         {"°", "$^\\circ$"},
      {"₀", "$_0$"},       {"₁", "$_1$"},         {"₂", "$_2$"},        {"₃", "$_3$"},
      {"₄", "$_4$"},       {"ₙ", "$_n$"},         {"⁰", "$^0$"},        {"¹", "$^1$"},
      {"²", "$^2$"},       {"³", "$^3$"},         {"⁴", "$^4$"},        {"⁻", "$^-$"},
      {"“", "``"},         {"”", "''"},           {"’", "'"},           {"\u00a0", "~"},
      {"≫", "$\\gg$"},     {"≪", "$\\ll$"},     {"⌈", "$\\lceil$"}, {"⌉", "$\\rceil$"},
  }};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool matched = false;
    for (const auto& [utf8, tex] : symbols) {
      if (text.compare(i, utf8.size(), utf8) == 0) {
        out += tex;
        i += utf8.size();
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const char c = text[i++];
    if ((c & 0x80) != 0) {  // an unknown character: its lead byte becomes "?", the rest go
      while (i < text.size() && (text[i] & 0xC0) == 0x80) ++i;
      out += '?';
      continue;
    }
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '^': out += "\\^{}"; break;
      case '~': out += "\\~{}"; break;
      case '{': case '}': case '_': case '%': case '&': case '#': case '$':
        out += '\\';
        out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

// `name = tex ? 'LaTeX' : 'enhanced'`: every text of the figure, in both forms.
std::string text_variable(const std::string& name, const std::string& text) {
  return fmt::format("{} = tex ? {} : {}\n", name, quoted(latex(text)), quoted(enhanced(text)));
}

}  // namespace

// Characters, not bytes: the note's separators and symbols are two or three bytes in UTF-8.
std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::vector<std::string> note_lines(const std::string& note) {
  constexpr std::string_view separator = " · ";
  std::vector<std::string> parts;
  for (std::size_t from = 0;;) {
    const std::size_t at = note.find(separator, from);
    parts.push_back(note.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) break;
    from = at + separator.size();
  }
  // As few lines as hold kNoteWidth characters each (a longer part alone on its line), of the
  // most even lengths: the split that makes the longest line shortest.
  const std::size_t count = parts.size();
  const auto span = [&](std::size_t from, std::size_t to) {  // parts [from, to) on one line
    std::size_t length = 3 * (to - from - 1);
    for (std::size_t i = from; i < to; ++i) length += characters(parts[i]);
    return length;
  };
  std::size_t widest = 0;
  for (const std::string& part : parts) widest = std::max(widest, characters(part));
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  for (std::size_t rows = 1; rows <= count; ++rows) {
    // longest[r][i]: the shortest longest line for parts [0, i) on r lines; cut[r][i]: its last cut.
    std::vector<std::vector<std::size_t>> longest(rows + 1, std::vector<std::size_t>(count + 1, kNone));
    std::vector<std::vector<std::size_t>> cut(rows + 1, std::vector<std::size_t>(count + 1, 0));
    longest[0][0] = 0;
    for (std::size_t r = 1; r <= rows; ++r)
      for (std::size_t i = 1; i <= count; ++i)
        for (std::size_t j = r - 1; j < i; ++j) {
          if (longest[r - 1][j] == kNone) continue;
          const std::size_t line = span(j, i);
          if (line > kNoteWidth && i - j > 1) continue;
          const std::size_t worst = std::max(longest[r - 1][j], line);
          if (worst < longest[r][i]) {
            longest[r][i] = worst;
            cut[r][i] = j;
          }
        }
    if (longest[rows][count] == kNone || longest[rows][count] > std::max(kNoteWidth, widest))
      continue;
    std::vector<std::string> lines(rows);
    for (std::size_t r = rows, i = count; r > 0; i = cut[r][i], --r) {
      const std::size_t j = cut[r][i];
      for (std::size_t k = j; k < i; ++k) lines[r - 1] += (k > j ? std::string(separator) : "") + parts[k];
    }
    return lines;
  }
  return parts;
}

std::vector<std::string> title_lines(const std::string& title) {
  const std::size_t bracket = title.rfind(" [");
  if (characters(title) <= kTitleWidth || bracket == std::string::npos || bracket == 0) return {title};
  return {title.substr(0, bracket), title.substr(bracket + 1)};
}

namespace {

void check_shape(const Figure& figure) {
  if (figure.id.empty() ||
      figure.id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") !=
          std::string::npos)
    throw std::runtime_error("figure id '" + figure.id + "' must be letters, digits, - and _");
  bool any_point = false;
  for (const Series& s : figure.series) {
    const bool bars_ok = (s.y_lo.empty() && s.y_hi.empty()) ||
                         (s.y_lo.size() == s.x.size() && s.y_hi.size() == s.x.size());
    if (s.x.size() != s.y.size() || !bars_ok)
      throw std::runtime_error("figure " + figure.id + ": series '" + s.label +
                               "' has columns of different lengths");
    any_point = any_point || !s.x.empty();
  }
  if (!any_point) throw std::runtime_error("figure " + figure.id + " has no data");
}

std::string plot_style(const Series& s, std::size_t index) {
  const std::size_t color = s.color >= 0 ? static_cast<std::size_t>(s.color) : index;
  const std::string rgb = kPalette[color % kPalette.size()];
  const int dash = s.dash >= 0 ? s.dash : 1;
  // A dashed series takes its colour's open marker: beside its solid twin (m = n against
  // m = 1000n) it stays apart also where it has a single point, and so no line to show its dash.
  const int point = (dash > 1 ? kOpenPointTypes : kPointTypes)[color % kPointTypes.size()];
  switch (s.style) {
    case Series::Style::points_errorbars:
      return fmt::format("using 1:2:3:4 with yerrorlines lc rgb '{}' lw 1.2 dt {} pt {} ps P",
                         rgb, dash, point);
    case Series::Style::errorbars:
      return fmt::format("using 1:2:3:4 with yerrorbars lc rgb '{}' lw 1.2 pt {} ps 1.4*P", rgb, point);
    case Series::Style::line:
      return fmt::format("using 1:2 with lines lc rgb '{}' lw 1.5 dt {}", rgb, dash);
    case Series::Style::points:
      return fmt::format("using 1:2 with points lc rgb '{}' pt {} ps 1.8*P", rgb,
                         kOpenPointTypes[color % kOpenPointTypes.size()]);
    case Series::Style::band:
      return fmt::format("using 1:3:4 with filledcurves fc rgb '{}' fs transparent solid 0.18 noborder",
                         rgb);
    case Series::Style::steps:
      return fmt::format("using 1:2 with steps lc rgb '{}' lw 1.5 dt {}", rgb, dash);
  }
  return {};
}

// Runs the script for one format; gnuplot prints nothing when all is well, so any output
// (an empty data block, a bad range) is treated as a failure rather than left in an image.
void run_gnuplot(const std::filesystem::path& dir, const std::string& id, const char* format) {
  const std::string command = fmt::format("cd {} && gnuplot -e 'fmt=\"{}\"' {} 2>&1",
                                          shell_word(dir.string()), format,
                                          shell_word(id + ".gp"));
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start gnuplot for figure " + id);
  std::string output;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  const int status = pclose(pipe);
  // Two warnings are not faults of the figure: cairolatex sizes the key from the LaTeX source,
  // markup included, which is wider than the typeset text; and a constant series (every run at
  // the same value) gets a y range widened around it.
  std::string faults;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.find("difficulty fitting plot titles into key") == std::string::npos &&
        line.find("empty y range") == std::string::npos)
      faults += line + "\n";
  output = faults;
  if (status != 0 || !output.empty())
    throw std::runtime_error(fmt::format("gnuplot failed on figure {} ({}): {}", id, format,
                                         output.empty() ? "exit status " + std::to_string(status)
                                                        : output));
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  if (!file) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

std::string data_file(const Figure& figure) {
  std::string out = fmt::format("# {}\n# {}\n", figure.title, figure.note);
  std::size_t block = 0;
  for (const Series& s : figure.series) {
    if (s.x.empty()) continue;
    if (block++ > 0) out += "\n\n";
    out += fmt::format("# index {}: {}\n# x y y_lo y_hi\n", block - 1, s.label);
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      const double lo = s.y_lo.empty() ? s.y[i] : s.y_lo[i];
      const double hi = s.y_hi.empty() ? s.y[i] : s.y_hi[i];
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      out += fmt::format("{:.10g} {:.10g} {:.10g} {:.10g}\n", s.x[i], s.y[i], lo, hi);
    }
  }
  return out;
}

std::string gnuplot_script(const Figure& figure) {
  const std::string& id = figure.id;
  std::ostringstream gp;
  // One column wide; taller by one legend line per series, so that the plot keeps its height.
  std::size_t entries = 0;
  for (const Series& s : figure.series) entries += s.x.empty() || s.label.empty() ? 0 : 1;
  const std::vector<std::string> note = note_lines(figure.note);
  const double height = 2.4 + 0.13 * static_cast<double>(entries) +
                        0.1 * static_cast<double>(note.size() - 1) +
                        0.12 * static_cast<double>(title_lines(figure.title).size() - 1);
  const int png_height = static_cast<int>(std::lround(height * 300));
  const int svg_height = static_cast<int>(std::lround(height * 200));
  gp << "# " << figure.title << "\n# " << figure.note << "\n"
     << "# Redraw: gnuplot -e 'fmt=\"pdf\"' " << id << ".gp   (fmt: png, pdf, svg, tex)\n"
     << "# The data are in " << id << ".dat, one block per series (see its comments).\n"
     << "if (!exists(\"fmt\")) fmt = \"png\"\n"
     << "tex = (fmt eq \"tex\")\n"
     << "if (fmt eq \"png\") {\n"
     << "  set terminal pngcairo size 990," << png_height << " enhanced font \"Sans,19\" linewidth 2.5\n"
     << "  set output \"" << id << ".png\"\n"
     << "} else { if (fmt eq \"pdf\") {\n"
     << "  set terminal pdfcairo size 3.3in," << fmt::format("{:.2f}", height) << "in enhanced font \"Sans,6.5\" linewidth 1\n"
     << "  set output \"" << id << ".pdf\"\n"
     << "} else { if (fmt eq \"svg\") {\n"
     << "  set terminal svg size 660," << svg_height << " dynamic enhanced font \"Sans,13\" linewidth 1.5\n"
     << "  set output \"" << id << ".svg\"\n"
     << "} else { if (tex) {\n"
     << "  set terminal cairolatex pdf size 3.3in," << fmt::format("{:.2f}", height) << "in linewidth 1\n"
     << "  set output \"" << id << "-latex.tex\"\n"
     << "} else {\n"
     << "  print \"fmt must be png, pdf, svg or tex\"\n  exit status 2\n"
     << "} } } }\n\n";
  const std::vector<std::string> title = title_lines(figure.title);
  gp << text_variable("T_title", title.front()) << text_variable("T_x", figure.x_label)
     << text_variable("T_y", figure.y_label);
  for (std::size_t k = 0; k < note.size(); ++k) gp << text_variable(fmt::format("T_note{}", k), note[k]);
  std::size_t block = 0;
  for (const Series& s : figure.series)
    if (!s.x.empty()) gp << text_variable(fmt::format("T_s{}", block++), s.label);
  // The note goes under the title, on as many lines as fit the width, a little smaller (5.5 pt
  // in the PDF; \footnotesize in LaTeX), so that the legend can sit below the plot.
  std::string tex_lines, enhanced_lines, names;
  for (std::size_t k = 1; k < title.size(); ++k) {
    gp << text_variable(fmt::format("T_title{}", k), title[k]);
    tex_lines += "\\\\%s";
    enhanced_lines += "\\n%s";
    names += fmt::format(", T_title{}", k);
  }
  for (std::size_t k = 0; k < note.size(); ++k) {
    tex_lines += "\\\\{\\footnotesize %s}";
    enhanced_lines += "\\n{/*0.85 %s}";
    names += fmt::format(", T_note{}", k);
  }
  gp << "\nP = (fmt eq \"png\") ? 1.4 : (fmt eq \"svg\" ? 0.7 : 0.45)\n"
     << "set title (tex ? sprintf('\\shortstack{%s" << tex_lines << "}', T_title" << names
     << ") : sprintf(\"%s" << enhanced_lines << "\", T_title" << names << "))\n"
     << "set xlabel T_x\nset ylabel T_y\n"
     << "set border 3\nset tics nomirror out\n"
     << "set grid lt 1 lc rgb '#e4e4e4' lw 0.5\n"
     << "set key " << figure.key << " spacing 1.0 samplen 2.5 height 1\n"
     << "if (tex) { set key spacing 1.3 }\n";
  const auto log_axis = [&gp](const char* axis, int base) {
    gp << fmt::format("set logscale {0} {1}\nif (tex) {{ set format {0} '$%g$' }}\n", axis, base);
    if (base == 2)
      gp << fmt::format("if (tex) {{ set format {0} '$2^{{%L}}$' }} else {{ set format {0} "
                        "'2^{{%L}}' }}\n",
                        axis);
    else
      gp << fmt::format("if (tex) {{ set format {0} '$10^{{%L}}$' }} else {{ set format {0} "
                        "'10^{{%L}}' }}\n",
                        axis);
  };
  if (figure.log2_x) log_axis("x", 2);
  if (figure.log_x) log_axis("x", 10);
  if (figure.log_y) log_axis("y", 10);
  // Tics at the given values (none: gnuplot's own), math-set in the LaTeX output.
  const auto set_tics = [&](const char* axis, const std::vector<double>& at) {
    if (at.empty()) return;
    std::string tics;
    for (const double v : at) tics += fmt::format("{}{:.10g}", tics.empty() ? "" : ", ", v);
    gp << fmt::format("set {0}tics ({1})\nif (tex) {{ set format {0} '$%g$' }} else {{ set format {0} '%g' }}\n",
                      axis, tics);
  };
  set_tics("x", figure.x_tics);
  set_tics("y", figure.y_tics);
  if (figure.y_range)
    gp << fmt::format("set yrange [{:.10g}:{:.10g}]\n", figure.y_range->first, figure.y_range->second);
  // Axes end at the data (plus a margin), not at the next round tic: a log axis rounded out to
  // whole decades would squeeze the data into a fraction of the plot.
  gp << "set autoscale xfix\nset autoscale yfix\n"
     << "set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06\n\nplot \\\n";
  block = 0;
  for (std::size_t i = 0; i < figure.series.size(); ++i) {
    const Series& s = figure.series[i];
    if (s.x.empty()) continue;
    gp << (block > 0 ? ", \\\n" : "") << fmt::format("  '{}.dat' index {} ", id, block)
       << plot_style(s, i) << (s.label.empty() ? " notitle" : fmt::format(" title T_s{}", block));
    ++block;
  }
  gp << "\n";
  return gp.str();
}

std::string figure_note(std::string_view tier, std::string_view sizes, std::string_view runs,
                        std::string_view seeds, std::string_view marks) {
  return fmt::format("tier {} · {} · {} · {} · {}", tier, sizes, runs, seeds, marks);
}

void choose_x_axis(Figure& figure) {
  std::set<double> xs;
  for (const Series& s : figure.series) xs.insert(s.x.begin(), s.x.end());
  if (xs.empty()) return;
  if (xs.size() <= 10 && *xs.rbegin() < 1e4) figure.x_tics.assign(xs.begin(), xs.end());
  if (!(*xs.begin() > 0) || *xs.rbegin() < 8 * *xs.begin()) return;
  const bool powers_of_two = std::all_of(xs.begin(), xs.end(), [](double x) {
    return std::exp2(std::round(std::log2(x))) == x;
  });
  figure.log2_x = powers_of_two;
  figure.log_x = !powers_of_two;
}

void choose_log_y_tics(Figure& figure) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Series& s : figure.series)
    for (const auto* column : {&s.y, &s.y_lo, &s.y_hi})
      for (const double y : *column)
        if (std::isfinite(y) && y > 0) lo = std::min(lo, y), hi = std::max(hi, y);
  figure.y_tics.clear();
  if (!(lo < hi) || hi > 10 * lo) return;
  const double raw = (hi - lo) / 4, decade = std::pow(10, std::floor(std::log10(raw)));
  const double step = raw <= decade ? decade : raw <= 2 * decade ? 2 * decade
                      : raw <= 5 * decade ? 5 * decade : 10 * decade;
  for (double y = std::ceil(lo / step) * step; y <= hi * (1 + 1e-12); y += step)
    figure.y_tics.push_back(std::round(y / step) * step);
}

RenderedFigure render(const Figure& figure, const std::filesystem::path& dir) {
  check_shape(figure);
  std::filesystem::create_directories(dir);
  const std::string& id = figure.id;
  RenderedFigure out{dir / (id + ".png"), dir / (id + ".pdf"),       dir / (id + ".svg"),
                     dir / (id + "-latex.tex"), dir / (id + "-latex.pdf"), dir / (id + ".dat"),
                     dir / (id + ".gp")};
  write_file(out.dat, data_file(figure));
  write_file(out.gp, gnuplot_script(figure));
  for (const char* format : {"png", "pdf", "svg", "tex"}) run_gnuplot(dir, id, format);
  return out;
}

}  // namespace gapcheck::reports
