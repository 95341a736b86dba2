#include "server/crc32.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace ddb::server
