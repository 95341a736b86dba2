#pragma once

#include <cstddef>
#include <string>

namespace ddb::server {

// Length of a DynamoDB request id: 52 characters of [0-9A-Z], for example
// "NIGX0KAH4ENLNOGCJJQZFBJMUFQHCMUHXB0INRN560W0AHYGDNSD".
inline constexpr std::size_t kRequestIdLength = 52;

// A fresh request id for the `x-amzn-RequestId` response header. Unique in practice, not
// cryptographically unpredictable. Thread-safe and cheap (a thread_local generator, no locks).
std::string new_request_id();

}  // namespace ddb::server
