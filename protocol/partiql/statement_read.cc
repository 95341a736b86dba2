#include "protocol/partiql/statement_read.h"

#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/base64.h"
#include "protocol/json/json_reader.h"
#include "protocol/json/json_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/planner.h"
#include "protocol/partiql/translate.h"
#include "protocol/reads/index_read.h"
#include "protocol/reads/key_condition.h"
#include "protocol/reads/read_page.h"
#include "protocol/requests/key_validation.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

// NextToken is ours to shape: base64 of {"f": the statement's fingerprint, "k": the
// LastEvaluatedKey, "i": the IN value it stopped in}. DynamoDB Local's messages for a token that is
// not one, or is another statement's (AWS's own texts were not found).
constexpr const char* kInvalidToken = "Invalid NextToken";
constexpr const char* kTokenMismatch = "NextToken does not match request";

// `candidate`: which value of an IN on the partition key the page stopped in (0 otherwise).
std::string encode_token(const std::string& fingerprint, const engine::Item& last_key,
                         std::size_t candidate) {
  Json token = {{"f", fingerprint}, {"k", item_to_json(last_key)}, {"i", candidate}};
  return base64_encode(write_json(token));
}

// Where a NextToken resumes: its ExclusiveStartKey, as a request member for parse_start_key, and
// the IN value it stopped in.
struct Resume {
  Json start;
  std::size_t candidate = 0;
};

std::optional<Resume> decode_token(const std::optional<std::string>& token,
                                   const std::function<std::string()>& fingerprint) {
  if (!token) return std::nullopt;
  std::optional<std::string> text = base64_decode(*token);
  if (!text) throw Error::validation(kInvalidToken);
  Json decoded = read_json(*text);
  if (decoded.is_discarded() || !decoded.is_object() || !decoded.contains("f") ||
      !decoded.contains("k") || !decoded.contains("i") || !decoded["f"].is_string() ||
      !decoded["k"].is_object() || !decoded["i"].is_number_unsigned()) {
    throw Error::validation(kInvalidToken);
  }
  if (decoded["f"].get<std::string>() != fingerprint()) throw Error::validation(kTokenMismatch);
  return Resume{Json{{"ExclusiveStartKey", decoded["k"]}}, decoded["i"].get<std::size_t>()};
}

// DynamoDB runs no PartiQL on an index whose key has several HASH or RANGE attributes (captured
// from AWS, eu-west-2 and us-east-1, October 2026, by a public conformance suite: the message names
// tables, but reads of the base table run).
void check_single_attribute_key(const engine::Index& index) {
  if (!index.key_schema().single()) {
    throw Error::validation(
        "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or "
        "multi-attribute RANGE keys.");
  }
}

void check_order_by(const Statement& statement, const engine::IndexKeySchema& schema, bool query) {
  if (statement.order_by.empty()) return;
  // DynamoDB Local's messages.
  if (!statement.where) {
    throw Error::validation("Must have WHERE clause in the statement when using ORDER BY clause.");
  }
  for (const std::string& name : statement.order_by) {
    if (!schema.contains(name)) {
      throw Error::validation("Variable reference " + name +
                              " in ORDER BY clause must be part of the primary key");
    }
  }
  if (!query) {
    throw Error::validation(
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
  }
}

// Reads one page of the table or the index: a Query of one partition (`query` set) or a Scan,
// resuming after `start` (an ExclusiveStartKey member) when given.
using PageReader = std::function<ReadPage(const std::optional<KeyCondition>& query,
                                          const engine::PageLimits& limits, const Json* start)>;

// One page of the planned reads: Limit and the 1 MB bound count across the partitions of an IN,
// and a page that stops inside one names it in its NextToken.
ReadPage read_planned(const ReadPlan& plan, const engine::PageLimits& limits,
                      const std::optional<Resume>& resume, const PageReader& read_page,
                      std::size_t& stopped_in) {
  const Json* start = resume ? &resume->start : nullptr;
  if (plan.queries.empty()) return read_page(std::nullopt, limits, start);
  ReadPage merged;
  for (std::size_t i = resume ? resume->candidate : 0; i < plan.queries.size(); ++i) {
    engine::PageLimits left = limits;
    if (limits.limit != 0) left.limit = limits.limit - merged.items.size();
    left.max_bytes = limits.max_bytes - std::min(limits.max_bytes, merged.bytes_read);
    ReadPage page = read_page(plan.queries[i], left, start);
    start = nullptr;
    merged.bytes_read += page.bytes_read;
    for (engine::Item& item : page.items) merged.items.push_back(std::move(item));
    if (page.last_evaluated_key) {
      merged.last_evaluated_key = std::move(page.last_evaluated_key);
      stopped_in = i;
      break;
    }
  }
  return merged;
}

}  // namespace

ResponseBody run_select(const RequestContext& ctx, const BoundStatement& bound,
                        const ReadOptions& options) {
  const Statement& statement = bound.statement();
  Translator translator(bound.parameters);
  ReadRequest read;
  read.table_name = statement.table;
  read.index_name = statement.index;
  read.limits.limit = options.limit;
  read.consistent = options.consistent;
  read.capacity = options.capacity;
  if (!statement.select_all) {
    read.projection = Projection(statement.projection);
    read.select = Select::SpecificAttributes;
  } else if (statement.index) {
    read.select = Select::AllProjectedAttributes;
  }
  if (statement.where) read.filter = translator.condition(*statement.where);
  std::optional<Resume> resume = decode_token(options.next_token, options.fingerprint);
  const auto direction =
      statement.descending ? engine::Direction::Backward : engine::Direction::Forward;

  auto table = require_table(ctx, statement.table);
  std::shared_ptr<const engine::Index> index;
  IndexSource source;
  PageReader read_page;
  if (!statement.index) {
    const engine::KeySchema& schema = table->key_schema();
    read_page = [&](const std::optional<KeyCondition>& query, const engine::PageLimits& limits,
                    const Json* start) {
      std::optional<engine::Key> start_key;
      if (start) start_key = parse_start_key(*start, schema, StartKeyRules::Scan);
      engine::Page page =
          query ? table->query(query->partition, query->range, direction, limits, start_key)
                : table->scan(engine::ScanSegment{}, limits, start_key);
      return table_page(std::move(page), schema);
    };
  } else {
    std::shared_ptr<const engine::Index> found = table->find_index(*statement.index);
    if (found) check_single_attribute_key(*found);
    if (found && found->kind() == engine::IndexKind::Global && options.consistent) {
      // DynamoDB Local's message (Query's differs).
      throw Error::validation(
          "Strongly consistent read is not supported on Global Secondary Indexes");
    }
    index = open_index(*table, read);
    source = index_source(table, *index, read);
    read_page = [&](const std::optional<KeyCondition>& query, const engine::PageLimits& limits,
                    const Json* start) {
      std::optional<engine::IndexPosition> position;
      if (start) position = parse_index_start_key(*start, *index);
      engine::IndexPage page =
          query ? index->query(query->partition, query->range, direction, limits, position)
                : index->scan(engine::ScanSegment{}, limits, position);
      return index_page(std::move(page), *index);
    };
  }
  const engine::IndexKeySchema schema =
      index ? index->key_schema() : engine::IndexKeySchema(table->key_schema());
  ReadPlan plan = plan_reads(translator, statement, schema, statement.index);
  check_order_by(statement, schema, !plan.queries.empty());
  // A statement that names one partition reads it, as a Query; any other reads as a Scan.
  const engine::AttributeValue* partition =
      plan.queries.size() == 1 ? &plan.queries.front().partition : nullptr;
  const std::string_view index_name = statement.index ? *statement.index : std::string_view();
  admit_read(ctx, *table, index_name, partition);
  std::size_t stopped_in = 0;
  ReadPage page = read_planned(plan, read.limits, resume, read_page, stopped_in);

  // ExecuteStatement's shape: Count and ScannedCount are Query's and Scan's only; NextToken
  // resumes after LastEvaluatedKey.
  // A statement with no key condition on its table or index reads it all: a Scan.
  ctx.usage.scan = ctx.usage.scan || plan.queries.empty();
  const double units_before = ctx.usage.capacity_units;
  ResponseBody body = page_response(page, read, ctx.usage, index ? &source : nullptr);
  charge_read(ctx, *table, index_name, partition, ctx.usage.capacity_units - units_before);
  body.members().erase("Count");
  body.members().erase("ScannedCount");
  if (page.last_evaluated_key) {
    body.members()["NextToken"] =
        encode_token(options.fingerprint(), *page.last_evaluated_key, stopped_in);
  }
  return body;
}

KeyedRead prepare_keyed_read(const RequestContext& ctx, const BoundStatement& bound,
                             const char* incomplete_key_message, const char* index_message) {
  const Statement& statement = bound.statement();
  KeyedRead read;
  auto table = require_table(ctx, statement.table);
  if (statement.index) {
    if (auto index = table->find_index(*statement.index)) check_single_attribute_key(*index);
    throw Error::validation(index_message);
  }
  const engine::KeySchema& schema = table->key_schema();
  std::vector<std::string> names{schema.partition.name};
  if (schema.sort) names.push_back(schema.sort->name);
  if (!statement.where) throw Error::validation(incomplete_key_message);
  Translator translator(bound.parameters);
  Translator::KeyedWhere where;
  try {
    where = translator.split_key(*statement.where, names);
  } catch (const Error& error) {
    if (error.message() != kIncompleteKey) throw;
    throw Error::validation(incomplete_key_message);
  }
  read.key = key_from_request(where.key, schema);
  read.rest = std::move(where.rest);
  read.table = std::move(table);
  return read;
}

std::optional<engine::Item> keyed_read_result(const BoundStatement& bound, const KeyedRead& read,
                                              const std::optional<engine::Item>& item) {
  if (!item) return std::nullopt;
  if (read.rest && !engine::evaluate(*read.rest, *item)) return std::nullopt;
  if (bound.statement().select_all) return item;
  return Projection(bound.statement().projection).apply(*item);
}

}  // namespace ddb::protocol::partiql
