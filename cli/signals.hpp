// SIGINT and SIGTERM as a request to stop, for the commands that run many runs (`run`, `sweep`).
//
// While a SignalGuard lives, the first SIGINT or SIGTERM sets a flag and says so on stderr: the
// command starts no new run, lets the runs in progress finish (and be stored), says what it did,
// and exits with 128 + the signal (130, 143); `run` exits 0 where every run had started and
// finished. The first signal sets both back to their default action: a second one, of either
// kind, ends the process at once, losing the runs in progress but nothing already stored. The
// previous handlers come back when the guard ends.
#pragma once

#include <csignal>
#include <functional>
#include <ostream>

namespace gapcheck::cli {

class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

  // The signal caught since the guard began (0: none). Safe to call from any thread.
  static int caught();

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

// "SIGINT" or "SIGTERM".
const char* signal_name(int signal);

// For the commands whose output needs every run (`check`, `report`): runs `body` under a
// SignalGuard, handing it the stop request for its batches, which then throw store::Interrupted
// once their runs in progress have finished. That is said on `err` (`what_is_lost`: the output
// not written) and the exit code is 130 or 143; the runs that finished are in the run store.
int stopping_on_signal(const char* command, const char* what_is_lost, std::ostream& err,
                       const std::function<int(const std::function<bool()>& stop)>& body);

}  // namespace gapcheck::cli
