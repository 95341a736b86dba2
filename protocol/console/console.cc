#include "protocol/console/console.h"

#include <algorithm>
#include <array>
#include <utility>

#include "protocol/admin/admin_services.h"
#include "protocol/console/console_files.h"

namespace ddb::protocol {

namespace {

constexpr std::string_view kFolder = "console";
constexpr std::string_view kIndex = "index.html";
constexpr std::string_view kText = "text/plain; charset=utf-8";

constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kTypes = {{
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    // RFC 9239: ES modules must come with a JavaScript MIME type, or the browser refuses them.
    {".js", "text/javascript; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
}};

}  // namespace

bool is_console_path(std::string_view path) {
  return path.starts_with(kFolder) &&
         (path.size() == kFolder.size() || path[kFolder.size()] == '/');
}

std::string_view console_content_type(std::string_view name) {
  for (const auto& [extension, type] : kTypes) {
    if (name.ends_with(extension)) return type;
  }
  return "application/octet-stream";
}

ConsoleAnswer console_answer(std::string_view path) {
  if (path == kFolder) {
    return {.status = 301,
            .content_type = kText,
            .body = {},
            .location = std::string(kAdminPrefix) + std::string(kFolder) + "/"};
  }
  std::string_view name = path.substr(std::min(path.size(), kFolder.size() + 1));
  if (name.empty()) name = kIndex;
  // Names are compared whole: "../", "%2e" or a query never match an embedded file.
  for (const EmbeddedFile& file : console_files()) {
    if (file.name == name) {
      return {.status = 200,
              .content_type = console_content_type(name),
              .body = file.bytes,
              .location = {}};
    }
  }
  return {.status = 404, .content_type = kText, .body = "no such console file\n", .location = {}};
}

}  // namespace ddb::protocol
