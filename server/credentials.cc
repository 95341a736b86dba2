#include "server/credentials.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace ddb::server {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  while (!line.empty()) {
    while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
    std::size_t end = 0;
    while (end < line.size() && !is_space(line[end])) ++end;
    if (end > 0) out.push_back(line.substr(0, end));
    line.remove_prefix(end);
  }
  return out;
}

// One [section] of the ini format while it is being read.
struct Section {
  std::string name;
  std::size_t line = 0;
  std::optional<std::string> access_key;
  std::optional<std::string> secret_key;
};

void finish_section(Section& section, Credentials& credentials) {
  if (section.access_key && section.secret_key) {
    credentials.add(*section.access_key, *section.secret_key);
  } else if (section.access_key || section.secret_key) {
    throw CredentialsError("section [" + section.name + "] (line " + std::to_string(section.line) +
                           ") needs both aws_access_key_id and aws_secret_access_key");
  }
  section = Section{};
}

}  // namespace

void Credentials::add(std::string access_key, std::string secret_key) {
  secrets_.insert_or_assign(std::move(access_key), std::move(secret_key));
}

std::optional<std::string_view> Credentials::secret(std::string_view access_key) const {
  auto it = secrets_.find(access_key);
  if (it == secrets_.end()) return std::nullopt;
  return std::string_view(it->second);
}

Credentials parse_credentials(std::string_view text) {
  Credentials credentials;
  std::optional<Section> section;
  std::size_t number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      if (line.back() != ']') {
        throw CredentialsError("line " + std::to_string(number) + ": unterminated section name");
      }
      if (section) finish_section(*section, credentials);
      section = Section{std::string(trim(line.substr(1, line.size() - 2))), number, {}, {}};
      continue;
    }
    if (std::size_t eq = line.find('='); section && eq != std::string_view::npos) {
      std::string_view key = trim(line.substr(0, eq));
      std::string value(trim(line.substr(eq + 1)));
      if (key == "aws_access_key_id") section->access_key = value;
      if (key == "aws_secret_access_key") section->secret_key = value;
      continue;
    }
    std::vector<std::string_view> parts = words(line);
    if (section || parts.size() != 2) {
      throw CredentialsError("line " + std::to_string(number) +
                             ": expected 'ACCESS_KEY SECRET' or an ini section");
    }
    credentials.add(std::string(parts[0]), std::string(parts[1]));
  }
  if (section) finish_section(*section, credentials);
  return credentials;
}

Credentials load_credentials(const Options& options) {
  Credentials credentials;
  if (options.access_key.empty() != options.secret_key.empty()) {
    throw CredentialsError("--access-key and --secret-key go together");
  }
  if (!options.credentials_file.empty()) {
    std::ifstream file(options.credentials_file, std::ios::binary);
    if (!file) throw CredentialsError("cannot read " + options.credentials_file);
    std::ostringstream text;
    text << file.rdbuf();
    try {
      credentials = parse_credentials(text.str());
    } catch (const CredentialsError& e) {
      throw CredentialsError(options.credentials_file + ": " + e.what());
    }
  }
  if (!options.access_key.empty()) credentials.add(options.access_key, options.secret_key);
  const bool given = !options.access_key.empty() || !options.credentials_file.empty();
  if (options.require_auth && credentials.empty()) {
    throw CredentialsError(
        "--require-auth needs --access-key and --secret-key, or a --credentials-file with at "
        "least one key");
  }
  if (!options.require_auth && given) {
    throw CredentialsError(
        "--access-key, --secret-key and --credentials-file take effect only with --require-auth");
  }
  return credentials;
}

}  // namespace ddb::server
