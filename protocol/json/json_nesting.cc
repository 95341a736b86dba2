#include "protocol/json/json_nesting.h"

#include <cstring>

namespace ddb::protocol {

namespace {

// The end of the string whose opening quote is just before `p`: the position of its closing quote,
// or `end` when it has none. Strings are most of a request's bytes (a 1 KB attribute value is one),
// so they are skipped with memchr rather than byte by byte.
const char* skip_string(const char* p, const char* end) {
  while (p < end) {
    const auto* quote = static_cast<const char*>(std::memchr(p, '"', end - p));
    if (quote == nullptr) return end;
    const auto* backslash = static_cast<const char*>(std::memchr(p, '\\', quote - p));
    if (backslash == nullptr) return quote;
    if (end - backslash <= 2) return end;
    p = backslash + 2;  // the escaped character, a quote or a backslash included, never ends it
  }
  return end;
}

}  // namespace

bool json_nesting_exceeds(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  const char* end = text.data() + text.size();
  for (const char* p = text.data(); p < end; ++p) {
    switch (*p) {
      case '"':
        p = skip_string(p + 1, end);
        if (p == end) return false;  // an unterminated string: no bracket can follow
        break;
      case '{':
      case '[':
        if (++depth > limit) return true;
        break;
      case '}':
      case ']':
        if (depth > 0) --depth;
        break;
      default:
        break;
    }
  }
  return false;
}

}  // namespace ddb::protocol
