#include "server/credentials.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace ddb::server {
namespace {

std::string secret_of(const Credentials& credentials, std::string_view key) {
  auto secret = credentials.secret(key);
  return secret ? std::string(*secret) : "<unknown>";
}

std::string parse_error(std::string_view text) {
  try {
    parse_credentials(text);
  } catch (const CredentialsError& e) {
    return e.what();
  }
  return "";
}

TEST(Credentials, ReadsOneKeyAndSecretPerLine) {
  Credentials credentials =
      parse_credentials("# local keys\nAKID1 secret/one\n\n  AKID2\tsecret+two  \r\n; note\n");
  EXPECT_EQ(credentials.size(), 2u);
  EXPECT_EQ(secret_of(credentials, "AKID1"), "secret/one");
  EXPECT_EQ(secret_of(credentials, "AKID2"), "secret+two");
  EXPECT_EQ(secret_of(credentials, "AKID3"), "<unknown>");
}

TEST(Credentials, ReadsTheAwsCliIniFormat) {
  Credentials credentials = parse_credentials(
      "[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key=s1\nregion = eu-west-1\n"
      "\n[ci]\naws_secret_access_key = s2\naws_access_key_id = AKIDCI\n");
  EXPECT_EQ(credentials.size(), 2u);
  EXPECT_EQ(secret_of(credentials, "AKIDDEFAULT"), "s1");
  EXPECT_EQ(secret_of(credentials, "AKIDCI"), "s2");
}

TEST(Credentials, RejectsWhatItCannotRead) {
  EXPECT_EQ(parse_error("AKID1 secret extra\n"),
            "line 1: expected 'ACCESS_KEY SECRET' or an ini section");
  EXPECT_EQ(parse_error("AKID1 s\nlonely\n"),
            "line 2: expected 'ACCESS_KEY SECRET' or an ini section");
  EXPECT_EQ(parse_error("[p]\naws_access_key_id = A\n[q]\n"),
            "section [p] (line 1) needs both aws_access_key_id and aws_secret_access_key");
  EXPECT_EQ(parse_error("[p\n"), "line 1: unterminated section name");
  EXPECT_EQ(parse_error("[p]\nAKID secret\n"),
            "line 2: expected 'ACCESS_KEY SECRET' or an ini section");
}

std::string load_error(const Options& options) {
  try {
    load_credentials(options);
  } catch (const CredentialsError& e) {
    return e.what();
  }
  return "";
}

TEST(Credentials, LoadsFlagsAndFileTogether) {
  std::string path = ::testing::TempDir() + "ddblocal_credentials_test.txt";
  {
    std::ofstream file(path);
    file << "AKIDFILE filesecret\n";
  }
  Options options;
  options.require_auth = true;
  options.access_key = "AKIDFLAG";
  options.secret_key = "flagsecret";
  options.credentials_file = path;
  Credentials credentials = load_credentials(options);
  EXPECT_EQ(secret_of(credentials, "AKIDFILE"), "filesecret");
  EXPECT_EQ(secret_of(credentials, "AKIDFLAG"), "flagsecret");
  std::remove(path.c_str());
}

TEST(Credentials, RefusesIncompleteOrUselessCombinations) {
  Options none;
  EXPECT_EQ(load_error(none), "");
  EXPECT_TRUE(load_credentials(none).empty());

  Options key_only;
  key_only.require_auth = true;
  key_only.access_key = "AK";
  EXPECT_EQ(load_error(key_only), "--access-key and --secret-key go together");

  Options nothing_to_check;
  nothing_to_check.require_auth = true;
  EXPECT_EQ(load_error(nothing_to_check),
            "--require-auth needs --access-key and --secret-key, or a --credentials-file with at "
            "least one key");

  Options without_require;
  without_require.access_key = "AK";
  without_require.secret_key = "S";
  EXPECT_EQ(load_error(without_require),
            "--access-key, --secret-key and --credentials-file take effect only with "
            "--require-auth");

  Options missing_file;
  missing_file.require_auth = true;
  missing_file.credentials_file = "/nonexistent/ddblocal-keys";
  EXPECT_EQ(load_error(missing_file), "cannot read /nonexistent/ddblocal-keys");
}

}  // namespace
}  // namespace ddb::server
