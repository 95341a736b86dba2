#include "protocol/batches/transaction_capacity.h"

namespace ddb::protocol {

namespace {

Json units(double read, double write) {
  Json json = {{"CapacityUnits", read + write}};
  if (read > 0) json["ReadCapacityUnits"] = read;
  if (write > 0) json["WriteCapacityUnits"] = write;
  return json;
}

}  // namespace

void TransactionCapacity::add_read(std::string_view table, std::size_t bytes) {
  entry(table).read += 2 * read_units(bytes, true);
}

void TransactionCapacity::add_write(std::string_view table, std::size_t bytes) {
  entry(table).write += 2 * write_units(bytes);
}

void TransactionCapacity::write_to(Json& response, CapacityDetail detail) const {
  if (detail == CapacityDetail::None) return;
  Json list = Json::array();
  for (const Entry& entry : entries_) {
    Json json = units(entry.read, entry.write);
    json["TableName"] = entry.table;
    if (detail == CapacityDetail::Indexes) json["Table"] = units(entry.read, entry.write);
    list.push_back(std::move(json));
  }
  response["ConsumedCapacity"] = std::move(list);
}

double TransactionCapacity::total() const {
  double units = 0;
  for (const Entry& entry : entries_) units += entry.read + entry.write;
  return units;
}

TransactionCapacity::Entry& TransactionCapacity::entry(std::string_view table) {
  for (Entry& entry : entries_) {
    if (entry.table == table) return entry;
  }
  return entries_.emplace_back(Entry{std::string(table)});
}

}  // namespace ddb::protocol
