#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string_view>

#include "server/options.h"

namespace ddb::server {

// A DynamoDB Local flag with a bad or missing value.
struct DynamoDbLocalFlagError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// DynamoDB Local's command line (`java -jar DynamoDBLocal.jar -sharedDb -inMemory -port 8000`), so
// that ddblocal replaces it unchanged in scripts and compose files. Reads the flag at args[i] (and
// its value, advancing i) into `options` and returns true, or returns false when args[i] is not one
// of DynamoDB Local's flags. Flags that mean nothing here (-cors, -delayTransientStatuses,
// -optimizeDbBeforeStartup, -disableTelemetry, `-jar FILE`, JVM options such as -Xmx1g or
// -Djava.library.path=...) are accepted and leave a line in options.notices saying why they change
// nothing. Throws DynamoDbLocalFlagError for a missing or bad value.
bool read_dynamodb_local_flag(std::span<const std::string_view> args, std::size_t& i,
                              Options& options);

// Rejects combinations DynamoDB Local rejects (-inMemory with -dbPath). Throws
// DynamoDbLocalFlagError.
void check_dynamodb_local_flags(const Options& options);

// The --help section that lists DynamoDB Local's flags and what each does here.
std::string_view dynamodb_local_help();

}  // namespace ddb::server
