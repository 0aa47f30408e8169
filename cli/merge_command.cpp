// `gapcheck merge --db INTO FROM...`: copy into one run store the rows of others (stores swept on
// several machines). A run's row is a function of its key, so a row present in both is the same
// row and is kept once; the sources are checked like any store and only read.
#include <fmt/format.h>

#include <memory>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "store/run_store.hpp"

namespace gapcheck::cli {

Command add_merge_command(CLI::App& app) {
  struct Options {
    std::string db = store::kDefaultDb;
    std::vector<std::string> sources;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("merge", "add to a run store the runs of other run stores");
  sub->add_option("sources", o->sources, "run stores to read")->required();
  sub->add_option("--db", o->db,
                  std::string("run store to add to (default ") + store::kDefaultDb + ")");
  return {sub, [o](std::ostream& out, std::ostream&) {
            // Every source is checked, every row of it read as a run, before anything is added
            // from any of them: a corrupt row is named and nothing is copied.
            for (const auto& source : o->sources)
              store::RunStore::open(source, store::RunStore::Mode::read_only).check_rows(true);
            store::RunStore into = store::RunStore::open(o->db);
            std::string text;
            for (const auto& source : o->sources)
              text += fmt::format("{}: {} rows added\n", source, into.merge_from(source));
            out << text << std::flush;
            return kExitOk;
          }};
}

}  // namespace gapcheck::cli
