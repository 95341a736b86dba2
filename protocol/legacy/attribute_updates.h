#pragma once

#include <vector>

#include "engine/expression.h"
#include "protocol/json/json_fields.h"

namespace ddb::protocol::legacy {

// UpdateItem's legacy AttributeUpdates as update actions on top-level attributes, in
// attribute-name order (empty when the member is absent or an empty map; UpdateItem then writes
// just the key). Call after add_legacy_constraints and check_expression_members; `enveloped` wraps
// the messages in "1 validation error detected: ", as UpdateItem does today.
//
//   PUT (or no Action) with Value  -> SET a = v
//   DELETE without Value           -> REMOVE a
//   DELETE with a set Value        -> DELETE a v (removes the members)
//   ADD with N, SS, NS or BS       -> ADD a v (adds to a number or set; creates it when missing)
//   ADD with L                     -> SET a = list_append(if_not_exists(a, []), v)
// Checks per attribute, with DynamoDB's messages (prefix "One or more parameter values were
// invalid: "; dynalite test/updateItem.js, from AWS):
//   the Value's AttributeValue messages;
//   "Only DELETE action is allowed when no attribute value is specified"
//   "DELETE action with value is not supported for the type S" (anything but SS, NS, BS)
//   "ADD action is not supported for the type S" (anything but N, SS, NS, BS, L)
//
// What only the item can tell is the engine's: ADD or DELETE on an existing attribute of another
// type, and ADD of a list to a non-list. AWS reports these for AttributeUpdates as "Type mismatch
// for attribute to update" (dynalite test/updateItem.js), not with the UpdateExpression wording;
// UpdateItem translates the engine's operand-type error when the update came from here. So does
// the rule that no action may touch a key attribute: UpdateItem checks it for both APIs.
std::vector<engine::UpdateAction> attribute_updates(const Json& request, bool enveloped);

}  // namespace ddb::protocol::legacy
