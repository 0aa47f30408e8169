#include "cli/signals.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <string_view>

#include "store/run_store.hpp"

namespace gapcheck::cli {
namespace {

std::atomic<int> caught_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler stores into it");

// Said at once, so that a run of minutes shows the signal arrived; write(2) is safe in a handler.
constexpr std::string_view kInt = "gapcheck: SIGINT";
constexpr std::string_view kTerm = "gapcheck: SIGTERM";
constexpr std::string_view kStopping =
    ": stopping, no new run starts (a second signal stops at once)\n";

// The first signal of either kind: both go back to their default action, so that a second one,
// of either kind, ends the process at once (sigaction is safe in a handler too).
extern "C" void on_signal(int signal) {
  const int saved_errno = errno;
  caught_signal.store(signal);
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(SIGINT, &fallback, nullptr);
  sigaction(SIGTERM, &fallback, nullptr);
  for (const std::string_view part : {signal == SIGINT ? kInt : kTerm, kStopping})
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, part.data(), part.size());
  errno = saved_errno;
}

}  // namespace

SignalGuard::SignalGuard() {
  caught_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &old_int_);
  sigaction(SIGTERM, &action, &old_term_);
}

SignalGuard::~SignalGuard() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

int SignalGuard::caught() { return caught_signal.load(); }

const char* signal_name(int signal) { return signal == SIGINT ? "SIGINT" : "SIGTERM"; }

int stopping_on_signal(const char* command, const char* what_is_lost, std::ostream& err,
                       const std::function<int(const std::function<bool()>& stop)>& body) {
  const SignalGuard signals;
  try {
    return body([] { return SignalGuard::caught() != 0; });
  } catch (const store::Interrupted& e) {
    const int signal = SignalGuard::caught();
    err << "gapcheck " << command << ": interrupted by " << signal_name(signal) << ": " << e.what()
        << "; " << what_is_lost << "; the runs that finished are in the run store, if one is open "
        << "(--db), and the next " << command << " reads them back\n";
    return 128 + signal;
  }
}

}  // namespace gapcheck::cli
