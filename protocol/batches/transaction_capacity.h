#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json/json_fields.h"
#include "protocol/requests/item_request.h"

namespace ddb::protocol {

// The ConsumedCapacity of TransactWriteItems and TransactGetItems: one entry per table, in the
// order the tables first appear. A transaction reads and writes each item twice, so every item
// costs double, rounded per item first: 2 RCU per 4 KB read (a missing item included), 2 WCU per
// 1 KB written. Unlike the other operations, each entry also splits CapacityUnits into
// ReadCapacityUnits and WriteCapacityUnits (ExtendDB#76, #77 and #212 and dynoxide#57, checked
// against AWS).
class TransactionCapacity {
 public:
  // Reading an item of `bytes` (0: missing) in a transaction.
  void add_read(std::string_view table, std::size_t bytes);
  // Writing an item whose larger image (before or after) is `bytes`.
  void add_write(std::string_view table, std::size_t bytes);

  // Adds "ConsumedCapacity" to `response` when `detail` asks for it: TOTAL gives TableName,
  // CapacityUnits and the read and write parts that are not zero; INDEXES adds the same under
  // "Table".
  void write_to(Json& response, CapacityDetail detail) const;
  // The units charged in all.
  double total() const;

 private:
  struct Entry {
    std::string table;
    double read = 0;
    double write = 0;
  };
  Entry& entry(std::string_view table);

  std::vector<Entry> entries_;
};

}  // namespace ddb::protocol
