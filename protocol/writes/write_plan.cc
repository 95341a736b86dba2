#include "protocol/writes/write_plan.h"

#include <algorithm>
#include <string>

#include "engine/error.h"
#include "engine/update_messages.h"
#include "protocol/expr/parse_cache.h"
#include "protocol/expr/resolve.h"
#include "protocol/json/value_json.h"
#include "protocol/messages.h"
#include "protocol/requests/expression_attributes.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// An update that only removes attributes (REMOVE, DELETE) does not create a missing item, while
// one with no actions at all does (scylladb/scylladb#5862, checked against DynamoDB).
bool only_removes(const std::vector<engine::UpdateAction>& actions) {
  return !actions.empty() && std::all_of(actions.begin(), actions.end(), [](const auto& action) {
    return action.kind == engine::UpdateAction::Kind::Remove ||
           action.kind == engine::UpdateAction::Kind::Delete;
  });
}

// engine::apply_update, with the legacy wording of an operand-type error when the actions came from
// AttributeUpdates: ADD or DELETE against an attribute of another type, ADD of a list to a
// non-list (dynalite test/updateItem.js, from AWS).
engine::Item apply_actions(const engine::Item& item, bool item_exists,
                           const std::vector<engine::UpdateAction>& actions, bool legacy_updates) {
  try {
    return engine::apply_update(item, actions, item_exists);
  } catch (const Error& error) {
    if (!legacy_updates || error.message() != engine::kIncorrectDataTypeMessage) throw;
    throw Error::validation("Type mismatch for attribute to update");
  }
}

std::size_t size_of(const engine::Item* item) { return item ? engine::item_size(*item) : 0; }

}  // namespace

void WritePlan::parse_expressions(const Json& request, bool enveloped) {
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, enveloped);
  in_envelope(enveloped, [&] {
    if (kind == Kind::Update) {
      if (auto text = get_string(request, "UpdateExpression")) {
        actions = expr::resolve_update(*expr::parse_update_cached(*text), attributes);
      }
    }
    condition.condition = condition_member(request, expr::ExpressionKind::Condition, attributes);
    attributes.check_all_used();
  });
}

engine::WriteDecision WritePlan::decision(const engine::Key& key, const engine::KeySchema& schema,
                                          WriteOutcome& outcome) {
  return
      [this, key, &schema, &outcome](const engine::Item* current) -> std::optional<engine::Item> {
        outcome.old_size = size_of(current);
        condition.check(current);
        switch (kind) {
          case Kind::Put:
            outcome.new_size = engine::item_size(item);
            return std::move(item);
          case Kind::Delete:
          case Kind::ConditionCheck:
            return std::nullopt;
          case Kind::Update:
            break;
        }
        if (!current && only_removes(actions)) return std::nullopt;
        // A missing item is created from the request's key (an upsert).
        engine::Item next = apply_actions(current ? *current : engine::key_to_item(key, schema),
                                          current != nullptr, actions, legacy_updates);
        outcome.new_size = engine::item_size(next);
        if (outcome.new_size > engine::kMaxItemBytes) {
          // paritysuite's item-size captures (us-east-1, 2026); a transaction's Update cancels with
          // it (paritysuite limits/itemSizeBySurface).
          throw Error::validation("Item size to update has exceeded the maximum allowed size");
        }
        // SET a.b.c = :deep can nest an item deeper than any request value may be.
        if (engine::nesting_depth(next) > engine::kMaxNestingDepth) {
          throw Error::validation(kNestingMessage);
        }
        outcome.updated = next;
        return next;
      };
}

// The key attributes are the item's identity; no action may touch them, not even to the same value
// (paritysuite's updateItem captures, 2026: the message has no "Invalid UpdateExpression" prefix
// and no envelope). A path into a key or index key attribute (`.` or `[n]`) is refused as such
// (issue 20), with no envelope either.
void check_key_untouched(const std::vector<engine::UpdateAction>& actions,
                         const engine::Table& table) {
  const engine::KeySchema& schema = table.key_schema();
  for (const engine::UpdateAction& action : actions) {
    check_key_path(action.path, table);
    const std::string& name = action.path.front().name;
    if (name == schema.partition.name || (schema.sort && name == schema.sort->name)) {
      throw Error::validation(std::string(kInvalidParameterValues) + "Cannot update attribute " +
                              name + ". This attribute is part of the key");
    }
  }
}

namespace {

// The type an update action gives its attribute whatever the item holds: a constant's, a number
// for arithmetic and size(), a list for list_append; std::nullopt when it depends on the item (a
// path, if_not_exists).
std::optional<engine::Type> static_type(const engine::Operand& value) {
  switch (value.kind) {
    case engine::Operand::Kind::Value:
      return value.value.type();
    case engine::Operand::Kind::Add:
    case engine::Operand::Kind::Subtract:
    case engine::Operand::Kind::Size:
      return engine::Type::N;
    case engine::Operand::Kind::ListAppend:
      return engine::Type::L;
    case engine::Operand::Kind::Path:
    case engine::Operand::Kind::IfNotExists:
      return std::nullopt;
  }
  return std::nullopt;
}

constexpr std::string_view kIndexKeyTypeMismatch =
    "One or more parameter values were invalid: Type mismatch for Index Key ";

}  // namespace

void check_index_key_types(const std::vector<engine::UpdateAction>& actions,
                           const engine::Table& table) {
  for (const engine::UpdateAction& action : actions) {
    if (action.path.size() != 1) continue;
    if (action.kind != engine::UpdateAction::Kind::Set &&
        action.kind != engine::UpdateAction::Kind::Add) {
      continue;
    }
    std::optional<engine::Type> type = static_type(action.value);
    if (!type) continue;
    const std::string& name = action.path.front().name;
    for (const auto& index : table.indexes()) {
      const engine::IndexKeySchema& key = index->key_schema();
      for (const auto* attributes : {&key.partition, &key.sort}) {
        for (const engine::KeyAttribute& attribute : *attributes) {
          if (attribute.name != name || attribute.type == *type) continue;
          throw Error::validation(std::string(kIndexKeyTypeMismatch) + name +
                                  " Expected: " + engine::type_name(attribute.type) + " Actual: " +
                                  engine::type_name(*type) + " IndexName: " + index->name());
        }
      }
    }
  }
}

bool is_index_key_type_mismatch(const engine::Error& error) {
  return error.type() == engine::ErrorType::Validation &&
         std::string_view(error.what()).starts_with(kIndexKeyTypeMismatch);
}

}  // namespace ddb::protocol
