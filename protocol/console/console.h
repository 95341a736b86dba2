#pragma once

#include <string>
#include <string_view>

namespace ddb::protocol {

// The web console's place under the admin prefix (/ddblocal/console/), and its answers to GETs.
// The files are static (console/ at the repository root, embedded at build time); the page calls
// the DynamoDB API (POST /) and the admin API of the same server from the browser, so serving it
// needs no signature even under --require-auth: the calls it makes are signed in the page.

// Whether `path`, taken after kAdminPrefix ("console/app.js"), is the console's: "console" or
// anything under "console/".
bool is_console_path(std::string_view path);

// The answer to a GET of a console path: 200 with the file and its type ("console/" is
// index.html), a 301 to "/ddblocal/console/" for "console" (so that the page's relative links
// resolve), else 404.
struct ConsoleAnswer {
  int status = 200;
  std::string_view content_type;
  std::string_view body;
  std::string location;  // for the redirect
};
ConsoleAnswer console_answer(std::string_view path);

// The Content-Type a console file is served with, by its extension.
std::string_view console_content_type(std::string_view name);

}  // namespace ddb::protocol
