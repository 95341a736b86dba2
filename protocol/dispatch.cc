#include "protocol/dispatch.h"

#include <string>
#include <unordered_map>

#include "engine/error.h"
#include "protocol/error_json.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"
#include "protocol/operations.h"

namespace ddb::protocol {

namespace {

using Handler = Json (*)(RequestContext&, const Json&);

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";

const std::unordered_map<std::string_view, Handler>& handlers() {
  static const std::unordered_map<std::string_view, Handler> table = {
      {"CreateTable", create_table},
      {"DescribeTable", describe_table},
      {"ListTables", list_tables},
      {"DeleteTable", delete_table},
      {"UpdateTable", update_table},
      {"PutItem", put_item},
      {"GetItem", get_item},
      {"DeleteItem", delete_item},
      {"Query", query},
      {"Scan", scan},
      {"UpdateItem", update_item},
      {"BatchGetItem", batch_get_item},
      {"BatchWriteItem", batch_write_item},
      {"TransactWriteItems", transact_write_items},
      {"TransactGetItems", transact_get_items},
  };
  return table;
}

// Every operation of DynamoDB's API (botocore's service model), so that an operation ddblocal does
// not implement yet is told apart from a target DynamoDB does not know.
bool is_dynamodb_operation(std::string_view name) {
  static const std::unordered_map<std::string_view, bool> known = [] {
    std::unordered_map<std::string_view, bool> names;
    for (std::string_view op : {"BatchExecuteStatement",
                                "BatchGetItem",
                                "BatchWriteItem",
                                "CreateBackup",
                                "CreateGlobalTable",
                                "CreateTable",
                                "DeleteBackup",
                                "DeleteItem",
                                "DeleteResourcePolicy",
                                "DeleteTable",
                                "DescribeBackup",
                                "DescribeContinuousBackups",
                                "DescribeContributorInsights",
                                "DescribeEndpoints",
                                "DescribeExport",
                                "DescribeGlobalTable",
                                "DescribeGlobalTableSettings",
                                "DescribeImport",
                                "DescribeKinesisStreamingDestination",
                                "DescribeLimits",
                                "DescribeTable",
                                "DescribeTableReplicaAutoScaling",
                                "DescribeTimeToLive",
                                "DisableKinesisStreamingDestination",
                                "EnableKinesisStreamingDestination",
                                "ExecuteStatement",
                                "ExecuteTransaction",
                                "ExportTableToPointInTime",
                                "GetItem",
                                "GetResourcePolicy",
                                "ImportTable",
                                "ListBackups",
                                "ListContributorInsights",
                                "ListExports",
                                "ListGlobalTables",
                                "ListImports",
                                "ListTables",
                                "ListTagsOfResource",
                                "PutItem",
                                "PutResourcePolicy",
                                "Query",
                                "RestoreTableFromBackup",
                                "RestoreTableToPointInTime",
                                "Scan",
                                "TagResource",
                                "TransactGetItems",
                                "TransactWriteItems",
                                "UntagResource",
                                "UpdateContinuousBackups",
                                "UpdateContributorInsights",
                                "UpdateGlobalTable",
                                "UpdateGlobalTableSettings",
                                "UpdateItem",
                                "UpdateKinesisStreamingDestination",
                                "UpdateTable",
                                "UpdateTableReplicaAutoScaling",
                                "UpdateTimeToLive"}) {
      names.emplace(op, true);
    }
    return names;
  }();
  return known.contains(name);
}

Response respond(const Json& body) { return {200, write_json(body), {}}; }

}  // namespace

Response Dispatcher::handle(std::string_view target, std::string_view body,
                            const Caller& caller) const {
  try {
    // DynamoDB parses the body before it looks at the target: bad JSON is a SerializationException
    // (with no message) whatever the target says.
    Json request = read_json(body);
    if (request.is_discarded() || !request.is_object()) {
      throw engine::Error::serialization("");
    }
    std::string_view operation;
    if (target.starts_with(kTargetPrefix)) operation = target.substr(kTargetPrefix.size());
    auto handler = handlers().find(operation);
    if (handler == handlers().end()) {
      if (is_dynamodb_operation(operation)) {
        throw engine::Error(engine::ErrorType::UnknownOperation,
                            "ddblocal does not implement " + std::string(operation) + " yet");
      }
      throw engine::Error(engine::ErrorType::UnknownOperation, "");
    }
    if (caller.auth_failure) throw *caller.auth_failure;
    RequestContext ctx{database_, caller};
    return respond(handler->second(ctx, request));
  } catch (const engine::Error& error) {
    return error_response(error);
  } catch (const std::exception& error) {
    Response response =
        error_response(engine::Error(engine::ErrorType::InternalServer, "Internal server error"));
    response.internal_error = error.what();
    return response;
  }
}

}  // namespace ddb::protocol
