#include "protocol/json/base64.h"

#include <array>
#include <cstdint>

namespace ddb::protocol {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> make_decode_table() {
  std::array<int8_t, 256> table{};
  for (auto& entry : table) entry = -1;
  for (int i = 0; i < 64; ++i)
    table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
  return table;
}

constexpr std::array<int8_t, 256> kDecode = make_decode_table();

}  // namespace

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t n = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += kAlphabet[n & 63];
  }
  std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t n = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += rest == 2 ? kAlphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

namespace {

// Decodes standard padded base64 into `out` (when not null); false for anything else.
bool decode(std::string_view text, std::string* out) {
  if (text.size() % 4 != 0) return false;
  if (out) out->reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    bool last = i + 4 == text.size();
    int padding = 0;
    uint32_t n = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      char c = text[i + j];
      if (c == '=' && last && j >= 2) {
        ++padding;
        n <<= 6;
        continue;
      }
      int8_t v = kDecode[static_cast<unsigned char>(c)];
      if (v < 0 || padding > 0) return false;
      n = (n << 6) | static_cast<uint32_t>(v);
    }
    // The last character before padding may not carry bits past the final byte: DynamoDB rejects
    // "+/+=" ("Invalid last non-pad Base64 character dectected", dynalite's tests against AWS).
    if ((padding == 1 && (n & 0xFF) != 0) || (padding == 2 && (n & 0xFFFF) != 0)) return false;
    if (!out) continue;
    *out += static_cast<char>((n >> 16) & 0xFF);
    if (padding < 2) *out += static_cast<char>((n >> 8) & 0xFF);
    if (padding < 1) *out += static_cast<char>(n & 0xFF);
  }
  return true;
}

}  // namespace

std::optional<std::string> base64_decode(std::string_view text) {
  std::string out;
  if (!decode(text, &out)) return std::nullopt;
  return out;
}

bool base64_valid(std::string_view text) { return decode(text, nullptr); }

}  // namespace ddb::protocol
