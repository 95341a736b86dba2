#include "server/command_line.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <stdexcept>
#include <vector>

#include "server/dynamodb_local_flags.h"

namespace ddb::server {

namespace {

// Thrown by a flag's setter; becomes ParsedCommandLine::Action::Error.
struct BadValue : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename Int>
Int parse_integer(std::string_view flag, std::string_view value, Int min, Int max) {
  unsigned long long parsed = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() || parsed < min ||
      parsed > max) {
    throw BadValue("invalid value '" + std::string(value) + "' for " + std::string(flag) +
                   ": expected an integer from " + std::to_string(min) + " to " +
                   std::to_string(max));
  }
  return static_cast<Int>(parsed);
}

constexpr std::array<std::pair<std::string_view, spdlog::level::level_enum>, 7> kLogLevels = {{
    {"trace", spdlog::level::trace},
    {"debug", spdlog::level::debug},
    {"info", spdlog::level::info},
    {"warn", spdlog::level::warn},
    {"error", spdlog::level::err},
    {"critical", spdlog::level::critical},
    {"off", spdlog::level::off},
}};

// One command-line flag. Adding a flag is adding a row to kFlags; `alias` leaves room for DynamoDB
// Local's single-dash spellings (`-port 8000`) when they are wanted.
struct Flag {
  std::string_view name;        // "--port"
  std::string_view value_name;  // "N" in the help; empty for a switch that takes no value
  std::string_view help;        // one line; the default is appended from Options{}
  void (*set)(Options& options, std::string_view value);
  std::string (*show_default)(const Options& defaults);
  std::string_view alias = {};
};

const std::array<Flag, 27> kFlags = {{
    {"--host", "H", "address to listen on (an IP address or a host name)",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --host: expected an address");
       o.host = std::string(v);
     },
     [](const Options& o) { return o.host; }},
    {"--port", "N", "TCP port to listen on (0 picks a free port)",
     [](Options& o, std::string_view v) {
       o.port = parse_integer<std::uint16_t>("--port", v, 0, 65535);
     },
     [](const Options& o) { return std::to_string(o.port); }},
    {"--threads", "N", "threads serving requests",
     [](Options& o, std::string_view v) {
       o.threads = parse_integer<unsigned>("--threads", v, 1, kMaxThreads);
     },
     [](const Options&) {
       return std::string("one per CPU the process may use: affinity mask, cgroup CPU quota");
     }},
    {"--log-level", "L", "trace, debug (logs every request), info, warn, error, critical or off",
     [](Options& o, std::string_view v) {
       auto it = std::find_if(kLogLevels.begin(), kLogLevels.end(),
                              [&](const auto& level) { return level.first == v; });
       if (it == kLogLevels.end()) {
         throw BadValue("invalid value '" + std::string(v) +
                        "' for --log-level: expected trace, debug, info, warn, error, critical or "
                        "off");
       }
       o.log_level = it->second;
     },
     [](const Options&) { return std::string("info"); }},
    {"--shared-db", "", "one namespace of tables for every client, whatever its key and region",
     [](Options& o, std::string_view) { o.shared_db = true; },
     [](const Options&) { return std::string("one namespace per access key and region"); }},
    {"--require-auth", "",
     "verify SigV4 signatures against --access-key/--secret-key and --credentials-file",
     [](Options& o, std::string_view) { o.require_auth = true; },
     [](const Options&) { return std::string("accept any well-formed credentials"); }},
    {"--access-key", "K", "an access key ID accepted under --require-auth (with --secret-key)",
     [](Options& o, std::string_view v) { o.access_key = std::string(v); },
     [](const Options&) { return std::string("none"); }},
    {"--secret-key", "S", "the secret access key of --access-key",
     [](Options& o, std::string_view v) { o.secret_key = std::string(v); },
     [](const Options&) { return std::string("none"); }},
    {"--credentials-file", "PATH",
     "access keys and secrets accepted under --require-auth (see README)",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --credentials-file: expected a path");
       o.credentials_file = std::string(v);
     },
     [](const Options&) { return std::string("none"); }},
    {"--ttl-interval", "SECONDS",
     "seconds between two passes of the Time to Live expirer (0: never delete expired items)",
     [](Options& o, std::string_view v) {
       o.ttl_interval_seconds = parse_integer<unsigned>("--ttl-interval", v, 0, 86400);
     },
     [](const Options& o) { return std::to_string(o.ttl_interval_seconds); }},
    {"--stream-shard-seconds", "S",
     "seconds a DynamoDB Streams shard stays open before it rolls over to a child shard",
     [](Options& o, std::string_view v) {
       o.stream_shard_seconds =
           parse_integer<std::uint32_t>("--stream-shard-seconds", v, 1, 30 * 24 * 3600);
     },
     [](const Options& o) { return std::to_string(o.stream_shard_seconds); }},
    {"--data-dir", "PATH",
     "keep tables and items in this directory across restarts (created when missing)",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --data-dir: expected a directory");
       o.data_dir = std::string(v);
     },
     [](const Options&) { return std::string("none: in memory only"); }},
    {"--sync", "MODE",
     "with --data-dir: 'always' acknowledges a write once it is fsynced; 'periodic' once it is "
     "written, fsyncing every --sync-interval-ms",
     [](Options& o, std::string_view v) {
       if (v == "always") {
         o.sync_periodic = false;
       } else if (v == "periodic") {
         o.sync_periodic = true;
       } else {
         throw BadValue("invalid value '" + std::string(v) +
                        "' for --sync: expected always or periodic");
       }
     },
     [](const Options& o) { return std::string(o.sync_periodic ? "periodic" : "always"); }},
    {"--sync-interval-ms", "N", "with --sync periodic: milliseconds between fsyncs",
     [](Options& o, std::string_view v) {
       o.sync_interval_ms = parse_integer<unsigned>("--sync-interval-ms", v, 1, 60'000);
     },
     [](const Options& o) { return std::to_string(o.sync_interval_ms); }},
    {"--max-connections", "N", "most connections open at once; new ones beyond it wait",
     [](Options& o, std::string_view v) {
       o.max_connections = parse_integer<std::size_t>("--max-connections", v, 1, 1000000);
     },
     [](const Options& o) {
       return o.max_connections == 0 ? std::string("the open-file limit less 256")
                                     : std::to_string(o.max_connections);
     }},
    {"--idle-timeout", "S", "seconds a kept-alive connection may wait for its next request",
     [](Options& o, std::string_view v) {
       o.idle_timeout_seconds = parse_integer<unsigned>("--idle-timeout", v, 1, 86400);
     },
     [](const Options& o) { return std::to_string(o.idle_timeout_seconds); }},
    {"--read-timeout", "S",
     "seconds a request may take to arrive from its first byte (and its response to be sent)",
     [](Options& o, std::string_view v) {
       o.read_timeout_seconds = parse_integer<unsigned>("--read-timeout", v, 1, 86400);
     },
     [](const Options& o) { return std::to_string(o.read_timeout_seconds); }},
    {"--no-admin-api", "", "turn off the admin API under /ddblocal/ (docs/ADMIN.md)",
     [](Options& o, std::string_view) { o.admin_api = false; },
     [](const Options&) { return std::string("on"); }},
    {"--request-log-size", "N",
     "how many of the latest requests GET /ddblocal/requests keeps (0: none)",
     [](Options& o, std::string_view v) {
       o.request_log_size = parse_integer<std::size_t>("--request-log-size", v, 0, 1000000);
     },
     [](const Options& o) { return std::to_string(o.request_log_size); }},
    {"--log-requests", "", "write each request's log entry to stdout as a JSON line",
     [](Options& o, std::string_view) { o.log_requests = true; },
     [](const Options&) { return std::string("off"); }},
    {"--faults", "FILE",
     "fault rules in force from the start: a JSON file as PUT /ddblocal/faults takes "
     "(docs/ADMIN.md)",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --faults: expected a file");
       o.faults_file = std::string(v);
     },
     [](const Options&) { return std::string("none"); }},
    {"--seed", "PATH",
     "create tables and put items from a seed document (.json), an item file (<Table>.jsonl[.gz], "
     "<Table>.json.gz) or a directory of them before serving; repeatable (docs/ADMIN.md)",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --seed: expected a file or directory");
       o.seed_paths.emplace_back(v);
     },
     [](const Options&) { return std::string("none"); }},
    {"--seed-access-key", "K", "the access key whose tables a seed that names no accessKey goes to",
     [](Options& o, std::string_view v) {
       if (v.empty() || v.find('/') != std::string_view::npos) {
         throw BadValue("invalid value '" + std::string(v) +
                        "' for --seed-access-key: expected an access key ID");
       }
       o.seed_access_key = std::string(v);
     },
     [](const Options&) { return std::string("none: required unless --shared-db"); }},
    {"--seed-region", "R", "the region whose tables a seed that names no region goes to",
     [](Options& o, std::string_view v) {
       if (v.empty() || v.find('/') != std::string_view::npos) {
         throw BadValue("invalid value '" + std::string(v) +
                        "' for --seed-region: expected a region");
       }
       o.seed_region = std::string(v);
     },
     [](const Options& o) { return o.seed_region; }},
    {"--report", "PATH",
     "write the access-pattern report (GET /ddblocal/report) to this file at shutdown",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --report: expected a file");
       o.report_path = std::string(v);
     },
     [](const Options&) { return std::string("none"); }},
    {"--s3-dir", "DIR",
     "a directory standing in for Amazon S3 in ExportTableToPointInTime and ImportTable: bucket B "
     "is the subdirectory DIR/B",
     [](Options& o, std::string_view v) {
       if (v.empty()) throw BadValue("invalid value '' for --s3-dir: expected a directory");
       o.s3_dir = std::string(v);
     },
     [](const Options&) { return std::string("none: export and import are refused"); }},
    {"--capacity", "MODE",
     "enforce: throttle requests beyond their tables' capacity, as DynamoDB does; off: never "
     "(docs/ADMIN.md)",
     [](Options& o, std::string_view v) {
       if (v != "enforce" && v != "off") {
         throw BadValue("invalid value '" + std::string(v) +
                        "' for --capacity: expected enforce or off");
       }
       o.enforce_capacity = v == "enforce";
     },
     [](const Options& o) { return std::string(o.enforce_capacity ? "enforce" : "off"); }},
}};

const Flag* find_flag(std::string_view name) {
  for (const Flag& flag : kFlags) {
    if (flag.name == name || (!flag.alias.empty() && flag.alias == name)) return &flag;
  }
  return nullptr;
}

}  // namespace

ParsedCommandLine parse_command_line(std::span<const std::string_view> args) {
  ParsedCommandLine result;
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      std::string_view arg = args[i];
      if (arg == "--help" || arg == "-h" || arg == "-help") {
        result.action = ParsedCommandLine::Action::Help;
        result.text = help_text();
        return result;
      }
      std::string_view name = arg;
      std::optional<std::string_view> value;
      if (auto eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
        name = arg.substr(0, eq);
        value = arg.substr(eq + 1);
      }
      if (arg == "--health-check") {
        result.action = ParsedCommandLine::Action::HealthCheck;
        continue;
      }
      if (!arg.starts_with("--") && read_dynamodb_local_flag(args, i, result.options)) continue;
      const Flag* flag = find_flag(name);
      if (flag == nullptr) throw BadValue("unknown option '" + std::string(arg) + "'");
      if (flag->value_name.empty()) {
        if (value) throw BadValue("option " + std::string(name) + " takes no value");
        flag->set(result.options, {});
        continue;
      }
      if (!value) {
        if (i + 1 >= args.size()) {
          throw BadValue("option " + std::string(name) + " needs a value (" +
                         std::string(flag->value_name) + ")");
        }
        value = args[++i];
      }
      flag->set(result.options, *value);
    }
    check_dynamodb_local_flags(result.options);
  } catch (const BadValue& e) {
    result.action = ParsedCommandLine::Action::Error;
    result.text = e.what();
  } catch (const DynamoDbLocalFlagError& e) {
    result.action = ParsedCommandLine::Action::Error;
    result.text = e.what();
  }
  return result;
}

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  std::vector<std::string_view> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return parse_command_line(args);
}

std::string help_text() {
  const Options defaults;
  std::vector<std::pair<std::string, std::string>> rows;
  rows.emplace_back("--help", "print this help and exit");
  rows.emplace_back("--health-check",
                    "ask the server on --host/--port (default 127.0.0.1:8000) for its health page; "
                    "exit 0 when it answers, 1 otherwise (the Docker HEALTHCHECK)");
  for (const Flag& flag : kFlags) {
    std::string left(flag.name);
    if (!flag.value_name.empty()) left += " " + std::string(flag.value_name);
    rows.emplace_back(left,
                      std::string(flag.help) + " (default: " + flag.show_default(defaults) + ")");
  }
  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.first.size());

  std::string text = "Usage: ddblocal";
  for (const Flag& flag : kFlags) {
    text += " [" + std::string(flag.name);
    if (!flag.value_name.empty()) text += " " + std::string(flag.value_name);
    text += "]";
  }
  text += "\nA DynamoDB-compatible server.\n\nOptions:\n";
  for (const auto& [left, right] : rows) {
    text += "  " + left + std::string(width - left.size() + 2, ' ') + right + "\n";
  }
  text += "\n";
  text += dynamodb_local_help();
  return text;
}

}  // namespace ddb::server
