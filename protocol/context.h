#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/database.h"
#include "engine/error.h"
#include "engine/table_definition.h"
#include "protocol/call.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// The capacity one index consumed.
struct IndexUnits {
  std::string name;
  engine::IndexKind kind = engine::IndexKind::Global;
  double units = 0;
};

// What a request touched and consumed, noted by the operations as they run (whether or not the
// client asked for ReturnConsumedCapacity) for the request log (protocol/admin/request_log.h) and
// the access-pattern report (protocol/admin/access_report.h).
struct RequestUsage {
  std::string table;            // the first table the request named (find_table)
  std::string index;            // IndexName of a Query or Scan
  double capacity_units = 0;    // read and write units, table and indexes
  int64_t count = -1;           // a Query's or Scan's Count; -1 for other operations
  int64_t scanned_count = -1;   // and its ScannedCount
  bool scan = false;            // the read was a Scan
  std::string_view error_type;  // the error's short type name ("ValidationException"), if any
  // Whether anything reads these figures: the operations skip work done only for them when not.
  bool wanted = false;

  // For the access-pattern report, noted only when `wanted`, by the single-item operations and
  // Query (not by the batch, transaction and PartiQL operations):
  std::string partition_key;  // the key's partition value as key_text renders it; empty: none
  std::string sort_key;       // a write's sort key value, as key_text renders it
  bool sort_key_is_string = false;
  std::size_t item_bytes = 0;            // the size of the item a PutItem or UpdateItem left
  std::vector<IndexUnits> index_writes;  // each index's write units of a single-item write
  std::string statement;                 // a Query's or Scan's shape (statement_shape)

  void add_read_page(int64_t page_count, int64_t page_scanned, double units) {
    count = count < 0 ? page_count : count + page_count;
    scanned_count = scanned_count < 0 ? page_scanned : scanned_count + page_scanned;
    capacity_units += units;
  }
  // Notes the key a single-item operation named (its sort key only for a write: the report's item
  // sizes and sort-key hygiene look at what was written).
  void note_key(const engine::Key& key, bool write);
};
class UnprocessedShare;
class Transfers;

// A key value as the report shows it: a string as it is, a number's digits, binary in base64.
std::string key_text(const engine::AttributeValue& value);

// What an operation handler gets besides its request body.
struct RequestContext {
  engine::Database& database;
  const Caller& caller;
  // The engine::Database region (namespace) whose tables this request sees: namespace_of the
  // caller (protocol/namespaces.h), by access key and SigV4 region unless the server shares one.
  std::string_view region;
  // Set by a handler that reports a write it did not make itself (a TransactWriteItems retried
  // with its ClientRequestToken, whose first call may still wait for its sync): the response then
  // waits until everything logged so far is durable, that first write included.
  bool answers_for_earlier_write = false;
  // Mutable: find_table, which takes the context as const, notes the table it looked up.
  mutable RequestUsage usage;
  // For BatchWriteItem and BatchGetItem: the requests a fault rule leaves unprocessed
  // (protocol/faults); nullptr for every batch that no rule touches.
  const UnprocessedShare* unprocessed = nullptr;
  // The export and import jobs against the directory standing in for S3 (--s3-dir); nullptr when
  // the server has none (protocol/transfers).
  Transfers* transfers = nullptr;
};

// The table a TableName member names, given as the table's name or as its ARN
// (arn:aws:dynamodb:<region>:<account>:table/<name>), as every operation that takes a TableName
// accepts both; nullptr when there is no such table. An ARN that does not name a table of the
// caller's region is a ValidationException, one of another account an AccessDeniedException.
std::shared_ptr<engine::Table> find_table(const RequestContext& ctx, std::string_view name);

// The table name a TableName member gives: `name` itself, or the name in the table ARN `name`,
// checked as find_table checks it (CreateTable takes an ARN too).
std::string table_name_of(const RequestContext& ctx, std::string_view name);

// The table an item operation names (as find_table); ResourceNotFoundException when it does not
// exist.
std::shared_ptr<engine::Table> require_table(const RequestContext& ctx, std::string_view name);

// The ResourceNotFoundException of table-level operations (DescribeTable, DeleteTable,
// UpdateTable), which name the table: "Requested resource not found: Table: <name> not found".
engine::Error table_not_found(std::string_view name);

// The account ID every ARN of this server names, whatever the access key, as DynamoDB Local does.
inline constexpr std::string_view kAccountId = "000000000000";

// The ARN DynamoDB gives a table in the caller's region (account kAccountId). Under
// Namespaces::Shared it names the region of the caller that created the table, whoever reads it.
std::string table_arn(const RequestContext& ctx, std::string_view table_name);

}  // namespace ddb::protocol
