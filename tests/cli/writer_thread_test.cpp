// The database writer thread of import and generate: order, failures, back-pressure.
#include "writer_thread.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

namespace sudoforge::cli {
namespace {

TEST(WriterThread, RunsTasksInTheOrderPostedOnAThreadOfItsOwn) {
  std::vector<int> done;
  std::vector<std::thread::id> where;
  WriterThread writer;
  for (int i = 0; i < 200; ++i) {
    writer.post([&, i] {
      done.push_back(i);
      where.push_back(std::this_thread::get_id());
    });
  }
  writer.drain();
  ASSERT_EQ(done.size(), 200U);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(done[static_cast<std::size_t>(i)], i);
  for (const std::thread::id id : where) EXPECT_NE(id, std::this_thread::get_id());
}

TEST(WriterThread, AFailureSkipsTheRestAndIsRethrownByDrainAndPost) {
  std::vector<int> done;
  WriterThread writer;
  writer.post([&] { done.push_back(1); });
  writer.post([] { throw std::runtime_error("disk full"); });
  try {
    writer.post([&] { done.push_back(3); });  // queued behind the failure (then skipped) ...
  } catch (const std::runtime_error&) {
    // ... or refused, if the failure came first
  }
  EXPECT_THROW(
      {
        try {
          writer.drain();
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "disk full");
          throw;
        }
      },
      std::runtime_error);
  EXPECT_THROW(writer.post([&] { done.push_back(4); }), std::runtime_error);
  EXPECT_EQ(done, std::vector<int>{1});
}

TEST(WriterThread, PostWaitsWhileTheQueueIsFull) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  WriterThread writer(2);
  std::promise<void> started;
  writer.post([&started, released] {
    started.set_value();
    released.wait();
  });
  started.get_future().wait();  // the first task runs and holds the writer
  writer.post([] {});
  writer.post([] {});  // two queued: full
  std::atomic<bool> posted{false};
  std::thread third([&] {
    writer.post([] {});
    posted = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(posted.load());
  release.set_value();
  third.join();
  EXPECT_TRUE(posted.load());
  writer.drain();
}

TEST(WriterThread, TheDestructorRunsWhatWasPosted) {
  std::vector<int> done;
  {
    WriterThread writer;
    for (int i = 0; i < 10; ++i) writer.post([&, i] { done.push_back(i); });
  }
  EXPECT_EQ(done.size(), 10U);
}

}  // namespace
}  // namespace sudoforge::cli
