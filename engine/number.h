#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace ddb::engine {

// An exact DynamoDB number: zero, or up to 38 significant decimal digits with a magnitude between
// 1E-130 and 9.9999999999999999999999999999999999999E+125. Never a double.
//
// Stored normalized (no leading or trailing zeros in `digits_`), so equal values have equal
// representations: "1.0", "01", "1E0" and "+1" are all the same Number. Immutable, cheap to copy.
class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB's number syntax: optional sign, digits with an optional '.', optional exponent
  // (e/E, optional sign, digits). Leading and trailing zeros are allowed and not significant.
  // Throws Error::validation with DynamoDB's message for text that is not a number (the message
  // ends with the text), more than 38 significant digits, overflow and underflow.
  static Number parse(std::string_view text);

  // The Number whose is_negative(), digits() and exponent() are these. Requires: they are those of
  // a Number (a stored number read back); nothing is checked.
  static Number from_parts(bool negative, std::string digits, int32_t exponent) {
    return Number(negative, std::move(digits), exponent);
  }

  // The canonical text DynamoDB returns: no exponent, no trailing fractional zeros, no '+', "0" for
  // zero, "-" only for negatives ("1E2" -> "100", "0.10" -> "0.1", "-0" -> "0").
  std::string to_string() const;

  // Exact decimal sum and difference (no rounding). Throw Error::validation with DynamoDB's message
  // when the exact result is out of range: underflow below 1E-130, and overflow above
  // 9.99...E+125 or when it needs more than 38 significant digits (DynamoDB's arithmetic reports
  // lost precision as an overflow).
  static Number add(const Number& a, const Number& b);
  static Number subtract(const Number& a, const Number& b);

  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }
  // Significant digits (no leading/trailing zeros); empty for zero.
  const std::string& digits() const { return digits_; }
  // Decimal exponent of the most significant digit: 123 -> 2, 0.05 -> -2. Meaningless for zero.
  int32_t exponent() const { return exponent_; }

  // Numeric order (DynamoDB's order for N). Does not allocate.
  friend std::strong_ordering operator<=>(const Number& a, const Number& b);
  friend bool operator==(const Number& a, const Number& b) = default;

 private:
  Number(bool negative, std::string digits, int32_t exponent)
      : negative_(negative), digits_(std::move(digits)), exponent_(exponent) {}

  // a + b, or a - b when negate_b.
  static Number sum(const Number& a, const Number& b, bool negate_b);

  bool negative_ = false;
  std::string digits_;
  int32_t exponent_ = 0;
};

}  // namespace ddb::engine
