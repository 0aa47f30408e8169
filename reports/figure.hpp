// One figure, drawn by gnuplot into every format a reader or an author needs.
//
// A Figure is plain data: labelled series with optional error bars, axis labels, the caption
// for the page, and a note (tier, n, runs, seed) that is printed on the figure itself, so a
// figure copied out of the report still says what produced it. render() writes the data as a
// gnuplot .dat file and the drawing as a .gp script that an author can rerun and restyle:
//
//   gnuplot -e 'fmt="pdf"' ID.gp      (fmt: png, pdf, svg, tex; png is the default)
//
// The script is the single source of every output format; render() only runs it four times.
// Text is written twice in the script, once for the cairo terminals (Unicode, enhanced text)
// and once for cairolatex (LaTeX markup), so the LaTeX version is typeset in the document's
// own fonts. Sizes are for one column of a two-column paper (3.3 in wide); the PNG is the same
// drawing at 300 dpi. Colours follow the Okabe-Ito palette, and series also differ by point
// type and dash pattern so that they stay apart in grey.
#pragma once

#include <filesystem>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

namespace gapcheck::reports {

struct Series {
  std::string label;  // empty: drawn without a legend entry (one entry speaks for a family)
  // points_errorbars joins the points; errorbars leaves them apart (beside a reference curve);
  // band fills between y_lo and y_hi, pale, behind what follows it (a range a rule allows).
  enum class Style { points_errorbars, line, points, steps, errorbars, band } style = Style::points_errorbars;
  std::vector<double> x, y, y_lo, y_hi;  // y_lo/y_hi empty when no bars
  int color = -1;                        // index into the palette; -1: the series' position
  int dash = -1;                         // dash type for lines; -1: solid
};

struct Figure {
  std::string id;  // file stem: letters, digits, '-' and '_' only
  std::string title;
  std::string x_label, y_label;
  bool log2_x = false, log_x = false, log_y = false;
  std::vector<Series> series;
  std::string caption;  // for the page: what it shows and what the verdict rests on
  std::string note;     // printed on the figure: tier, n, runs, seed
  std::optional<std::pair<double, double>> y_range;  // default: gnuplot's autoscale
  std::vector<double> x_tics;  // tics at these values, as plain numbers; empty: gnuplot's own
  std::vector<double> y_tics;  // the same for y (a log axis spanning less than a decade)
  std::string key = "below maxcols 2 reverse Left width 1";  // gnuplot key position
};

struct RenderedFigure {
  std::filesystem::path png, pdf, svg, tex, tex_pdf, dat, gp;
};

// Writes DIR/ID.dat and DIR/ID.gp and renders DIR/ID.png, ID.pdf, ID.svg and the cairolatex
// pair ID-latex.tex + ID-latex.pdf (\input{ID-latex.tex} in a document). Throws
// std::runtime_error naming the figure when gnuplot fails or a series is malformed.
RenderedFigure render(const Figure& figure, const std::filesystem::path& dir);

// What a figure's error bars are, said under its title.
inline constexpr std::string_view kErrorBars = "bars: 95% CI";

// The line under every title: "tier ci · m = 100n · 10 runs · seed 1 · bars: 95% CI"; `marks`
// says what its marks are where they are not 95 % intervals.
std::string figure_note(std::string_view tier, std::string_view sizes, std::string_view runs,
                        std::string_view seeds, std::string_view marks = kErrorBars);

// The x axis for the figure's data: log when every x is positive and they span a factor of 8
// or more (on a linear axis the smaller values would crowd into the first tic), base 2 when
// every x is a power of two, else base 10. A grid of at most 10 values below 10^4 is marked at
// its own values (1, 4, 16, 64 reads better than 2^0, 2^2, 2^4, 2^6, and d = 2, 3 better than
// 2, 2.2, 2.4); larger ones keep gnuplot's tics.
void choose_x_axis(Figure& figure);

// The note as printed under the title: split at its " · " separators into as few lines of at
// most kNoteWidth characters as hold it (a part longer than that keeps a line of its own), of
// about equal length. One column holds about 85 characters of the note at its size.
inline constexpr std::size_t kNoteWidth = 70;
std::vector<std::string> note_lines(const std::string& note);

// Tics for a log y axis that spans less than a decade (gnuplot would mark one decade or none):
// round values 1, 2 or 5 ×10^k apart over the data, error bars included. Otherwise none.
void choose_log_y_tics(Figure& figure);

// Characters, not bytes, of UTF-8 text: widths of titles and notes.
std::size_t characters(const std::string& text);

// The title as printed: a title longer than kTitleWidth characters is broken before its last
// " [" (a claim's verdict), which goes on a line of its own; otherwise one line.
inline constexpr std::size_t kTitleWidth = 60;
std::vector<std::string> title_lines(const std::string& title);

// The text of the .dat and .gp files, for tests and for render().
std::string data_file(const Figure& figure);
std::string gnuplot_script(const Figure& figure);

}  // namespace gapcheck::reports
