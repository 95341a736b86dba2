#include "server/auth.h"

#include <array>
#include <optional>
#include <string>
#include <utility>

#include "engine/error.h"
#include "server/http_whitespace.h"
#include "server/uri.h"

namespace ddb::server {

namespace {

using engine::Error;
using engine::ErrorType;

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

// Messages below are DynamoDB's. The missing-token, both-header-and-query, missing-parameter and
// missing-query-parameter texts are asserted byte for byte by dynalite's connection tests, which
// run against AWS; the missing-equal-sign text is quoted from AWS responses in several public bug
// reports (for example aws-sdk-go#289); the algorithm and credential-shape texts were captured from
// DynamoDB in comments in dynalite's index.js (the order of the checks comes from there too).

Error missing_token() {
  return {ErrorType::MissingAuthenticationToken, "Request is missing Authentication Token"};
}

Error incomplete(std::string message) {
  return {ErrorType::IncompleteSignature, std::move(message)};
}

bool is_separator(char c) { return is_http_whitespace(c) || c == ','; }

// std::string_view::find_first_of calls memchr once per character scanned; the Authorization
// header is scanned on every request, so these loop over it once instead.
template <typename Predicate>
std::size_t find_char(std::string_view s, Predicate predicate) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (predicate(s[i])) return i;
  }
  return std::string_view::npos;
}

// The decoded value of query parameter `name`, or nullopt when the parameter is absent.
std::optional<std::string> query_parameter(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    std::size_t eq = pair.find('=');
    if (percent_decode(pair.substr(0, eq)) != name) continue;
    return eq == std::string_view::npos ? std::string{} : percent_decode(pair.substr(eq + 1));
  }
  return std::nullopt;
}

// Splits a credential scope into access key and region. Trailing slashes are ignored, as DynamoDB
// does. The scope's date, region, service and terminator are checked by signature verification
// (InvalidSignatureException), not here.
protocol::Caller caller_from_credential(std::string_view credential) {
  std::string_view scope = credential;
  while (!scope.empty() && scope.back() == '/') scope.remove_suffix(1);
  std::array<std::string_view, 5> parts;
  std::size_t count = 0;
  for (std::size_t start = 0;; ++count) {
    std::size_t slash = scope.find('/', start);
    if (count < parts.size()) parts[count] = scope.substr(start, slash - start);
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (++count != parts.size()) {
    throw incomplete(
        "Credential must have exactly 5 slash-delimited elements, e.g. "
        "keyid/date/region/service/term, got '" +
        std::string(credential) + "'");
  }
  protocol::Caller caller;
  caller.access_key = std::string(parts[0]);
  if (!parts[2].empty()) caller.region = std::string(parts[2]);
  return caller;
}

void check_algorithm(std::string_view algorithm) {
  if (algorithm != kAlgorithm) {
    // The trailing space is DynamoDB's.
    throw incomplete("Unsupported AWS 'algorithm': '" + std::string(algorithm) +
                     "' (only AWS4-HMAC-SHA256 for now). ");
  }
}

Authentication from_header(std::string_view header, const AuthRequest& request) {
  std::string_view rest = header;
  std::size_t space = find_char(rest, is_http_whitespace);
  std::string_view algorithm = rest.substr(0, space);
  rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space);

  // Parameters are separated by commas and/or whitespace: "Credential=a, SignedHeaders=b, ..." and
  // "Credential=a,SignedHeaders=b" both parse. A token without '=' is reported first, before any
  // missing parameter (a stray space in an access key shows up this way).
  std::string_view credential, signature, signed_headers;
  while (!rest.empty()) {
    std::size_t start = find_char(rest, [](char c) { return !is_separator(c); });
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    std::size_t end = find_char(rest, is_separator);
    std::string_view token = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
    std::size_t eq = token.find('=');
    if (eq == std::string_view::npos) {
      throw incomplete("'" + std::string(token) +
                       "' not a valid key=value pair (missing equal-sign) in Authorization "
                       "header: '" +
                       std::string(header) + "'.");
    }
    std::string_view key = token.substr(0, eq);
    std::string_view value = token.substr(eq + 1);
    if (key == "Credential") credential = value;
    if (key == "Signature") signature = value;
    if (key == "SignedHeaders") signed_headers = value;
  }

  std::string missing;
  if (credential.empty()) missing += "Authorization header requires 'Credential' parameter. ";
  if (signature.empty()) missing += "Authorization header requires 'Signature' parameter. ";
  if (signed_headers.empty()) {
    missing += "Authorization header requires 'SignedHeaders' parameter. ";
  }
  if (request.amz_date.empty() && request.date.empty()) {
    missing +=
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
  }
  if (!missing.empty()) throw incomplete(missing + "Authorization=" + std::string(header));

  check_algorithm(algorithm);
  Authentication result;
  result.caller = caller_from_credential(credential);
  result.fields.credential = std::string(credential);
  result.fields.signed_headers = std::string(signed_headers);
  result.fields.signature = std::string(signature);
  result.fields.date = std::string(request.amz_date.empty() ? request.date : request.amz_date);
  return result;
}

Authentication from_query(std::string_view query) {
  static constexpr std::array<std::string_view, 5> kRequired = {
      "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature", "X-Amz-SignedHeaders",
      "X-Amz-Date"};
  std::array<std::string, 5> values;
  std::string missing;
  for (std::size_t i = 0; i < kRequired.size(); ++i) {
    values[i] = query_parameter(query, kRequired[i]).value_or("");
    if (values[i].empty()) {
      missing += "AWS query-string parameters must include '" + std::string(kRequired[i]) + "'. ";
    }
  }
  if (!missing.empty()) throw incomplete(missing + "Re-examine the query-string parameters.");
  check_algorithm(values[0]);
  Authentication result;
  result.caller = caller_from_credential(values[1]);
  result.fields = {.credential = values[1],
                   .signed_headers = values[3],
                   .signature = values[2],
                   .date = values[4],
                   .presigned = true};
  return result;
}

}  // namespace

Authentication read_authentication(const AuthRequest& request) {
  std::string_view header = trim_http_whitespace(request.authorization);
  if (query_parameter(request.query, "X-Amz-Algorithm").has_value()) {
    if (!header.empty()) {
      throw Error(ErrorType::InvalidSignature,
                  "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as "
                  "HTTP header.");
    }
    return from_query(request.query);
  }
  // Only a header that starts "AWS4-" counts as an attempt at SigV4: DynamoDB answers "AWS4" or an
  // unrelated scheme as if there were no header at all.
  if (!header.starts_with("AWS4-")) throw missing_token();
  return from_header(header, request);
}

protocol::Caller authenticate(const AuthRequest& request) {
  return read_authentication(request).caller;
}

}  // namespace ddb::server
