#include "engine/operand.h"

#include <iterator>
#include <string>

#include "engine/error.h"
#include "engine/update_messages.h"

namespace ddb::engine {

namespace {

// DynamoDB measures a string's size() in UTF-16 code units, not bytes or code points: size("é𝄞")
// is 3 (ExtendDB/extenddb#60 and #67, checked against DynamoDB). In UTF-8 that is one unit per
// sequence (every byte that is not a continuation byte), plus one more for each 4-byte sequence,
// which UTF-16 writes as a surrogate pair.
uint64_t utf16_length(const std::string& utf8) {
  uint64_t units = 0;
  for (const char c : utf8) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) != 0x80) ++units;
    if (byte >= 0xF0) ++units;
  }
  return units;
}

AttributeValue number_value(uint64_t n) {
  return AttributeValue::number(Number::parse(std::to_string(n)));
}

// An operand of `+`, `-` or list_append(): it must exist, since only if_not_exists() tolerates a
// missing path (scylladb test_update_expression.py, test_update_expression_list_append_non_list_
// arguments, reports this message from DynamoDB).
AttributeValue required_operand(const Operand& operand, const Item& item) {
  std::optional<AttributeValue> value = evaluate(operand, item);
  if (!value) throw Error::validation(kMissingAttributeMessage);
  return std::move(*value);
}

}  // namespace

std::optional<uint64_t> size_of(const AttributeValue& value) {
  switch (value.type()) {
    case Type::S:
      return utf16_length(value.as_string());
    case Type::B:
      return value.as_binary().size();
    case Type::M:
      return value.as_map().size();
    case Type::L:
      return value.as_list().size();
    case Type::SS:
      return value.as_string_set().size();
    case Type::NS:
      return value.as_number_set().size();
    case Type::BS:
      return value.as_binary_set().size();
    // size() of a number, boolean or null makes `size(x) = :v` false for every :v, rather than
    // an error (scylladb test_condition_expression.py, test_update_condition_size).
    case Type::N:
    case Type::BOOL:
    case Type::NUL:
      return std::nullopt;
  }
  return std::nullopt;
}

OperandValue read_operand(const Operand& operand, const Item& item) {
  switch (operand.kind) {
    case Operand::Kind::Path:
      return OperandValue(find_value(item, operand.path));
    case Operand::Kind::Value:
      return OperandValue(&operand.value);
    default:
      return OperandValue(evaluate(operand, item));
  }
}

std::optional<AttributeValue> evaluate(const Operand& operand, const Item& item) {
  switch (operand.kind) {
    case Operand::Kind::Path: {
      const AttributeValue* value = find_value(item, operand.path);
      if (value == nullptr) return std::nullopt;
      return *value;
    }
    case Operand::Kind::Value:
      return operand.value;
    case Operand::Kind::Size: {
      const AttributeValue* value = find_value(item, operand.path);
      if (value == nullptr) return std::nullopt;
      std::optional<uint64_t> size = size_of(*value);
      if (!size) return std::nullopt;
      return number_value(*size);
    }
    case Operand::Kind::IfNotExists: {
      if (const AttributeValue* value = find_value(item, operand.path)) return *value;
      return evaluate(operand.operands.at(0), item);
    }
    case Operand::Kind::ListAppend: {
      AttributeValue first = required_operand(operand.operands.at(0), item);
      if (first.type() != Type::L) throw Error::validation(kIncorrectDataTypeMessage);
      AttributeValue second = required_operand(operand.operands.at(1), item);
      if (second.type() != Type::L) throw Error::validation(kIncorrectDataTypeMessage);
      List& list = first.as_list();
      List& tail = second.as_list();
      list.insert(list.end(), std::make_move_iterator(tail.begin()),
                  std::make_move_iterator(tail.end()));
      return first;
    }
    case Operand::Kind::Add:
    case Operand::Kind::Subtract: {
      AttributeValue left = required_operand(operand.operands.at(0), item);
      if (left.type() != Type::N) throw Error::validation(kIncorrectDataTypeMessage);
      AttributeValue right = required_operand(operand.operands.at(1), item);
      if (right.type() != Type::N) throw Error::validation(kIncorrectDataTypeMessage);
      return AttributeValue::number(operand.kind == Operand::Kind::Add
                                        ? Number::add(left.as_number(), right.as_number())
                                        : Number::subtract(left.as_number(), right.as_number()));
    }
  }
  return std::nullopt;
}

}  // namespace ddb::engine
