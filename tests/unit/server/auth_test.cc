#include "server/auth.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/error.h"

namespace ddb::server {
namespace {

using engine::ErrorType;

constexpr std::string_view kGoodHeader =
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261121/eu-west-2/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0123abcd";

AuthRequest with_header(std::string_view header) {
  return {.authorization = header, .amz_date = "20261121T120000Z", .date = {}, .query = {}};
}

AuthRequest with_query(std::string_view query) {
  return {.authorization = {}, .amz_date = {}, .date = {}, .query = query};
}

// Runs authenticate() and returns the error it threw; fails the test if it threw nothing.
engine::Error error_from(const AuthRequest& request) {
  try {
    protocol::Caller caller = authenticate(request);
    ADD_FAILURE() << "no error; access key " << caller.access_key;
  } catch (const engine::Error& error) {
    return error;
  }
  return {ErrorType::InternalServer, "no error"};
}

TEST(Auth, ReadsAccessKeyAndRegionFromHeader) {
  protocol::Caller caller = authenticate(with_header(kGoodHeader));
  EXPECT_EQ(caller.access_key, "AKIDEXAMPLE");
  EXPECT_EQ(caller.region, "eu-west-2");
}

TEST(Auth, AcceptsParametersSeparatedByCommasOnly) {
  protocol::Caller caller = authenticate(
      with_header("AWS4-HMAC-SHA256 Credential=AK/20261121/us-west-1/dynamodb/aws4_request,"
                  "SignedHeaders=host;x-amz-date,Signature=ff"));
  EXPECT_EQ(caller.access_key, "AK");
  EXPECT_EQ(caller.region, "us-west-1");
}

TEST(Auth, AcceptsDateHeaderInsteadOfXAmzDate) {
  AuthRequest request = with_header(kGoodHeader);
  request.amz_date = {};
  request.date = "Sat, 21 Nov 2026 12:00:00 GMT";
  EXPECT_EQ(authenticate(request).access_key, "AKIDEXAMPLE");
}

TEST(Auth, IgnoresTrailingSlashesInCredential) {
  protocol::Caller caller = authenticate(
      with_header("AWS4-HMAC-SHA256 Credential=AK/20261121/ap-south-1/dynamodb/aws4_request/, "
                  "SignedHeaders=host, Signature=ff"));
  EXPECT_EQ(caller.region, "ap-south-1");
}

TEST(Auth, MissingHeaderIsMissingAuthenticationToken) {
  engine::Error error = error_from(with_header(""));
  EXPECT_EQ(error.type(), ErrorType::MissingAuthenticationToken);
  EXPECT_EQ(error.message(), "Request is missing Authentication Token");
}

TEST(Auth, HeaderNotStartingWithAws4DashIsMissingAuthenticationToken) {
  for (std::string_view header : {"AWS4", "Bearer abc", "AWS AKID:signature", "aws4-hmac-sha256"}) {
    engine::Error error = error_from(with_header(header));
    EXPECT_EQ(error.type(), ErrorType::MissingAuthenticationToken) << header;
    EXPECT_EQ(error.message(), "Request is missing Authentication Token") << header;
  }
}

TEST(Auth, BareAlgorithmWithoutDateListsEverythingMissing) {
  AuthRequest request = with_header("AWS4-");
  request.amz_date = {};
  engine::Error error = error_from(request);
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "Authorization header requires 'Credential' parameter. Authorization header requires "
            "'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. "
            "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. "
            "Authorization=AWS4-");
}

TEST(Auth, ListsOnlyTheMissingParameters) {
  engine::Error error = error_from(with_header("AWS4- Signature=b Credential=a"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "Authorization header requires 'SignedHeaders' parameter. "
            "Authorization=AWS4- Signature=b Credential=a");
}

TEST(Auth, EmptyParameterCountsAsMissing) {
  engine::Error error = error_from(with_header(
      "AWS4-HMAC-SHA256 Credential=AK/20261121/us-east-1/dynamodb/aws4_request, SignedHeaders=, "
      "Signature=ff"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(
      error.message(),
      "Authorization header requires 'SignedHeaders' parameter. Authorization=AWS4-HMAC-SHA256 "
      "Credential=AK/20261121/us-east-1/dynamodb/aws4_request, SignedHeaders=, Signature=ff");
}

TEST(Auth, MissingDateIsIncompleteSignature) {
  AuthRequest request = with_header(kGoodHeader);
  request.amz_date = {};
  engine::Error error = error_from(request);
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. "
            "Authorization=" +
                std::string(kGoodHeader));
}

TEST(Auth, SpaceInsideCredentialIsMissingEqualSign) {
  // A trailing space in AWS_ACCESS_KEY_ID produces exactly this on AWS.
  constexpr std::string_view header =
      "AWS4-HMAC-SHA256 Credential=AKID /20261121/us-east-1/dynamodb/aws4_request, "
      "SignedHeaders=host;x-amz-date, Signature=ff";
  engine::Error error = error_from(with_header(header));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "'/20261121/us-east-1/dynamodb/aws4_request' not a valid key=value pair (missing "
            "equal-sign) in Authorization header: 'AWS4-HMAC-SHA256 Credential=AKID "
            "/20261121/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, "
            "Signature=ff'.");
}

TEST(Auth, MissingEqualSignIsReportedBeforeMissingParameters) {
  engine::Error error = error_from(with_header("AWS4-HMAC-SHA256 FooBar, BazBurp"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "'FooBar' not a valid key=value pair (missing equal-sign) in Authorization header: "
            "'AWS4-HMAC-SHA256 FooBar, BazBurp'.");
}

TEST(Auth, UnsupportedAlgorithm) {
  engine::Error error = error_from(
      with_header("AWS4-HMAC-SHA25 Credential=AK/20261121/us-east-1/dynamodb/aws4_request, "
                  "SignedHeaders=host, Signature=ff"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA25' (only AWS4-HMAC-SHA256 for now). ");
}

TEST(Auth, CredentialNeedsFiveElements) {
  engine::Error error = error_from(
      with_header("AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=ff"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "Credential must have exactly 5 slash-delimited elements, e.g. "
            "keyid/date/region/service/term, got 'a/b/c/d'");
}

TEST(Auth, ReadsPresignedQueryParameters) {
  protocol::Caller caller = authenticate(with_query(
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKQ%2F20261121%2Fsa-east-1%2Fdynamodb%"
      "2Faws4_request&X-Amz-Date=20261121T120000Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host&"
      "X-Amz-Signature=abcd"));
  EXPECT_EQ(caller.access_key, "AKQ");
  EXPECT_EQ(caller.region, "sa-east-1");
}

TEST(Auth, IncompleteQueryListsMissingParameters) {
  engine::Error error = error_from(with_query("X-Amz-Algorithm"));
  EXPECT_EQ(error.type(), ErrorType::IncompleteSignature);
  EXPECT_EQ(error.message(),
            "AWS query-string parameters must include 'X-Amz-Algorithm'. AWS query-string "
            "parameters must include 'X-Amz-Credential'. AWS query-string parameters must include "
            "'X-Amz-Signature'. AWS query-string parameters must include 'X-Amz-SignedHeaders'. "
            "AWS query-string parameters must include 'X-Amz-Date'. Re-examine the query-string "
            "parameters.");

  error = error_from(
      with_query("X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a/b/c/d/e&X-Amz-Date=x"));
  EXPECT_EQ(error.message(),
            "AWS query-string parameters must include 'X-Amz-Signature'. AWS query-string "
            "parameters must include 'X-Amz-SignedHeaders'. Re-examine the query-string "
            "parameters.");
}

TEST(Auth, HeaderAndQueryTogetherIsInvalidSignature) {
  AuthRequest request = with_header(kGoodHeader);
  request.query = "X-Amz-Algorithm=AWS4-HMAC-SHA256";
  engine::Error error = error_from(request);
  EXPECT_EQ(error.type(), ErrorType::InvalidSignature);
  EXPECT_EQ(error.message(),
            "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP "
            "header.");
}

TEST(Auth, UnrelatedQueryParametersAreIgnored) {
  AuthRequest request = with_header(kGoodHeader);
  request.query = "foo=bar&X-Amz-Algorithmic=1";
  EXPECT_EQ(authenticate(request).region, "eu-west-2");
}

}  // namespace
}  // namespace ddb::server
