#include "protocol/json/json_reader.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "protocol/json/json_nesting.h"
#include "protocol/json/json_shape.h"

namespace ddb::protocol {

namespace {

constexpr int kMaxFastDepth = 128;
static_assert(static_cast<std::size_t>(kMaxFastDepth) < kMaxJsonNesting);
constexpr int kMaxFastDigits = 18;  // below 2^63: no overflow, no float fallback to mirror

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

constexpr bool has_zero_byte(std::uint64_t word) {
  return ((word - kOnes) & ~word & kHighBits) != 0;
}

// Whether any of the 8 bytes ends a plain string run: a control character, '"', '\\', or a byte
// >= 0x80.
constexpr bool ends_plain_run(std::uint64_t word) {
  const bool control = ((word - kOnes * 0x20) & ~word & kHighBits) != 0;
  return control || (word & kHighBits) != 0 || has_zero_byte(word ^ (kOnes * '"')) ||
         has_zero_byte(word ^ (kOnes * '\\'));
}

constexpr bool ends_plain_run(unsigned char c) {
  return c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
}

// Recursive descent over the subset described in the header. Every method returns false when the
// document leaves that subset or is malformed; the caller then asks nlohmann.
class FastReader {
 public:
  explicit FastReader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  // Reads the document into `out`, checking it against `shape` when not null.
  bool document(Json& out, const Shape* shape) {
    skip_whitespace();
    if (!value(out, 0, shape, false)) return false;
    skip_whitespace();
    return p_ == end_;
  }

  // The first misfit of the document's values and the shape (json_shape.h), in document order.
  std::optional<std::string>& type_error() { return type_error_; }

 private:
  void skip_whitespace() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  // A value in a slot of `shape` (nullptr: unchecked); `element`: a list member or map value.
  // A container that does not fit its shape has its members read unchecked, so the first misfit
  // recorded is the first in document order.
  bool value(Json& out, int depth, const Shape* shape, bool element) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': {
        const bool fits =
            shape && (shape->kind == ShapeKind::Structure || shape->kind == ShapeKind::Map);
        if (!object(out, depth, fits ? shape : nullptr)) return false;
        break;
      }
      case '[':
        if (!array(out, depth, shape && shape->kind == ShapeKind::List ? shape : nullptr)) {
          return false;
        }
        break;
      case '"': {
        std::string text;
        if (!string(text)) return false;
        out = std::move(text);
        break;
      }
      case 't':
        out = true;
        if (!literal("true")) return false;
        break;
      case 'f':
        out = false;
        if (!literal("false")) return false;
        break;
      case 'n':
        out = nullptr;
        if (!literal("null")) return false;
        break;
      default:
        if (!number(out)) return false;
    }
    if (shape && !type_error_ && !fits_plainly(*shape, out)) {
      type_error_ = protocol::type_error(*shape, out, element);
    }
    return true;
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() ||
        std::memcmp(p_, word.data(), word.size()) != 0) {
      return false;
    }
    p_ += word.size();
    return true;
  }

  bool object(Json& out, int depth, const Shape* shape) {
    if (depth >= kMaxFastDepth) return false;
    ++p_;
    out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    skip_whitespace();
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      return true;
    }
    while (true) {
      skip_whitespace();
      if (p_ == end_ || *p_ != '"') return false;
      std::string name;
      if (!string(name)) return false;
      skip_whitespace();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      skip_whitespace();
      const Shape* inner = nullptr;
      if (shape && !type_error_) {
        inner = shape->kind == ShapeKind::Structure ? member_shape(*shape, name) : shape->element;
      }
      // A repeated name overwrites the earlier value, as nlohmann's DOM parser does.
      if (!value(members[std::move(name)], depth + 1, inner,
                 shape && shape->kind == ShapeKind::Map)) {
        return false;
      }
      skip_whitespace();
      if (p_ == end_) return false;
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != '}') return false;
      ++p_;
      return true;
    }
  }

  bool array(Json& out, int depth, const Shape* shape) {
    if (depth >= kMaxFastDepth) return false;
    ++p_;
    out = Json::array();
    auto& elements = out.get_ref<Json::array_t&>();
    skip_whitespace();
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      return true;
    }
    while (true) {
      skip_whitespace();
      elements.emplace_back();
      if (!value(elements.back(), depth + 1, shape && !type_error_ ? shape->element : nullptr,
                 true)) {
        return false;
      }
      skip_whitespace();
      if (p_ == end_) return false;
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ != ']') return false;
      ++p_;
      return true;
    }
  }

  // A string of printable ASCII with the one-character escapes (\" \\ \/ \b \f \n \r \t):
  // PartiQL statements quote their table names, so escaped quotes are common. Anything else (\u,
  // non-ASCII bytes, whose UTF-8 nlohmann checks) goes to nlohmann.
  bool string(std::string& out) {
    ++p_;
    while (true) {
      const char* start = p_;
      while (end_ - p_ >= 8) {
        std::uint64_t word;
        std::memcpy(&word, p_, sizeof word);
        if (ends_plain_run(word)) break;
        p_ += 8;
      }
      while (p_ < end_ && !ends_plain_run(static_cast<unsigned char>(*p_))) ++p_;
      if (p_ == end_) return false;
      out.append(start, p_);
      if (*p_ == '"') {
        ++p_;
        return true;
      }
      if (*p_ != '\\' || end_ - p_ < 2) return false;
      char escaped = 0;
      switch (p_[1]) {
        case '"':
        case '\\':
        case '/':
          escaped = p_[1];
          break;
        case 'b':
          escaped = '\b';
          break;
        case 'f':
          escaped = '\f';
          break;
        case 'n':
          escaped = '\n';
          break;
        case 'r':
          escaped = '\r';
          break;
        case 't':
          escaped = '\t';
          break;
        default:
          return false;
      }
      out += escaped;
      p_ += 2;
    }
  }

  // JSON's integer grammar, -?(0|[1-9][0-9]*), with no fraction or exponent: nlohmann stores a
  // non-negative one as number_unsigned and a negative one (even -0) as number_integer.
  bool number(Json& out) {
    bool negative = false;
    if (*p_ == '-') {
      negative = true;
      ++p_;
    }
    const char* digits = p_;
    std::uint64_t magnitude = 0;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9') {
      magnitude = magnitude * 10 + static_cast<std::uint64_t>(*p_ - '0');
      ++p_;
    }
    const auto count = p_ - digits;
    if (count == 0 || count > kMaxFastDigits || (count > 1 && *digits == '0')) return false;
    if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
    if (negative) {
      out = -static_cast<std::int64_t>(magnitude);
    } else {
      out = magnitude;
    }
    return true;
  }

  const char* p_;
  const char* end_;
  std::optional<std::string> type_error_;
};

Json read_slowly(std::string_view text) {
  // nlohmann's parser, and the code that walks its DOM, recurse once per level: a body nested
  // deeper than any request can be is refused as malformed first. The fast reader never gets
  // there (kMaxFastDepth), so only the bodies it hands on pay for this scan.
  if (json_nesting_exceeds(text)) return Json(Json::value_t::discarded);
  return Json::parse(text, nullptr, false);
}

}  // namespace

Json read_json(std::string_view text) {
  Json json;
  if (FastReader(text).document(json, nullptr)) return json;
  return read_slowly(text);
}

Json read_json(std::string_view text, const Shape& shape, std::optional<std::string>& type_error) {
  Json json;
  FastReader reader(text);
  if (reader.document(json, &shape)) {
    type_error = std::move(reader.type_error());
    return json;
  }
  json = read_slowly(text);
  // The DOM walk is a second look at the body, taken only by the bodies the fast reader hands on
  // (which nlohmann parses a second time anyway).
  if (!json.is_discarded()) type_error = first_type_error(json, shape);
  return json;
}

}  // namespace ddb::protocol
