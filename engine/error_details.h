#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/item.h"

namespace ddb::engine {

// Why one action of a cancelled transaction failed, as TransactionCanceledException's
// CancellationReasons list it: Code "None" for an action that would have succeeded.
struct CancellationReason {
  std::string code;
  std::string message;       // empty for "None"
  std::optional<Item> item;  // the item a failed condition saw, when asked for
};

// What a throttled request ran short of, as a ThrottlingReasons entry names it: `reason` as
// ResourceType+OperationType+LimitType ("TableWriteProvisionedThroughputExceeded"), `resource` the
// table's or index's ARN.
struct ThrottlingReason {
  std::string reason;
  std::string resource;
};

struct ErrorDetails {
  // The item a failed condition saw, written as the error's "Item" member; empty otherwise.
  std::optional<Item> item;
  std::vector<CancellationReason> cancellation_reasons;
  std::vector<ThrottlingReason> throttling_reasons;
};

// "The conditional request failed" (DynamoDB's text everywhere a condition fails), carrying the
// item the condition saw when ReturnValuesOnConditionCheckFailure asks for it.
Error conditional_check_failed(std::optional<Item> item = std::nullopt);

// TransactionCanceledException: "Transaction cancelled, please refer cancellation reasons for
// specific reasons [None, ConditionalCheckFailed]", with one reason per action.
Error transaction_canceled(std::vector<CancellationReason> reasons);

}  // namespace ddb::engine
