#include "protocol/json/json_writer.h"

#include <charconv>
#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

// The length of the first stretch of `text` with nothing to escape. Item payloads are long plain
// strings, so this scan is most of the writing: with SSE2 (every x86-64 has it) 64 bytes a step,
// then 16, else 8.
std::size_t plain_prefix(std::string_view text) {
  std::size_t i = 0;
#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  // Set in each byte that needs care. Signed comparison, so the bytes >= 0x80 (negative) count as
  // below the space too.
  const auto care = [&](std::size_t at) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at));
    return _mm_or_si128(
        _mm_cmplt_epi8(chunk, space),
        _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)));
  };
  for (; i + 64 <= text.size(); i += 64) {
    const __m128i any =
        _mm_or_si128(_mm_or_si128(care(i), care(i + 16)), _mm_or_si128(care(i + 32), care(i + 48)));
    if (_mm_movemask_epi8(any) != 0) break;
  }
  for (; i + 16 <= text.size(); i += 16) {
    const int mask = _mm_movemask_epi8(care(i));
    if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
#endif
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof word);
    if (needs_care(word)) break;
  }
  for (; i < text.size(); ++i) {
    if (needs_care(static_cast<unsigned char>(text[i]))) return i;
  }
  return i;
}

// The length of the well-formed UTF-8 sequence (Unicode Table 3-7, the set nlohmann's decoder
// accepts) that starts at `at` with a byte >= 0x80, or 0 when it is not one.
std::size_t utf8_sequence(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) {
    return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0u;
  };
  const auto in = [](unsigned c, unsigned low, unsigned high) { return c >= low && c <= high; };
  const unsigned lead = byte(0);
  if (in(lead, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
  if (in(lead, 0xE0, 0xEF)) {
    const unsigned low = lead == 0xE0 ? 0xA0 : 0x80;
    const unsigned high = lead == 0xED ? 0x9F : 0xBF;
    return in(byte(1), low, high) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
  }
  if (in(lead, 0xF0, 0xF4)) {
    const unsigned low = lead == 0xF0 ? 0x90 : 0x80;
    const unsigned high = lead == 0xF4 ? 0x8F : 0xBF;
    return in(byte(1), low, high) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

// Escapes one ASCII byte that needs it, as nlohmann's serializer does.
void write_escaped(unsigned char c, std::string& out) {
  switch (c) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\r':
      out += "\\r";
      return;
    default: {
      constexpr char kHex[] = "0123456789abcdef";
      const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      out.append(escape, sizeof escape);
      return;
    }
  }
}

// nlohmann writes integers as plain decimal digits, with a '-' when negative.
template <typename Integer>
void write_integer(Integer value, std::string& out) {
  char digits[24];
  auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

}  // namespace

void write_json_string(std::string_view text, std::string& out) {
  const std::size_t start = out.size();
  std::size_t i = plain_prefix(text);
  if (i == text.size()) {
    out += '"';
    out.append(text.data(), text.size());
    out += '"';
    return;
  }
  out += '"';
  out.append(text.data(), i);
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (needs_care(c)) {
        write_escaped(c, out);
        ++i;
      } else {
        std::size_t plain = plain_prefix(text.substr(i));
        out.append(text.data() + i, plain);
        i += plain;
      }
      continue;
    }
    std::size_t length = utf8_sequence(text, i);
    if (length == 0) {
      // Invalid UTF-8: where the replacement goes depends on nlohmann's decoder state (a bad byte
      // after a partial sequence is read again), so nlohmann writes this rare string itself.
      out.resize(start);
      out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
    }
    out.append(text.data() + i, length);
    i += length;
  }
  out += '"';
}

void write_json(const Json& json, std::string& out) {
  switch (json.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (auto member = json.begin(); member != json.end(); ++member) {
        if (!first) out += ',';
        first = false;
        write_json_string(member.key(), out);
        out += ':';
        write_json(member.value(), out);
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
        write_json(element, out);
      }
      out += ']';
      return;
    }
    case Json::value_t::string:
      write_json_string(json.get_ref<const std::string&>(), out);
      return;
    case Json::value_t::boolean:
      out += json.get<bool>() ? "true" : "false";
      return;
    case Json::value_t::null:
      out += "null";
      return;
    case Json::value_t::number_unsigned:
      write_integer(json.get<std::uint64_t>(), out);
      return;
    case Json::value_t::number_integer:
      write_integer(json.get<std::int64_t>(), out);
      return;
    default:
      out += json.dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
  }
}

std::string write_json(const Json& json) {
  std::string out;
  out.reserve(256);
  write_json(json, out);
  return out;
}

}  // namespace ddb::protocol
