#include "engine/number.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "engine/error.h"

namespace ddb::engine {

namespace {

constexpr std::size_t kMaxSignificantDigits = 38;
constexpr int64_t kMaxExponent = 125;   // 9.99...E+125 is the largest magnitude
constexpr int64_t kMinExponent = -130;  // 1E-130 is the smallest non-zero magnitude
// Exponent digits saturate here: far outside the range, and far from int64 overflow even after
// adding the position of the first significant digit (bounded by the length of the text).
constexpr int64_t kExponentSaturation = 1'000'000'000'000'000;

// Messages as DynamoDB returns them, bare: protocol/ adds the per-operation envelope ("1 validation
// error detected: ..." or "ExpressionAttributeValues contains invalid value: ... for key :v").
// Sources: dynalite's checkNum (validations/index.js) and its tests, which run against DynamoDB,
// and the AWS captures in paritysuite/dynamodb-conformance tests/tier3/error-messages ("The
// parameter cannot be converted to a numeric value: abc"). Empty text keeps the ": " (the current
// validator's form, paritysuite 2026; the older one dropped it).
constexpr std::string_view kNotANumber = "The parameter cannot be converted to a numeric value";
constexpr const char* kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
constexpr const char* kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
constexpr const char* kTooManyDigits =
    "Attempting to store more than 38 significant digits in a Number";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

Error not_a_number(std::string_view text) {
  std::string message(kNotANumber);
  message.append(": ");
  message.append(text);
  return Error::validation(std::move(message));
}

// Range first, then precision: the order of dynalite's checkNum, so "1234...(39 digits)E200"
// reports overflow. `too_many_digits` is the message for a number past 38 significant digits.
void check_limits(int64_t exponent, std::size_t significant_digits,
                  const char* too_many_digits = kTooManyDigits) {
  if (exponent > kMaxExponent) throw Error::validation(kOverflow);
  if (exponent < kMinExponent) throw Error::validation(kUnderflow);
  if (significant_digits > kMaxSignificantDigits) throw Error::validation(too_many_digits);
}

// Compares |a| and |b| for non-zero normalized numbers: exponent first, then the digit strings.
// Plain lexicographic order is numeric order here, because a proper prefix is followed by at least
// one non-zero digit in the longer string (no trailing zeros).
int compare_magnitude(const Number& a, const Number& b) {
  if (a.exponent() != b.exponent()) return a.exponent() < b.exponent() ? -1 : 1;
  return a.digits().compare(b.digits());
}

}  // namespace

Number Number::parse(std::string_view text) {
  const std::size_t size = text.size();
  std::size_t i = 0;
  bool negative = false;
  if (i < size && (text[i] == '+' || text[i] == '-')) {
    negative = text[i] == '-';
    ++i;
  }

  const std::size_t mantissa_begin = i;
  std::size_t point = std::string_view::npos;
  std::size_t digit_count = 0;
  for (; i < size; ++i) {
    if (is_digit(text[i])) {
      ++digit_count;
    } else if (text[i] == '.' && point == std::string_view::npos) {
      point = i;
    } else {
      break;
    }
  }
  const std::size_t mantissa_end = i;
  if (digit_count == 0) throw not_a_number(text);

  int64_t exponent = 0;
  if (i < size && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < size && (text[i] == '+' || text[i] == '-')) {
      exponent_negative = text[i] == '-';
      ++i;
    }
    if (i == size || !is_digit(text[i])) throw not_a_number(text);
    for (; i < size && is_digit(text[i]); ++i) {
      exponent = std::min(exponent * 10 + (text[i] - '0'), kExponentSaturation);
    }
    if (exponent_negative) exponent = -exponent;
  }
  if (i != size) throw not_a_number(text);

  std::size_t first = mantissa_begin;
  while (first < mantissa_end && (text[first] == '0' || text[first] == '.')) ++first;
  // Zero, whatever its sign and exponent ("-0", "0e999999999"): one representation.
  if (first == mantissa_end) return Number();
  std::size_t last = mantissa_end - 1;
  while (text[last] == '0' || text[last] == '.') --last;

  const std::size_t integer_end = point == std::string_view::npos ? mantissa_end : point;
  const bool first_in_fraction = point != std::string_view::npos && first > point;
  // Decimal position of the first significant digit relative to the units digit.
  const int64_t position = first_in_fraction ? -static_cast<int64_t>(first - point)
                                             : static_cast<int64_t>(integer_end - first) - 1;
  const bool point_inside = point != std::string_view::npos && first < point && point < last;
  const std::size_t significant = last - first + 1 - (point_inside ? 1 : 0);
  const int64_t magnitude = position + exponent;
  check_limits(magnitude, significant);

  std::string digits;
  digits.reserve(significant);
  for (std::size_t k = first; k <= last; ++k) {
    if (text[k] != '.') digits.push_back(text[k]);
  }
  return Number(negative, std::move(digits), static_cast<int32_t>(magnitude));
}

std::string Number::to_string() const {
  if (is_zero()) return "0";
  std::string out;
  if (negative_) out.push_back('-');
  const auto count = static_cast<int64_t>(digits_.size());
  if (exponent_ < 0) {
    // 0.000ddd
    out.append("0.");
    out.append(static_cast<std::size_t>(-exponent_ - 1), '0');
    out.append(digits_);
  } else if (count <= exponent_ + 1) {
    // ddd000
    out.append(digits_);
    out.append(static_cast<std::size_t>(exponent_ + 1 - count), '0');
  } else {
    // dd.ddd
    const auto integer_digits = static_cast<std::size_t>(exponent_ + 1);
    out.append(digits_, 0, integer_digits);
    out.push_back('.');
    out.append(digits_, integer_digits);
  }
  return out;
}

std::strong_ordering operator<=>(const Number& a, const Number& b) {
  // Zero is neither negative nor positive: map each number to -1, 0 or 1 first.
  const int sign_a = a.is_zero() ? 0 : (a.negative_ ? -1 : 1);
  const int sign_b = b.is_zero() ? 0 : (b.negative_ ? -1 : 1);
  if (sign_a != sign_b || sign_a == 0) return sign_a <=> sign_b;
  const int c = compare_magnitude(a, b);
  return sign_a > 0 ? c <=> 0 : 0 <=> c;
}

Number Number::add(const Number& a, const Number& b) { return sum(a, b, false); }

Number Number::subtract(const Number& a, const Number& b) { return sum(a, b, true); }

Number Number::sum(const Number& a, const Number& b, bool negate_b) {
  const bool b_negative = b.negative_ != negate_b;
  if (b.is_zero()) return a;
  if (a.is_zero()) return Number(b_negative, b.digits_, b.exponent_);

  // Both operands are valid Numbers, so the aligned width is at most a few hundred digits: column i
  // holds the digit with exponent `high - i`, and column 0 is spare room for a carry.
  const int32_t high = std::max(a.exponent_, b.exponent_) + 1;
  const int32_t low = std::min(a.exponent_ - static_cast<int32_t>(a.digits_.size()),
                               b.exponent_ - static_cast<int32_t>(b.digits_.size())) +
                      1;
  const auto width = static_cast<std::size_t>(high - low + 1);

  const int order = compare_magnitude(a, b);
  const bool same_sign = a.negative_ == b_negative;
  if (!same_sign && order == 0) return Number();  // x - x is zero, never "-0"
  // The larger magnitude goes on top so that a difference never borrows past column 0.
  const bool a_on_top = order >= 0;
  const Number& top = a_on_top ? a : b;
  const Number& bottom = a_on_top ? b : a;
  const bool result_negative = a_on_top ? a.negative_ : b_negative;

  std::string columns(width, '0');
  columns.replace(static_cast<std::size_t>(high - top.exponent_), top.digits_.size(), top.digits_);
  const auto bottom_begin = static_cast<std::size_t>(high - bottom.exponent_);
  const std::size_t bottom_end = bottom_begin + bottom.digits_.size();

  int carry = 0;  // +1 carry when adding, -1 borrow when subtracting
  for (std::size_t i = width; i-- > 0;) {
    int d = columns[i] - '0' + carry;
    if (i >= bottom_begin && i < bottom_end) {
      const int other = bottom.digits_[i - bottom_begin] - '0';
      d += same_sign ? other : -other;
    }
    carry = 0;
    if (d >= 10) {
      d -= 10;
      carry = 1;
    } else if (d < 0) {
      d += 10;
      carry = -1;
    }
    columns[i] = static_cast<char>('0' + d);
  }

  const std::size_t first = columns.find_first_not_of('0');
  const std::size_t last = columns.find_last_not_of('0');
  const int64_t exponent = static_cast<int64_t>(high) - static_cast<int64_t>(first);
  // A sum or difference that needs more than 38 significant digits is an overflow to DynamoDB,
  // not the parser's precision message: SET b = :a + :b with 1E50 and 1 answers "Number overflow.
  // ..." (scylladb's test_number.py, run against DynamoDB; issue 20).
  check_limits(exponent, last - first + 1, kOverflow);
  return Number(result_negative, columns.substr(first, last - first + 1),
                static_cast<int32_t>(exponent));
}

}  // namespace ddb::engine
