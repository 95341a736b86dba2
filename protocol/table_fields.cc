#include "protocol/table_fields.h"

#include <chrono>

namespace ddb::protocol {

double now_seconds() {
  using namespace std::chrono;
  auto millis = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  return static_cast<double>(millis) / 1000.0;
}

std::optional<engine::ProvisionedThroughput> parse_throughput(const Json& request,
                                                              Constraints& constraints) {
  const Json* json = get_structure(request, "ProvisionedThroughput", "ProvisionedThroughput");
  if (!json) return std::nullopt;
  auto read = get_long(*json, "ReadCapacityUnits");
  auto write = get_long(*json, "WriteCapacityUnits");
  constraints.not_null(read.has_value(), "provisionedThroughput.readCapacityUnits");
  constraints.min(read, 1, "provisionedThroughput.readCapacityUnits");
  constraints.not_null(write.has_value(), "provisionedThroughput.writeCapacityUnits");
  constraints.min(write, 1, "provisionedThroughput.writeCapacityUnits");
  engine::ProvisionedThroughput throughput;
  throughput.read_capacity_units = read.value_or(0);
  throughput.write_capacity_units = write.value_or(0);
  return throughput;
}

}  // namespace ddb::protocol
