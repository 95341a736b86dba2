#include "server/report_file.h"

#include <spdlog/spdlog.h>

#include <fstream>

#include "engine/database.h"
#include "protocol/admin/access_report.h"

namespace ddb::server {

void write_report_file(const std::string& path, const protocol::AccessReport& report,
                       const engine::Database& database) {
  const std::string text = report.to_json(database, std::nullopt, database.clock().now_ms())
                               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
                           "\n";
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) {
    spdlog::error("cannot write the access-pattern report to {}", path);
    return;
  }
  spdlog::info("access-pattern report written to {}", path);
}

}  // namespace ddb::server
