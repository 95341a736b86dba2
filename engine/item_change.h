#pragma once

#include <memory>
#include <span>
#include <vector>

#include "engine/item.h"

namespace ddb::engine {

class Table;

// Who made a change: a client's request, or the service itself (TTL's expirer), which DynamoDB
// Streams reports with a Service userIdentity.
enum class ChangeOrigin { Client, TimeToLive };

// One committed change to one item: the item before (nullptr: there was none) and after
// (nullptr: it was deleted). The pointers are valid only during the listener call.
struct ItemChange {
  const Table& table;
  const Key& key;
  const Item* old_item;
  const Item* new_item;
  ChangeOrigin origin;
};

// Receives a table's committed changes (streams, the durable log). Called under the locks of the
// shards the changes touch, so each item's changes arrive in commit order; an atomic unit (one
// write, or one transaction's writes to the tables this listener is attached to) arrives in one
// call. Must not throw, and should be quick: writers to those shards wait for it.
class ChangeListener {
 public:
  virtual ~ChangeListener() = default;
  virtual void on_changes(std::span<const ItemChange> changes) = 0;
};

using ChangeListeners = std::vector<std::shared_ptr<ChangeListener>>;

}  // namespace ddb::engine
