#include "server/gzip.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::server {
namespace {

// "hello\n" as `printf 'hello\n' | gzip -n` writes it.
const std::string kHelloGzip(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\xe7\x02\x00\x20\x30\x3a\x36\x06"
    "\x00\x00\x00",
    26);

TEST(Gzip, DecodesWhatGzipWrites) {
  Inflated inflated = gzip_decompress(kHelloGzip, 100);
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, "hello\n");
}

TEST(Gzip, RoundTripsLargeData) {
  std::string data;
  for (int i = 0; i < 100000; ++i) data += "{\"pk\":{\"S\":\"item" + std::to_string(i) + "\"}},";
  std::string compressed = gzip_compress(data);
  EXPECT_LT(compressed.size(), data.size() / 4);
  EXPECT_EQ(compressed.substr(0, 2), "\x1f\x8b");
  Inflated inflated = gzip_decompress(compressed, data.size());
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, data);
}

TEST(Gzip, StopsAtTheLimit) {
  std::string zeros(1 << 20, '\0');
  std::string compressed = gzip_compress(zeros);
  EXPECT_EQ(gzip_decompress(compressed, zeros.size() - 1).status, Inflated::Status::TooLarge);
  EXPECT_EQ(gzip_decompress(compressed, zeros.size()).status, Inflated::Status::Ok);
}

TEST(Gzip, RejectsWhatIsNotOneWholeGzipMember) {
  EXPECT_EQ(gzip_decompress(R"({"TableName":"t"})", 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress("", 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress(kHelloGzip.substr(0, 20), 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(gzip_decompress(kHelloGzip + "junk", 100).status, Inflated::Status::Invalid);
  std::string corrupt = kHelloGzip;
  corrupt[20] = static_cast<char>(corrupt[20] ^ 0x55);  // the CRC32 trailer
  EXPECT_EQ(gzip_decompress(corrupt, 100).status, Inflated::Status::Invalid);
}

TEST(Gzip, ConcatenatedMembersDecodeToOneBody) {
  Inflated inflated = gzip_decompress(gzip_compress("{\"Tab") + gzip_compress("le\":1}"), 100);
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, "{\"Table\":1}");
}

TEST(Gzip, DeflateIsAZlibStream) {
  // "hello\n" as Python's zlib.compress writes it.
  const std::string hello_zlib("\x78\x9c\xcb\x48\xcd\xc9\xc9\xe7\x02\x00\x08\x4b\x02\x1f", 14);
  Inflated inflated = decompress(hello_zlib, Coding::Deflate, 100);
  ASSERT_EQ(inflated.status, Inflated::Status::Ok);
  EXPECT_EQ(inflated.data, "hello\n");
  EXPECT_EQ(decompress(compress("abc", Coding::Deflate), Coding::Deflate, 10).data, "abc");
  EXPECT_EQ(decompress(kHelloGzip, Coding::Deflate, 100).status, Inflated::Status::Invalid);
  EXPECT_EQ(decompress("", Coding::Deflate, 100).status, Inflated::Status::Invalid);
}

TEST(Gzip, RequestCodingIsGzipDeflateOrNone) {
  EXPECT_EQ(request_coding(""), Coding::Identity);
  EXPECT_EQ(request_coding(" GZIP "), Coding::Gzip);
  EXPECT_EQ(request_coding("deflate"), Coding::Deflate);
  EXPECT_EQ(request_coding("garbage"), std::nullopt);
  EXPECT_EQ(request_coding("br"), std::nullopt);
  EXPECT_EQ(request_coding("gzip, deflate"), std::nullopt);
}

TEST(Gzip, ResponseCodingNamesAndWildcard) {
  EXPECT_EQ(response_coding(""), Coding::Identity);
  EXPECT_EQ(response_coding("gzip"), Coding::Gzip);
  EXPECT_EQ(response_coding(" Deflate "), Coding::Deflate);
  EXPECT_EQ(response_coding("identity, br, x-gzip"), Coding::Identity);
  EXPECT_EQ(response_coding("*"), Coding::Gzip);
  EXPECT_EQ(response_coding("*, deflate;q=1"), Coding::Gzip);  // "*" listed first stands for gzip
  EXPECT_EQ(response_coding("gzip;q=0, *"), Coding::Deflate);  // named beats "*"
  EXPECT_EQ(response_coding("*;q=0.5, deflate;q=0.6"), Coding::Deflate);
}

TEST(Gzip, ResponseCodingWeights) {
  EXPECT_EQ(response_coding("gzip, deflate"), Coding::Gzip);
  EXPECT_EQ(response_coding("deflate, gzip"), Coding::Deflate);  // a tie: the first listed
  EXPECT_EQ(response_coding("gzip;q=0.5, deflate;q=0.6"), Coding::Deflate);
  EXPECT_EQ(response_coding("gzip;q=0"), Coding::Identity);
  EXPECT_EQ(response_coding("gzip; q=0.000"), Coding::Identity);
  EXPECT_EQ(response_coding("gzip;q=-1, deflate;q=0.1"), Coding::Deflate);
  EXPECT_EQ(response_coding("deflate;q=0.9, gzip;q=5"), Coding::Gzip);    // over 1 counts as 1
  EXPECT_EQ(response_coding("deflate;q=0.9, gzip;q=abc"), Coding::Gzip);  // unparsable: 1
  EXPECT_EQ(response_coding("gzip;q=0, gzip;q=0.2"), Coding::Gzip);       // repeated: positive wins
  EXPECT_EQ(response_coding("gzip;q=0.2, gzip;q=0"), Coding::Gzip);
}

}  // namespace
}  // namespace ddb::server
