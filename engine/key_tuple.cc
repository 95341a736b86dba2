#include "engine/key_tuple.h"

#include <optional>
#include <utility>

#include "engine/key_bytes.h"

namespace ddb::engine {

namespace {

constexpr char kEscape = static_cast<char>(0xFF);
constexpr char kTerminator = 0x01;

// The least byte string above every string that starts with `bytes`, or nullopt when there is
// none. `bytes` never ends in 0xFF here: tuples end in the terminator.
std::optional<std::string> past_prefix(std::string bytes) {
  if (bytes.empty()) return std::nullopt;
  bytes.back() = static_cast<char>(static_cast<unsigned char>(bytes.back()) + 1);
  return bytes;
}

SortKeyBound binary_bound(std::string bytes, bool inclusive) {
  return {AttributeValue::binary(std::move(bytes)), inclusive};
}

}  // namespace

void append_tuple_element(const AttributeValue& value, std::string& out) {
  std::string buffer;
  for (char byte : key_bytes(value, buffer)) {
    out.push_back(byte);
    if (byte == 0) out.push_back(kEscape);
  }
  out.push_back(0);
  out.push_back(kTerminator);
}

AttributeValue key_tuple(std::span<const AttributeValue* const> values) {
  std::string bytes;
  for (const AttributeValue* value : values) append_tuple_element(*value, bytes);
  return AttributeValue::binary(std::move(bytes));
}

SortKeyRange tuple_range(const std::string& prefix, const SortKeyRange& next) {
  const auto with = [&prefix](const AttributeValue& element) {
    std::string bytes = prefix;
    append_tuple_element(element, bytes);
    return bytes;
  };
  SortKeyRange range;
  // Every tuple whose next element equals a bound starts with prefix + that element: an inclusive
  // bound takes all of them, an exclusive one none.
  if (next.lower) {
    std::string at = with(next.lower->value);
    range.lower = next.lower->inclusive ? binary_bound(std::move(at), true)
                                        : binary_bound(*past_prefix(std::move(at)), true);
  } else if (!prefix.empty()) {
    range.lower = binary_bound(prefix, true);
  }
  std::optional<std::string> upper;
  if (next.upper) {
    std::string at = with(next.upper->value);
    upper = next.upper->inclusive ? past_prefix(std::move(at)) : std::move(at);
  } else {
    upper = past_prefix(prefix);
  }
  if (upper) range.upper = binary_bound(std::move(*upper), false);
  return range;
}

}  // namespace ddb::engine
