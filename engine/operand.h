#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/document_path.h"
#include "engine/item.h"
#include "engine/value.h"

namespace ddb::engine {

// Something that yields a value.
struct Operand {
  enum class Kind : uint8_t {
    Path,         // the value at `path` (absent when missing)
    Value,        // `value`
    Size,         // size(path): N; absent when the path is missing or its value is N/BOOL/NULL
    IfNotExists,  // if_not_exists(path, operands[0]): update SET values only
    ListAppend,   // list_append(operands[0], operands[1]): update SET values only
    Add,          // operands[0] + operands[1]: update SET values only
    Subtract,     // operands[0] - operands[1]: update SET values only
  };
  Kind kind = Kind::Value;
  DocumentPath path;
  AttributeValue value;
  std::vector<Operand> operands;
  friend bool operator==(const Operand&, const Operand&) = default;
};

// Evaluates an operand; std::nullopt when it refers to a missing attribute. Throws
// Error::validation with DynamoDB's message for an update operand that cannot be computed (for
// example `+` on a non-number, list_append on a non-list, a missing path without if_not_exists).
std::optional<AttributeValue> evaluate(const Operand& operand, const Item& item);

// Operand evaluation for conditions, where the value is usually only looked at: a path or a
// constant is borrowed from the item or the tree, and only a computed value (size()) is owned.

// The value of an operand; empty when it refers to a missing attribute. Borrowed values live as
// long as the item and the tree they were read from.
class OperandValue {
 public:
  OperandValue() = default;
  explicit OperandValue(const AttributeValue* borrowed) : borrowed_(borrowed) {}
  explicit OperandValue(std::optional<AttributeValue> owned) : owned_(std::move(owned)) {}

  const AttributeValue* get() const { return owned_ ? &*owned_ : borrowed_; }

 private:
  const AttributeValue* borrowed_ = nullptr;
  std::optional<AttributeValue> owned_;
};

// Evaluates `operand` against `item` without copying paths or constants.
OperandValue read_operand(const Operand& operand, const Item& item);

// What size() gives for `value`: the UTF-16 length of an S, the bytes of a B, the members of a set,
// list or map. std::nullopt for N, BOOL and NULL, which size() does not apply to.
std::optional<uint64_t> size_of(const AttributeValue& value);

}  // namespace ddb::engine
