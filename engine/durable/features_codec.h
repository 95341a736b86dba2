#pragma once

#include <string>
#include <string_view>

#include "engine/table_features.h"

namespace ddb::engine::durable {

// The binary form of a table's TableFeatures inside its definition record: numbered fields as in
// definition_codec.h, each written only when it differs from its default, so that features at
// their defaults encode to no bytes. An unknown number throws CorruptData.
std::string encode_features(const TableFeatures& features);
TableFeatures decode_features(std::string_view bytes);

}  // namespace ddb::engine::durable
