#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "server/auth.h"
#include "server/credentials.h"

namespace ddb::server {

// One HTTP header as received.
struct HeaderField {
  std::string_view name;  // any case
  std::string_view value;
};

// The parts of an HTTP request a SigV4 signature covers, as received.
struct SignedRequest {
  std::string_view method;  // "POST"
  std::string_view path;    // the request target before '?' ("/")
  std::string_view query;   // the request target after '?', without it
  std::vector<HeaderField> headers;
  // The body as sent: still compressed under Content-Encoding: gzip, since clients sign the bytes
  // they send.
  std::string_view body;
};

// How far a request's date may be from the server's clock. DynamoDB's answers say "15 min."
// (for example aws/aws-sdk-js#254), where many other services allow 5.
inline constexpr std::chrono::minutes kMaxClockSkew{15};

// SigV4's steps, exposed for tests (AWS General Reference, "Create a signed AWS API request"):
// The canonical request: method, canonical URI, canonical query string (without X-Amz-Signature
// when `presigned`), the headers named in `signed_headers` (lowercase, values trimmed, repeated
// headers joined by ','), `signed_headers`, and the payload hash (X-Amz-Content-SHA256 when sent,
// else the hex SHA-256 of the body).
std::string canonical_request(const SignedRequest& request, std::string_view signed_headers,
                              bool presigned);
// "AWS4-HMAC-SHA256\n<amz_date>\n<scope>\n<hex SHA-256 of canonical_request>", where scope is
// "<yyyymmdd>/<region>/<service>/aws4_request".
std::string string_to_sign(std::string_view amz_date, std::string_view scope,
                           std::string_view canonical_request);
// The hex HMAC-SHA256 of `string_to_sign` under the key derived from `secret` for `date`
// (yyyymmdd), `region` and `service`.
std::string signature(std::string_view secret, std::string_view date, std::string_view region,
                      std::string_view service, std::string_view string_to_sign);
// Lowercase hex of the SHA-256 of `data`.
std::string sha256_hex(std::string_view data);

// Verifies that `fields` (read from `request` by read_authentication) sign `request` with the
// secret that `credentials` hold for their access key, at a date within kMaxClockSkew of `now`.
// Returns normally when they do; otherwise throws engine::Error with DynamoDB's answer:
// UnrecognizedClientException for an unknown access key, IncompleteSignatureException for a date
// that is not ISO 8601 basic format, InvalidSignatureException for a credential scope of another
// date, service or terminator, a date too far from `now`, or a signature that does not match.
// Pure function; thread-safe.
void verify_signature(const SignedRequest& request, const SignatureFields& fields,
                      const Credentials& credentials, std::chrono::system_clock::time_point now);

}  // namespace ddb::server
