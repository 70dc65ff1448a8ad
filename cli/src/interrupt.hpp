#pragma once
// Ctrl-C, kill and a closed terminal (SIGINT, SIGTERM, SIGHUP) as a request to stop:
// while an InterruptGuard lives, those signals set a flag that long commands poll
// between puzzles (and PuzzleInput between reads), so they can commit what they have,
// record the run as interrupted and exit with kExitInterrupted. Private to cli/.

namespace sudoforge::cli {

class InterruptGuard {
 public:
  InterruptGuard();   // installs the handlers
  ~InterruptGuard();  // restores the previous ones
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // Whether a stop was asked for since construction.
  static bool requested();
};

}  // namespace sudoforge::cli
