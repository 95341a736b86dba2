#include "engine/key_bytes.h"

#include <cstdint>

namespace ddb::engine {

namespace {

// Sign classes: every negative number < zero < every positive number.
constexpr char kNegative = 0x40;
constexpr char kZero = static_cast<char>(0x80);
constexpr char kPositive = static_cast<char>(0xC0);
// Ends a negative number's complemented digits; above every complemented digit, so that a proper
// prefix (-1.2 against -1.23) sorts after the longer number, as it must.
constexpr char kNegativeEnd = static_cast<char>(0xFF);

void append_number(const Number& n, std::string& out) {
  if (n.is_zero()) {
    out.push_back(kZero);
    return;
  }
  const bool negative = n.is_negative();
  out.push_back(negative ? kNegative : kPositive);
  // A larger exponent means a larger magnitude: biased to unsigned, big-endian, and complemented
  // for negatives, where a larger magnitude is a smaller number.
  auto biased = static_cast<uint16_t>(n.exponent() + 0x8000);
  if (negative) biased = static_cast<uint16_t>(~biased);
  out.push_back(static_cast<char>(biased >> 8));
  out.push_back(static_cast<char>(biased & 0xFF));
  // The digits are normalized (no trailing zeros), so for equal exponents their lexicographic
  // order is the order of the magnitudes.
  if (!negative) {
    out.append(n.digits());
    return;
  }
  for (char digit : n.digits()) out.push_back(static_cast<char>('9' - digit + '0'));
  out.push_back(kNegativeEnd);
}

}  // namespace

void append_key_bytes(const AttributeValue& value, std::string& out) {
  switch (value.type()) {
    case Type::S:
      out.append(value.as_string());
      return;
    case Type::B:
      out.append(value.as_binary());
      return;
    case Type::N:
      append_number(value.as_number(), out);
      return;
    default:
      return;
  }
}

std::string_view key_bytes(const AttributeValue& value, std::string& buffer) {
  switch (value.type()) {
    case Type::S:
      return value.as_string();
    case Type::B:
      return value.as_binary();
    case Type::N:
      buffer.clear();
      append_number(value.as_number(), buffer);
      return buffer;
    default:
      return {};
  }
}

}  // namespace ddb::engine
