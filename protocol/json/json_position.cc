#include "protocol/json/json_position.h"

#include <algorithm>

#include "protocol/json/json_nesting.h"
#include "protocol/json/json_reader.h"

namespace ddb::protocol {

namespace {

// Walks a valid JSON text from its start towards one value, skipping the others unparsed.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  // Moves to the value of member `name` of the object here; false when there is none.
  bool enter_member(std::string_view name) {
    if (!at('{')) return false;
    ++pos_;
    while (at('"')) {
      std::string_view key = string_token();
      if (!at(':')) return false;
      ++pos_;
      skip_space();
      if (decoded(key) == name) return true;
      skip_value();
      if (!at(',')) return false;
      ++pos_;
    }
    return false;
  }

  // Moves to element `index` of the array here; false when there is none.
  bool enter_index(std::size_t index) {
    if (!at('[')) return false;
    ++pos_;
    for (std::size_t i = 0; !at(']') && pos_ < text_.size(); ++i) {
      if (i == index) return true;
      skip_value();
      if (!at(',')) return false;
      ++pos_;
    }
    return false;
  }

  std::size_t line() const {
    return 1 + static_cast<std::size_t>(std::count(text_.begin(), text_.begin() + pos_, '\n'));
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool at(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }

  // The string starting here, quotes included; moves past it.
  std::string_view string_token() {
    const std::size_t start = pos_++;
    while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
    pos_ = std::min(pos_ + 1, text_.size());
    return text_.substr(start, pos_ - start);
  }

  void skip_value() {
    skip_space();
    if (pos_ >= text_.size()) return;
    if (text_[pos_] == '"') {
      string_token();
      return;
    }
    if (text_[pos_] != '{' && text_[pos_] != '[') {
      while (pos_ < text_.size() &&
             std::string_view(",}] \t\r\n").find(text_[pos_]) == std::string_view::npos) {
        ++pos_;
      }
      return;
    }
    std::size_t depth = 0;
    do {
      const char c = text_[pos_];
      if (c == '"') {
        string_token();
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') --depth;
      ++pos_;
    } while (depth > 0 && pos_ < text_.size());
  }

  // A member name's text without quotes, escapes decoded.
  static std::string decoded(std::string_view token) {
    if (token.find('\\') == std::string_view::npos) {
      return std::string(token.substr(1, token.size() - 2));
    }
    return Json::parse(token).get<std::string>();
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string path_text(const JsonPath& path) {
  std::string text;
  for (const JsonStep& step : path) {
    if (const auto* index = std::get_if<std::size_t>(&step)) {
      text += "[" + std::to_string(*index) + "]";
    } else {
      if (!text.empty()) text += '.';
      text += std::get<std::string>(step);
    }
  }
  return text;
}

std::size_t line_of(std::string_view text, const JsonPath& path) {
  Scanner scanner(text);
  for (const JsonStep& step : path) {
    const auto* index = std::get_if<std::size_t>(&step);
    if (index ? !scanner.enter_index(*index) : !scanner.enter_member(std::get<std::string>(step))) {
      return 0;
    }
  }
  return scanner.line();
}

Json read_json_or_throw(std::string_view text) {
  Json json = read_json(text);
  if (!json.is_discarded()) return json;
  if (json_nesting_exceeds(text)) {
    throw JsonSyntaxError(1, "nested deeper than " + std::to_string(kMaxJsonNesting) + " levels");
  }
  try {
    json = Json::parse(text);
  } catch (const Json::parse_error& error) {
    // `byte` counts the characters read, the faulty one last.
    const std::size_t read = std::min<std::size_t>(error.byte, text.size());
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(
                                     text.begin(), text.begin() + (read > 0 ? read - 1 : 0), '\n'));
    // "[json.exception.parse_error.101] parse error at line 2, column 7: <reason>"
    std::string_view what = error.what();
    const std::size_t column = what.find("column ");
    const std::size_t colon = what.find(": ", column == std::string_view::npos ? 0 : column);
    throw JsonSyntaxError(
        line, std::string(colon == std::string_view::npos ? what : what.substr(colon + 2)));
  }
  return json;
}

}  // namespace ddb::protocol
