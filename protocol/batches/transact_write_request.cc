#include "protocol/batches/transact_write_request.h"

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "engine/error.h"
#include "protocol/messages.h"
#include "protocol/requests/constraints.h"
#include "protocol/requests/key_validation.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The four members of a TransactWriteItem: the wire name (also the model's type name, which
// SerializationException messages quote) and the camelCase step of a constraint's path.
struct ActionMember {
  std::string_view name;
  std::string_view path;
  WritePlan::Kind kind;
};
constexpr std::array<ActionMember, 4> kActionMembers = {{
    {"ConditionCheck", "conditionCheck", WritePlan::Kind::ConditionCheck},
    {"Put", "put", WritePlan::Kind::Put},
    {"Delete", "delete", WritePlan::Kind::Delete},
    {"Update", "update", WritePlan::Kind::Update},
}};

// The aggregate size limit of a transaction. DynamoDB measures the request's payload, not the
// items it touches (scylladb test_transact.py: deleting 5 MB of items in a small request works);
// the Put items and keys approximate that payload.
constexpr std::size_t kMaxTransactionBytes = 4 * 1024 * 1024;

// The model's constraints of one action member, e.g. "transactItems.1.member.put.tableName".
void add_action_constraints(const Json& member, const ActionMember& kind, const std::string& path,
                            Constraints& constraints) {
  constraints.table_name(get_string(member, "TableName"), path + ".tableName");
  if (kind.kind == WritePlan::Kind::Put) {
    constraints.not_null(get_map(member, "Item", kAttributeValueType) != nullptr, path + ".item");
  } else {
    constraints.not_null(get_map(member, "Key", kAttributeValueType) != nullptr, path + ".key");
  }
  if (kind.kind == WritePlan::Kind::ConditionCheck) {
    constraints.not_null(get_string(member, "ConditionExpression").has_value(),
                         path + ".conditionExpression");
  }
  if (kind.kind == WritePlan::Kind::Update) {
    constraints.not_null(get_string(member, "UpdateExpression").has_value(),
                         path + ".updateExpression");
  }
  constraints.one_of(get_string(member, "ReturnValuesOnConditionCheckFailure"), {"ALL_OLD", "NONE"},
                     path + ".returnValuesOnConditionCheckFailure");
}

// The one action member of a TransactWriteItem.
std::pair<const Json*, const ActionMember*> action_member(const Json& item) {
  std::pair<const Json*, const ActionMember*> found{nullptr, nullptr};
  int count = 0;
  for (const ActionMember& kind : kActionMembers) {
    if (const Json* member = find_member(item, kind.name)) {
      found = {member, &kind};
      ++count;
    }
  }
  if (count != 1) {
    // No capture of DynamoDB's answer to an action with none or several of the four members was
    // found; this is moto's text (getmoto/moto#5521), the only one seen.
    throw Error::validation("TransactItems can only contain one of Check, Put, Update or Delete");
  }
  return found;
}

TransactWriteAction parse_action(const Json& member, const ActionMember& kind) {
  TransactWriteAction action;
  action.table_name = *get_string(member, "TableName");
  WritePlan& plan = action.plan;
  plan.kind = kind.kind;
  plan.condition.return_item_on_failure =
      get_string(member, "ReturnValuesOnConditionCheckFailure") == "ALL_OLD";
  if (kind.kind == WritePlan::Kind::Update) {
    check_expression_members(member, {{"UpdateExpression", "ConditionExpression"}, {}}, false);
  } else {
    check_expression_members(member, {{"ConditionExpression"}, {}}, false);
  }
  plan.item = decode_attribute_map(
      *find_member(member, kind.kind == WritePlan::Kind::Put ? "Item" : "Key"), false);
  plan.parse_expressions(member, false);
  // A Put item over 400 KB rejects the request (paritysuite limits); an Update that grows its
  // item past it cancels (write_plan.cc).
  if (kind.kind == WritePlan::Kind::Put) validate_item_size(plan.item);
  return action;
}

}  // namespace

void add_transact_items_constraints(const Json* items, Constraints& constraints) {
  constraints.not_null(items != nullptr, "transactItems");
  if (!items) return;
  if (items->empty()) {
    // Most regions' (and us-east-1's) form; eu-west-2 and a few others now say "Value at
    // 'TransactItems'" (paritysuite transactWriteItems/transactGetItems, 2026).
    constraints.add(constraint_violation("'[]'", "transactItems", kMinLengthOne));
  }
  if (items->size() > 100) {
    // The older form echoes every action as a Java object dump; the newer one, used here,
    // echoes nothing (paritysuite, 2026).
    constraints.add(
        "Value at 'TransactItems' failed to satisfy constraint: Member must have length less "
        "than or equal to 100");
  }
}

TransactWriteRequest parse_transact_write_request(const Json& request) {
  TransactWriteRequest parsed;
  Constraints constraints;
  // The token's errors come first (paritysuite validation-ordering, 2026).
  parsed.client_token = get_string(request, "ClientRequestToken");
  if (parsed.client_token && parsed.client_token->empty()) {
    constraints.add(constraint_violation("''", "clientRequestToken", kMinLengthOne));
  }
  if (parsed.client_token && parsed.client_token->size() > 36) {
    constraints.add(constraint_violation("'" + *parsed.client_token + "'", "clientRequestToken",
                                         "Member must have length less than or equal to 36"));
  }
  const Json* items = get_list(request, "TransactItems");
  add_transact_items_constraints(items, constraints);
  if (items) {
    for (std::size_t i = 0; i < items->size(); ++i) {
      const Json& item = (*items)[i];
      expect_structure_element(item, "TransactWriteItem");
      for (const ActionMember& kind : kActionMembers) {
        const Json* member = get_structure(item, kind.name, kind.name);
        if (!member) continue;
        std::string path =
            "transactItems." + std::to_string(i + 1) + ".member." + std::string(kind.path);
        add_action_constraints(*member, kind, path, constraints);
      }
    }
  }
  parsed.capacity = parse_return_consumed_capacity(request, constraints);
  parsed.collection_metrics = parse_return_item_collection_metrics(request, constraints);
  constraints.check();

  std::size_t total_bytes = 0;
  for (const Json& item : *items) {
    auto [member, kind] = action_member(item);
    parsed.actions.push_back(parse_action(*member, *kind));
    total_bytes += engine::item_size(parsed.actions.back().plan.item);
  }
  if (total_bytes > kMaxTransactionBytes) {
    // No capture of the text was found: scylladb's test (run against AWS) matches "size cannot
    // exceed" and says the message speaks of the "transaction payload".
    throw Error::validation("Transaction payload size cannot exceed 4 MB");
  }
  return parsed;
}

}  // namespace ddb::protocol
