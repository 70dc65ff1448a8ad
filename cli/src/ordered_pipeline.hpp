#pragma once
// The one parallel shape the CLI uses: a serial, in-order reader; parallel work on
// batches; a serial, in-order writer (a oneTBB pipeline). Output order and bytes
// never depend on the thread count. Private to cli/.

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>

#include <cstddef>
#include <span>
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
// work(std::span<Item>) on each batch on any thread; emit(std::span<Item>) on each
// batch in input order, one at a time (it may move the items out). At most 4
// batches per thread are in flight, so memory stays flat on endless input.
// Items are made once and reused from batch to batch (no item is built, moved or
// freed per input), so an item holds an earlier input's values until the stages
// set them: each field must be set before it is read.
template <typename Item, typename Read, typename Work, typename Emit>
void ordered_pipeline(int threads, std::size_t batch, Read&& read, Work&& work, Emit&& emit) {
  // The batches live here, not in TBB's tokens (a token carries a plain pointer):
  // batch n uses slot n % live, free again by then because the last stage finishes
  // batches in order and at most `live` are in flight. An exception anywhere
  // leaves nothing behind.
  struct Slot {
    std::vector<Item> items;  // made on first use, then reused
    std::size_t count = 0;    // how many this batch holds
  };
  const auto live = static_cast<std::size_t>(4 * threads);
  std::vector<Slot> slots(live);
  std::size_t next = 0;
  int reading = 0;   // stands for the reader stage's state, for ThreadSanitizer
  int emitting = 0;  // and the writer's
  const auto read_batch = [&](tbb::flow_control& control) -> Slot* {
    taken_over(&reading);
    Slot* slot = &slots[next++ % live];
    taken_over(slot);  // emitted before
    if (slot->items.size() < batch) slot->items.resize(batch);
    slot->count = 0;
    while (slot->count < batch && read(slot->items[slot->count])) ++slot->count;
    if (slot->count == 0) control.stop();
    handed_over(slot);
    handed_over(&reading);
    return slot;
  };
  const auto work_batch = [&](Slot* slot) {
    taken_over(slot);
    work(std::span<Item>(slot->items.data(), slot->count));
    handed_over(slot);
    return slot;
  };
  const auto emit_batch = [&](Slot* slot) {
    taken_over(&emitting);
    taken_over(slot);
    emit(std::span<Item>(slot->items.data(), slot->count));
    handed_over(slot);
    handed_over(&emitting);
  };
  tbb::parallel_pipeline(live, tbb::make_filter<void, Slot*>(tbb::filter_mode::serial_in_order, read_batch) &
                                   tbb::make_filter<Slot*, Slot*>(tbb::filter_mode::parallel, work_batch) &
                                   tbb::make_filter<Slot*, void>(tbb::filter_mode::serial_in_order, emit_batch));
  taken_over(&reading);  // the caller goes on with what both serial stages left
  taken_over(&emitting);
}

}  // namespace sudoforge::cli
