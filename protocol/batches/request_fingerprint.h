#pragma once

#include <string>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// What identifies a request for ClientRequestToken (TransactWriteItems, ExecuteTransaction): every
// parameter (nlohmann's objects are ordered, so equal requests dump equally), as 128 bits of two
// independent hashes rather than the request itself, which may be megabytes.
std::string request_fingerprint(const Json& request);

}  // namespace ddb::protocol
