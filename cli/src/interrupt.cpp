#include "interrupt.hpp"

#include <csignal>

namespace sudoforge::cli {

namespace {
// The one piece of state a signal handler may touch.
volatile std::sig_atomic_t g_stop = 0;
struct sigaction g_previous_int {};
struct sigaction g_previous_term {};
struct sigaction g_previous_hup {};

void on_signal(int) { g_stop = 1; }
}  // namespace

InterruptGuard::InterruptGuard() {
  g_stop = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_previous_int);
  sigaction(SIGTERM, &action, &g_previous_term);
  sigaction(SIGHUP, &action, &g_previous_hup);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previous_int, nullptr);
  sigaction(SIGTERM, &g_previous_term, nullptr);
  sigaction(SIGHUP, &g_previous_hup, nullptr);
}

bool InterruptGuard::requested() { return g_stop != 0; }

}  // namespace sudoforge::cli
