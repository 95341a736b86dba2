#pragma once

// The engine's side of DynamoDB's expression language: resolved trees (no #name or :value
// placeholders left) that the engine evaluates under the item's lock. protocol/ builds them from
// the parsed expressions (or from the legacy Expected/QueryFilter/AttributeUpdates parameters) and
// has already checked everything that does not depend on the item.
//
//   document_path.h  PathStep, DocumentPath, find_value()
//   operand.h        Operand, evaluate(Operand)
//   condition.h      Comparator, Condition, evaluate(Condition)
//   update.h         UpdateAction, apply_update()
//   projection.h     project()

#include "engine/condition.h"      // IWYU pragma: export
#include "engine/document_path.h"  // IWYU pragma: export
#include "engine/operand.h"        // IWYU pragma: export
#include "engine/projection.h"     // IWYU pragma: export
#include "engine/update.h"         // IWYU pragma: export
