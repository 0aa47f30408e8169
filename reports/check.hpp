// Checks a written report as a reader's browser would meet it: every file the page refers to
// exists, and every figure exists in every format, non-empty and of the right kind (PNG and PDF
// by their magic bytes, SVG by a well-formedness parse of its XML).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gapcheck::reports {

// One line per problem; empty when the report is sound.
std::vector<std::string> check_report(const std::filesystem::path& dir);

// Is `text` well-formed XML (balanced, properly nested tags; comments, CDATA, declarations)?
bool well_formed_xml(const std::string& text);

}  // namespace gapcheck::reports
