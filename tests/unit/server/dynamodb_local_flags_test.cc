#include "server/dynamodb_local_flags.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "server/command_line.h"

namespace ddb::server {
namespace {

using Action = ParsedCommandLine::Action;

ParsedCommandLine parse(std::vector<std::string_view> args) { return parse_command_line(args); }

TEST(DynamoDbLocalFlags, TheUsualDockerCommandLineRunsOnItsPort) {
  ParsedCommandLine result =
      parse({"-jar", "DynamoDBLocal.jar", "-sharedDb", "-inMemory", "-port", "8001"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.port, 8001);
  EXPECT_TRUE(result.options.shared_db);
  EXPECT_TRUE(result.options.in_memory);
  EXPECT_TRUE(result.options.data_dir.empty());
  ASSERT_EQ(result.options.notices.size(), 1u);
  EXPECT_EQ(result.options.notices[0],
            "-jar DynamoDBLocal.jar: ignored; ddblocal is DynamoDB Local's drop-in replacement");
}

TEST(DynamoDbLocalFlags, DbPathSetsTheDataDirectory) {
  ParsedCommandLine result = parse({"-jar", "DynamoDBLocal.jar", "-sharedDb", "-dbPath", "./data"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.data_dir, "./data");
  EXPECT_FALSE(result.options.in_memory);
}

TEST(DynamoDbLocalFlags, FlagsWithoutMeaningHereAreAcceptedWithAReason) {
  ParsedCommandLine result =
      parse({"-Djava.library.path=./DynamoDBLocal_lib", "-Xmx512m", "-jar", "DynamoDBLocal.jar",
             "-cors", "https://example.com", "-delayTransientStatuses", "-optimizeDbBeforeStartup",
             "-disableTelemetry", "-dbPath", "/data"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  std::vector<std::string> expected = {
      "-Djava.library.path=./DynamoDBLocal_lib: ignored; a Java option, and there is no JVM",
      "-Xmx512m: ignored; a Java option, and there is no JVM",
      "-jar DynamoDBLocal.jar: ignored; ddblocal is DynamoDB Local's drop-in replacement",
      "-cors https://example.com: ignored; ddblocal allows every origin, as DynamoDB does",
      "-delayTransientStatuses: ignored; tables and indexes reach their next status as soon as "
      "the work is done",
      "-optimizeDbBeforeStartup: ignored; there is no database file to optimise",
      "-disableTelemetry: ignored; ddblocal sends no telemetry",
  };
  EXPECT_EQ(result.options.notices, expected);
}

TEST(DynamoDbLocalFlags, MixesWithDdblocalFlags) {
  ParsedCommandLine result = parse({"-port", "9001", "--host", "127.0.0.1", "--threads", "2"});
  ASSERT_EQ(result.action, Action::Run) << result.text;
  EXPECT_EQ(result.options.port, 9001);
  EXPECT_EQ(result.options.host, "127.0.0.1");
  EXPECT_EQ(result.options.threads, 2u);
}

TEST(DynamoDbLocalFlags, InMemoryWithDbPathIsRefusedAsDynamoDbLocalDoes) {
  ParsedCommandLine result = parse({"-inMemory", "-dbPath", "/data"});
  ASSERT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "-inMemory and -dbPath cannot be used together");
}

TEST(DynamoDbLocalFlags, MissingOrBadValuesAreErrors) {
  EXPECT_EQ(parse({"-port"}).text, "option -port needs a value");
  EXPECT_EQ(parse({"-port", "eighty"}).text,
            "invalid value 'eighty' for -port: expected an integer from 0 to 65535");
  EXPECT_EQ(parse({"-port", "65536"}).action, Action::Error);
  EXPECT_EQ(parse({"-dbPath"}).action, Action::Error);
  EXPECT_EQ(parse({"-jar"}).action, Action::Error);
  EXPECT_EQ(parse({"-cors"}).action, Action::Error);
}

TEST(DynamoDbLocalFlags, UnknownSingleDashFlagsAreStillErrors) {
  ParsedCommandLine result = parse({"-sharedDB"});
  ASSERT_EQ(result.action, Action::Error);
  EXPECT_EQ(result.text, "unknown option '-sharedDB'");
  EXPECT_EQ(parse({"-D"}).action, Action::Error);
}

TEST(DynamoDbLocalFlags, HelpWorksBothWaysAndListsTheDropInFlags) {
  ParsedCommandLine result = parse({"-help"});
  ASSERT_EQ(result.action, Action::Help);
  EXPECT_NE(result.text.find("-sharedDb"), std::string::npos);
  EXPECT_NE(result.text.find("-dbPath DIR"), std::string::npos);
  EXPECT_NE(result.text.find("--health-check"), std::string::npos);
}

TEST(DynamoDbLocalFlags, HealthCheckTakesTheHostAndPortFlags) {
  ParsedCommandLine result = parse({"--health-check", "--port", "9002"});
  ASSERT_EQ(result.action, Action::HealthCheck);
  EXPECT_EQ(result.options.port, 9002);
}

}  // namespace
}  // namespace ddb::server
