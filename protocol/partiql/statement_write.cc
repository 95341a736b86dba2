#include "protocol/partiql/statement_write.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/value_json.h"
#include "protocol/partiql/messages.h"
#include "protocol/partiql/translate.h"
#include "protocol/requests/key_validation.h"
#include "protocol/writes/index_capacity.h"
#include "protocol/writes/returned_attributes.h"
#include "protocol/writes/single_item_write.h"

namespace ddb::protocol::partiql {

namespace {

using engine::Condition;
using engine::Error;

std::vector<std::string> key_names(const engine::KeySchema& schema) {
  std::vector<std::string> names{schema.partition.name};
  if (schema.sort) names.push_back(schema.sort->name);
  return names;
}

Condition key_exists(const engine::KeySchema& schema, bool exists) {
  Condition condition;
  condition.kind = exists ? Condition::Kind::AttributeExists : Condition::Kind::AttributeNotExists;
  engine::Operand path;
  path.kind = engine::Operand::Kind::Path;
  path.path.push_back({schema.partition.name, 0, false});
  condition.operands.push_back(std::move(path));
  return condition;
}

std::optional<Condition> both(Condition first, std::optional<Condition> second) {
  if (!second) return first;
  Condition condition;
  condition.kind = Condition::Kind::And;
  condition.children = {std::move(first), std::move(*second)};
  return condition;
}

std::string return_values_of(const Statement& statement) {
  switch (statement.returning) {
    case Returning::None:
      return "NONE";
    case Returning::AllOld:
      return "ALL_OLD";
    case Returning::ModifiedOld:
      return "UPDATED_OLD";
    case Returning::AllNew:
      return "ALL_NEW";
    case Returning::ModifiedNew:
      return "UPDATED_NEW";
  }
  return "NONE";
}

const char* returning_text(Returning returning) {
  switch (returning) {
    case Returning::ModifiedOld:
      return "MODIFIED OLD *";
    case Returning::AllNew:
      return "ALL NEW *";
    case Returning::ModifiedNew:
      return "MODIFIED NEW *";
    default:
      return "ALL OLD *";
  }
}

// An EXISTS check must name one item of the table by its full key, with a condition beside it
// (DynamoDB Local's messages).
void check_exists(const Statement& statement, const engine::KeySchema& schema,
                  const Translator& translator) {
  if (statement.index) {
    throw Error::validation("Operations on indices are not supported in transactions");
  }
  constexpr const char* kSingleItem =
      "EXISTS() must contain a single item read with additional condition";
  if (!statement.where) throw Error::validation(kSingleItem);
  try {
    translator.split_key(*statement.where, key_names(schema));
  } catch (const Error& error) {
    if (error.message() == kIncompleteKey) throw Error::validation(kSingleItem);
    throw;
  }
}

}  // namespace

engine::WriteDecision StatementWrite::decision(WriteOutcome& outcome) {
  engine::WriteDecision decide = plan.decision(key, table->key_schema(), outcome);
  if (!insert) return decide;
  return [decide = std::move(decide)](const engine::Item* current) {
    try {
      return decide(current);
    } catch (const Error& error) {
      if (error.type() != engine::ErrorType::ConditionalCheckFailed) throw;
      throw Error(engine::ErrorType::DuplicateItem, kDuplicateItem);
    }
  };
}

StatementWrite prepare_write(const RequestContext& ctx, const BoundStatement& bound,
                             bool return_item_on_failure) {
  const Statement& statement = bound.statement();
  Translator translator(bound.parameters);
  StatementWrite write;
  write.table_name = statement.table;
  if (statement.kind == Statement::Kind::Delete && statement.returning != Returning::None &&
      statement.returning != Returning::AllOld) {
    // DynamoDB Local's message; the spelling of the clause inside it is ours.
    throw Error::validation(std::string("Invalid returning clause: RETURNING ") +
                            returning_text(statement.returning) +
                            ". Only RETURNING ALL OLD * is allowed in DELETE statements.");
  }
  write.return_values = return_values_of(statement);
  write.plan.condition.return_item_on_failure = return_item_on_failure;

  if (statement.kind == Statement::Kind::Insert) {
    engine::Item item = translator.item(statement.value);
    write.table = require_table(ctx, statement.table);
    const engine::KeySchema& schema = write.table->key_schema();
    validate_item_key(item, schema);
    validate_item_size(item);
    if (engine::nesting_depth(item) > engine::kMaxNestingDepth) {
      throw Error::validation(kNestingMessage);
    }
    write.table->check_index_keys(item);
    write.key = engine::key_of(item, schema);
    write.insert = true;
    write.plan.kind = WritePlan::Kind::Put;
    write.plan.item = std::move(item);
    write.plan.condition.condition = key_exists(schema, false);
    return write;
  }

  write.table = require_table(ctx, statement.table);
  const engine::KeySchema& schema = write.table->key_schema();
  if (statement.kind == Statement::Kind::Exists) check_exists(statement, schema, translator);
  Translator::KeyedWhere where = translator.split_key(*statement.where, key_names(schema));
  write.key = key_from_request(where.key, schema);
  write.plan.item = std::move(where.key);
  switch (statement.kind) {
    case Statement::Kind::Update:
      write.plan.kind = WritePlan::Kind::Update;
      write.plan.actions = translator.actions(statement.updates);
      check_key_untouched(write.plan.actions, *write.table);
      write.plan.condition.condition = both(key_exists(schema, true), std::move(where.rest));
      break;
    case Statement::Kind::Delete:
      write.plan.kind = WritePlan::Kind::Delete;
      write.plan.condition.condition = std::move(where.rest);
      break;
    default:  // Exists
      write.plan.kind = WritePlan::Kind::ConditionCheck;
      write.plan.condition.condition = both(key_exists(schema, true), std::move(where.rest));
      break;
  }
  return write;
}

ResponseBody run_write(const RequestContext& ctx, StatementWrite& write, CapacityDetail capacity) {
  if (write.plan.kind == WritePlan::Kind::ConditionCheck) {
    // DynamoDB Local's message: an EXISTS check means something only inside a transaction.
    throw Error::validation("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  WriteOutcome outcome;
  std::optional<engine::Item> old;
  // Kept only to count the index writes a capacity report, the request log or the capacity
  // buckets take.
  std::optional<engine::Item> put;
  if (write.insert &&
      (capacity != CapacityDetail::None || ctx.usage.wanted || charges_index_writes(ctx))) {
    put = write.plan.item;
  }
  admit_write(ctx, *write.table, write.key);
  old = write_with_condition(ctx, *write.table, write.key, write.decision(outcome), outcome);
  const std::optional<engine::Item>& stored = write.insert ? put : outcome.updated;

  ResponseBody body;
  std::string items = "[";
  if (auto returned =
          returned_attributes(write.return_values, write.plan.actions, old, outcome.updated)) {
    items += item_text(*returned);
  }
  items += "]";
  body.set_written("Items", std::move(items));
  const double table_units = write_units(std::max(outcome.old_size, outcome.new_size));
  std::vector<IndexUnits> indexes =
      index_write_units(*write.table, old ? &*old : nullptr, stored ? &*stored : nullptr);
  ctx.usage.capacity_units +=
      add_consumed_capacity(body.members(), capacity, write.table_name, table_units, indexes);
  charge_write(ctx, *write.table, write.key, table_units, indexes);
  return body;
}

}  // namespace ddb::protocol::partiql
