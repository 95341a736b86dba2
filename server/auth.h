#pragma once

#include <string_view>

#include "protocol/dispatch.h"

namespace ddb::server {

// The parts of an HTTP request that SigV4 authentication reads. Empty means absent: DynamoDB treats
// an empty header like a missing one.
struct AuthRequest {
  std::string_view authorization;  // the Authorization header
  std::string_view amz_date;       // the X-Amz-Date header
  std::string_view date;           // the Date header
  std::string_view query;          // the request target's query string, without the '?'
};

// Reads the caller's SigV4 credential scope ("AKID/20261121/us-east-1/dynamodb/aws4_request") from
// the Authorization header or from presigned query parameters (X-Amz-Credential) and returns the
// access key and region. The signature itself is not verified yet.
//
// Throws engine::Error, with DynamoDB's type and message, when the request carries no credentials
// (MissingAuthenticationToken), carries them incompletely or malformed (IncompleteSignature), or
// carries both a header and query parameters (InvalidSignature). Pure function; thread-safe.
protocol::Caller authenticate(const AuthRequest& request);

}  // namespace ddb::server
