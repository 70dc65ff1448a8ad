#pragma once
// The one parallel shape the CLI uses: a serial, in-order reader; parallel work on
// batches; a serial, in-order writer (a oneTBB pipeline). Output order and bytes
// never depend on the thread count. Private to cli/.

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace sudoforge::cli {

// A value per worker thread, made on first use from the constructor arguments.
template <typename T>
using PerThread = tbb::enumerable_thread_specific<T>;

// Calls read(Item&) until it returns false, in batches of up to `batch` items;
// work(std::vector<Item>&) on each batch on any thread; emit(const std::vector<Item>&)
// on each batch in input order, one at a time. At most 4 batches per thread are in
// flight, so memory stays flat on endless input.
template <typename Item, typename Read, typename Work, typename Emit>
void ordered_pipeline(int threads, std::size_t batch, Read&& read, Work&& work, Emit&& emit) {
  using Batch = std::shared_ptr<std::vector<Item>>;
  tbb::parallel_pipeline(
      static_cast<std::size_t>(4 * threads),
      tbb::make_filter<void, Batch>(tbb::filter_mode::serial_in_order,
                                    [&](tbb::flow_control& control) -> Batch {
                                      auto items = std::make_shared<std::vector<Item>>();
                                      items->reserve(batch);
                                      Item item{};
                                      while (items->size() < batch && read(item)) items->push_back(std::move(item));
                                      if (items->empty()) control.stop();
                                      return items;
                                    }) &
          tbb::make_filter<Batch, Batch>(tbb::filter_mode::parallel,
                                         [&](Batch items) {
                                           work(*items);
                                           return items;
                                         }) &
          tbb::make_filter<Batch, void>(tbb::filter_mode::serial_in_order,
                                        [&](const Batch& items) { emit(*items); }));
}

}  // namespace sudoforge::cli
