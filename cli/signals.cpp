#include "cli/signals.hpp"

#include <atomic>

namespace gapcheck::cli {
namespace {

std::atomic<int> caught_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler stores into it");

extern "C" void on_signal(int signal) { caught_signal.store(signal); }

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

}  // namespace gapcheck::cli
