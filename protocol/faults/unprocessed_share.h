#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol {

// A fault rule's batch share, drawn for one BatchWriteItem or BatchGetItem: which of its requests
// come back in UnprocessedItems / UnprocessedKeys, with nothing written or read for them.
// Self-contained (the rules may change while the batch runs); thread-compatible.
class UnprocessedShare {
 public:
  // `share` in (0, 1]; `seed` makes the choice; `tables` are the rule's tables (empty: any).
  UnprocessedShare(double share, std::uint64_t seed, std::vector<std::string> tables)
      : share_(share), seed_(seed), tables_(std::move(tables)) {}

  // Given the table (as the request names it: a name or an ARN) of each request of the batch, in
  // the order the batch runs them, which to leave unprocessed: share × n of the n requests on the
  // rule's tables, rounded up, chosen at random by the seed.
  std::vector<bool> choose(const std::vector<std::string_view>& request_tables) const;

 private:
  double share_;
  std::uint64_t seed_;
  std::vector<std::string> tables_;
};

}  // namespace ddb::protocol
