#include "protocol/error_json.h"

#include <nlohmann/json.hpp>
#include <vector>

#include "engine/error_details.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol {

namespace {

struct WireError {
  const char* type;
  int status;
  // Coral's own service errors spell the key "Message"; DynamoDB's errors spell it "message".
  const char* message_key = "message";
};

WireError wire_error(engine::ErrorType type) {
  using engine::ErrorType;
  switch (type) {
    case ErrorType::Validation:
      return {"com.amazon.coral.validate#ValidationException", 400};
    case ErrorType::Serialization:
      return {"com.amazon.coral.service#SerializationException", 400, "Message"};
    case ErrorType::UnknownOperation:
      return {"com.amazon.coral.service#UnknownOperationException", 400};
    case ErrorType::MissingAuthenticationToken:
      return {"com.amazon.coral.service#MissingAuthenticationTokenException", 400};
    case ErrorType::IncompleteSignature:
      return {"com.amazon.coral.service#IncompleteSignatureException", 400};
    case ErrorType::InvalidSignature:
      return {"com.amazon.coral.service#InvalidSignatureException", 400};
    case ErrorType::UnrecognizedClient:
      return {"com.amazon.coral.service#UnrecognizedClientException", 400};
    case ErrorType::AccessDenied:
      return {"com.amazon.coral.service#AccessDeniedException", 400, "Message"};
    case ErrorType::ResourceNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400};
    case ErrorType::ResourceInUse:
      return {"com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400};
    case ErrorType::ConditionalCheckFailed:
      return {"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400};
    case ErrorType::DuplicateItem:
      return {"com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400};
    case ErrorType::TransactionCanceled:
      // Capital "Message", beside "CancellationReasons" (raw AWS body in boto/boto3#2657).
      return {"com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400, "Message"};
    case ErrorType::IdempotentParameterMismatch:
      return {"com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400};
    case ErrorType::TransactionInProgress:
      return {"com.amazonaws.dynamodb.v20120810#TransactionInProgressException", 400};
    case ErrorType::LimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#LimitExceededException", 400};
    case ErrorType::ItemCollectionSizeLimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException", 400};
    case ErrorType::TableNotFound:
      return {"com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400};
    case ErrorType::ExportNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ExportNotFoundException", 400};
    case ErrorType::ImportNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ImportNotFoundException", 400};
    case ErrorType::ExportConflict:
      return {"com.amazonaws.dynamodb.v20120810#ExportConflictException", 400};
    case ErrorType::ImportConflict:
      return {"com.amazonaws.dynamodb.v20120810#ImportConflictException", 400};
    case ErrorType::PointInTimeRecoveryUnavailable:
      return {"com.amazonaws.dynamodb.v20120810#PointInTimeRecoveryUnavailableException", 400};
    case ErrorType::InvalidExportTime:
      return {"com.amazonaws.dynamodb.v20120810#InvalidExportTimeException", 400};
    case ErrorType::PolicyNotFound:
      return {"com.amazonaws.dynamodb.v20120810#PolicyNotFoundException", 400};
    case ErrorType::TableAlreadyExists:
      return {"com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException", 400};
    case ErrorType::BackupNotFound:
      return {"com.amazonaws.dynamodb.v20120810#BackupNotFoundException", 400};
    case ErrorType::InvalidRestoreTime:
      return {"com.amazonaws.dynamodb.v20120810#InvalidRestoreTimeException", 400};
    // DynamoDB Streams' own errors keep the namespace of the streams service's original model
    // (the shape ids the JS SDK v3's first generated client matched); its ResourceNotFound and
    // LimitExceeded are DynamoDB's.
    case ErrorType::ExpiredIterator:
      return {"com.amazonaws.dynamodb.streams.v20120810#ExpiredIteratorException", 400};
    case ErrorType::TrimmedDataAccess:
      return {"com.amazonaws.dynamodb.streams.v20120810#TrimmedDataAccessException", 400};
    // Throughput refusals are 400s; ThrottlingException comes from the service framework
    // (Coral's availability namespace), the others from DynamoDB's model.
    case ErrorType::ProvisionedThroughputExceeded:
      return {"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400};
    case ErrorType::Throttling:
      return {"com.amazon.coral.availability#ThrottlingException", 400};
    case ErrorType::RequestLimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", 400};
    case ErrorType::TransactionConflict:
      return {"com.amazonaws.dynamodb.v20120810#TransactionConflictException", 400};
    case ErrorType::InternalServer:
      return {"com.amazonaws.dynamodb.v20120810#InternalServerError", 500};
    // The Developer Guide's "Service Unavailable (HTTP 503)"; SDKs retry any 503 on its status.
    case ErrorType::ServiceUnavailable:
      return {"com.amazonaws.dynamodb.v20120810#ServiceUnavailable", 503};
  }
  return {"com.amazonaws.dynamodb.v20120810#InternalServerError", 500};
}

// One entry per action: {"Code":"None"} alone for an action that would have succeeded (no
// "Message" key, not even null: erlcloud/erlcloud#607), and "Item" only when a failed condition
// asked for it (ReturnValuesOnConditionCheckFailure=ALL_OLD) and the item exists.
nlohmann::json cancellation_reasons_json(const std::vector<engine::CancellationReason>& reasons) {
  nlohmann::json list = nlohmann::json::array();
  for (const engine::CancellationReason& reason : reasons) {
    nlohmann::json entry = {{"Code", reason.code}};
    if (reason.item) entry["Item"] = item_to_json(*reason.item);
    if (!reason.message.empty()) entry["Message"] = reason.message;
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace

std::string_view error_type_name(engine::ErrorType type) {
  std::string_view name = wire_error(type).type;
  return name.substr(name.find('#') + 1);
}

Response error_response(const engine::Error& error) {
  WireError wire = wire_error(error.type());
  nlohmann::json body = {{"__type", wire.type}};
  // Some errors (a bad target, unparseable JSON) carry no message at all on DynamoDB.
  if (!error.message().empty()) body[wire.message_key] = error.message();
  // ConditionalCheckFailedException's "Item" member (ReturnValuesOnConditionCheckFailure=ALL_OLD),
  // beside "message" as the service model puts it.
  if (const engine::ErrorDetails* details = error.details()) {
    if (details->item) body["Item"] = item_to_json(*details->item);
    if (error.type() == engine::ErrorType::TransactionCanceled) {
      body["CancellationReasons"] = cancellation_reasons_json(details->cancellation_reasons);
    }
    for (const engine::ThrottlingReason& reason : details->throttling_reasons) {
      body["ThrottlingReasons"].push_back(
          {{"reason", reason.reason}, {"resource", reason.resource}});
    }
  }
  // A message may quote request text; never let an invalid UTF-8 byte turn an error into a 500.
  return {wire.status, body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), {}, {}};
}

}  // namespace ddb::protocol
