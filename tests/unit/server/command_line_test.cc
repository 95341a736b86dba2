#include "server/command_line.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::server {
namespace {

using Action = ParsedCommandLine::Action;

ParsedCommandLine parse(std::vector<std::string_view> args) { return parse_command_line(args); }

TEST(Options, DefaultsWithoutArguments) {
  ParsedCommandLine result = parse({});
  ASSERT_EQ(result.action, Action::Run);
  EXPECT_EQ(result.options.host, "0.0.0.0");
  EXPECT_EQ(result.options.port, 8000);
  EXPECT_EQ(result.options.threads, std::nullopt);  // one per CPU the process may use
  EXPECT_EQ(result.options.log_level, spdlog::level::info);
}

TEST(Options, ReadsEveryFlagWithSeparateValues) {
  ParsedCommandLine result =
      parse({"--host", "127.0.0.1", "--port", "9000", "--threads", "3", "--log-level", "debug"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.host, "127.0.0.1");
  EXPECT_EQ(result.options.port, 9000);
  EXPECT_EQ(result.options.threads, 3u);
  EXPECT_EQ(result.options.log_level, spdlog::level::debug);
}

TEST(Options, ReadsValuesAfterEqualsSign) {
  ParsedCommandLine result = parse({"--port=0", "--host=localhost", "--log-level=off"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.port, 0);
  EXPECT_EQ(result.options.host, "localhost");
  EXPECT_EQ(result.options.log_level, spdlog::level::off);
}

TEST(Options, LaterFlagWins) {
  ParsedCommandLine result = parse({"--port", "1", "--port", "2"});
  ASSERT_EQ(result.action, Action::Run);
  EXPECT_EQ(result.options.port, 2);
}

TEST(Options, AcceptsEveryLogLevel) {
  const std::vector<std::pair<std::string_view, spdlog::level::level_enum>> levels = {
      {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug},
      {"info", spdlog::level::info},   {"warn", spdlog::level::warn},
      {"error", spdlog::level::err},   {"critical", spdlog::level::critical},
      {"off", spdlog::level::off}};
  for (const auto& [name, level] : levels) {
    ParsedCommandLine result = parse({"--log-level", name});
    ASSERT_EQ(result.action, Action::Run) << name;
    EXPECT_EQ(result.options.log_level, level) << name;
  }
}

TEST(Options, HelpListsEveryFlag) {
  for (std::string_view flag : {"--help", "-h"}) {
    ParsedCommandLine result = parse({"--port", "1", flag, "--bogus"});
    ASSERT_EQ(result.action, Action::Help);
    EXPECT_EQ(result.text, help_text());
  }
  std::string help = help_text();
  for (std::string_view flag :
       {"--help", "--host H", "--port N", "--threads N", "--log-level L", "--ttl-interval SECONDS",
        "--data-dir PATH", "--sync MODE", "--sync-interval-ms N"}) {
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
  }
  EXPECT_TRUE(
      help.starts_with("Usage: ddblocal [--host H] [--port N] [--threads N] [--log-level L]"));
  EXPECT_NE(help.find("(default: 8000)"), std::string::npos);
  EXPECT_NE(help.find("(default: 0.0.0.0)"), std::string::npos);
}

TEST(Options, ReadsTheDurabilityFlags) {
  ParsedCommandLine defaults = parse({});
  EXPECT_EQ(defaults.options.data_dir, "");
  EXPECT_FALSE(defaults.options.sync_periodic);
  EXPECT_EQ(defaults.options.sync_interval_ms, 100u);
  ParsedCommandLine result =
      parse({"--data-dir", "/var/lib/ddb", "--sync=periodic", "--sync-interval-ms", "250"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.data_dir, "/var/lib/ddb");
  EXPECT_TRUE(result.options.sync_periodic);
  EXPECT_EQ(result.options.sync_interval_ms, 250u);
  EXPECT_FALSE(parse({"--sync", "periodic", "--sync", "always"}).options.sync_periodic);
}

TEST(Options, RejectsBadDurabilityValues) {
  EXPECT_EQ(parse({"--sync", "sometimes"}).text,
            "invalid value 'sometimes' for --sync: expected always or periodic");
  EXPECT_EQ(parse({"--sync-interval-ms", "0"}).text,
            "invalid value '0' for --sync-interval-ms: expected an integer from 1 to 60000");
  EXPECT_EQ(parse({"--data-dir="}).text, "invalid value '' for --data-dir: expected a directory");
}

TEST(Options, ConnectionLimitsDefaultAndParse) {
  ParsedCommandLine defaults = parse({});
  EXPECT_EQ(defaults.options.max_connections, 0u);  // from the open-file limit
  EXPECT_EQ(defaults.options.idle_timeout_seconds, 60u);
  EXPECT_EQ(defaults.options.read_timeout_seconds, 60u);
  ParsedCommandLine result =
      parse({"--max-connections", "3", "--idle-timeout=2", "--read-timeout", "1"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.max_connections, 3u);
  EXPECT_EQ(result.options.idle_timeout_seconds, 2u);
  EXPECT_EQ(result.options.read_timeout_seconds, 1u);
  std::string help = help_text();
  for (std::string_view flag : {"--max-connections N", "--idle-timeout S", "--read-timeout S"}) {
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
  }
}

TEST(Options, RejectsZeroConnectionLimits) {
  ParsedCommandLine result = parse({"--max-connections", "0"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text,
            "invalid value '0' for --max-connections: expected an integer from 1 to 1000000");
  result = parse({"--read-timeout", "0"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text,
            "invalid value '0' for --read-timeout: expected an integer from 1 to 86400");
  result = parse({"--idle-timeout", "-5"});
  EXPECT_EQ(result.action, Action::Error);
}

TEST(Options, RejectsUnknownFlag) {
  ParsedCommandLine result = parse({"--prot", "8000"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "unknown option '--prot'");
}

TEST(Options, RejectsPositionalArgument) {
  ParsedCommandLine result = parse({"8000"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "unknown option '8000'");
}

TEST(Options, RejectsFlagWithoutValue) {
  ParsedCommandLine result = parse({"--host", "h", "--port"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "option --port needs a value (N)");
}

TEST(Options, RejectsBadPorts) {
  for (std::string_view port : {"65536", "-1", "80a", "", " 80", "0x50", "99999999999999999999"}) {
    ParsedCommandLine result = parse({"--port", port});
    EXPECT_EQ(result.action, Action::Error) << port;
    EXPECT_EQ(result.text, "invalid value '" + std::string(port) +
                               "' for --port: expected an integer from 0 to 65535");
  }
}

TEST(Options, RejectsBadThreadCounts) {
  for (std::string_view threads : {"0", "1025", "two"}) {
    std::string arg = "--threads=" + std::string(threads);
    ParsedCommandLine result = parse({arg});
    EXPECT_EQ(result.action, Action::Error) << threads;
  }
  ParsedCommandLine result = parse({"--threads", "0"});
  EXPECT_EQ(result.text, "invalid value '0' for --threads: expected an integer from 1 to 1024");
}

TEST(Options, RejectsUnknownLogLevel) {
  ParsedCommandLine result = parse({"--log-level", "verbose"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text,
            "invalid value 'verbose' for --log-level: expected trace, debug, info, warn, error, "
            "critical or off");
}

TEST(Options, ReadsTheTtlInterval) {
  EXPECT_EQ(parse({}).options.ttl_interval_seconds, 5u);
  EXPECT_EQ(parse({"--ttl-interval", "1"}).options.ttl_interval_seconds, 1u);
  EXPECT_EQ(parse({"--ttl-interval=0"}).options.ttl_interval_seconds, 0u);
  ParsedCommandLine result = parse({"--ttl-interval", "86401"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text,
            "invalid value '86401' for --ttl-interval: expected an integer from 0 to 86400");
}

TEST(Options, EnforcesCapacityOnlyWhenAsked) {
  EXPECT_FALSE(parse({}).options.enforce_capacity);
  EXPECT_TRUE(parse({"--capacity", "enforce"}).options.enforce_capacity);
  EXPECT_FALSE(parse({"--capacity=off"}).options.enforce_capacity);
  ParsedCommandLine result = parse({"--capacity", "on"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "invalid value 'on' for --capacity: expected enforce or off");
}

TEST(Options, RejectsEmptyHost) {
  ParsedCommandLine result = parse({"--host="});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "invalid value '' for --host: expected an address");
}

TEST(Options, NamespaceAndAuthFlagsDefaultOff) {
  ParsedCommandLine result = parse({});
  EXPECT_FALSE(result.options.shared_db);
  EXPECT_FALSE(result.options.require_auth);
  EXPECT_EQ(result.options.access_key, "");
  EXPECT_EQ(result.options.secret_key, "");
  EXPECT_EQ(result.options.credentials_file, "");
}

TEST(Options, ReadsNamespaceAndAuthFlags) {
  ParsedCommandLine result = parse({"--shared-db", "--require-auth", "--access-key", "AK",
                                    "--secret-key=S/k+", "--credentials-file", "/etc/ddb/keys"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_TRUE(result.options.shared_db);
  EXPECT_TRUE(result.options.require_auth);
  EXPECT_EQ(result.options.access_key, "AK");
  EXPECT_EQ(result.options.secret_key, "S/k+");
  EXPECT_EQ(result.options.credentials_file, "/etc/ddb/keys");
}

TEST(Options, SwitchesTakeNoValue) {
  ParsedCommandLine result = parse({"--shared-db=true"});
  EXPECT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "option --shared-db takes no value");
}

TEST(Options, ParsesArgvSkippingProgramName) {
  const char* argv[] = {"ddblocal", "--port", "1234"};
  ParsedCommandLine result = parse_command_line(3, argv);
  ASSERT_EQ(result.action, Action::Run);
  EXPECT_EQ(result.options.port, 1234);
}

TEST(Options, CollectsEverySeedPathInOrder) {
  ParsedCommandLine result = parse({"--seed", "fixtures/", "--seed=extra.json", "--seed-access-key",
                                    "test", "--seed-region", "eu-west-1"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.seed_paths, (std::vector<std::string>{"fixtures/", "extra.json"}));
  EXPECT_EQ(result.options.seed_access_key, "test");
  EXPECT_EQ(result.options.seed_region, "eu-west-1");
}

TEST(Options, SeedsIntoUsEast1WithNoAccessKeyByDefault) {
  ParsedCommandLine result = parse({});
  EXPECT_TRUE(result.options.seed_paths.empty());
  EXPECT_EQ(result.options.seed_access_key, "");
  EXPECT_EQ(result.options.seed_region, "us-east-1");
}

TEST(Options, RefusesSeedNamespacesWithASlash) {
  ParsedCommandLine key = parse({"--seed-access-key", "a/b"});
  EXPECT_EQ(key.action, Action::Error);
  EXPECT_EQ(key.text, "invalid value 'a/b' for --seed-access-key: expected an access key ID");
  ParsedCommandLine region = parse({"--seed-region", ""});
  EXPECT_EQ(region.text, "invalid value '' for --seed-region: expected a region");
  ParsedCommandLine seed = parse({"--seed", ""});
  EXPECT_EQ(seed.text, "invalid value '' for --seed: expected a file or directory");
}

TEST(Options, S3DirNamesTheDirectoryStandingInForS3) {
  EXPECT_EQ(parse({}).options.s3_dir, "");
  ParsedCommandLine result = parse({"--s3-dir", "/tmp/s3"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.s3_dir, "/tmp/s3");
  ParsedCommandLine empty = parse({"--s3-dir="});
  EXPECT_EQ(empty.action, Action::Error);
  EXPECT_EQ(empty.text, "invalid value '' for --s3-dir: expected a directory");
  EXPECT_NE(help_text().find("--s3-dir DIR"), std::string::npos);
}

}  // namespace
}  // namespace ddb::server
