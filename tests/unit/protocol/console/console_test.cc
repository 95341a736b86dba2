#include "protocol/console/console.h"

#include <gtest/gtest.h>

#include <string>

#include "protocol/console/console_files.h"

namespace ddb::protocol {
namespace {

TEST(Console, OwnsTheConsoleFolderOnly) {
  EXPECT_TRUE(is_console_path("console"));
  EXPECT_TRUE(is_console_path("console/"));
  EXPECT_TRUE(is_console_path("console/js/app.js"));
  EXPECT_FALSE(is_console_path("consoles"));
  EXPECT_FALSE(is_console_path("clock"));
  EXPECT_FALSE(is_console_path(""));
}

TEST(Console, TheFolderIsItsIndexPage) {
  ConsoleAnswer answer = console_answer("console/");
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.content_type, "text/html; charset=utf-8");
  EXPECT_TRUE(answer.body.starts_with("<!doctype html>")) << answer.body.substr(0, 40);
  EXPECT_EQ(console_answer("console/index.html").body, answer.body);
}

// Without the slash the page's relative URLs would resolve under /ddblocal/.
TEST(Console, TheFolderWithoutSlashRedirects) {
  ConsoleAnswer answer = console_answer("console");
  EXPECT_EQ(answer.status, 301);
  EXPECT_EQ(answer.location, "/ddblocal/console/");
}

TEST(Console, ScriptsAndStylesComeWithTheirTypes) {
  ConsoleAnswer script = console_answer("console/js/main.js");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(script.body.find("import "), std::string_view::npos);
  ConsoleAnswer style = console_answer("console/console.css");
  EXPECT_EQ(style.status, 200);
  EXPECT_EQ(style.content_type, "text/css; charset=utf-8");
  EXPECT_EQ(console_content_type("a.svg"), "image/svg+xml");
  EXPECT_EQ(console_content_type("README"), "application/octet-stream");
}

TEST(Console, UnknownFilesAreNotFound) {
  for (const char* path : {"console/nothing.js", "console/../admin_api.cc", "console/js",
                           "console/js/", "console/index.html/"}) {
    ConsoleAnswer answer = console_answer(path);
    EXPECT_EQ(answer.status, 404) << path;
    EXPECT_EQ(answer.content_type, "text/plain; charset=utf-8") << path;
  }
}

// The build embeds every file of console/, whole: the page's own files, no more.
TEST(Console, EmbedsEveryFileOnce) {
  std::string previous;
  for (const EmbeddedFile& file : console_files()) {
    EXPECT_LT(previous, std::string(file.name));
    EXPECT_FALSE(file.bytes.empty()) << file.name;
    previous = std::string(file.name);
  }
  EXPECT_GE(console_files().size(), 3u);
}

}  // namespace
}  // namespace ddb::protocol
