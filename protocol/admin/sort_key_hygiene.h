#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol {

// Watches the string sort key values written to one table for numbers that are not zero-padded
// (the seeds' zero-padding rule): "ORDER#9" and "ORDER#10" share the pattern "ORDER#{n}", but
// their numbers differ in length, so DynamoDB, which orders strings by their bytes, puts
// "ORDER#10" before "ORDER#9". A number here is a run of digits with no letter on either side, so
// that hexadecimal identifiers ("9f86d0") and words like "v2" stay text. Bounded: at most
// kMaxPatterns patterns are followed, values of other patterns are not. Not thread-safe: the
// AccessReport's lock guards it.
class SortKeyHygiene {
 public:
  static constexpr std::size_t kMaxPatterns = 32;
  static constexpr std::size_t kMaxNumbers = 8;  // numbers followed per pattern, from the left

  // A pattern whose values' numbers vary in length.
  struct Finding {
    std::string pattern;                    // the values with each number as "{n}": "ORDER#{n}"
    std::size_t number = 0;                 // which number varies: 1 for the first from the left
    std::size_t shortest = 0, longest = 0;  // its lengths in digits
    std::string shortest_example, longest_example;  // a value of each length
    uint64_t values = 0;                            // values of the pattern seen
  };

  void observe(std::string_view value);
  // Every pattern whose numbers vary in length, in pattern order; for each, its first number
  // from the left that varies.
  std::vector<Finding> findings() const;

 private:
  struct Number {
    std::size_t shortest = 0, longest = 0;
    std::string shortest_example, longest_example;
  };
  struct Pattern {
    std::vector<Number> numbers;
    uint64_t values = 0;
  };
  std::map<std::string, Pattern, std::less<>> patterns_;
};

}  // namespace ddb::protocol
