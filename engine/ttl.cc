#include "engine/ttl.h"

#include <string>

#include "engine/error.h"
#include "engine/error_details.h"

namespace ddb::engine {

namespace {

Number whole_seconds(int64_t seconds) { return Number::parse(std::to_string(seconds)); }

// Whether a TTL attribute's value makes its item expired (is_expired's rule for one value).
bool is_expired_value(const AttributeValue& value, const ExpiredRange& range) {
  return value.type() == Type::N && range.contains(value.as_number());
}

}  // namespace

ExpiredRange::ExpiredRange(std::chrono::system_clock::time_point now) {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  int64_t ms = duration_cast<milliseconds>(now.time_since_epoch()).count();
  // Exact decimal seconds (a double would round), e.g. 1700000000123 ms -> 1700000000.123.
  now_ = Number::parse(std::to_string(ms) + "E-3");
  oldest_ = Number::subtract(now_, whole_seconds(kMaxExpiredAgeSeconds));
}

// Developer Guide, "Time to Live (TTL)" and "Before you start with TTL": the TTL attribute must be
// a top-level Number holding epoch seconds; an item whose attribute is missing or of another type
// is ignored, and so is one whose time lies more than five years in the past. API reference,
// UpdateTimeToLive: an item expires when its time "is less than the current time".
bool is_expired(const Item& item, std::string_view attribute, const ExpiredRange& range) {
  auto found = item.find(attribute);
  return found != item.end() && is_expired_value(found->second, range);
}

bool expire_item(Table& table, const Key& key, std::string_view attribute,
                 const ExpiredRange& range) {
  bool deleted = false;
  try {
    table.write(
        key,
        [&](const Item* current) -> std::optional<Item> {
          // Updated since it was found (a new TTL, the attribute removed): leave it, and write
          // nothing, so that no change is reported either.
          if (current && !is_expired(*current, attribute, range)) {
            throw conditional_check_failed();
          }
          deleted = current != nullptr;
          return std::nullopt;
        },
        ChangeOrigin::TimeToLive);
  } catch (const Error&) {
    return false;
  }
  return deleted;
}

std::vector<Key> find_expired(const Table& table, std::size_t shard, std::string_view attribute,
                              const ExpiredRange& range) {
  return table.find_in_shard(shard, attribute, [&](const AttributeValue& value) {
    return is_expired_value(value, range);
  });
}

std::size_t expire_table(Table& table, const ExpiredRange& range,
                         const std::function<bool()>& stop) {
  std::size_t deleted = 0;
  for (std::size_t shard = 0; shard < Table::shard_count() && !stop(); ++shard) {
    // Read per shard, so that a pass stops deleting soon after TTL is disabled.
    std::optional<std::string> attribute = table.definition().ttl_attribute;
    if (!attribute) return deleted;
    for (const Key& key : find_expired(table, shard, *attribute, range)) {
      if (stop()) return deleted;
      if (expire_item(table, key, *attribute, range)) ++deleted;
    }
  }
  return deleted;
}

TtlExpirer::TtlExpirer(Tables tables, std::chrono::milliseconds interval, TtlClock clock)
    : tables_(std::move(tables)),
      interval_(interval),
      clock_(std::move(clock)),
      thread_([this] { run(); }) {}

TtlExpirer::~TtlExpirer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool TtlExpirer::stopping() const {
  std::lock_guard lock(mutex_);
  return stopping_;
}

void TtlExpirer::run() {
  const auto stop = [this] { return stopping(); };
  while (true) {
    {
      std::unique_lock lock(mutex_);
      if (wake_.wait_for(lock, interval_, [this] { return stopping_; })) return;
    }
    const ExpiredRange range(clock_());
    for (const std::shared_ptr<Table>& table : tables_()) {
      if (stop()) return;
      expire_table(*table, range, stop);
    }
  }
}

}  // namespace ddb::engine
