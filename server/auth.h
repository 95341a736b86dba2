#pragma once

#include <string>
#include <string_view>

#include "protocol/call.h"

namespace ddb::server {

// The parts of an HTTP request that SigV4 authentication reads. Empty means absent: DynamoDB treats
// an empty header like a missing one.
struct AuthRequest {
  std::string_view authorization;  // the Authorization header
  std::string_view amz_date;       // the X-Amz-Date header
  std::string_view date;           // the Date header
  std::string_view query;          // the request target's query string, without the '?'
};

// A request's SigV4 signature as it carries it, from the Authorization header or from presigned
// query parameters, for server/sigv4 to verify.
struct SignatureFields {
  std::string credential;      // "AKID/20261121/us-east-1/dynamodb/aws4_request"
  std::string signed_headers;  // "content-type;host;x-amz-date"
  std::string signature;       // lowercase hex, as sent
  std::string date;            // X-Amz-Date (header or query parameter), else the Date header
  bool presigned = false;      // true when the fields came from the query string
};

// What authentication reads from a well-formed request: who calls, and the signature to check.
struct Authentication {
  protocol::Caller caller;
  SignatureFields fields;
};

// Reads the caller's SigV4 credential scope ("AKID/20261121/us-east-1/dynamodb/aws4_request") from
// the Authorization header or from presigned query parameters (X-Amz-Credential) and returns the
// access key and region. The signature itself is not verified here (server/sigv4 does that).
//
// Throws engine::Error, with DynamoDB's type and message, when the request carries no credentials
// (MissingAuthenticationToken), carries them incompletely or malformed (IncompleteSignature), or
// carries both a header and query parameters (InvalidSignature). Pure function; thread-safe.
Authentication read_authentication(const AuthRequest& request);

// read_authentication(request).caller.
protocol::Caller authenticate(const AuthRequest& request);

}  // namespace ddb::server
