#include "protocol/dispatch.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "engine/database.h"
#include "engine/error.h"
#include "protocol/admin/access_report.h"
#include "protocol/admin/request_log.h"
#include "protocol/error_json.h"
#include "protocol/faults/fault_rules.h"
#include "protocol/json/json_reader.h"
#include "protocol/json/json_writer.h"
#include "protocol/json/response_body.h"
#include "protocol/operations.h"
#include "protocol/requests/request_shapes.h"
#include "protocol/streams/operations.h"

namespace ddb::protocol {

namespace {

// An operation: one that returns its body as a JSON document, one that writes (part of) it
// itself (ResponseBody: the item-returning operations), or one whose body is empty.
struct Handler {
  using Document = Json (*)(RequestContext&, const Json&);
  using Written = ResponseBody (*)(RequestContext&, const Json&);
  using Empty = void (*)(RequestContext&, const Json&);
  // Implicit, so that the tables' rows name the functions of any kind.
  Handler(Document f) : document(f) {}
  Handler(Written f) : written(f) {}
  Handler(Empty f) : empty(f) {}
  Document document = nullptr;
  Written written = nullptr;
  Empty empty = nullptr;
  // Whether the operation only reads: it logs nothing, so its response waits for no sync even
  // while other requests' writes move the log on.
  bool reads_only = false;
  // The request's model, which its body is type-checked against while it is read
  // (request_shape()), or nullptr.
  const Shape* shape = nullptr;
};

Handler reads_only(Handler handler) {
  handler.reads_only = true;
  return handler;
}

std::unordered_map<std::string_view, Handler> with_shapes(
    std::unordered_map<std::string_view, Handler> table) {
  for (auto& [operation, handler] : table) handler.shape = request_shape(operation);
  return table;
}

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
// DynamoDB Streams on the same endpoint, as DynamoDB Local serves it.
constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";

const std::unordered_map<std::string_view, Handler>& handlers() {
  static const std::unordered_map<std::string_view, Handler> table = with_shapes({
      {"CreateTable", create_table},
      {"DescribeTable", describe_table},
      {"DescribeEndpoints", describe_endpoints},
      {"DescribeLimits", describe_limits},
      {"ListTables", list_tables},
      {"DeleteTable", delete_table},
      {"UpdateTable", update_table},
      {"PutItem", put_item},
      {"GetItem", reads_only(get_item)},
      {"DeleteItem", delete_item},
      {"Query", reads_only(query)},
      {"Scan", reads_only(scan)},
      {"UpdateItem", update_item},
      {"BatchGetItem", reads_only(batch_get_item)},
      {"BatchWriteItem", batch_write_item},
      {"TransactWriteItems", transact_write_items},
      {"TransactGetItems", reads_only(transact_get_items)},
      {"ExecuteStatement", execute_statement},
      {"ExecuteTransaction", execute_transaction},
      {"BatchExecuteStatement", batch_execute_statement},
      {"UpdateTimeToLive", update_time_to_live},
      {"DescribeTimeToLive", describe_time_to_live},
      {"TagResource", tag_resource},
      {"UntagResource", untag_resource},
      {"ListTagsOfResource", list_tags_of_resource},
      {"PutResourcePolicy", put_resource_policy},
      {"GetResourcePolicy", reads_only(get_resource_policy)},
      {"DeleteResourcePolicy", delete_resource_policy},
      {"DescribeContinuousBackups", reads_only(describe_continuous_backups)},
      {"UpdateContinuousBackups", update_continuous_backups},
      {"DescribeContributorInsights", reads_only(describe_contributor_insights)},
      {"UpdateContributorInsights", update_contributor_insights},
      {"ListContributorInsights", reads_only(list_contributor_insights)},
      {"EnableKinesisStreamingDestination", enable_kinesis_streaming_destination},
      {"DisableKinesisStreamingDestination", disable_kinesis_streaming_destination},
      {"DescribeKinesisStreamingDestination", reads_only(describe_kinesis_streaming_destination)},
      {"UpdateKinesisStreamingDestination", update_kinesis_streaming_destination},
      {"ExportTableToPointInTime", export_table_to_point_in_time},
      {"DescribeExport", reads_only(describe_export)},
      {"ListExports", reads_only(list_exports)},
      {"ImportTable", import_table},
      {"DescribeImport", reads_only(describe_import)},
      {"ListImports", reads_only(list_imports)},
      {"CreateBackup", create_backup},
      {"DescribeBackup", reads_only(describe_backup)},
      {"ListBackups", reads_only(list_backups)},
      {"DeleteBackup", delete_backup},
      {"RestoreTableFromBackup", restore_table_from_backup},
      {"RestoreTableToPointInTime", restore_table_to_point_in_time},
  });
  return table;
}

const std::unordered_map<std::string_view, Handler>& stream_handlers() {
  static const std::unordered_map<std::string_view, Handler> table = {
      {"ListStreams", streams::list_streams},
      {"DescribeStream", streams::describe_stream},
      {"GetShardIterator", streams::get_shard_iterator},
      {"GetRecords", streams::get_records},
  };
  return table;
}

// The handler `target` names, or nullptr; `operation` is set to the operation's name.
const Handler* find_handler(std::string_view target, std::string_view& operation) {
  for (auto [prefix, table] : {std::pair{kTargetPrefix, &handlers()},
                               std::pair{kStreamsTargetPrefix, &stream_handlers()}}) {
    if (!target.starts_with(prefix)) continue;
    operation = target.substr(prefix.size());
    auto it = table->find(operation);
    return it == table->end() ? nullptr : &it->second;
  }
  return nullptr;
}

// The global tables operations (both versions, 2017.11.29 and 2019.11.21): a replica lives in
// another region, which a single server has no copy of, so they are refused with a message that
// says so rather than "not yet".
bool is_global_table_operation(std::string_view name) {
  for (std::string_view op :
       {"CreateGlobalTable", "DescribeGlobalTable", "DescribeGlobalTableSettings",
        "ListGlobalTables", "UpdateGlobalTable", "UpdateGlobalTableSettings",
        "DescribeTableReplicaAutoScaling", "UpdateTableReplicaAutoScaling"}) {
    if (name == op) return true;
  }
  return false;
}

// The message of an UnknownOperationException for a global tables operation, the only part of
// DynamoDB's API that ddblocal does not serve.
std::string unserved_message(std::string_view operation) {
  return std::string(operation) +
         " is not supported: ddblocal has no global tables (no replicas in other regions)";
}

Response respond(const Handler& handler, RequestContext& ctx, const Json& request) {
  if (handler.written) return {200, handler.written(ctx, request).write(), {}, {}};
  if (handler.empty) {
    handler.empty(ctx, request);
    return {200, "", {}, {}};
  }
  return {200, write_json(handler.document(ctx, request)), {}, {}};
}

// For the request log: the TableName of a request that named no table through find_table (one
// refused before it looked its table up, a CreateTable).
void note_table_name(RequestContext& ctx, const Json& request) {
  if (!ctx.usage.wanted || !ctx.usage.table.empty() || !request.is_object()) return;
  if (auto name = request.find("TableName"); name != request.end() && name->is_string()) {
    ctx.usage.table = name->get_ref<const std::string&>();
  }
}

// Runs the request `handler` (nullptr when `target` names none) answers, under the fault rules
// `faults` when any may fire.
Response run(const Handler* handler, std::string_view target, std::string_view operation,
             std::string_view body, RequestContext& ctx, FaultRules* faults) {
  Json request;
  FaultOutcome fault;
  Response response;
  try {
    // DynamoDB parses a body before it looks at the target: bad JSON is a SerializationException
    // (with no message) whatever the target says. So is a body nested too deep to be a request.
    // An empty body is one only after the target and the credentials have passed (issue 20).
    // A value of the wrong JSON type is found in the same reading, and reported after those.
    std::optional<std::string> type_error;
    if (!body.empty()) {
      request = handler != nullptr && handler->shape != nullptr
                    ? read_json(body, *handler->shape, type_error)
                    : read_json(body);
      if (request.is_discarded() || !request.is_object()) {
        throw engine::Error::serialization("");
      }
    }
    if (handler == nullptr) {
      if (target.starts_with(kTargetPrefix) && is_global_table_operation(operation)) {
        throw engine::Error(engine::ErrorType::UnknownOperation, unserved_message(operation));
      }
      throw engine::Error(engine::ErrorType::UnknownOperation, "");
    }
    if (ctx.caller.auth_failure) throw *ctx.caller.auth_failure;
    if (body.empty()) throw engine::Error::serialization("");
    // Types before everything else: a type error anywhere in the body beats every constraint and
    // semantic check (issue 20).
    if (type_error) throw engine::Error::serialization(std::move(*type_error));
    // Faults come after the checks of the wire and the credentials, and before the request runs:
    // an injected failure writes nothing.
    if (faults != nullptr && faults->armed()) {
      fault = faults->decide(operation, request);
      if (fault.error) throw *fault.error;
      if (fault.unprocessed) ctx.unprocessed = &*fault.unprocessed;
    }
    response = respond(*handler, ctx, request);
    note_table_name(ctx, request);
  } catch (const engine::Error& error) {
    ctx.usage.error_type = error_type_name(error.type());
    note_table_name(ctx, request);
    response = error_response(error);
  } catch (const std::exception& error) {
    ctx.usage.error_type = error_type_name(engine::ErrorType::InternalServer);
    response =
        error_response(engine::Error(engine::ErrorType::InternalServer, "Internal server error"));
    response.internal_error = error.what();
  }
  response.delay = fault.latency;
  return response;
}

// run(), and what the response must wait for.
Response run_durably(engine::Database& database, const Handler* handler, std::string_view target,
                     std::string_view operation, std::string_view body, RequestContext& ctx,
                     FaultRules* faults) {
  if (handler != nullptr && handler->reads_only) {
    return run(handler, target, operation, body, ctx, faults);
  }

  // Each append the request makes has returned by the time the handler has, so it lies below
  // `after`; a request that appended nothing leaves the position where it was. Unless a
  // concurrent request moved it: then this one waits for that one's sync too, which costs time,
  // never durability. The wait covers the response whatever it is (an error after a write too).
  const uint64_t before = database.durability_position();
  Response response = run(handler, target, operation, body, ctx, faults);
  const uint64_t after = database.durability_position();
  if (after != before || ctx.answers_for_earlier_write) response.durability = {after};
  return response;
}

void record(RequestLog& log, const engine::Database& database, const Caller& caller,
            std::string_view operation, const RequestContext& ctx, const Response& response,
            std::chrono::system_clock::time_point started) {
  // One clock reading for both: the server's clock is real time plus an offset.
  const auto answered = std::chrono::system_clock::now();
  const RequestUsage& usage = ctx.usage;
  log.record({.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                             (answered + database.clock().offset()).time_since_epoch())
                             .count(),
              .region = caller.region,
              .access_key = caller.access_key,
              .operation = operation,
              .table = usage.table,
              .index = usage.index,
              .status = response.status,
              .error_type = usage.error_type,
              // With the latency a fault rule adds, which the session waits out: as the client
              // sees it.
              .latency_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                answered - started + response.delay)
                                .count(),
              .capacity_units = usage.capacity_units,
              .count = usage.count,
              .scanned_count = usage.scanned_count,
              .scan = usage.scan});
}

}  // namespace

Response Dispatcher::handle(std::string_view target, std::string_view body,
                            const Caller& caller) const {
  std::string_view operation;
  const Handler* handler = find_handler(target, operation);
  const std::string space = namespace_of(namespaces_, caller);
  RequestContext ctx{database_, caller, space, false, {}};
  ctx.transfers = transfers_;
  if (request_log_ == nullptr && access_report_ == nullptr) {
    return run_durably(database_, handler, target, operation, body, ctx, faults_);
  }
  const auto started = std::chrono::system_clock::now();
  ctx.usage.wanted = true;
  Response response = run_durably(database_, handler, target, operation, body, ctx, faults_);
  if (request_log_) record(*request_log_, database_, caller, operation, ctx, response, started);
  if (access_report_) access_report_->record(space, operation, ctx.usage);
  return response;
}

void Dispatcher::when_durable(engine::DurabilityTicket ticket, std::function<void()> done) const {
  database_.when_durable(ticket, std::move(done));
}

}  // namespace ddb::protocol
