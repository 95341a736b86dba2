#include "server/sigv4.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <optional>
#include <utility>

#include "engine/error.h"
#include "server/uri.h"

namespace ddb::server {

namespace {

using engine::Error;
using engine::ErrorType;
using std::chrono::system_clock;

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";
constexpr std::string_view kService = "dynamodb";
constexpr std::string_view kTerminator = "aws4_request";

std::string to_hex(const unsigned char* data, std::size_t size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(kHex[data[i] >> 4]);
    out.push_back(kHex[data[i] & 0xF]);
  }
  return out;
}

std::string hmac(std::string_view key, std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &size);
  return std::string(reinterpret_cast<const char*>(out.data()), size);
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// SigV4's Trimall: no spaces at either end, and each run of spaces inside becomes one.
std::string trim_all(std::string_view value) {
  std::string out;
  bool space = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    std::size_t end = s.find(separator, start);
    parts.push_back(s.substr(start, end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

// RFC 3986's remove_dot_segments, then each byte encoded again: SigV4 encodes the (already
// encoded) path a second time for every service but S3, as botocore and the AWS docs do.
std::string canonical_uri(std::string_view path) {
  if (path.empty()) return "/";
  std::vector<std::string_view> kept;
  std::vector<std::string_view> segments = split(path.substr(path.front() == '/' ? 1 : 0), '/');
  for (std::string_view segment : segments) {
    if (segment == ".") continue;
    if (segment == "..") {
      if (!kept.empty()) kept.pop_back();
      continue;
    }
    kept.push_back(segment);
  }
  std::string normalized;
  for (std::string_view segment : kept) normalized += "/" + std::string(segment);
  const bool trailing =
      segments.back().empty() || segments.back() == "." || segments.back() == "..";
  if (normalized.empty() || (trailing && normalized.back() != '/')) normalized += "/";
  return uri_encode(normalized, true);
}

std::string canonical_query(std::string_view query, bool presigned) {
  std::vector<std::pair<std::string, std::string>> pairs;
  if (!query.empty()) {
    for (std::string_view pair : split(query, '&')) {
      if (pair.empty()) continue;
      std::size_t eq = pair.find('=');
      std::string name = percent_decode(pair.substr(0, eq));
      if (presigned && name == "X-Amz-Signature") continue;
      std::string value =
          eq == std::string_view::npos ? std::string{} : percent_decode(pair.substr(eq + 1));
      pairs.emplace_back(uri_encode(name), uri_encode(value));
    }
  }
  std::sort(pairs.begin(), pairs.end());
  std::string out;
  for (const auto& [name, value] : pairs) {
    if (!out.empty()) out += '&';
    out += name + "=" + value;
  }
  return out;
}

std::optional<std::string_view> header_value(const SignedRequest& request, std::string_view name) {
  for (const HeaderField& field : request.headers) {
    if (lowercase(field.name) == name) return field.value;
  }
  return std::nullopt;
}

int digits(std::string_view s, std::size_t at, std::size_t count) {
  int value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    value = value * 10 + (s[i] - '0');
  }
  return value;
}

std::optional<system_clock::time_point> make_time(int year, unsigned month, unsigned day, int hour,
                                                  int minute, int second) {
  std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{month},
                                   std::chrono::day{day}};
  if (!date.ok() || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 ||
      second > 60) {
    return std::nullopt;
  }
  return std::chrono::sys_days{date} + std::chrono::hours{hour} + std::chrono::minutes{minute} +
         std::chrono::seconds{second};
}

// "20261121T100000Z" (ISO 8601 basic format, UTC), or the Date header's "Sat, 21 Nov 2026
// 10:00:00 GMT".
std::optional<system_clock::time_point> parse_date(std::string_view s) {
  if (s.size() == 16 && s[8] == 'T' && s[15] == 'Z') {
    int year = digits(s, 0, 4), month = digits(s, 4, 2), day = digits(s, 6, 2);
    int hour = digits(s, 9, 2), minute = digits(s, 11, 2), second = digits(s, 13, 2);
    if (year < 0 || month < 0 || day < 0) return std::nullopt;
    return make_time(year, static_cast<unsigned>(month), static_cast<unsigned>(day), hour, minute,
                     second);
  }
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  // "Sat, 21 Nov 2026 10:00:00 GMT": 29 characters.
  if (s.size() == 29 && s.substr(3, 2) == ", " && s.substr(25) == " GMT" && s[7] == ' ' &&
      s[11] == ' ' && s[16] == ' ' && s[19] == ':' && s[22] == ':') {
    auto month = std::find(kMonths.begin(), kMonths.end(), s.substr(8, 3));
    int day = digits(s, 5, 2), year = digits(s, 12, 4);
    if (month == kMonths.end() || day < 0 || year < 0) return std::nullopt;
    return make_time(year, static_cast<unsigned>(month - kMonths.begin() + 1),
                     static_cast<unsigned>(day), digits(s, 17, 2), digits(s, 20, 2),
                     digits(s, 23, 2));
  }
  return std::nullopt;
}

std::string format_date(system_clock::time_point time) {
  auto seconds = std::chrono::floor<std::chrono::seconds>(time);
  auto day = std::chrono::floor<std::chrono::days>(seconds);
  std::chrono::year_month_day date{day};
  std::chrono::hh_mm_ss clock{seconds - day};
  char text[32];
  std::snprintf(text, sizeof text,
                "%04d%02u%02u"
                "T%02d%02d%02dZ",
                static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                static_cast<unsigned>(date.day()), static_cast<int>(clock.hours().count()),
                static_cast<int>(clock.minutes().count()),
                static_cast<int>(clock.seconds().count()));
  return text;
}

Error invalid_signature(std::string message) {
  return {ErrorType::InvalidSignature, std::move(message)};
}

}  // namespace

std::string sha256_hex(std::string_view data) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest.data());
  return to_hex(digest.data(), digest.size());
}

std::string canonical_request(const SignedRequest& request, std::string_view signed_headers,
                              bool presigned) {
  std::string out(request.method);
  out += '\n' + canonical_uri(request.path);
  out += '\n' + canonical_query(request.query, presigned);
  out += '\n';
  for (std::string_view name : split(signed_headers, ';')) {
    std::string wanted = lowercase(name);
    std::string value;
    bool first = true;
    for (const HeaderField& field : request.headers) {
      if (lowercase(field.name) != wanted) continue;
      if (!first) value += ',';
      value += trim_all(field.value);
      first = false;
    }
    out += wanted + ":" + value + "\n";
  }
  out += '\n' + std::string(signed_headers) + '\n';
  if (auto hash = header_value(request, "x-amz-content-sha256")) {
    out += *hash;
  } else {
    out += sha256_hex(request.body);
  }
  return out;
}

std::string string_to_sign(std::string_view amz_date, std::string_view scope,
                           std::string_view canonical_request) {
  return std::string(kAlgorithm) + "\n" + std::string(amz_date) + "\n" + std::string(scope) + "\n" +
         sha256_hex(canonical_request);
}

std::string signature(std::string_view secret, std::string_view date, std::string_view region,
                      std::string_view service, std::string_view string_to_sign) {
  std::string key = hmac("AWS4" + std::string(secret), date);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, kTerminator);
  std::string mac = hmac(key, string_to_sign);
  return to_hex(reinterpret_cast<const unsigned char*>(mac.data()), mac.size());
}

void verify_signature(const SignedRequest& request, const SignatureFields& fields,
                      const Credentials& credentials, system_clock::time_point now) {
  // read_authentication has checked that the credential has five parts once trailing slashes
  // are dropped.
  std::string_view credential = fields.credential;
  while (!credential.empty() && credential.back() == '/') credential.remove_suffix(1);
  std::vector<std::string_view> scope = split(credential, '/');
  if (scope.size() != 5) throw Error(ErrorType::IncompleteSignature, "Credential is malformed");

  std::optional<system_clock::time_point> date = parse_date(fields.date);
  if (!date) {
    // Not checked against DynamoDB: the text AWS's Coral services use for an unparsable date.
    throw Error(ErrorType::IncompleteSignature, "Date must be in ISO-8601 'basic format'. Got '" +
                                                    fields.date +
                                                    "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }
  const std::string amz_date = format_date(*date);
  // The date window is checked before the key is looked up: an unknown key with a stale date gets
  // "Signature expired" (issue 20).
  // DynamoDB's clock-skew texts, quoted in aws/aws-sdk-js#254 and serverless/enterprise#11: the
  // request's date, the limit, and in parentheses the server's time with the allowed skew.
  const std::string server_time = format_date(now);
  if (*date < now - kMaxClockSkew) {
    throw invalid_signature("Signature expired: " + amz_date + " is now earlier than " +
                            format_date(now - kMaxClockSkew) + " (" + server_time + " - 15 min.)");
  }
  if (*date > now + kMaxClockSkew) {
    throw invalid_signature("Signature not yet current: " + amz_date + " is still later than " +
                            format_date(now + kMaxClockSkew) + " (" + server_time + " + 15 min.)");
  }

  std::optional<std::string_view> secret = credentials.secret(scope[0]);
  if (!secret) {
    // UnrecognizedClientException's text, as DynamoDB sends it (yegor256/s3auth#237 and many
    // other public reports quote it).
    throw Error(ErrorType::UnrecognizedClient,
                "The security token included in the request is invalid.");
  }

  // The scope checks below: the texts' openings are in the IAM guide's "Troubleshoot signed
  // requests"; the service text is DynamoDB's as quoted in arnemolland/sigv4#15.
  if (scope[1] != std::string_view(amz_date).substr(0, 8)) {
    throw invalid_signature(
        "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from "
        "HTTP: '" +
        std::string(scope[1]) + "' != '" + amz_date.substr(0, 8) + "', from '" + amz_date + "'.");
  }
  if (scope[3] != kService) {
    throw invalid_signature("Credential should be scoped to correct service: 'dynamodb'. ");
  }
  if (scope[4] != kTerminator) {
    throw invalid_signature(
        "Credential should be scoped with a valid terminator: 'aws4_request', "
        "not '" +
        std::string(scope[4]) + "'. ");
  }

  const std::string expected = signature(
      *secret, scope[1], scope[2], scope[3],
      string_to_sign(amz_date, credential.substr(scope[0].size() + 1),
                     canonical_request(request, fields.signed_headers, fields.presigned)));
  if (expected.size() != fields.signature.size() ||
      CRYPTO_memcmp(expected.data(), fields.signature.data(), expected.size()) != 0) {
    // DynamoDB's text (smithy545/aws-apps-scripts#12, aws/aws-sdk-js#168); older answers went on
    // with the canonical request, current ones stop here.
    throw invalid_signature(
        "The request signature we calculated does not match the signature you provided. Check "
        "your AWS Secret Access Key and signing method. Consult the service documentation for "
        "details.");
  }
}

}  // namespace ddb::server
