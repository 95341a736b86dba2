// libFuzzer target: one DynamoDB request, dispatched in process (protocol + engine, no socket).
// Input: the operation name ("PutItem"), a newline, then the request body. Every iteration starts
// from the same two tables with a few items: the tables of the previous input are deleted and the
// setup runs again (one Database for the whole run, as starting its background thread for each
// input costs more than the input; after a read-only operation the setup is still intact and is
// kept). Only TransactWriteItems' ClientRequestTokens outlive an input.
//
// Besides crashes, leaks and undefined behaviour (ASan/UBSan), it stops on two answers that are
// bugs by definition: a 500 (an exception other than engine::Error escaped an operation) and a
// body that is not JSON.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/database.h"
#include "protocol/dispatch.h"
#include "protocol/namespaces.h"

namespace {

constexpr std::string_view kPrefix = "DynamoDB_20120810.";

// Tables the seed corpus refers to: "tab" (pk S, sk N, with a GSI and an LSI) and "hash" (pk S
// only).
constexpr std::string_view kSetup[][2] = {
    {"CreateTable",
     R"({"TableName":"tab","BillingMode":"PAY_PER_REQUEST",
         "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
           {"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"},
           {"AttributeName":"l","AttributeType":"S"}],
         "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
         "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
           "Projection":{"ProjectionType":"ALL"}}],
         "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
           {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]})"},
    {"CreateTable",
     R"({"TableName":"hash","BillingMode":"PAY_PER_REQUEST",
         "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
         "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})"},
    {"PutItem",
     R"({"TableName":"tab","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"x"},"l":{"S":"y"},
         "n":{"N":"5"},"s":{"SS":["a","b"]},"m":{"M":{"k":{"L":[{"S":"v"},{"N":"2"}]}}}}})"},
    {"PutItem", R"({"TableName":"tab","Item":{"pk":{"S":"a"},"sk":{"N":"2"},"b":{"B":"AAE="}}})"},
    {"PutItem", R"({"TableName":"hash","Item":{"pk":{"S":"a"},"n":{"N":"-1.5"}}})"},
};

// Operations that never change the database, whatever their request.
bool is_read_only(std::string_view op) {
  for (std::string_view read : {"GetItem", "Query", "Scan", "DescribeTable", "ListTables",
                                "BatchGetItem", "TransactGetItems"}) {
    if (op == read) return true;
  }
  return false;
}

[[noreturn]] void fail(const char* what, const ddb::protocol::Response& response) {
  std::fprintf(stderr, "%s: status %d, body %s, internal error %s\n", what, response.status,
               response.body.c_str(), response.internal_error.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t newline = input.find('\n');
  if (newline == std::string_view::npos) return -1;  // not a well-formed input: keep it out
  std::string_view op = input.substr(0, newline);
  std::string target = std::string(kPrefix) + std::string(op);
  std::string_view body = input.substr(newline + 1);

  static ddb::engine::Database database;
  static const ddb::protocol::Dispatcher dispatcher(database);
  const ddb::protocol::Caller caller{.access_key = "AKIDEXAMPLE",
                                     .region = "us-east-1",
                                     .auth_failure = std::nullopt,
                                     .host = "localhost:8000"};
  static bool set_up = false;
  if (!set_up) {
    const std::string space =
        ddb::protocol::namespace_of(ddb::protocol::Namespaces::PerAccessKey, caller);
    for (const std::string& name : database.table_names(space)) {
      database.delete_table(space, name);
    }
    for (const auto& [setup_op, request] : kSetup) {
      auto response =
          dispatcher.handle(std::string(kPrefix) + std::string(setup_op), request, caller);
      if (response.status != 200) fail("setup failed", response);
    }
  }
  set_up = is_read_only(op);

  auto response = dispatcher.handle(target, body, caller);
  database.wait_for_background_work();  // a GSI backfill the input started
  if (response.status == 500) fail("internal error", response);
  if (!nlohmann::json::accept(response.body)) fail("response is not JSON", response);
  return 0;
}
