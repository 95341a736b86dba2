#pragma once

#include <span>
#include <string>
#include <string_view>

#include "server/options.h"

namespace ddb::server {

// What the command line asked for: run with `options`, print `text` (the help) and exit 0, print
// `text` (an error) and exit 2, or check the health of a server already running on options' host
// and port.
struct ParsedCommandLine {
  enum class Action { Run, Help, Error, HealthCheck };
  Action action = Action::Run;
  Options options;
  std::string text;
};

// Parses the arguments after the program name: `--flag value` or `--flag=value`, in any order, a
// later flag overriding an earlier one. Never throws; a bad flag or value comes back as
// Action::Error.
ParsedCommandLine parse_command_line(std::span<const std::string_view> args);

// Convenience for main(): parse_command_line over argv[1..argc).
ParsedCommandLine parse_command_line(int argc, const char* const* argv);

// The --help text: usage line and one line per flag with its description and default.
std::string help_text();

}  // namespace ddb::server
