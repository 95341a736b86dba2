#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/item.h"

namespace ddb::engine {

// DynamoDB stops a Query or Scan page once it has read 1 MB.
inline constexpr std::size_t kMaxPageBytes = 1024 * 1024;

// When a page stops: after `limit` items (0 = no limit) or once `max_bytes` have been read.
struct PageLimits {
  std::size_t limit = 0;
  std::size_t max_bytes = kMaxPageBytes;
};

// One page of a Query or Scan: the items read, in order, and the position to resume after when the
// page stopped because of a limit. `Position` is a Key for a table and an IndexPosition for an
// index.
template <typename Position>
struct BasicPage {
  std::vector<Item> items;
  std::optional<Position> last_evaluated_key;
  std::size_t bytes_read = 0;  // item_size() summed over `items`, for read capacity
};

// A parallel-scan segment: segment `index` of `total` covers an equal slice of the partition-key
// hash space, so the segments together visit every item exactly once.
struct ScanSegment {
  uint32_t index = 0;
  uint32_t total = 1;
};

// Collects a page's items and decides when it is full.
template <typename Position>
class PageBuilder {
 public:
  explicit PageBuilder(const PageLimits& limits) : limits_(limits) {}

  // Adds an item; returns false once the page is full (the item is still added).
  bool add(Item item) {
    page_.bytes_read += item_size(item);
    page_.items.push_back(std::move(item));
    full_ = (limits_.limit != 0 && page_.items.size() >= limits_.limit) ||
            page_.bytes_read >= limits_.max_bytes;
    return !full_;
  }
  bool full() const { return full_; }
  // The page, with `position_of(last item)` as its LastEvaluatedKey when it is full.
  template <typename PositionOf>
  BasicPage<Position> finish(PositionOf&& position_of) && {
    if (full_) page_.last_evaluated_key = position_of(page_.items.back());
    return std::move(page_);
  }

 private:
  const PageLimits& limits_;
  BasicPage<Position> page_;
  bool full_ = false;
};

}  // namespace ddb::engine
