#include "protocol/admin/seed/seed_items.h"

#include <array>
#include <utility>

namespace ddb::protocol {

namespace {

// Whether `value` is a DynamoDB JSON attribute value: an object with one member naming a type.
bool is_attribute_value(const Json& value) {
  static constexpr std::array<std::string_view, 10> kTypes = {"S", "N", "B",  "BOOL", "NULL",
                                                              "M", "L", "SS", "NS",   "BS"};
  if (!value.is_object() || value.size() != 1) return false;
  const std::string& name = value.begin().key();
  for (std::string_view type : kTypes) {
    if (name == type) return true;
  }
  return false;
}

template <typename Element>
Element& unwrapped(Element& element) {
  if (!element.is_object()) {
    throw SeedError("", R"(an item must be a JSON object: DynamoDB JSON, or {"Item": {...}})");
  }
  if (element.size() == 1) {
    auto it = element.find("Item");
    if (it != element.end() && it->is_object() && !is_attribute_value(*it)) return *it;
  }
  return element;
}

}  // namespace

Json& item_of(Json& element) { return unwrapped(element); }
const Json& item_of(const Json& element) { return unwrapped(element); }

SeedItems read_item_lines(std::string table, std::string_view text) {
  SeedItems items;
  items.table = std::move(table);
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::size_t line = 0;
  while (!text.empty()) {
    ++line;
    const std::size_t end = text.find('\n');
    std::string_view content = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (content.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    try {
      Json element = read_json_or_throw(content);
      item_of(element);
      items.items.push_back(std::move(element));
      items.lines.push_back(line);
    } catch (const JsonSyntaxError& error) {
      throw SeedError("", std::string("not JSON: ") + error.what()).at("", line);
    } catch (SeedError& error) {
      error.at("", line);
      throw;
    }
  }
  return items;
}

}  // namespace ddb::protocol
