#include "server/dynamodb_local_flags.h"

#include <array>
#include <charconv>
#include <string>

namespace ddb::server {

namespace {

std::string_view value_of(std::span<const std::string_view> args, std::size_t& i) {
  if (i + 1 >= args.size()) {
    throw DynamoDbLocalFlagError("option " + std::string(args[i]) + " needs a value");
  }
  return args[++i];
}

uint16_t port_of(std::string_view value) {
  unsigned parsed = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || parsed > 65535) {
    throw DynamoDbLocalFlagError("invalid value '" + std::string(value) +
                                 "' for -port: expected an integer from 0 to 65535");
  }
  return static_cast<uint16_t>(parsed);
}

// Flags without a value that are accepted and change nothing here, and why.
struct Ignored {
  std::string_view flag;
  std::string_view reason;
};
constexpr std::array<Ignored, 3> kIgnoredSwitches = {{
    {"-delayTransientStatuses",
     "tables and indexes reach their next status as soon as the work is done"},
    {"-optimizeDbBeforeStartup", "there is no database file to optimise"},
    {"-disableTelemetry", "ddblocal sends no telemetry"},
}};

}  // namespace

bool read_dynamodb_local_flag(std::span<const std::string_view> args, std::size_t& i,
                              Options& options) {
  const std::string_view flag = args[i];
  if (flag == "-port") {
    options.port = port_of(value_of(args, i));
  } else if (flag == "-sharedDb") {
    options.shared_db = true;
  } else if (flag == "-inMemory") {
    options.in_memory = true;
  } else if (flag == "-dbPath") {
    std::string_view path = value_of(args, i);
    if (path.empty()) throw DynamoDbLocalFlagError("invalid value '' for -dbPath");
    options.data_dir = std::string(path);
  } else if (flag == "-cors") {
    std::string_view origins = value_of(args, i);
    options.notices.push_back("-cors " + std::string(origins) +
                              ": ignored; ddblocal allows every origin, as DynamoDB does");
  } else if (flag == "-jar") {
    options.notices.push_back("-jar " + std::string(value_of(args, i)) +
                              ": ignored; ddblocal is DynamoDB Local's drop-in replacement");
  } else if (flag.size() > 2 && (flag.starts_with("-D") || flag.starts_with("-X"))) {
    options.notices.push_back(std::string(flag) + ": ignored; a Java option, and there is no JVM");
  } else {
    for (const Ignored& ignored : kIgnoredSwitches) {
      if (flag == ignored.flag) {
        options.notices.push_back(std::string(flag) + ": ignored; " + std::string(ignored.reason));
        return true;
      }
    }
    return false;
  }
  return true;
}

void check_dynamodb_local_flags(const Options& options) {
  // DynamoDB Local refuses the pair too: in-memory tables cannot live in a directory.
  if (options.in_memory && !options.data_dir.empty()) {
    throw DynamoDbLocalFlagError("-inMemory and -dbPath cannot be used together");
  }
}

std::string_view dynamodb_local_help() {
  return "DynamoDB Local's command line works unchanged (java -jar DynamoDBLocal.jar ...):\n"
         "  -port N                  as --port\n"
         "  -sharedDb                every client sees the same tables, whatever its key and "
         "region\n"
         "  -inMemory                keep tables in memory (the default)\n"
         "  -dbPath DIR              keep tables on disk in DIR\n"
         "  -cors ORIGINS, -delayTransientStatuses, -optimizeDbBeforeStartup, -disableTelemetry,\n"
         "  -jar FILE, -D.../-X... (Java options)   accepted and logged; they change nothing "
         "here\n";
}

}  // namespace ddb::server
