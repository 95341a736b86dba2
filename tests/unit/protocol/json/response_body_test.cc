#include "protocol/json/response_body.h"

#include <gtest/gtest.h>

#include <string>

namespace ddb::protocol {
namespace {

TEST(ResponseBody, WritesDocumentMembersAlone) {
  ResponseBody body(Json{{"Count", 2}, {"A", "x"}});
  EXPECT_EQ(std::move(body).write(), R"({"A":"x","Count":2})");
}

TEST(ResponseBody, WritesAnEmptyBodyAsAnEmptyObject) { EXPECT_EQ(ResponseBody().write(), "{}"); }

TEST(ResponseBody, PutsWrittenMembersInNameOrderAmongTheOthers) {
  ResponseBody body;
  body.members()["ScannedCount"] = 3;
  body.members()["Count"] = 1;
  body.members()["ConsumedCapacity"] = {{"TableName", "t"}, {"CapacityUnits", 0.5}};
  body.set_written("LastEvaluatedKey", R"({"pk":{"S":"b"}})");
  body.set_written("Items", R"([{"pk":{"S":"a"}}])");
  EXPECT_EQ(std::move(body).write(),
            R"({"ConsumedCapacity":{"CapacityUnits":0.5,"TableName":"t"},"Count":1,)"
            R"("Items":[{"pk":{"S":"a"}}],"LastEvaluatedKey":{"pk":{"S":"b"}},"ScannedCount":3})");
}

TEST(ResponseBody, WritesOnlyWrittenMembers) {
  ResponseBody body;
  body.set_written("Z", "[]");
  body.set_written("A", "{}");
  EXPECT_EQ(std::move(body).write(), R"({"A":{},"Z":[]})");
}

TEST(ResponseBody, OrdersNamesByBytesAsNlohmannDoes) {
  ResponseBody body;
  body.members()["a"] = 1;
  body.members()["B"] = 2;
  body.set_written("\xc3\xa9", "3");
  body.set_written("_", "4");
  Json same = {{"a", 1}, {"B", 2}, {"\xc3\xa9", 3}, {"_", 4}};
  std::string text = std::move(body).write();
  EXPECT_EQ(text, same.dump());
  EXPECT_EQ(text, "{\"B\":2,\"_\":4,\"a\":1,\"\xc3\xa9\":3}");
}

}  // namespace
}  // namespace ddb::protocol
