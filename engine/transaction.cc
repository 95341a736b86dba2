#include "engine/transaction.h"

#include <algorithm>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <tuple>

#include "engine/error.h"
#include "engine/error_details.h"
#include "engine/key_hash.h"

namespace ddb::engine {

namespace {

// A shard to lock, in the global lock order.
struct ShardRef {
  const Table* table;
  std::shared_mutex* mutex;
  bool operator<(const ShardRef& other) const {
    if (table != other.table) return std::less<const Table*>{}(table, other.table);
    return std::less<std::shared_mutex*>{}(mutex, other.mutex);
  }
  bool operator==(const ShardRef& other) const { return mutex == other.mutex; }
};

// Sorted, without duplicates.
std::vector<ShardRef> lock_order(std::vector<ShardRef> shards) {
  std::sort(shards.begin(), shards.end());
  shards.erase(std::unique(shards.begin(), shards.end()), shards.end());
  return shards;
}

CancellationReason reason_for(const Error& error) {
  switch (error.type()) {
    case ErrorType::ConditionalCheckFailed:
      return {"ConditionalCheckFailed", error.message(),
              error.details() ? error.details()->item : std::nullopt};
    case ErrorType::ItemCollectionSizeLimitExceeded:
      return {"ItemCollectionSizeLimitExceeded", error.message(), std::nullopt};
    case ErrorType::DuplicateItem:
      // A PartiQL INSERT in ExecuteTransaction whose key exists.
      return {"DuplicateItem", error.message(), std::nullopt};
    default:
      return {"ValidationError", error.message(), std::nullopt};
  }
}

}  // namespace

std::vector<std::optional<Item>> Transaction::write(std::vector<TransactionAction>& actions) {
  struct Located {
    uint64_t hash;
    Table::Store::Shard* shard;
    std::shared_ptr<const Table::Indexes> indexes;
  };
  std::vector<Located> located;
  std::vector<ShardRef> shards;
  for (TransactionAction& action : actions) {
    uint64_t hash = partition_hash(action.key.partition);
    Table::Store::Shard& shard = action.table->store_.shard_for(hash);
    located.push_back({hash, &shard, nullptr});
    shards.push_back({action.table.get(), &shard.mutex});
  }
  std::vector<std::unique_lock<std::shared_mutex>> locks;
  for (const ShardRef& shard : lock_order(std::move(shards))) locks.emplace_back(*shard.mutex);

  std::vector<std::optional<Item>> next(actions.size());
  std::vector<CancellationReason> reasons(actions.size(), CancellationReason{"None", "", {}});
  bool failed = false;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    TransactionAction& action = actions[i];
    Located& where = located[i];
    // Loaded under the locks, as Table::write does.
    where.indexes = action.table->indexes_.load();
    auto partition = action.table->find_partition(*where.shard, where.hash, action.key);
    std::optional<Item> current = action.table->find_locked(*where.shard, partition, action.key);
    try {
      next[i] = action.decide(current ? &*current : nullptr);
      if (action.writes) {
        action.table->check_write_locked(*where.shard, partition, *where.indexes,
                                         current ? &*current : nullptr,
                                         next[i] ? &*next[i] : nullptr);
      }
    } catch (const Error& error) {
      CancellationReason reason = reason_for(error);
      if (reason.code == "ValidationError") {
        // DynamoDB validates every action before it evaluates any condition, so a validation
        // error is the only reason reported; the other actions say None.
        std::vector<CancellationReason> only(actions.size(), CancellationReason{"None", "", {}});
        only[i] = std::move(reason);
        throw transaction_canceled(std::move(only));
      }
      reasons[i] = std::move(reason);
      failed = true;
    }
  }
  if (failed) throw transaction_canceled(std::move(reasons));

  std::vector<std::optional<Item>> previous(actions.size());
  std::vector<std::size_t> committed;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    TransactionAction& action = actions[i];
    Located& where = located[i];
    if (!action.writes) continue;
    // Found again: an earlier write of this transaction may have changed the partition.
    auto partition = action.table->find_partition(*where.shard, where.hash, action.key);
    std::optional<Item> current = action.table->find_locked(*where.shard, partition, action.key);
    if (!next[i] && !current) continue;
    action.table->commit_locked(*where.shard, partition, where.hash, action.key, *where.indexes,
                                current ? &*current : nullptr, next[i] ? &*next[i] : nullptr);
    previous[i] = std::move(current);
    committed.push_back(i);
  }

  // Each listener gets the transaction's changes to the tables it listens to in one call, so that
  // it sees the transaction as one unit.
  std::vector<std::shared_ptr<const ChangeListeners>> listeners_of;
  for (std::size_t i : committed)
    listeners_of.push_back(actions[i].table->change_listeners_.load());
  if (std::all_of(listeners_of.begin(), listeners_of.end(),
                  [](const auto& listeners) { return listeners->empty(); })) {
    return previous;
  }
  std::vector<ItemChange> changes;
  for (std::size_t i : committed) {
    changes.push_back({*actions[i].table, actions[i].key, previous[i] ? &*previous[i] : nullptr,
                       next[i] ? &*next[i] : nullptr, ChangeOrigin::Client});
  }
  std::vector<ChangeListener*> notified;
  for (const auto& listeners : listeners_of) {
    for (const auto& listener : *listeners) {
      if (std::find(notified.begin(), notified.end(), listener.get()) != notified.end()) continue;
      notified.push_back(listener.get());
      std::vector<ItemChange> mine;
      for (std::size_t c = 0; c < changes.size(); ++c) {
        const auto& others = *listeners_of[c];
        if (std::find(others.begin(), others.end(), listener) != others.end()) {
          mine.push_back(changes[c]);
        }
      }
      listener->on_changes(mine);
    }
  }
  return previous;
}

std::vector<std::optional<Item>> Transaction::read(const std::vector<TransactionRead>& reads) {
  std::vector<ShardRef> shards;
  std::vector<uint64_t> hashes;
  for (const TransactionRead& read : reads) {
    uint64_t hash = partition_hash(read.key.partition);
    hashes.push_back(hash);
    const Table::Store::Shard& shard = read.table->store_.shard_for(hash);
    shards.push_back({read.table.get(), &shard.mutex});
  }
  std::vector<std::shared_lock<std::shared_mutex>> locks;
  for (const ShardRef& shard : lock_order(std::move(shards))) locks.emplace_back(*shard.mutex);

  std::vector<std::optional<Item>> items(reads.size());
  for (std::size_t i = 0; i < reads.size(); ++i) {
    const Table& table = *reads[i].table;
    items[i] = table.find_locked(table.store_.shard_for(hashes[i]), hashes[i], reads[i].key);
  }
  return items;
}

}  // namespace ddb::engine
