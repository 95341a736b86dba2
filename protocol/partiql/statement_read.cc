#include "protocol/partiql/statement_read.h"

#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/json/base64.h"
#include "protocol/json/json_reader.h"
#include "protocol/json/json_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/translate.h"
#include "protocol/reads/index_read.h"
#include "protocol/reads/key_condition.h"
#include "protocol/reads/read_page.h"
#include "protocol/requests/key_validation.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Error;

// NextToken is ours to shape: base64 of {"f": the statement's fingerprint, "k": the
// LastEvaluatedKey}. DynamoDB Local's messages for a token that is not one, or is another
// statement's (AWS's own texts were not found).
constexpr const char* kInvalidToken = "Invalid NextToken";
constexpr const char* kTokenMismatch = "NextToken does not match request";

std::string encode_token(const std::string& fingerprint, const engine::Item& last_key) {
  Json token = {{"f", fingerprint}, {"k", item_to_json(last_key)}};
  return base64_encode(write_json(token));
}

// The ExclusiveStartKey a NextToken stands for, as a request member for parse_start_key.
std::optional<Json> decode_token(const std::optional<std::string>& token,
                                 const std::function<std::string()>& fingerprint) {
  if (!token) return std::nullopt;
  std::optional<std::string> text = base64_decode(*token);
  if (!text) throw Error::validation(kInvalidToken);
  Json decoded = read_json(*text);
  if (decoded.is_discarded() || !decoded.is_object() || !decoded.contains("f") ||
      !decoded.contains("k") || !decoded["f"].is_string() || !decoded["k"].is_object()) {
    throw Error::validation(kInvalidToken);
  }
  if (decoded["f"].get<std::string>() != fingerprint()) throw Error::validation(kTokenMismatch);
  return Json{{"ExclusiveStartKey", decoded["k"]}};
}

// The KeyCondition of a Query when the WHERE fixes the partition; nullopt for a Scan. A WHERE
// whose key terms a Query could not take as they stand (a type the key does not have, a sort-key
// term of another shape) is read as a Scan: the filter then decides, which gives the same items.
std::optional<KeyCondition> plan_query(const Translator& translator, const Statement& statement,
                                       const engine::IndexKeySchema& schema,
                                       const engine::Index* index) {
  std::vector<KeyPredicate> predicates = translator.key_predicates(statement.where, schema);
  for (const engine::KeyAttribute& attribute : schema.partition) {
    bool fixed = false;
    for (const KeyPredicate& predicate : predicates) {
      fixed =
          fixed || (predicate.attribute == attribute.name && predicate.op == KeyPredicate::Op::Eq);
    }
    if (!fixed) return std::nullopt;
  }
  // match_*_key_schema take at most the key's own terms, and for a multi-attribute sort key a
  // leading run; drop sort-key terms until they match.
  while (true) {
    try {
      if (index) return match_index_key_schema(predicates, schema, index->name());
      return match_key_schema(predicates, *schema.single());
    } catch (const Error&) {
      auto last_sort = std::find_if(predicates.rbegin(), predicates.rend(),
                                    [&schema](const KeyPredicate& predicate) {
                                      for (const auto& attribute : schema.sort) {
                                        if (attribute.name == predicate.attribute) return true;
                                      }
                                      return false;
                                    });
      if (last_sort == predicates.rend()) return std::nullopt;
      predicates.erase(std::next(last_sort).base());
    }
  }
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

// A page's response in ExecuteStatement's shape: Count and ScannedCount are Query's and Scan's
// only; NextToken resumes after LastEvaluatedKey.
ResponseBody statement_page(const ReadPage& page, const ReadRequest& read,
                            const IndexSource* source,
                            const std::function<std::string()>& fingerprint) {
  ResponseBody body = page_response(page, read, source);
  body.members().erase("Count");
  body.members().erase("ScannedCount");
  if (page.last_evaluated_key) {
    body.members()["NextToken"] = encode_token(fingerprint(), *page.last_evaluated_key);
  }
  return body;
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
  std::optional<Json> start = decode_token(options.next_token, options.fingerprint);
  const auto direction =
      statement.descending ? engine::Direction::Backward : engine::Direction::Forward;

  auto table = require_table(ctx, statement.table);
  if (!statement.index) {
    const engine::KeySchema& schema = table->key_schema();
    std::optional<KeyCondition> query =
        plan_query(translator, statement, engine::IndexKeySchema(schema), nullptr);
    check_order_by(statement, engine::IndexKeySchema(schema), query.has_value());
    std::optional<engine::Key> start_key;
    if (start) start_key = parse_start_key(*start, schema, StartKeyRules::Scan);
    engine::Page page =
        query ? table->query(query->partition, query->range, direction, read.limits, start_key)
              : table->scan(engine::ScanSegment{}, read.limits, start_key);
    return statement_page(table_page(std::move(page), schema), read, nullptr, options.fingerprint);
  }

  std::shared_ptr<const engine::Index> found = table->find_index(*statement.index);
  if (found) check_single_attribute_key(*found);
  if (found && found->kind() == engine::IndexKind::Global && options.consistent) {
    // DynamoDB Local's message (Query's differs).
    throw Error::validation(
        "Strongly consistent read is not supported on Global Secondary Indexes");
  }
  auto index = open_index(*table, read);
  std::optional<KeyCondition> query =
      plan_query(translator, statement, index->key_schema(), &*index);
  check_order_by(statement, index->key_schema(), query.has_value());
  std::optional<engine::IndexPosition> start_position;
  if (start) start_position = parse_index_start_key(*start, *index);
  IndexSource source = index_source(table, *index, read);
  engine::IndexPage page =
      query ? index->query(query->partition, query->range, direction, read.limits, start_position)
            : index->scan(engine::ScanSegment{}, read.limits, start_position);
  return statement_page(index_page(std::move(page), *index), read, &source, options.fingerprint);
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
