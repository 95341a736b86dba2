#pragma once

#include <string>
#include <string_view>

namespace ddb::server {

// Percent-decodes a URI component; a malformed escape is kept as written.
std::string percent_decode(std::string_view s);

// SigV4's UriEncode: every byte except the unreserved characters A-Z a-z 0-9 - . _ ~ becomes %XY
// (uppercase hex); '/' is kept when `keep_slash`.
std::string uri_encode(std::string_view s, bool keep_slash = false);

}  // namespace ddb::server
