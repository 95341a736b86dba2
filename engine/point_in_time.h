#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "engine/clock.h"
#include "engine/item.h"
#include "engine/item_change.h"
#include "engine/stored_item.h"

namespace ddb::engine {

class Table;

// One item that changes made in a window of time touched: its key, the item as it stood when the
// window opened (none where there was no item), and the time of its last change in the window.
struct WindowChange {
  Key key;
  std::optional<Item> before;
  int64_t last_change_ms = 0;
};

// What point-in-time recovery keeps of one table while it is enabled: every committed change's
// before-image (the item the change replaced, or none), stamped with the server clock's time, in
// commit order. A restore copies the table as it stands (Table::copy, O(shards)) and writes back,
// newest first, the before-images of the changes made after the restore time: the copy is then
// the table as it stood at that time.
//
// Bounded twice: changes older than the recovery period are dropped, and so are the oldest changes
// once the history holds more than `max_bytes` (about the before-images' encoded bytes, their
// keys and ~100 bytes of bookkeeping each). Dropping a change moves earliest_ms() to its time.
//
// Attached to its table as a ChangeListener: a table without point-in-time recovery has no
// history and its writes pay nothing. Thread-safe.
class PointInTimeHistory : public ChangeListener {
 public:
  // The bookkeeping a change costs besides its key and before-image: the entry, its deque slot,
  // the key's values and the allocation headers, rounded up.
  static constexpr std::size_t kEntryOverheadBytes = 100;

  // A history that starts now (clock.now_ms()) and keeps changes for `period_days` days and at most
  // about `max_bytes`. `clock` must outlive it.
  PointInTimeHistory(const Clock& clock, int64_t period_days, uint64_t max_bytes);

  // ChangeListener: records each change's before-image; called under the table's shard locks.
  void on_changes(std::span<const ItemChange> changes) override;

  void set_period_days(int64_t days);
  // Makes the history start now: called once it is attached and every write that may have missed
  // it has committed (Table::wait_for_writes), so that it holds every change after its start.
  void start_now();

  // The earliest moment (epoch milliseconds) the history can rebuild: when it started, or the time
  // of the newest change it has dropped, whichever is later.
  int64_t earliest_ms() const;
  // How many changes it has recorded since it started (dropped ones included): a copy of the
  // table made while its shards are locked holds exactly the changes before this position.
  uint64_t position() const;
  // The changes it holds, and about how many bytes they take.
  std::size_t change_count() const;
  uint64_t bytes() const;

  // Writes into `copy` (a copy of the table taken at `position`, which nothing else writes to) the
  // before-images of the changes before `position` made after `time_ms`, newest first. Requires:
  // time_ms >= earliest_ms().
  void rewind(Table& copy, uint64_t position, int64_t time_ms) const;

  // The items changed by the changes before `position` made at from_ms or later and before
  // to_ms, one entry per key, in the order of their first change in the window. Requires:
  // from_ms >= earliest_ms().
  std::vector<WindowChange> changes_between(uint64_t position, int64_t from_ms,
                                            int64_t to_ms) const;

 private:
  struct Change {
    int64_t time_ms;
    Key key;
    std::optional<StoredItem> before;
    std::size_t bytes;
  };

  // Drops changes past the period or the byte bound. Requires: mutex_ held.
  void trim_locked(int64_t now_ms);

  const Clock& clock_;
  const uint64_t max_bytes_;
  mutable std::mutex mutex_;
  int64_t period_ms_;
  int64_t earliest_ms_;
  uint64_t appended_ = 0;  // changes recorded since the start; changes_ holds the newest ones
  uint64_t bytes_ = 0;
  std::deque<Change> changes_;
};

}  // namespace ddb::engine
