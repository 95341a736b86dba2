#include "server/sigv4.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "engine/error.h"

namespace ddb::server {
namespace {

using std::chrono::system_clock;

constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::string_view kBody = R"({"TableName":"users"})";

system_clock::time_point at(int hour, int minute, int second) {
  return std::chrono::sys_days{std::chrono::year{2026} / 11 / 21} + std::chrono::hours{hour} +
         std::chrono::minutes{minute} + std::chrono::seconds{second};
}

// The example request of the AWS IAM guide ("Create a signed AWS API request", GET ListUsers),
// with the canonical request hash and signature the guide prints.
TEST(SigV4, ReproducesTheAwsDocumentationExample) {
  SignedRequest request{
      .method = "GET",
      .path = "/",
      .query = "Version=2010-05-08&Action=ListUsers",
      .headers = {{"Host", "iam.amazonaws.com"},
                  {"Content-Type", "application/x-www-form-urlencoded; charset=utf-8"},
                  {"X-Amz-Date", "20150830T123600Z"}},
      .body = ""};
  std::string canonical = canonical_request(request, "content-type;host;x-amz-date", false);
  EXPECT_EQ(canonical,
            "GET\n/\nAction=ListUsers&Version=2010-05-08\n"
            "content-type:application/x-www-form-urlencoded; charset=utf-8\n"
            "host:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "content-type;host;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex(canonical),
            "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59");
  std::string to_sign =
      string_to_sign("20150830T123600Z", "20150830/us-east-1/iam/aws4_request", canonical);
  EXPECT_EQ(signature(kSecret, "20150830", "us-east-1", "iam", to_sign),
            "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
}

TEST(SigV4, CanonicalHeadersTrimAndJoinRepeatedValues) {
  SignedRequest request{.method = "POST",
                        .path = "/",
                        .query = "",
                        .headers = {{"X-Custom", "  a   b  "}, {"x-custom", "c"}, {"Host", "h"}},
                        .body = ""};
  EXPECT_EQ(canonical_request(request, "host;x-custom", false),
            "POST\n/\n\nhost:h\nx-custom:a b,c\n\nhost;x-custom\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(SigV4, CanonicalRequestUsesTheSentPayloadHash) {
  SignedRequest request{.method = "POST",
                        .path = "/",
                        .query = "",
                        .headers = {{"Host", "h"}, {"X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD"}},
                        .body = "ignored"};
  EXPECT_EQ(canonical_request(request, "host", false),
            "POST\n/\n\nhost:h\n\nhost\nUNSIGNED-PAYLOAD");
}

TEST(SigV4, CanonicalQueryIsSortedEncodedAndDropsThePresignedSignature) {
  SignedRequest request{.method = "GET",
                        .path = "/a%20b/./../c",
                        .query = "b=2&a=x%2Fy&X-Amz-Signature=abc&a=1&flag",
                        .headers = {{"Host", "h"}},
                        .body = ""};
  const std::string empty_hash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  EXPECT_EQ(canonical_request(request, "host", true),
            "GET\n/c\na=1&a=x%2Fy&b=2&flag=\nhost:h\n\nhost\n" + empty_hash);
  EXPECT_EQ(canonical_request(request, "host", false),
            "GET\n/c\nX-Amz-Signature=abc&a=1&a=x%2Fy&b=2&flag=\nhost:h\n\nhost\n" + empty_hash);
}

TEST(SigV4, CanonicalUriEncodesThePathAgain) {
  SignedRequest request{
      .method = "POST", .path = "/a%20b/", .query = "", .headers = {{"Host", "h"}}, .body = ""};
  EXPECT_TRUE(canonical_request(request, "host", false).starts_with("POST\n/a%2520b/\n"));
}

// A DescribeTable request as botocore 1.43 signs it for eu-west-1 at 2026-11-21T10:00:00Z with
// the secret above (headers and signature copied from the request it built).
SignedRequest botocore_request() {
  return {.method = "POST",
          .path = "/",
          .query = "",
          .headers = {{"Host", "127.0.0.1:8000"},
                      {"Content-Type", "application/x-amz-json-1.0"},
                      {"X-Amz-Target", "DynamoDB_20120810.DescribeTable"},
                      {"X-Amz-Date", "20261121T100000Z"},
                      {"Authorization", "(not part of the signature)"}},
          .body = kBody};
}

SignatureFields botocore_fields() {
  return {.credential = "AKIDEXAMPLE/20261121/eu-west-1/dynamodb/aws4_request",
          .signed_headers = "content-type;host;x-amz-date;x-amz-target",
          .signature = "a991c4f129e65e4ecf9ba5fc323b6ae07384a561e074922c72674eb0fd56db99",
          .date = "20261121T100000Z",
          .presigned = false};
}

Credentials known_keys() {
  Credentials credentials;
  credentials.add("AKIDEXAMPLE", std::string(kSecret));
  return credentials;
}

// Runs verify_signature; returns "" when it passes, else "<ErrorType number>: <message>".
std::string verify(const SignedRequest& request, const SignatureFields& fields,
                   system_clock::time_point now, const Credentials& credentials = known_keys()) {
  try {
    verify_signature(request, fields, credentials, now);
    return "";
  } catch (const engine::Error& e) {
    return std::to_string(static_cast<int>(e.type())) + ": " + e.what();
  }
}

std::string error(engine::ErrorType type, const std::string& message) {
  return std::to_string(static_cast<int>(type)) + ": " + message;
}

constexpr std::string_view kMismatch =
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details.";

TEST(SigV4Verify, AcceptsABotocoreSignedRequest) {
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(10, 0, 0)), "");
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(10, 14, 59)), "");
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(9, 45, 1)), "");
}

TEST(SigV4Verify, AcceptsABotocorePresignedRequest) {
  // botocore's SigV4QueryAuth URL for the same request, the body kept (signed by its SHA-256).
  SignedRequest request = botocore_request();
  request.headers.pop_back();
  request.query =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20261121%2Feu-west-1%2F"
      "dynamodb%2Faws4_request&X-Amz-Date=20261121T100000Z&X-Amz-Expires=300&X-Amz-SignedHeaders="
      "content-type%3Bhost%3Bx-amz-target&X-Amz-Signature="
      "74394644790751eb08f5a3dc32373f964153ebbf79d572229a7f4cfdf1780f34";
  SignatureFields fields{
      .credential = "AKIDEXAMPLE/20261121/eu-west-1/dynamodb/aws4_request",
      .signed_headers = "content-type;host;x-amz-target",
      .signature = "74394644790751eb08f5a3dc32373f964153ebbf79d572229a7f4cfdf1780f34",
      .date = "20261121T100000Z",
      .presigned = true};
  EXPECT_EQ(verify(request, fields, at(10, 1, 0)), "");
  request.body = R"({"TableName":"other"})";
  EXPECT_EQ(verify(request, fields, at(10, 1, 0)),
            error(engine::ErrorType::InvalidSignature, std::string(kMismatch)));
}

TEST(SigV4Verify, WrongSecretBodyOrHeaderIsASignatureMismatch) {
  const std::string mismatch = error(engine::ErrorType::InvalidSignature, std::string(kMismatch));
  Credentials other;
  other.add("AKIDEXAMPLE", "not-the-secret");
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(10, 0, 0), other), mismatch);

  SignedRequest changed_body = botocore_request();
  changed_body.body = R"({"TableName":"admins"})";
  EXPECT_EQ(verify(changed_body, botocore_fields(), at(10, 0, 0)), mismatch);

  SignedRequest changed_target = botocore_request();
  changed_target.headers[2].value = "DynamoDB_20120810.DeleteTable";
  EXPECT_EQ(verify(changed_target, botocore_fields(), at(10, 0, 0)), mismatch);

  SignatureFields other_region = botocore_fields();
  other_region.credential = "AKIDEXAMPLE/20261121/us-east-1/dynamodb/aws4_request";
  EXPECT_EQ(verify(botocore_request(), other_region, at(10, 0, 0)), mismatch);

  SignatureFields uppercase = botocore_fields();
  uppercase.signature = "A991C4F129E65E4ECF9BA5FC323B6AE07384A561E074922C72674EB0FD56DB99";
  EXPECT_EQ(verify(botocore_request(), uppercase, at(10, 0, 0)), mismatch);
}

TEST(SigV4Verify, UnknownAccessKeyIsUnrecognized) {
  SignatureFields fields = botocore_fields();
  fields.credential = "AKIDOTHER/20261121/eu-west-1/dynamodb/aws4_request";
  EXPECT_EQ(verify(botocore_request(), fields, at(10, 0, 0)),
            error(engine::ErrorType::UnrecognizedClient,
                  "The security token included in the request is invalid."));
}

// DynamoDB checks the date window before it looks the key up (issue 20).
TEST(SigV4Verify, DateWindowIsCheckedBeforeTheAccessKey) {
  SignatureFields fields = botocore_fields();
  fields.credential = "AKIDOTHER/20261121/eu-west-1/dynamodb/aws4_request";
  EXPECT_EQ(verify(botocore_request(), fields, at(10, 15, 1)),
            error(engine::ErrorType::InvalidSignature,
                  "Signature expired: 20261121T100000Z is now earlier than 20261121T100001Z "
                  "(20261121T101501Z - 15 min.)"));
}

TEST(SigV4Verify, DateOutsideFifteenMinutesIsRejected) {
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(10, 15, 1)),
            error(engine::ErrorType::InvalidSignature,
                  "Signature expired: 20261121T100000Z is now earlier than 20261121T100001Z "
                  "(20261121T101501Z - 15 min.)"));
  EXPECT_EQ(verify(botocore_request(), botocore_fields(), at(9, 44, 59)),
            error(engine::ErrorType::InvalidSignature,
                  "Signature not yet current: 20261121T100000Z is still later than "
                  "20261121T095959Z (20261121T094459Z + 15 min.)"));
}

TEST(SigV4Verify, CredentialScopeMustMatchDateServiceAndTerminator) {
  SignatureFields date = botocore_fields();
  date.credential = "AKIDEXAMPLE/20261120/eu-west-1/dynamodb/aws4_request";
  EXPECT_EQ(verify(botocore_request(), date, at(10, 0, 0)),
            error(engine::ErrorType::InvalidSignature,
                  "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date "
                  "from HTTP: '20261120' != '20261121', from '20261121T100000Z'."));
  SignatureFields service = botocore_fields();
  service.credential = "AKIDEXAMPLE/20261121/eu-west-1/s3/aws4_request";
  EXPECT_EQ(verify(botocore_request(), service, at(10, 0, 0)),
            error(engine::ErrorType::InvalidSignature,
                  "Credential should be scoped to correct service: 'dynamodb'. "));
  SignatureFields terminator = botocore_fields();
  terminator.credential = "AKIDEXAMPLE/20261121/eu-west-1/dynamodb/aws5_request";
  EXPECT_EQ(verify(botocore_request(), terminator, at(10, 0, 0)),
            error(engine::ErrorType::InvalidSignature,
                  "Credential should be scoped with a valid terminator: 'aws4_request', not "
                  "'aws5_request'. "));
}

TEST(SigV4Verify, DateMustBeIso8601BasicOrAnHttpDate) {
  SignatureFields fields = botocore_fields();
  fields.date = "2026-11-21T10:00:00Z";
  EXPECT_EQ(verify(botocore_request(), fields, at(10, 0, 0)),
            error(engine::ErrorType::IncompleteSignature,
                  "Date must be in ISO-8601 'basic format'. Got '2026-11-21T10:00:00Z'. See "
                  "http://en.wikipedia.org/wiki/ISO_8601"));
  fields.date = "20261131T100000Z";
  EXPECT_NE(verify(botocore_request(), fields, at(10, 0, 0)).find("ISO-8601"), std::string::npos);
  // A Date header (RFC 1123) stands for X-Amz-Date, signed in its ISO 8601 basic form.
  fields.date = "Sat, 21 Nov 2026 10:00:00 GMT";
  EXPECT_EQ(verify(botocore_request(), fields, at(10, 0, 0)), "");
}

}  // namespace
}  // namespace ddb::server
