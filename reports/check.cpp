#include "reports/check.hpp"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace gapcheck::reports {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// PNG signature (PNG spec §5.2) and the PDF header (ISO 32000-1 §7.5.2).
constexpr std::string_view kPng("\x89PNG\r\n\x1a\n", 8);
constexpr std::string_view kPdf("%PDF-");

std::string problem_of(const fs::path& path) {
  if (!fs::exists(path)) return "missing";
  if (fs::file_size(path) == 0) return "empty";
  const std::string ext = path.extension().string();
  if (ext != ".png" && ext != ".pdf" && ext != ".svg") return {};
  const std::string text = read(path);
  if (ext == ".png" && !starts_with(text, kPng)) return "not a PNG";
  if (ext == ".pdf" && !starts_with(text, kPdf)) return "not a PDF";
  if (ext == ".svg" && (!well_formed_xml(text) || text.find("<svg") == std::string::npos))
    return "not well-formed SVG";
  return {};
}

}  // namespace

bool well_formed_xml(const std::string& text) {
  std::vector<std::string> open;
  bool root_seen = false;
  std::size_t i = 0;
  while ((i = text.find('<', i)) != std::string::npos) {
    if (text.compare(i, 4, "<!--") == 0) {
      const auto end = text.find("-->", i + 4);
      if (end == std::string::npos) return false;
      i = end + 3;
    } else if (text.compare(i, 9, "<![CDATA[") == 0) {
      const auto end = text.find("]]>", i + 9);
      if (end == std::string::npos) return false;
      i = end + 3;
    } else if (text.compare(i, 2, "<?") == 0 || text.compare(i, 2, "<!") == 0) {
      const auto end = text.find('>', i);
      if (end == std::string::npos) return false;
      i = end + 1;
    } else {
      // A tag: find its end outside quoted attribute values.
      std::size_t j = i + 1;
      char quote = 0;
      for (; j < text.size(); ++j) {
        if (quote != 0) {
          if (text[j] == quote) quote = 0;
        } else if (text[j] == '"' || text[j] == '\'') {
          quote = text[j];
        } else if (text[j] == '>') {
          break;
        }
      }
      if (j >= text.size()) return false;
      const std::string tag = text.substr(i + 1, j - i - 1);
      const bool closing = !tag.empty() && tag[0] == '/';
      const bool self_closing = !tag.empty() && tag.back() == '/';
      const std::string body = closing ? tag.substr(1) : tag;
      const std::string name = body.substr(0, body.find_first_of(" \t\r\n/"));
      if (name.empty()) return false;
      if (closing) {
        if (open.empty() || open.back() != name) return false;
        open.pop_back();
      } else if (!self_closing) {
        if (open.empty() && root_seen) return false;  // a second root element
        open.push_back(name);
        root_seen = true;
      } else {
        root_seen = true;
      }
      i = j + 1;
    }
  }
  return root_seen && open.empty();
}

std::vector<std::string> check_report(const fs::path& dir) {
  std::vector<std::string> problems;
  const fs::path page = dir / "index.html";
  if (!fs::exists(page)) return {"index.html: missing"};
  const std::string html = read(page);
  // Every local reference of the page must exist; the page must not reach the network.
  const std::regex reference(R"#((src|href)="([^"#][^"]*)")#");
  std::set<std::string> images;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), reference); it != std::sregex_iterator(); ++it) {
    const std::string target = (*it)[2];
    if (target.find("://") != std::string::npos || starts_with(target, "//")) {
      problems.push_back("index.html refers to the network: " + target);
      continue;
    }
    if (const std::string p = problem_of(dir / target); !p.empty())
      problems.push_back(target + ": " + p);
    if ((*it)[1] == "src") images.insert(target);
  }
  if (images.empty()) problems.push_back("index.html shows no figure");
  // Every figure on the page exists in every format.
  for (const std::string& image : images) {
    const fs::path png = dir / image;
    const std::string stem = png.stem().string();
    for (const std::string suffix : {".png", ".pdf", ".svg", "-latex.tex", "-latex.pdf", ".dat", ".gp"}) {
      const fs::path file = png.parent_path() / (stem + suffix);
      if (const std::string p = problem_of(file); !p.empty())
        problems.push_back(fs::relative(file, dir).string() + ": " + p);
    }
  }
  for (const char* file : {"README.md", "runs.csv", "commands.txt"})
    if (const std::string p = problem_of(dir / file); !p.empty()) problems.push_back(std::string(file) + ": " + p);
  // The Markdown page's local links must exist too: ](target) with no scheme and no anchor.
  if (fs::exists(dir / "README.md")) {
    const std::string markdown = read(dir / "README.md");
    const std::regex link(R"#(\]\(([^)#:]+)\))#");
    for (auto it = std::sregex_iterator(markdown.begin(), markdown.end(), link); it != std::sregex_iterator(); ++it)
      if (!fs::exists(dir / std::string((*it)[1])))
        problems.push_back("README.md links to " + std::string((*it)[1]) + ": missing");
  }
  // Duplicate problems (a file both linked and part of a figure) are reported once.
  std::set<std::string> seen;
  std::erase_if(problems, [&](const std::string& p) { return !seen.insert(p).second; });
  return problems;
}

}  // namespace gapcheck::reports
