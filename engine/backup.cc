#include "engine/backup.h"

#include <algorithm>
#include <utility>

namespace ddb::engine {

void BackupStore::put(std::shared_ptr<const Backup> backup) {
  std::lock_guard lock(mutex_);
  Entry& entry = backups_[backup->region][backup->arn];
  entry.sequence = next_sequence_++;
  // The replaced backup, if any, is released after the lock with `backup`'s old value.
  entry.backup.swap(backup);
}

std::shared_ptr<const Backup> BackupStore::find(std::string_view region,
                                                std::string_view arn) const {
  std::lock_guard lock(mutex_);
  auto space = backups_.find(region);
  if (space == backups_.end()) return nullptr;
  auto it = space->second.find(arn);
  return it == space->second.end() ? nullptr : it->second.backup;
}

std::shared_ptr<const Backup> BackupStore::remove(std::string_view region, std::string_view arn) {
  std::lock_guard lock(mutex_);
  auto space = backups_.find(region);
  if (space == backups_.end()) return nullptr;
  auto it = space->second.find(arn);
  if (it == space->second.end()) return nullptr;
  std::shared_ptr<const Backup> removed = std::move(it->second.backup);
  space->second.erase(it);
  return removed;
}

std::vector<std::shared_ptr<const Backup>> BackupStore::remove_all(const NamespaceScope& scope) {
  std::vector<std::shared_ptr<const Backup>> removed;
  std::lock_guard lock(mutex_);
  for (auto& [region, space] : backups_) {
    if (!scope.covers(region)) continue;
    for (auto& [arn, entry] : space) removed.push_back(std::move(entry.backup));
    space.clear();
  }
  return removed;
}

std::vector<std::shared_ptr<const Backup>> BackupStore::list(std::string_view region) const {
  std::vector<Entry> entries;
  {
    std::lock_guard lock(mutex_);
    auto space = backups_.find(region);
    if (space != backups_.end()) {
      for (const auto& [arn, entry] : space->second) entries.push_back(entry);
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.backup->created_ms != b.backup->created_ms) {
      return a.backup->created_ms < b.backup->created_ms;
    }
    return a.sequence < b.sequence;
  });
  std::vector<std::shared_ptr<const Backup>> backups;
  backups.reserve(entries.size());
  for (Entry& entry : entries) backups.push_back(std::move(entry.backup));
  return backups;
}

std::vector<std::shared_ptr<const Backup>> BackupStore::all() const {
  std::vector<std::shared_ptr<const Backup>> backups;
  std::lock_guard lock(mutex_);
  for (const auto& [region, space] : backups_) {
    for (const auto& [arn, entry] : space) backups.push_back(entry.backup);
  }
  return backups;
}

}  // namespace ddb::engine
