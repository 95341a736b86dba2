#include "tests/support/harness.h"

#include <gtest/gtest.h>

#include <future>
#include <memory>

namespace ddb::test {

void wait_until_durable(const engine::Database& database, engine::DurabilityTicket ticket) {
  // Shared with the callback, which may still be returning from set_value() on the journal's
  // thread once this one has woken up.
  auto durable = std::make_shared<std::promise<void>>();
  std::future<void> done = durable->get_future();
  database.when_durable(ticket, [durable] { durable->set_value(); });
  done.wait();
}

CallResult Harness::call(std::string_view op, std::string_view body) const {
  return call_target("DynamoDB_20120810." + std::string(op), body);
}

CallResult Harness::call_streams(std::string_view op, const nlohmann::json& body) const {
  return call_target("DynamoDBStreams_20120810." + std::string(op), body.dump());
}

CallResult Harness::call_target(const std::string& target, std::string_view body) const {
  protocol::Response response = dispatcher_.handle(target, body, caller_);
  // As the session does: a durable database's write returns once it is durable.
  wait_until_durable(database_, response.durability);
  CallResult result;
  result.status = response.status;
  result.delay = response.delay;
  result.raw_body = response.body;
  result.body = nlohmann::json::parse(response.body, nullptr, false);
  if (result.body.is_object()) {
    if (auto type = result.body.find("__type"); type != result.body.end() && type->is_string()) {
      const std::string& text = type->get_ref<const std::string&>();
      auto hash = text.find('#');
      result.error_type = hash == std::string::npos ? text : text.substr(hash + 1);
    }
    for (const char* key : {"message", "Message"}) {
      if (auto message = result.body.find(key);
          message != result.body.end() && message->is_string()) {
        result.message = message->get<std::string>();
      }
    }
  }
  return result;
}

CallResult Harness::call(std::string_view op, const nlohmann::json& body) const {
  return call(op, std::string_view(body.dump()));
}

void Harness::create_table(std::string_view name, std::string_view sort_key,
                           std::string_view sort_type) const {
  nlohmann::json request = {
      {"TableName", name},
      {"BillingMode", "PAY_PER_REQUEST"},
      {"AttributeDefinitions", {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
      {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
  };
  if (!sort_key.empty()) {
    request["AttributeDefinitions"].push_back(
        {{"AttributeName", sort_key}, {"AttributeType", sort_type}});
    request["KeySchema"].push_back({{"AttributeName", sort_key}, {"KeyType", "RANGE"}});
  }
  CallResult result = call("CreateTable", request);
  ASSERT_EQ(result.status, 200) << result.body.dump();
}

void Harness::put(std::string_view table, const nlohmann::json& item) const {
  CallResult result = call("PutItem", nlohmann::json{{"TableName", table}, {"Item", item}});
  ASSERT_EQ(result.status, 200) << result.body.dump();
}

engine::KeySchema composite_schema(const std::string& partition, engine::Type partition_type,
                                   const std::string& sort, engine::Type sort_type) {
  engine::KeySchema schema;
  schema.partition = {partition, partition_type};
  schema.sort = engine::KeyAttribute{sort, sort_type};
  return schema;
}

void expect_validation(const CallResult& r, const std::string& message) {
  EXPECT_EQ(r.status, 400) << r.body.dump();
  EXPECT_EQ(r.error_type, "ValidationException") << r.body.dump();
  EXPECT_EQ(r.message, message);
}

}  // namespace ddb::test
