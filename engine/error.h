#pragma once

#include <exception>
#include <memory>
#include <string>
#include <utility>

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
  // A PartiQL INSERT of a key that exists.
  DuplicateItem,
  TransactionCanceled,
  IdempotentParameterMismatch,
  TransactionInProgress,
  LimitExceeded,
  ItemCollectionSizeLimitExceeded,
  // The control plane's own: DescribeContinuousBackups and UpdateContinuousBackups name a missing
  // table with TableNotFound, not ResourceNotFound; a resource policy that is not there, or not at
  // the revision a request expects.
  TableNotFound,
  PolicyNotFound,
  // Export to S3 and import from S3 (protocol/transfers): an ARN that names no export or import; a
  // ClientToken reused with other parameters; an export of a table without point-in-time recovery,
  // or of a moment outside its window.
  ExportNotFound,
  ImportNotFound,
  ExportConflict,
  ImportConflict,
  PointInTimeRecoveryUnavailable,
  InvalidExportTime,
  // The backup and restore operations' own: a restore's target that exists, a backup that does
  // not, a point in time outside the recovery window or on a table without point-in-time
  // recovery.
  TableAlreadyExists,
  BackupNotFound,
  InvalidRestoreTime,
  // DynamoDB Streams' own: an iterator older than 15 minutes; a read before the trim horizon.
  ExpiredIterator,
  TrimmedDataAccess,
  // Refusals for throughput and concurrency, which ddblocal answers only when a fault rule says
  // so (protocol/faults): it has no capacity limits and runs transactions without conflicts.
  ProvisionedThroughputExceeded,
  Throttling,
  RequestLimitExceeded,
  TransactionConflict,
  InternalServer,
  ServiceUnavailable,
};

// What some errors carry besides their message (engine/error_details.h): the item a failed
// condition saw, a cancelled transaction's reasons. Kept out of this header so that the lowest
// engine files can throw without pulling in Item.
struct ErrorDetails;

// The one exception type for client-visible errors. Thrown where the rule is known; written to the
// wire once, by protocol/error_json.cc. The message is DynamoDB's, character for character.
class Error : public std::exception {
 public:
  Error(ErrorType type, std::string message, std::shared_ptr<const ErrorDetails> details = nullptr)
      : type_(type), message_(std::move(message)), details_(std::move(details)) {}

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
  ErrorType type() const { return type_; }
  const std::string& message() const { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }
  // The payload of a ConditionalCheckFailed or TransactionCanceled error; nullptr for the others.
  const ErrorDetails* details() const { return details_.get(); }

 private:
  ErrorType type_;
  std::string message_;
  std::shared_ptr<const ErrorDetails> details_;
};

}  // namespace ddb::engine
