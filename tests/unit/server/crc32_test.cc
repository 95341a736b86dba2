#include "server/crc32.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>

namespace ddb::server {
namespace {

TEST(Crc32, EmptyInputIsZero) { EXPECT_EQ(crc32(""), 0u); }

TEST(Crc32, MatchesZlibOnEmptyObject) { EXPECT_EQ(crc32("{}"), 2745614147u); }

TEST(Crc32, MatchesStandardCheckValue) {
  // The CRC-32/ISO-HDLC check value, 0xCBF43926.
  EXPECT_EQ(crc32("123456789"), 3421780262u);
}

TEST(Crc32, MatchesValuesDynamoDbSends) {
  // x-amz-crc32 values AWS sent for these exact bodies (recorded in dynalite's connection tests).
  EXPECT_EQ(crc32("<UnknownOperationException/>\n"), 3552371480u);
  EXPECT_EQ(crc32(R"({"__type":"com.amazon.coral.service#UnknownOperationException"})"),
            1368724161u);
  EXPECT_EQ(crc32("{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\","
                  "\"message\":\"Request is missing Authentication Token\"}"),
            2088342776u);
}

TEST(Crc32, CoversEveryByteIncludingNul) {
  std::string with_nul("a\0b", 3);
  EXPECT_NE(crc32(with_nul), crc32("ab"));
  EXPECT_EQ(crc32(with_nul), 367556721u);
}

// Long bodies take the carry-less-multiplication path on x86-64; zlib's own crc32 is the reference
// for every length around its 64-byte threshold and 16-byte steps, and for unaligned starts.
TEST(Crc32, MatchesZlibForEveryLengthAndAlignment) {
  std::mt19937 random(7);
  std::string bytes(4200, '\0');
  for (char& c : bytes) c = static_cast<char>(random());
  for (std::size_t offset = 0; offset < 17; ++offset) {
    for (std::size_t size = 0; size + offset <= 1100; ++size) {
      std::string_view part(bytes.data() + offset, size);
      auto expected = static_cast<std::uint32_t>(
          ::crc32_z(0L, reinterpret_cast<const Bytef*>(part.data()), part.size()));
      ASSERT_EQ(crc32(part), expected) << "offset " << offset << " size " << size;
    }
  }
  std::string_view all(bytes);
  EXPECT_EQ(crc32(all), static_cast<std::uint32_t>(
                            ::crc32_z(0L, reinterpret_cast<const Bytef*>(all.data()), all.size())));
}

TEST(Crc32, MatchesZlibOnAllOnesAndAllZeros) {
  for (char fill : {'\0', '\xff'}) {
    std::string bytes(1000, fill);
    EXPECT_EQ(crc32(bytes), static_cast<std::uint32_t>(::crc32_z(
                                0L, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size())));
  }
}

}  // namespace
}  // namespace ddb::server
