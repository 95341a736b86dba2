#pragma once

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "server/options.h"

namespace ddb::server {

// The access keys the server accepts under --require-auth, each with its secret. Immutable once
// built; thread-safe to read.
class Credentials {
 public:
  void add(std::string access_key, std::string secret_key);
  // The secret of `access_key`, or nullopt when the key is unknown.
  std::optional<std::string_view> secret(std::string_view access_key) const;
  bool empty() const { return secrets_.empty(); }
  std::size_t size() const { return secrets_.size(); }

 private:
  std::map<std::string, std::string, std::less<>> secrets_;
};

// A credentials file or flag combination that cannot be used; the message says why.
struct CredentialsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads a credentials file's text. Two formats, which may be mixed:
//   AKID SECRET                      one key per line, separated by spaces or tabs
//   [profile]                        the AWS CLI's ~/.aws/credentials: within a section,
//   aws_access_key_id = AKID         aws_access_key_id and aws_secret_access_key make one key
//   aws_secret_access_key = SECRET   (other settings, such as region, are ignored)
// Blank lines and lines starting with '#' or ';' are skipped. Throws CredentialsError naming the
// line of anything else, and for a section with only one of the two settings.
Credentials parse_credentials(std::string_view text);

// The credentials the options ask for: --access-key/--secret-key and the lines of
// --credentials-file. Throws CredentialsError when the file cannot be read or parsed, when only one
// of --access-key/--secret-key is given, when --require-auth has no credentials to check against,
// and when credentials are given without --require-auth (they would silently do nothing).
Credentials load_credentials(const Options& options);

}  // namespace ddb::server
