#include "engine/number.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"

namespace ddb::engine {
namespace {

const std::string kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const std::string kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
const std::string kTooManyDigits =
    "Attempting to store more than 38 significant digits in a Number";

// The message of the validation Error that parse throws, or "" when it does not throw.
std::string parse_error(std::string_view text) {
  try {
    Number::parse(text);
  } catch (const Error& e) {
    EXPECT_EQ(e.type(), ErrorType::Validation);
    return e.message();
  }
  return "";
}

// The message of the validation Error that add or subtract throws, or "" when it does not throw.
std::string arithmetic_error(bool subtract, std::string_view a, std::string_view b) {
  const Number x = Number::parse(a);
  const Number y = Number::parse(b);
  try {
    if (subtract) {
      Number::subtract(x, y);
    } else {
      Number::add(x, y);
    }
  } catch (const Error& e) {
    EXPECT_EQ(e.type(), ErrorType::Validation);
    return e.message();
  }
  return "";
}

TEST(Number, DefaultIsZero) {
  const Number zero;
  EXPECT_TRUE(zero.is_zero());
  EXPECT_FALSE(zero.is_negative());
  EXPECT_EQ(zero.digits(), "");
  EXPECT_EQ(zero.to_string(), "0");
  EXPECT_EQ(zero, Number::parse("0"));
}

TEST(Number, PrintsCanonicalPlainText) {
  struct Case {
    std::string_view input;
    std::string_view expected;
  };
  const std::vector<Case> cases = {
      {"0", "0"},
      {"-0", "0"},
      {"+0", "0"},
      {"0.000", "0"},
      {"-0.0e-5", "0"},
      {"1", "1"},
      {"+1", "1"},
      {"-1", "-1"},
      {"01", "1"},
      {"1.0", "1"},
      {"1E0", "1"},
      {"1E2", "100"},
      {"1e+2", "100"},
      {"100", "100"},
      {"0.10", "0.1"},
      {"1E-5", "0.00001"},
      {"-1.5e1", "-15"},
      {"123.456", "123.456"},
      {"-0.05", "-0.05"},
      {".5", "0.5"},
      {"-.5", "-0.5"},
      {"5.", "5"},
      {"00012.3400", "12.34"},
      {"12345e-2", "123.45"},
      {"1.2345E2", "123.45"},
      {"1.5E-1", "0.15"},
      {"10.01", "10.01"},
      {"1000.001", "1000.001"},
      {"-0.000123e3", "-0.123"},
      {"12e-1", "1.2"},
      {"123456789012345678901234567890.12345678", "123456789012345678901234567890.12345678"},
      {"1E+125",
       "10000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000000000000000000000000"
       "00000000000000000000000000"},
      {"-9.9999999999999999999999999999999999999E+125",
       "-9999999999999999999999999999999999999900000000000"
       "00000000000000000000000000000000000000000000000000"
       "000000000000000000000000000"},
      {"1E-130",
       "0.000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000001"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.input);
    EXPECT_EQ(Number::parse(c.input).to_string(), c.expected);
  }
}

TEST(Number, StoresSignificantDigitsAndExponentOfMostSignificantDigit) {
  struct Case {
    std::string_view input;
    bool negative;
    std::string_view digits;
    int32_t exponent;
  };
  const std::vector<Case> cases = {
      {"123", false, "123", 2},
      {"0.05", false, "5", -2},
      {"1200", false, "12", 3},
      {"-0.00120", true, "12", -3},
      {"1", false, "1", 0},
      {"9.5", false, "95", 0},
      {"-10", true, "1", 1},
      {"102.0300", false, "10203", 2},
      {"1E-130", false, "1", -130},
      {"9.9999999999999999999999999999999999999E+125", false,
       "99999999999999999999999999999999999999", 125},
      {"0.0001e4", false, "1", 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.input);
    const Number n = Number::parse(c.input);
    EXPECT_EQ(n.is_negative(), c.negative);
    EXPECT_EQ(n.digits(), c.digits);
    EXPECT_EQ(n.exponent(), c.exponent);
  }
}

TEST(Number, NormalizesEqualSpellingsToOneRepresentation) {
  struct Group {
    std::vector<std::string_view> spellings;
    std::string_view canonical;
  };
  const std::vector<Group> groups = {
      {{"1", "1.0", "01", "1E0", "+1", "10E-1", "0.1e1", "1.", ".1e+1", "100e-2", "0001.000"}, "1"},
      {{"0", "-0", "+0", "0.0", "0e10", "-0e-10", ".0", "0.", "000", "-0.000e0"}, "0"},
      {{"-15", "-1.5e1", "-150E-1", "-015.000", "-0.015e3"}, "-15"},
      {{"0.001", "1e-3", "1E-3", "0.0010", "10e-4", ".001"}, "0.001"},
      {{"1200", "1.2e3", "12E2", "1200.000", "0.0012e6"}, "1200"},
  };
  for (const Group& g : groups) {
    const Number first = Number::parse(g.spellings.front());
    for (std::string_view spelling : g.spellings) {
      SCOPED_TRACE(spelling);
      const Number n = Number::parse(spelling);
      EXPECT_EQ(n, first);
      EXPECT_EQ(n <=> first, std::strong_ordering::equal);
      EXPECT_EQ(n.digits(), first.digits());
      EXPECT_EQ(n.exponent(), first.exponent());
      EXPECT_EQ(n.is_negative(), first.is_negative());
      EXPECT_EQ(n.to_string(), g.canonical);
    }
  }
}

TEST(Number, ZeroIgnoresSignAndExponent) {
  for (std::string_view text : {"-0", "0e999999999", "0e999999999999999999999999999",
                                "-0.000e-99999", "-.0E-999999999999999999999999"}) {
    SCOPED_TRACE(text);
    const Number n = Number::parse(text);
    EXPECT_TRUE(n.is_zero());
    EXPECT_FALSE(n.is_negative());
    EXPECT_EQ(n, Number());
    EXPECT_EQ(n.to_string(), "0");
  }
}

TEST(Number, OrdersNumericallyAcrossSignsMagnitudesAndFractionLengths) {
  // Strictly increasing.
  const std::vector<std::string_view> ascending = {
      "-9.9999999999999999999999999999999999999E+125",
      "-1E+125",
      "-100",
      "-10",
      "-9.5",
      "-9.49",
      "-9",
      "-1.0000000000000000000000000000000000001",
      "-1",
      "-0.99999999999999999999999999999999999999",
      "-0.5",
      "-1E-129",
      "-1E-130",
      "0",
      "1E-130",
      "1.1E-130",
      "1E-129",
      "0.05",
      "0.5",
      "0.9",
      "0.99",
      "1",
      "1.0000000000000000000000000000000000001",
      "1.1",
      "1.11",
      "1.2",
      "2",
      "9.99",
      "10",
      "10.5",
      "99",
      "100",
      "12345678901234567890123456789012345678",
      "1E+125",
      "9.9999999999999999999999999999999999999E+125",
  };
  for (std::size_t i = 0; i < ascending.size(); ++i) {
    const Number a = Number::parse(ascending[i]);
    for (std::size_t j = 0; j < ascending.size(); ++j) {
      SCOPED_TRACE(std::string(ascending[i]) + " vs " + std::string(ascending[j]));
      const Number b = Number::parse(ascending[j]);
      EXPECT_EQ(a <=> b, i <=> j);
      EXPECT_EQ(a == b, i == j);
    }
  }
}

TEST(Number, OrderMatchesIntegerModel) {
  // x * 10^s with |x| < 1e9 and s in [-4, 4]: scaled to a common exponent it fits in int64.
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int64_t> mantissa(-999'999'999, 999'999'999);
  std::uniform_int_distribution<int> scale(-4, 4);
  auto scaled = [](int64_t x, int s) {
    for (int k = 0; k < s + 4; ++k) x *= 10;  // common exponent -4
    return x;
  };
  for (int round = 0; round < 2000; ++round) {
    int64_t x = mantissa(rng);
    const int64_t y = round % 5 == 0 ? x : mantissa(rng);  // also exercise equal mantissas
    if (round % 7 == 0) x /= 1000;                         // and short ones
    const int sx = scale(rng);
    const int sy = scale(rng);
    const std::string tx = std::to_string(x) + "e" + std::to_string(sx);
    const std::string ty = std::to_string(y) + "e" + std::to_string(sy);
    SCOPED_TRACE(tx + " vs " + ty);
    EXPECT_EQ(Number::parse(tx) <=> Number::parse(ty), scaled(x, sx) <=> scaled(y, sy));
  }
}

TEST(Number, PrintedTextParsesBackToTheSameNumber) {
  // Random digit strings across the whole range, written in exponent form.
  std::mt19937 rng(2468);
  std::uniform_int_distribution<int> length(1, 38);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> exponent(-130, 125);
  for (int round = 0; round < 2000; ++round) {
    std::string text = round % 2 == 0 ? "-" : "";
    text += static_cast<char>('1' + digit(rng) % 9);
    text += '.';
    for (int k = length(rng); k > 1; --k) text += static_cast<char>('0' + digit(rng));
    text += "E" + std::to_string(exponent(rng));
    SCOPED_TRACE(text);
    const Number n = Number::parse(text);
    const std::string printed = n.to_string();
    EXPECT_EQ(printed.find_first_of("eE+"), std::string::npos);
    EXPECT_EQ(Number::parse(printed), n);
    EXPECT_EQ(Number::parse(printed).to_string(), printed);
  }
}

TEST(Number, AcceptsThirtyEightSignificantDigits) {
  for (std::string_view text : {
           "12345678901234567890123456789012345678",
           "-1.2345678901234567890123456789012345678",
           "99999999999999999999999999999999999999",
           "0.00012345678901234567890123456789012345678",
           "123456789012345678901234567890123456780000000000000000000000000000000000000000000000000"
           "0",
           "12345678901234567890123456789012345678.000000000000000000000000000000",
           "000000000000000012345678901234567890123456789012345678",
           "10000000000000000000000000000000000001",
           "100000000000000000000000000000000000000000000000000",
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text), "");
  }
  EXPECT_EQ(
      Number::parse("1234567890123456789012345678901234567800000000000000000000000000000000000"
                    "000000000000000")
          .digits(),
      "12345678901234567890123456789012345678");
  EXPECT_EQ(Number::parse("100000000000000000000000000000000000000000000000000").digits(), "1");
}

TEST(Number, RejectsThirtyNineSignificantDigits) {
  for (std::string_view text : {
           "123456789012345678901234567890123456789",
           "-1.23456789012345678901234567890123456789",
           "100000000000000000000000000000000000001",
           "1.00000000000000000000000000000000000001",
           "0.000123456789012345678901234567890123456789",
           "1234567890123456789012345678901234567.89e10",
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text), kTooManyDigits);
  }
}

TEST(Number, AcceptsLargestAndSmallestMagnitudes) {
  for (std::string_view text : {
           "9.9999999999999999999999999999999999999E+125",
           "-9.9999999999999999999999999999999999999E+125",
           "1E+125",
           "0.1E126",
           "1E-130",
           "-1E-130",
           "10E-131",
           "1.2345678901234567890123456789012345678E-130",
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text), "");
  }
}

TEST(Number, RejectsMagnitudeAboveRangeAsOverflow) {
  for (std::string_view text : {
           "1E+126",
           "-1E126",
           "10E125",
           "0.1E127",
           "1e999999999999999999",
           "1e99999999999999999999999999999999999999999999",
           "-5e2147483648",
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text), kOverflow);
  }
}

TEST(Number, RejectsNonZeroMagnitudeBelowRangeAsUnderflow) {
  for (std::string_view text : {
           "1E-131",
           "-1E-131",
           "0.1E-130",
           "9.9999999999999999999999999999999999999E-131",
           "1e-999999999999999999999",
           "1e-2147483649",
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text), kUnderflow);
  }
}

TEST(Number, ReportsRangeBeforeTooManyDigits) {
  // dynalite's checkNum checks the exponent before the digit count.
  EXPECT_EQ(parse_error("123456789012345678901234567890123456789E200"), kOverflow);
  EXPECT_EQ(parse_error("123456789012345678901234567890123456789E-200"), kUnderflow);
}

TEST(Number, LeadingAndTrailingZerosCanBeOffsetByTheExponent) {
  // Digits and exponent are far outside the limits separately, but the value is in range.
  const std::string tiny = "0." + std::string(200, '0') + "1e200";
  EXPECT_EQ(Number::parse(tiny).to_string(), "0.1");
  const std::string huge = "1" + std::string(200, '0') + "e-200";
  EXPECT_EQ(Number::parse(huge).to_string(), "1");
}

TEST(Number, RejectsTextThatIsNotANumber) {
  for (std::string_view text : {
           ".",        "-",     "+",     "-.",    "abc", "1e",  "1E",       "1e+",       "1e-",
           "e5",       ".e5",   "--1",   "+-1",   "-+1", "1-",  "1.2.3",    "..1",       " 1",
           "1 ",       "\t1",   "1\n",   "0x10",  "NaN", "nan", "Infinity", "-Infinity", "inf",
           "1,000",    "1_000", "1e1.5", "1e1e1", "1d",  "1f",  "1L",       "1e 5",
           "\xd9\xa1",  // ARABIC-INDIC DIGIT ONE
       }) {
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_error(text),
              "The parameter cannot be converted to a numeric value: " + std::string(text));
  }
  EXPECT_EQ(parse_error(std::string_view("1\0", 2)),
            std::string("The parameter cannot be converted to a numeric value: 1\0", 56));
}

TEST(Number, RejectsEmptyTextEchoingNothingAfterTheColon) {
  EXPECT_EQ(parse_error(""), "The parameter cannot be converted to a numeric value: ");
}

struct ArithmeticCase {
  std::string_view a;
  std::string_view b;
  std::string_view expected;
};

TEST(Number, AddsExactly) {
  const std::vector<ArithmeticCase> cases = {
      {"1", "1", "2"},
      {"9", "1", "10"},
      {"99.99", "0.01", "100"},
      {"0.5", "0.5", "1"},
      {"0.1", "0.2", "0.3"},
      {"1000", "0.001", "1000.001"},
      {"-1", "-1", "-2"},
      {"-9.5", "-0.5", "-10"},
      {"5", "-7", "-2"},
      {"-5", "7", "2"},
      {"100", "-0.01", "99.99"},
      {"-100", "0.01", "-99.99"},
      {"123.456", "0", "123.456"},
      {"0", "-123.456", "-123.456"},
      {"0", "0", "0"},
      {"99999999999999999999999999999999999999", "1", "100000000000000000000000000000000000000"},
      {"1E-130", "1E-130",
       "0.000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000002"},
      {"1E125", "1E125",
       "20000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000000000000000000000000"
       "00000000000000000000000000"},
      {"1E37", "1", "10000000000000000000000000000000000001"},
      {"0.99999999999999999999999999999999999999", "0.00000000000000000000000000000000000001", "1"},
  };
  for (const ArithmeticCase& c : cases) {
    SCOPED_TRACE(std::string(c.a) + " + " + std::string(c.b));
    const Number a = Number::parse(c.a);
    const Number b = Number::parse(c.b);
    EXPECT_EQ(Number::add(a, b).to_string(), c.expected);
    EXPECT_EQ(Number::add(b, a).to_string(), c.expected);
  }
}

TEST(Number, SubtractsExactly) {
  const std::vector<ArithmeticCase> cases = {
      {"10", "1", "9"},
      {"1", "10", "-9"},
      {"100", "0.01", "99.99"},
      {"0", "5", "-5"},
      {"0", "-5", "5"},
      {"5", "0", "5"},
      {"-1", "1", "-2"},
      {"1", "-1", "2"},
      {"-1", "-3", "2"},
      {"1000000", "1", "999999"},
      {"1", "0.0000001", "0.9999999"},
      {"0.3", "0.1", "0.2"},
      {"1.5", "0.5", "1"},
      {"100000000000000000000000000000000000000", "1", "99999999999999999999999999999999999999"},
      {"2.1E-130", "1E-130",
       "0.000000000000000000000000000000000000000000000000"
       "00000000000000000000000000000000000000000000000000"
       "000000000000000000000000000000011"},
  };
  for (const ArithmeticCase& c : cases) {
    SCOPED_TRACE(std::string(c.a) + " - " + std::string(c.b));
    EXPECT_EQ(Number::subtract(Number::parse(c.a), Number::parse(c.b)).to_string(), c.expected);
  }
}

TEST(Number, ArithmeticThatCancelsGivesCanonicalZero) {
  const std::vector<std::pair<std::string_view, std::string_view>> cases = {
      {"5", "5"},
      {"-5", "-5"},
      {"1.5", "1.50"},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"-1E-130", "-1E-130"},
      {"9.9999999999999999999999999999999999999E+125",
       "9.9999999999999999999999999999999999999E+125"},
  };
  for (const auto& [a, b] : cases) {
    SCOPED_TRACE(std::string(a) + " - " + std::string(b));
    const Number difference = Number::subtract(Number::parse(a), Number::parse(b));
    EXPECT_TRUE(difference.is_zero());
    EXPECT_FALSE(difference.is_negative());
    EXPECT_EQ(difference, Number());
    EXPECT_EQ(difference.to_string(), "0");
    const Number sum = Number::add(Number::parse(a), Number::subtract(Number(), Number::parse(b)));
    EXPECT_EQ(sum, Number());
  }
}

TEST(Number, ArithmeticRejectsResultsBeyondTheLimits) {
  struct Case {
    bool subtract;
    std::string_view a;
    std::string_view b;
    std::string_view message;
  };
  // A result past 38 significant digits is an overflow, as DynamoDB reports it for 1E50 + 1
  // (scylladb's test_number.py, run against DynamoDB), not the parser's precision message.
  const std::vector<Case> cases = {
      {false, "1E50", "1", kOverflow},
      {true, "1E50", "1", kOverflow},
      {false, "9.9999999999999999999999999999999999999E+125", "1E+88", kOverflow},
      {false, "9E+125", "1E+125", kOverflow},
      {true, "-9E+125", "1E+125", kOverflow},
      {true, "1.1E-130", "1E-130", kUnderflow},
      {true, "2E-130", "1.9E-130", kUnderflow},
      {false, "-2E-130", "1.9E-130", kUnderflow},
      {false, "12345678901234567890123456789012345678", "0.1", kOverflow},
      {true, "12345678901234567890123456789012345678", "0.1", kOverflow},
      {false, "99999999999999999999999999999999999999", "0.1", kOverflow},
      {false, "1E+125", "1E-130", kOverflow},
      {true, "1", "1E-38", ""},
      {true, "1", "1E-39", kOverflow},
      {false, "1", "1E-37", ""},
      {false, "1", "1E-38", kOverflow},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.a) + (c.subtract ? " - " : " + ") + std::string(c.b));
    EXPECT_EQ(arithmetic_error(c.subtract, c.a, c.b), c.message);
  }
}

TEST(Number, ArithmeticMatchesIntegerModel) {
  // x * 10^s and y * 10^s with |x|, |y| < 1e12: the sum and difference of the mantissas are exact
  // in int64, so the expected value is parsed from the model's integer result at the same scale.
  std::mt19937 rng(67890);
  std::uniform_int_distribution<int64_t> mantissa(-999'999'999'999, 999'999'999'999);
  std::uniform_int_distribution<int> scale(-20, 20);
  for (int round = 0; round < 2000; ++round) {
    const int64_t x = mantissa(rng);
    const int64_t y = round % 9 == 0 ? -x : mantissa(rng);  // also exercise exact cancellation
    const std::string e = "e" + std::to_string(scale(rng));
    const Number a = Number::parse(std::to_string(x) + e);
    const Number b = Number::parse(std::to_string(y) + e);
    SCOPED_TRACE(std::to_string(x) + ", " + std::to_string(y) + ", " + e);
    EXPECT_EQ(Number::add(a, b), Number::parse(std::to_string(x + y) + e));
    EXPECT_EQ(Number::subtract(a, b), Number::parse(std::to_string(x - y) + e));
  }
}

}  // namespace
}  // namespace ddb::engine
