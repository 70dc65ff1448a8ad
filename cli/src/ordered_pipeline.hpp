#pragma once
// The one parallel shape the CLI uses: a serial, in-order reader; parallel work on
// batches; a serial, in-order writer (a oneTBB pipeline). Output order and bytes
// never depend on the thread count. Private to cli/.

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>

#include <cstddef>
#include <vector>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace sudoforge::cli {

// oneTBB hands batches from stage to stage, and a serial stage from thread to
// thread, with its own synchronization, compiled into libtbb without
// ThreadSanitizer's instrumentation. These tell ThreadSanitizer about those
// hand-overs (release where TBB's would be, acquire where it takes over), so that
// it reports the races of our code, not TBB's invisible ones. No code otherwise.
inline void handed_over(const void* what) {
#if defined(__SANITIZE_THREAD__)
  __tsan_release(const_cast<void*>(what));
#else
  (void)what;
#endif
}
inline void taken_over(const void* what) {
#if defined(__SANITIZE_THREAD__)
  __tsan_acquire(const_cast<void*>(what));
#else
  (void)what;
#endif
}

// A value per worker thread, made on first use from the constructor arguments.
template <typename T>
using PerThread = tbb::enumerable_thread_specific<T>;

// Calls read(Item&) until it returns false, in batches of up to `batch` items;
// work(std::vector<Item>&) on each batch on any thread; emit(std::vector<Item>&)
// on each batch in input order, one at a time (it may move the items out). At most
// 4 batches per thread are in flight, so memory stays flat on endless input.
template <typename Item, typename Read, typename Work, typename Emit>
void ordered_pipeline(int threads, std::size_t batch, Read&& read, Work&& work, Emit&& emit) {
  // The batches live here, not in TBB's tokens (a token carries a plain pointer):
  // batch n uses slot n % live, free again by then because the last stage finishes
  // batches in order and at most `live` are in flight. An exception anywhere
  // leaves nothing behind, and batches keep their capacity from round to round.
  const auto live = static_cast<std::size_t>(4 * threads);
  std::vector<std::vector<Item>> slots(live);
  std::size_t next = 0;
  int reading = 0;   // stands for the reader stage's state, for ThreadSanitizer
  int emitting = 0;  // and the writer's
  tbb::parallel_pipeline(
      live,
      tbb::make_filter<void, std::vector<Item>*>(tbb::filter_mode::serial_in_order,
                                                 [&](tbb::flow_control& control) -> std::vector<Item>* {
                                                   taken_over(&reading);
                                                   std::vector<Item>* items = &slots[next++ % live];
                                                   taken_over(items);  // emitted before
                                                   items->clear();
                                                   items->reserve(batch);
                                                   Item item{};
                                                   while (items->size() < batch && read(item))
                                                     items->push_back(std::move(item));
                                                   if (items->empty()) control.stop();
                                                   handed_over(items);
                                                   handed_over(&reading);
                                                   return items;
                                                 }) &
          tbb::make_filter<std::vector<Item>*, std::vector<Item>*>(tbb::filter_mode::parallel,
                                                                   [&](std::vector<Item>* items) {
                                                                     taken_over(items);
                                                                     work(*items);
                                                                     handed_over(items);
                                                                     return items;
                                                                   }) &
          tbb::make_filter<std::vector<Item>*, void>(tbb::filter_mode::serial_in_order, [&](std::vector<Item>* items) {
            taken_over(&emitting);
            taken_over(items);
            emit(*items);
            handed_over(items);
            handed_over(&emitting);
          }));
  taken_over(&reading);  // the caller goes on with what both serial stages left
  taken_over(&emitting);
}

}  // namespace sudoforge::cli
