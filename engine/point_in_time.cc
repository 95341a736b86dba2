#include "engine/point_in_time.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>

#include "engine/key_bytes.h"
#include "engine/table.h"

namespace ddb::engine {

namespace {

constexpr int64_t kDayMs = int64_t{86'400'000};

// `key` as one string that two keys share exactly when they are equal: the partition value's key
// bytes, their length first, then the sort value's.
std::string key_identity(const Key& key) {
  std::string partition;
  append_key_bytes(key.partition, partition);
  std::string identity = std::to_string(partition.size()) + ':' + partition;
  if (key.sort) append_key_bytes(*key.sort, identity);
  return identity;
}

}  // namespace

PointInTimeHistory::PointInTimeHistory(const Clock& clock, int64_t period_days, uint64_t max_bytes)
    : clock_(clock),
      max_bytes_(max_bytes),
      period_ms_(period_days * kDayMs),
      earliest_ms_(clock.now_ms()) {}

void PointInTimeHistory::on_changes(std::span<const ItemChange> changes) {
  const int64_t now = clock_.now_ms();
  std::lock_guard lock(mutex_);
  for (const ItemChange& change : changes) {
    Change entry{now, change.key, std::nullopt, kEntryOverheadBytes};
    entry.bytes += value_size(change.key.partition);
    if (change.key.sort) entry.bytes += value_size(*change.key.sort);
    if (change.old_item) {
      // No key parts: the entry is found by its Key, never by its bytes.
      entry.before = StoredItem::encode(*change.old_item, {});
      entry.bytes += entry.before->encoded_bytes();
    }
    bytes_ += entry.bytes;
    changes_.push_back(std::move(entry));
    ++appended_;
  }
  trim_locked(now);
}

void PointInTimeHistory::trim_locked(int64_t now_ms) {
  const int64_t horizon = now_ms - period_ms_;
  while (!changes_.empty() && (bytes_ > max_bytes_ || changes_.front().time_ms < horizon)) {
    // Every state from this change's time on can still be rebuilt: restoring to time t undoes
    // only the changes made after t.
    earliest_ms_ = std::max(earliest_ms_, changes_.front().time_ms);
    bytes_ -= changes_.front().bytes;
    changes_.pop_front();
  }
}

void PointInTimeHistory::set_period_days(int64_t days) {
  std::lock_guard lock(mutex_);
  period_ms_ = days * kDayMs;
  trim_locked(clock_.now_ms());
}

void PointInTimeHistory::start_now() {
  std::lock_guard lock(mutex_);
  earliest_ms_ = std::max(earliest_ms_, clock_.now_ms());
}

int64_t PointInTimeHistory::earliest_ms() const {
  std::lock_guard lock(mutex_);
  return earliest_ms_;
}

uint64_t PointInTimeHistory::position() const {
  std::lock_guard lock(mutex_);
  return appended_;
}

std::size_t PointInTimeHistory::change_count() const {
  std::lock_guard lock(mutex_);
  return changes_.size();
}

uint64_t PointInTimeHistory::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

void PointInTimeHistory::rewind(Table& copy, uint64_t position, int64_t time_ms) const {
  std::lock_guard lock(mutex_);
  const uint64_t first = appended_ - changes_.size();
  if (position <= first) return;
  // The clock can be moved back (the admin API), so times are not sorted: every change before
  // `position` is looked at, newest first, and each one made after `time_ms` is undone. What is
  // left in the copy for each key is the before-image of its oldest change after `time_ms`.
  for (uint64_t i = std::min(position, appended_); i > first; --i) {
    const Change& change = changes_[i - 1 - first];
    if (change.time_ms <= time_ms) continue;
    std::optional<Item> before;
    if (change.before) before = change.before->decode();
    copy.write(change.key, [&before](const Item*) { return std::move(before); });
  }
}

std::vector<WindowChange> PointInTimeHistory::changes_between(uint64_t position, int64_t from_ms,
                                                              int64_t to_ms) const {
  std::lock_guard lock(mutex_);
  std::vector<WindowChange> changed;
  std::unordered_map<std::string, std::size_t> index;  // key identity -> entry in `changed`
  const uint64_t first = appended_ - changes_.size();
  // Oldest first, so that the first change of a key in the window gives the item as it stood
  // when the window opened. The clock can be moved back (the admin API), so each change's time is
  // looked at on its own.
  for (uint64_t i = first; i < std::min(position, appended_); ++i) {
    const Change& change = changes_[i - first];
    if (change.time_ms < from_ms || change.time_ms >= to_ms) continue;
    auto [it, added] = index.try_emplace(key_identity(change.key), changed.size());
    if (added) {
      WindowChange entry{change.key, std::nullopt, change.time_ms};
      if (change.before) entry.before = change.before->decode();
      changed.push_back(std::move(entry));
    } else {
      WindowChange& entry = changed[it->second];
      entry.last_change_ms = std::max(entry.last_change_ms, change.time_ms);
    }
  }
  return changed;
}

}  // namespace ddb::engine
