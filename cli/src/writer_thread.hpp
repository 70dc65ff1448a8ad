#pragma once
// One thread of our own that runs tasks in the order they are posted: the database
// writer of `import` and `generate`. The pipeline's in-order stage posts a batch's
// write and goes on; the workers never wait for SQLite unless the writer falls
// `capacity` tasks behind (so memory stays flat). Private to cli/.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace sudoforge::cli {

class WriterThread {
 public:
  explicit WriterThread(std::size_t capacity = 2) : capacity_(capacity), thread_([this] { loop(); }) {}
  WriterThread(const WriterThread&) = delete;
  WriterThread& operator=(const WriterThread&) = delete;
  // Waits for what was posted (a failure of it is dropped: drain() is where it is seen).
  ~WriterThread() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  // Queues `task` after every task posted before; waits while `capacity` are queued.
  // Once a task has thrown, the rest are skipped and this rethrows its exception.
  void post(std::function<void()> task) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return tasks_.size() < capacity_ || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    tasks_.push_back(std::move(task));
    changed_.notify_all();
  }

  // Waits until every task posted has run; rethrows the first failure.
  void drain() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return (tasks_.empty() && !running_) || failure_; });
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return !tasks_.empty() || closing_; });
      if (tasks_.empty()) return;
      std::function<void()> task = std::move(tasks_.front());
      tasks_.pop_front();
      if (failure_) continue;  // skipped: an earlier write failed
      running_ = true;
      lock.unlock();
      std::exception_ptr failed;
      try {
        task();
      } catch (...) {
        failed = std::current_exception();
      }
      lock.lock();
      running_ = false;
      if (failed && !failure_) failure_ = failed;
      changed_.notify_all();
    }
  }

  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> tasks_;
  bool running_ = false;
  bool closing_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: started once everything above is made
};

}  // namespace sudoforge::cli
