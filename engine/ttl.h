#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "engine/item.h"
#include "engine/number.h"
#include "engine/table.h"

namespace ddb::engine {

// Time to Live: the rule that decides whether an item has expired, and the expirer that deletes
// expired items in the background, as DynamoDB does for tables with TTL enabled.

// The clock the expirer reads; tests inject their own.
using TtlClock = std::function<std::chrono::system_clock::time_point()>;

// How far back an expiry time may lie and still be acted on: five years (of 365.25 days).
inline constexpr int64_t kMaxExpiredAgeSeconds = 5 * 36525 * 864;

// The expiry times (epoch seconds) that count as expired at one moment: before that moment and not
// more than five years before it.
class ExpiredRange {
 public:
  explicit ExpiredRange(std::chrono::system_clock::time_point now);
  // `now` and `oldest` in epoch seconds.
  ExpiredRange(Number now, Number oldest) : now_(std::move(now)), oldest_(std::move(oldest)) {}
  bool contains(const Number& expiry) const { return expiry < now_ && expiry >= oldest_; }

 private:
  Number now_;
  Number oldest_;
};

// Whether `item` has expired under TTL attribute `attribute`: the attribute is a top-level Number
// in `range`. An item without it, with another type (a string, a number set, a map), or with a time
// more than five years old never expires.
bool is_expired(const Item& item, std::string_view attribute, const ExpiredRange& range);

// Deletes `key`'s item if it is still expired, checked under the item's lock (a client may have
// changed it since it was found), as a ChangeOrigin::TimeToLive change. Returns whether it did.
bool expire_item(Table& table, const Key& key, std::string_view attribute,
                 const ExpiredRange& range);

// The keys of the expired items in shard `shard` of `table`.
std::vector<Key> find_expired(const Table& table, std::size_t shard, std::string_view attribute,
                              const ExpiredRange& range);

// One expirer pass over `table`, shard by shard: finds the expired items under the shard's shared
// lock, then deletes them one by one (see expire_item). Does nothing while TTL is disabled, and
// stops early when `stop` returns true. Returns the number of items deleted.
std::size_t expire_table(
    Table& table, const ExpiredRange& range,
    const std::function<bool()>& stop = [] { return false; });

// A thread that runs an expirer pass over every table every `interval` until it is destroyed.
// The destructor interrupts a pass between two items and joins the thread.
class TtlExpirer {
 public:
  using Tables = std::function<std::vector<std::shared_ptr<Table>>()>;

  TtlExpirer(Tables tables, std::chrono::milliseconds interval, TtlClock clock);
  ~TtlExpirer();
  TtlExpirer(const TtlExpirer&) = delete;
  TtlExpirer& operator=(const TtlExpirer&) = delete;

 private:
  void run();
  bool stopping() const;

  Tables tables_;
  std::chrono::milliseconds interval_;
  TtlClock clock_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;  // last: it starts once everything above is ready
};

}  // namespace ddb::engine
