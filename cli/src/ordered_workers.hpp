#pragma once
// Work on `count` items on `threads` threads of our own, results taken in item order
// on the calling thread. For what runs many parallel phases in one process (mining's
// rounds): oneTBB hands its worker threads from one parallel construct to the next
// through code ThreadSanitizer cannot see, so a second construct in a process shows
// races that are not there; plain std::thread, mutex and condition variable it sees.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace sudoforge::cli {

// Calls work(i, worker) for items i = 0 .. count-1 on `threads` threads (worker is
// 0 .. threads-1, for per-thread state), and emit(i, result) for each in order on the
// calling thread. A worker never waits for the taker: an item's cost may vary a
// hundredfold (mining's jobs), and a window of a few items a thread left the other
// threads idle behind one dear item (two threads busy 157% of the time, against 194%
// without it; docs/mining-speed.md). A result is held only until it is taken. emit
// returns false to stop: no new item is started, and those under way are dropped. An
// exception from work stops the rest and is rethrown here, after every thread ended.
template <typename Result, typename Work, typename Emit>
void ordered_workers(int threads, std::size_t count, Work&& work, Emit&& emit) {
  enum class Slot : char { Pending, Done, Dropped };
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::optional<Result>> results(count);
  std::vector<Slot> slots(count, Slot::Pending);
  std::size_t next = 0;      // the next item to start (under mutex)
  bool stop = false;
  std::exception_ptr failure;
  const auto run = [&](int worker) {
    for (;;) {
      std::size_t i = 0;
      {
        std::lock_guard lock(mutex);
        if (stop || next >= count) return;
        i = next++;
      }
      std::optional<Result> result;
      try {
        result.emplace(work(i, worker));
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
      {
        std::lock_guard lock(mutex);
        slots[i] = result ? Slot::Done : Slot::Dropped;
        results[i] = std::move(result);
      }
      changed.notify_one();  // (only the taker waits)
    }
  };
  std::vector<std::thread> pool;
  const int n = std::max(1, threads);
  pool.reserve(static_cast<std::size_t>(n));
  for (int w = 0; w < n; ++w) pool.emplace_back(run, w);
  for (std::size_t i = 0; i < count; ++i) {
    std::optional<Result> result;
    {
      std::unique_lock lock(mutex);
      // Ready, or never to come: stopped before anyone took it.
      changed.wait(lock, [&] { return slots[i] != Slot::Pending || (stop && next <= i); });
      if (slots[i] != Slot::Done) break;
      result = std::move(results[i]);
      results[i].reset();
    }
    if (!emit(i, *result)) break;
  }
  {
    std::lock_guard lock(mutex);
    stop = true;  // (workers look before they start an item)
  }
  for (std::thread& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace sudoforge::cli
