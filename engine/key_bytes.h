#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "engine/value.h"

namespace ddb::engine {

// Key values as byte strings whose order (unsigned bytes, a proper prefix first: what
// std::string_view::compare does) is DynamoDB's key order, compare_keys: S and B are their own
// bytes; N is a sign class, then the exponent, then the digits (complemented, with a terminator,
// for negatives); the NULL placeholder of a table without sort key is empty. Stored items carry
// their key this way, so that a partition orders and finds them with memcmp.

// Appends the key bytes of `value` (S, N, B or NULL) to `out`.
void append_key_bytes(const AttributeValue& value, std::string& out);

// The key bytes of `value`: S and B viewed in place, N encoded into `buffer`.
std::string_view key_bytes(const AttributeValue& value, std::string& buffer);

// The key bytes of one to three key values, to look entries up by. Views into itself: neither
// copied nor moved.
class KeyProbe {
 public:
  explicit KeyProbe(const AttributeValue& first) : size_(1) {
    parts_[0] = key_bytes(first, buffers_[0]);
  }
  KeyProbe(const AttributeValue& first, const AttributeValue& second, const AttributeValue& third)
      : size_(3) {
    parts_[0] = key_bytes(first, buffers_[0]);
    parts_[1] = key_bytes(second, buffers_[1]);
    parts_[2] = key_bytes(third, buffers_[2]);
  }
  KeyProbe(const KeyProbe&) = delete;
  KeyProbe& operator=(const KeyProbe&) = delete;

  std::size_t size() const { return size_; }
  std::string_view operator[](std::size_t i) const { return parts_[i]; }
  std::span<const std::string_view> parts() const { return {parts_.data(), size_}; }

 private:
  std::array<std::string, 3> buffers_;
  std::array<std::string_view, 3> parts_;
  std::size_t size_;
};

}  // namespace ddb::engine
