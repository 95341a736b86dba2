#pragma once

#include <cstdint>
#include <vector>

#include "engine/document_path.h"
#include "engine/item.h"
#include "engine/operand.h"

namespace ddb::engine {

// One action of an UpdateExpression (or of the legacy AttributeUpdates).
struct UpdateAction {
  enum class Kind : uint8_t { Set, Remove, Add, Delete };
  Kind kind = Kind::Set;
  DocumentPath path;
  Operand value;  // Set: the value; Add/Delete: a Value operand; Remove: unused
  friend bool operator==(const UpdateAction&, const UpdateAction&) = default;
};

// Applies `actions` to `item` as one UpdateItem does: every SET value is computed from the item as
// it was before the update, then the actions apply. Every list index refers to the list as it was:
// REMOVE of list elements shifts the later ones only once all actions are placed, and SET (or ADD)
// past the end of a list appends, several appends in index order. Missing intermediate maps and
// lists are not created.
// `item_exists` is false when UpdateItem creates the item (`item` is then empty or holds just the
// key); REMOVE through a missing parent is then ignored instead of an error, as in DynamoDB.
// Throws Error::validation with DynamoDB's message for what can only be known from the item (an
// operand of the wrong type, a path through a missing or non-container value, ADD/DELETE on the
// wrong type, a result over 38 digits). Does not check the item size or the key attributes.
Item apply_update(const Item& item, const std::vector<UpdateAction>& actions,
                  bool item_exists = true);

}  // namespace ddb::engine
