#pragma once

#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/item.h"

namespace ddb::engine {

// Every client-visible failure kind. protocol/error_json.cc maps each one to its HTTP status and
// the `__type` namespace DynamoDB uses for it.
enum class ErrorType {
  Validation,
  Serialization,
  UnknownOperation,
  MissingAuthenticationToken,
  IncompleteSignature,
  InvalidSignature,
  UnrecognizedClient,
  AccessDenied,
  ResourceNotFound,
  ResourceInUse,
  ConditionalCheckFailed,
  TransactionCanceled,
  IdempotentParameterMismatch,
  TransactionInProgress,
  LimitExceeded,
  ItemCollectionSizeLimitExceeded,
  // DynamoDB Streams' own: an iterator older than 15 minutes; a read before the trim horizon.
  ExpiredIterator,
  TrimmedDataAccess,
  InternalServer,
};

// Why one action of a cancelled transaction failed, as TransactionCanceledException's
// CancellationReasons list it: Code "None" for an action that would have succeeded.
struct CancellationReason {
  std::string code;
  std::string message;       // empty for "None"
  std::optional<Item> item;  // the item a failed condition saw, when asked for
};

// The one exception type for client-visible errors. Thrown where the rule is known; written to the
// wire once, by protocol/error_json.cc. The message is DynamoDB's, character for character.
class Error : public std::exception {
 public:
  Error(ErrorType type, std::string message) : type_(type), message_(std::move(message)) {}

  static Error validation(std::string message) {
    return {ErrorType::Validation, std::move(message)};
  }
  static Error serialization(std::string message) {
    return {ErrorType::Serialization, std::move(message)};
  }
  static Error resource_not_found(std::string message) {
    return {ErrorType::ResourceNotFound, std::move(message)};
  }
  static Error resource_in_use(std::string message) {
    return {ErrorType::ResourceInUse, std::move(message)};
  }
  // "The conditional request failed" (DynamoDB's text everywhere a condition fails), carrying the
  // item the condition saw when ReturnValuesOnConditionCheckFailure asks for it.
  static Error conditional_check_failed(std::optional<Item> item = std::nullopt) {
    Error error(ErrorType::ConditionalCheckFailed, "The conditional request failed");
    error.item_ = std::move(item);
    return error;
  }

  // TransactionCanceledException: "Transaction cancelled, please refer cancellation reasons for
  // specific reasons [None, ConditionalCheckFailed]", with one reason per action.
  static Error transaction_canceled(std::vector<CancellationReason> reasons);

  ErrorType type() const { return type_; }
  const std::string& message() const { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }
  // The item a failed condition saw, written as the error's "Item" member; empty otherwise.
  const std::optional<Item>& item() const { return item_; }
  const std::vector<CancellationReason>& cancellation_reasons() const { return reasons_; }

 private:
  ErrorType type_;
  std::string message_;
  std::optional<Item> item_;
  std::vector<CancellationReason> reasons_;
};

}  // namespace ddb::engine
