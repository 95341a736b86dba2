#include "protocol/json_writer.h"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ddb::protocol {

namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Whether any byte of the word is zero (exact; "haszero" from Bit Twiddling Hacks).
constexpr bool has_zero_byte(std::uint64_t word) {
  return ((word - kOnes) & ~word & kHighBits) != 0;
}

// Whether any of the 8 bytes needs more than a copy: a control character (< 0x20), '"', '\\', or a
// byte >= 0x80 (UTF-8 that nlohmann validates, and replaces when invalid).
constexpr bool needs_care(std::uint64_t word) {
  const bool control = ((word - kOnes * 0x20) & ~word & kHighBits) != 0;
  return control || (word & kHighBits) != 0 || has_zero_byte(word ^ (kOnes * '"')) ||
         has_zero_byte(word ^ (kOnes * '\\'));
}

constexpr bool needs_care(unsigned char c) {
  return c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
}

bool is_plain(std::string_view text) {
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof word);
    if (needs_care(word)) return false;
  }
  for (; i < text.size(); ++i) {
    if (needs_care(static_cast<unsigned char>(text[i]))) return false;
  }
  return true;
}

void write_string(const std::string& text, std::string& out) {
  if (is_plain(text)) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
}

void write(const Json& json, std::string& out) {
  switch (json.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (auto member = json.begin(); member != json.end(); ++member) {
        if (!first) out += ',';
        first = false;
        write_string(member.key(), out);
        out += ':';
        write(member.value(), out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& element : json) {
        if (!first) out += ',';
        first = false;
        write(element, out);
      }
      out += ']';
      return;
    }
    case Json::value_t::string:
      write_string(json.get_ref<const std::string&>(), out);
      return;
    default:
      out += json.dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
  }
}

}  // namespace

std::string write_json(const Json& json) {
  std::string out;
  out.reserve(256);
  write(json, out);
  return out;
}

}  // namespace ddb::protocol
