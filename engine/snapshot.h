#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/namespace_scope.h"
#include "engine/table.h"

namespace ddb::engine {

// The tables of some namespaces as they stood at one moment: copies (Table::copy) that nothing
// writes to, and that a restore copies again, so one snapshot can be restored any number of times.
// Immutable once made; shared by the store and the restores reading it.
struct DatabaseSnapshot {
  struct Entry {
    std::string region;
    std::shared_ptr<const Table> table;
  };

  NamespaceScope scope;
  int64_t created_ms = 0;     // the database clock's epoch milliseconds at the save
  std::vector<Entry> tables;  // by region, then name

  uint64_t item_count() const {
    uint64_t items = 0;
    for (const Entry& entry : tables) items += entry.table->item_count();
    return items;
  }
};

// Snapshots by name. Thread-safe.
class SnapshotStore {
 public:
  // Stores `snapshot` under `name`, replacing any snapshot of that name.
  void put(std::string name, std::shared_ptr<const DatabaseSnapshot> snapshot) {
    std::lock_guard lock(mutex_);
    // The replaced snapshot is released after the lock, with `snapshot`'s old value.
    snapshots_[std::move(name)].swap(snapshot);
  }
  // The snapshot named `name`, or nullptr.
  std::shared_ptr<const DatabaseSnapshot> find(std::string_view name) const {
    std::lock_guard lock(mutex_);
    auto it = snapshots_.find(name);
    return it == snapshots_.end() ? nullptr : it->second;
  }
  // Forgets the snapshot named `name` (its memory goes when the last restore reading it ends);
  // false when there is none.
  bool remove(std::string_view name) {
    std::shared_ptr<const DatabaseSnapshot> removed;  // released after the lock
    std::lock_guard lock(mutex_);
    auto it = snapshots_.find(name);
    if (it == snapshots_.end()) return false;
    removed = std::move(it->second);
    snapshots_.erase(it);
    return true;
  }
  // Every snapshot, by name.
  std::vector<std::pair<std::string, std::shared_ptr<const DatabaseSnapshot>>> list() const {
    std::lock_guard lock(mutex_);
    return {snapshots_.begin(), snapshots_.end()};
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const DatabaseSnapshot>, std::less<>> snapshots_;
};

}  // namespace ddb::engine
