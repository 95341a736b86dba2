#include "protocol/admin/sort_key_hygiene.h"

#include <array>

namespace ddb::protocol {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A run of digits [begin, end) of a value.
struct Run {
  std::size_t begin = 0, end = 0;
};

}  // namespace

void SortKeyHygiene::observe(std::string_view value) {
  std::array<Run, kMaxNumbers> runs;
  std::size_t count = 0;
  std::string pattern;
  pattern.reserve(value.size());
  for (std::size_t i = 0; i < value.size();) {
    if (!is_digit(value[i])) {
      pattern += value[i++];
      continue;
    }
    std::size_t end = i;
    while (end < value.size() && is_digit(value[end])) ++end;
    const bool number = count < kMaxNumbers && (i == 0 || !is_letter(value[i - 1])) &&
                        (end == value.size() || !is_letter(value[end]));
    if (number) {
      runs[count++] = {i, end};
      pattern += "{n}";
    } else {
      pattern.append(value.substr(i, end - i));
    }
    i = end;
  }
  if (count == 0) return;
  auto it = patterns_.find(pattern);
  if (it == patterns_.end()) {
    if (patterns_.size() >= kMaxPatterns) return;
    it = patterns_.emplace(std::move(pattern), Pattern{}).first;
  }
  Pattern& figures = it->second;
  ++figures.values;
  // A value holding the text "{n}" itself may share a pattern with fewer numbers.
  if (figures.numbers.size() < count) figures.numbers.resize(count);
  for (std::size_t n = 0; n < count; ++n) {
    Number& number = figures.numbers[n];
    const std::size_t length = runs[n].end - runs[n].begin;
    if (number.shortest == 0 || length < number.shortest) {
      number.shortest = length;
      number.shortest_example = value;
    }
    if (length > number.longest) {
      number.longest = length;
      number.longest_example = value;
    }
  }
}

std::vector<SortKeyHygiene::Finding> SortKeyHygiene::findings() const {
  std::vector<Finding> result;
  for (const auto& [pattern, figures] : patterns_) {
    for (std::size_t n = 0; n < figures.numbers.size(); ++n) {
      const Number& number = figures.numbers[n];
      if (number.shortest == number.longest) continue;
      result.push_back({pattern, n + 1, number.shortest, number.longest, number.shortest_example,
                        number.longest_example, figures.values});
      break;
    }
  }
  return result;
}

}  // namespace ddb::protocol
