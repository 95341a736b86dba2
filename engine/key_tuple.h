#pragma once

#include <span>
#include <string>

#include "engine/sort_key_range.h"
#include "engine/value.h"

namespace ddb::engine {

// The partition key or the sort key of a multi-attribute index key (a GSI with several HASH or
// several RANGE attributes) is stored as one binary value, a key tuple: each attribute's key bytes
// (key_bytes.h) with every 0x00 byte written 0x00 0xFF, then the terminator 0x00 0x01. Comparing
// two tuples byte by byte then compares their attributes left to right, each in DynamoDB's key
// order for its type (numbers as numbers, strings and binaries by bytes), and no element's
// encoding is a proper prefix of another's, so the tuples that start with given elements are one
// byte range. Single-attribute keys keep their own value.

// Appends the encoding of one element.
void append_tuple_element(const AttributeValue& value, std::string& out);

// The key tuple of `values` (S, N or B), as a B value.
AttributeValue key_tuple(std::span<const AttributeValue* const> values);

// The key tuples that start with `prefix` (whole encoded elements, possibly none) and whose next
// element lies in `next`, a range of that element's values (SortKeyRange::all() for any).
SortKeyRange tuple_range(const std::string& prefix, const SortKeyRange& next);

}  // namespace ddb::engine
