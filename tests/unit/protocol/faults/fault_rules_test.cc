// The rules in force deciding requests: which rule applies (operation, table, transaction item),
// when it fires (every Nth, probability under a seed, count), what comes out (an error, a delay,
// a batch share), and what GET /ddblocal/faults shows of them.

#include "protocol/faults/fault_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/error_details.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;

void set_rules(FaultRules& rules, const char* document) {
  rules.replace(parse_fault_rules(json::parse(document)));
}

const json kPut = json::parse(R"({"TableName":"orders","Item":{"pk":{"S":"a"}}})");
const json kGet = json::parse(R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})");

// The error type each of `n` PutItem calls gets ("" for none).
std::vector<std::string> outcomes(FaultRules& rules, int n) {
  std::vector<std::string> seen;
  for (int i = 0; i < n; ++i) {
    FaultOutcome outcome = rules.decide("PutItem", kPut);
    seen.push_back(outcome.error ? outcome.error->message() : "");
  }
  return seen;
}

TEST(FaultRules, NoRulesAreNotArmed) {
  FaultRules rules;
  EXPECT_FALSE(rules.armed());
  set_rules(rules, R"({"rules":[{"error":"ThrottlingException"}]})");
  EXPECT_TRUE(rules.armed());
  rules.clear();
  EXPECT_FALSE(rules.armed());
  EXPECT_FALSE(rules.decide("PutItem", kPut).error);
}

TEST(FaultRules, ARuleAppliesToItsOperationsAndTables) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"operation":"PutItem","table":"orders",
                                 "error":"ProvisionedThroughputExceededException"}]})");
  EXPECT_FALSE(rules.decide("GetItem", kGet).error);
  EXPECT_FALSE(rules.decide("PutItem", json::parse(R"({"TableName":"users"})")).error);
  EXPECT_FALSE(rules.decide("PutItem", json::parse(R"({"Item":{}})")).error);
  std::optional<engine::Error> error = rules.decide("PutItem", kPut).error;
  ASSERT_TRUE(error);
  EXPECT_EQ(error->type(), engine::ErrorType::ProvisionedThroughputExceeded);
  // By ARN, and in a batch among other tables.
  EXPECT_TRUE(rules
                  .decide("PutItem", json::parse(R"({"TableName":
      "arn:aws:dynamodb:us-east-1:000000000000:table/orders"})"))
                  .error);
}

TEST(FaultRules, ABatchOrTransactionMatchesByAnyOfItsTables) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"table":"orders","error":"ThrottlingException"}]})");
  EXPECT_TRUE(rules
                  .decide("BatchGetItem", json::parse(R"({"RequestItems":
      {"users":{"Keys":[]},"orders":{"Keys":[]}}})"))
                  .error);
  EXPECT_TRUE(rules
                  .decide("TransactWriteItems", json::parse(R"({"TransactItems":[
      {"Put":{"TableName":"users"}},{"Delete":{"TableName":"orders"}}]})"))
                  .error);
  EXPECT_FALSE(rules
                   .decide("TransactWriteItems", json::parse(R"({"TransactItems":[
      {"Put":{"TableName":"users"}}]})"))
                   .error);
}

TEST(FaultRules, CountRetiresTheRuleAndThenNoRuleIsArmed) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"error":"ThrottlingException","count":2}]})");
  EXPECT_EQ(outcomes(rules, 3),
            (std::vector<std::string>{"Rate of requests exceeds the allowed throughput.",
                                      "Rate of requests exceeds the allowed throughput.", ""}));
  EXPECT_FALSE(rules.armed());
}

TEST(FaultRules, EveryFiresOnEachNthRequestItAppliesTo) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"operation":"PutItem","error":"InternalServerError",
                                 "every":3}]})");
  rules.decide("GetItem", kGet);  // does not count: the rule does not apply
  const std::string e = "Internal server error";
  EXPECT_EQ(outcomes(rules, 7), (std::vector<std::string>{"", "", e, "", "", e, ""}));
}

TEST(FaultRules, TheSameSeedGivesTheSameChoices) {
  const char* document =
      R"({"seed":7,"rules":[{"error":"ThrottlingException","probability":0.5}]})";
  FaultRules first;
  FaultRules second;
  set_rules(first, document);
  set_rules(second, document);
  std::vector<std::string> a = outcomes(first, 200);
  EXPECT_EQ(a, outcomes(second, 200));
  const auto fired = std::count(a.begin(), a.end(),
                                std::string("Rate of requests exceeds the "
                                            "allowed throughput."));
  EXPECT_GT(fired, 60);
  EXPECT_LT(fired, 140);
  // Setting the same rules again starts the same sequence again; another seed gives another one.
  set_rules(first, document);
  EXPECT_EQ(outcomes(first, 200), a);
  set_rules(second, R"({"seed":8,"rules":[{"error":"ThrottlingException","probability":0.5}]})");
  EXPECT_NE(outcomes(second, 200), a);
}

TEST(FaultRules, ProbabilityZeroNeverFires) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"error":"ThrottlingException","probability":0}]})");
  EXPECT_EQ(outcomes(rules, 50), std::vector<std::string>(50, ""));
}

TEST(FaultRules, LatenciesAddUpAndTheFirstErrorEndsTheSearch) {
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"latencyMs":100},
                                 {"operation":"PutItem","error":"ServiceUnavailable","latencyMs":20},
                                 {"error":"InternalServerError","count":5}]})");
  FaultOutcome put = rules.decide("PutItem", kPut);
  EXPECT_EQ(put.latency.count(), 120);
  ASSERT_TRUE(put.error);
  EXPECT_EQ(put.error->type(), engine::ErrorType::ServiceUnavailable);
  FaultOutcome get = rules.decide("GetItem", kGet);
  EXPECT_EQ(get.latency.count(), 100);
  ASSERT_TRUE(get.error);
  EXPECT_EQ(get.error->type(), engine::ErrorType::InternalServer);
  // The third rule was not reached by the PutItem: one hit so far.
  EXPECT_EQ(rules.to_json()["rules"][2]["hits"], 1);
}

// The reasons of a cancelled transaction, as codes.
std::vector<std::string> reason_codes(const engine::Error& error) {
  std::vector<std::string> codes;
  for (const auto& reason : error.details()->cancellation_reasons) codes.push_back(reason.code);
  return codes;
}

TEST(FaultRules, ACancelledTransactionBlamesTheChosenAction) {
  const json transaction = json::parse(R"({"TransactItems":[
      {"Put":{"TableName":"users"}},{"Update":{"TableName":"orders"}},
      {"ConditionCheck":{"TableName":"orders"}}]})");
  FaultRules rules;
  set_rules(rules, R"({"rules":[{"error":"TransactionCanceledException","table":"orders"}]})");
  std::optional<engine::Error> error = rules.decide("TransactWriteItems", transaction).error;
  ASSERT_TRUE(error);
  EXPECT_EQ(error->type(), engine::ErrorType::TransactionCanceled);
  EXPECT_EQ(error->message(),
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[None, TransactionConflict, None]");
  EXPECT_EQ(error->details()->cancellation_reasons[1].message,
            "Transaction is ongoing for the item");

  set_rules(rules, R"({"rules":[{"error":"TransactionCanceledException","transactionItem":2}]})");
  error = rules.decide("TransactWriteItems", transaction).error;
  ASSERT_TRUE(error);
  EXPECT_EQ(reason_codes(*error),
            (std::vector<std::string>{"None", "None", "TransactionConflict"}));
  // A transaction without that action is left alone, and so is any other operation.
  EXPECT_FALSE(rules
                   .decide("TransactWriteItems", json::parse(R"({"TransactItems":[
      {"Put":{"TableName":"users"}}]})"))
                   .error);
  EXPECT_FALSE(rules.decide("PutItem", kPut).error);

  set_rules(rules, R"({"rules":[{"error":"TransactionCanceledException"}]})");
  error = rules
              .decide("ExecuteTransaction", json::parse(R"({"TransactStatements":[
      {"Statement":"x"},{"Statement":"y"}]})"))
              .error;
  ASSERT_TRUE(error);
  EXPECT_EQ(reason_codes(*error), (std::vector<std::string>{"TransactionConflict", "None"}));
}

TEST(FaultRules, ABatchShareIsDrawnForTheBatch) {
  FaultRules rules;
  set_rules(rules, R"({"seed":1,"rules":[{"error":"UnprocessedItems","share":1,
                                          "table":"orders"}]})");
  FaultOutcome outcome = rules.decide("BatchWriteItem", json::parse(R"({"RequestItems":
      {"orders":[],"users":[]}})"));
  EXPECT_FALSE(outcome.error);
  ASSERT_TRUE(outcome.unprocessed);
  EXPECT_EQ(outcome.unprocessed->choose({"orders", "users", "orders"}),
            (std::vector<bool>{true, false, true}));
  EXPECT_FALSE(rules.decide("PutItem", kPut).unprocessed);
}

TEST(FaultRules, ToJsonShowsEachRuleWithItsCounts) {
  FaultRules rules;
  set_rules(rules, R"({"seed":3,"rules":[{"operation":"PutItem","error":"ThrottlingException",
                                          "count":2},
                                         {"latencyMs":10,"every":2}]})");
  // The first two calls end at the first rule; the next two reach the second.
  outcomes(rules, 4);
  EXPECT_EQ(rules.to_json(), json::parse(R"({"seed":3,"rules":[
      {"operation":"PutItem","error":"ThrottlingException","count":2,
       "matched":2,"hits":2,"remaining":0},
      {"latencyMs":10,"every":2,"matched":2,"hits":1}]})"));
  rules.clear();
  EXPECT_EQ(rules.to_json(), json::parse(R"({"rules":[]})"));
}

}  // namespace
}  // namespace ddb::protocol
