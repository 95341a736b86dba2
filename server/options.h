#pragma once

#include <spdlog/common.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace ddb::server {

// Everything the command line can set. Defaults are the values used when a flag is absent.
struct Options {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8000;  // 0 asks the OS for a free port (the listening line shows which)
  unsigned threads = default_thread_count();
  spdlog::level::level_enum log_level = spdlog::level::info;
  std::size_t max_connections = 1000;  // connections beyond it are closed unread
  unsigned idle_timeout_seconds = 60;  // a kept-alive connection with no request is closed after it
  unsigned read_timeout_seconds = 60;  // a request must arrive (and its response leave) within it

  // std::thread::hardware_concurrency(), or 1 when the platform cannot tell.
  static unsigned default_thread_count();
};

// What the command line asked for: run with `options`, print `text` (the help) and exit 0, or print
// `text` (an error) and exit 2.
struct ParsedCommandLine {
  enum class Action { Run, Help, Error };
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
