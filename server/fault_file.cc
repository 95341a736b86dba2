#include "server/fault_file.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace ddb::server {

protocol::FaultRuleSet read_fault_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw FaultFileError("--faults " + path + ": cannot read the file");
  std::ostringstream text;
  text << file.rdbuf();
  const std::string where = "--faults " + path + ": ";
  try {
    return protocol::parse_fault_rules(nlohmann::json::parse(text.str()));
  } catch (const nlohmann::json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 3, column 5: ...": the part a person
    // needs starts after the bracket.
    std::string message = e.what();
    if (auto bracket = message.find("] "); bracket != std::string::npos) {
      message.erase(0, bracket + 2);
    }
    throw FaultFileError(where + "not JSON: " + message);
  } catch (const protocol::BadFaultRules& e) {
    throw FaultFileError(where + e.what());
  }
}

}  // namespace ddb::server
