#pragma once

#include <string_view>

namespace ddb::server {

// HTTP's optional whitespace around header values and list items: spaces and tabs (RFC 9110 OWS).
inline bool is_http_whitespace(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trim_http_whitespace(std::string_view s) {
  while (!s.empty() && is_http_whitespace(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_http_whitespace(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace ddb::server
