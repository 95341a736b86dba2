#include "protocol/json/item_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "protocol/json/json_writer.h"
#include "protocol/json/value_json.h"

namespace ddb::protocol {
namespace {

using engine::AttributeValue;
using engine::Item;
using engine::Number;

// The bytes the document path gives: nlohmann's own dump of item_to_json, the wire format the
// writer must reproduce.
std::string dumped(const Item& item) {
  return item_to_json(item).dump(-1, ' ', false, Json::error_handler_t::replace);
}

TEST(ItemWriter, WritesEveryTypeInNameOrder) {
  Item item;
  item["s"] = AttributeValue::string("text");
  item["n"] = AttributeValue::number(Number::parse("-001.500"));
  item["b"] = AttributeValue::binary("\x01\x02\xff");
  item["t"] = AttributeValue::boolean(true);
  item["f"] = AttributeValue::boolean(false);
  item["z"] = AttributeValue::null();
  item["m"] = AttributeValue::map({{"y", AttributeValue::string("1")}, {"x", AttributeValue()}});
  item["l"] =
      AttributeValue::list({AttributeValue::number(Number::parse("7")), AttributeValue::list({})});
  item["ss"] = AttributeValue::string_set({"b", "a"});
  item["ns"] = AttributeValue::number_set({Number::parse("10"), Number::parse("9.0")});
  item["bs"] = AttributeValue::binary_set({"\xff", std::string("\x00", 1)});
  item["em"] = AttributeValue::map({});
  EXPECT_EQ(item_text(item),
            R"({"b":{"B":"AQL/"},"bs":{"BS":["AA==","/w=="]},"em":{"M":{}},"f":{"BOOL":false},)"
            R"("l":{"L":[{"N":"7"},{"L":[]}]},"m":{"M":{"x":{"NULL":true},"y":{"S":"1"}}},)"
            R"("n":{"N":"-1.5"},"ns":{"NS":["9","10"]},"s":{"S":"text"},"ss":{"SS":["a","b"]},)"
            R"("t":{"BOOL":true},"z":{"NULL":true}})");
  EXPECT_EQ(item_text(item), dumped(item));
}

TEST(ItemWriter, WritesAnEmptyItemAsAnEmptyObject) { EXPECT_EQ(item_text({}), "{}"); }

TEST(ItemWriter, EscapesNamesAndStringsAndReplacesInvalidUtf8) {
  Item item;
  item["k\"\n"] = AttributeValue::string(std::string("a\\b\x01\x7f caf\xc3\xa9 \xc3 end", 17));
  EXPECT_EQ(item_text(item),
            "{\"k\\\"\\n\":{\"S\":\"a\\\\b\\u0001\x7f caf\xc3\xa9 \xef\xbf\xbd end\"}}");
  EXPECT_EQ(item_text(item), dumped(item));
}

TEST(ItemWriter, WritesLargeNumbersInFull) {
  Item item;
  item["big"] = AttributeValue::number(Number::parse("99999999999999999999999999999999999999"));
  item["small"] = AttributeValue::number(Number::parse("-1E-130"));
  item["huge"] = AttributeValue::number(Number::parse("1.5E+125"));
  EXPECT_EQ(item_text(item), dumped(item));
  EXPECT_NE(item_text(item).find(R"("big":{"N":"99999999999999999999999999999999999999"})"),
            std::string::npos);
}

TEST(ItemWriter, AppendsToWhatIsAlreadyWritten) {
  std::string out = "[";
  write_value(AttributeValue::string("x"), out);
  EXPECT_EQ(out, R"([{"S":"x"})");
}

// Random values built from bytes that exercise every escaping and UTF-8 rule.
class RandomValues {
 public:
  explicit RandomValues(unsigned seed) : random_(seed) {}

  std::string text() {
    static const std::vector<std::string> pieces = {"a",
                                                    "Z",
                                                    " ",
                                                    "\"",
                                                    "\\",
                                                    "\n",
                                                    "\t",
                                                    "\b",
                                                    "\f",
                                                    "\r",
                                                    "\x01",
                                                    "\x1f",
                                                    "\x7f",
                                                    "/",
                                                    "\xc3\xa9",
                                                    "\xe2\x82\xac",
                                                    "\xf0\x9f\x98\x80",
                                                    "\xed\x9f\xbf",
                                                    "\xef\xbf\xbf",
                                                    "\xf4\x8f\xbf\xbf",
                                                    "\x80",
                                                    "\xc0\xaf",
                                                    "\xc3",
                                                    "\xe2\x82",
                                                    "\xed\xa0\x80",
                                                    "\xf4\x90\x80\x80",
                                                    "\xf0\x9f",
                                                    "\xff",
                                                    "\xfe",
                                                    "\xc1\xbf",
                                                    "\xe0\x80\xaf",
                                                    "long plain stretch of text",
                                                    std::string(1, '\0')};
    std::string result;
    int length = static_cast<int>(random_() % 9);
    for (int i = 0; i < length; ++i) result += pieces[random_() % pieces.size()];
    return result;
  }

  Number number() {
    static const std::vector<std::string> numbers = {
        "0",
        "-0",
        "1",
        "-1",
        "1.50",
        "0.001",
        "123456789012345678901234567890123456.78",
        "1E+125",
        "-9.9999999999999999999999999999999999999E+125",
        "1E-130",
        "42e3",
        "-0.0"};
    return Number::parse(numbers[random_() % numbers.size()]);
  }

  AttributeValue value(int depth) {
    switch (random_() % (depth > 3 ? 8 : 10)) {
      case 0:
        return AttributeValue::string(text());
      case 1:
        return AttributeValue::number(number());
      case 2:
        return AttributeValue::binary(text());
      case 3:
        return AttributeValue::boolean(random_() % 2 == 0);
      case 4:
        return AttributeValue::null();
      case 5: {
        std::vector<std::string> members = unique([&] { return text(); });
        return AttributeValue::string_set(std::move(members));
      }
      case 6: {
        std::vector<Number> members = unique([&] { return number(); });
        return AttributeValue::number_set(std::move(members));
      }
      case 7: {
        std::vector<std::string> members = unique([&] { return text(); });
        return AttributeValue::binary_set(std::move(members));
      }
      case 8:
        return AttributeValue::map(item(depth + 1));
      default: {
        engine::List list;
        int length = static_cast<int>(random_() % 4);
        for (int i = 0; i < length; ++i) list.push_back(value(depth + 1));
        return AttributeValue::list(std::move(list));
      }
    }
  }

  Item item(int depth) {
    Item result;
    int length = static_cast<int>(random_() % 5);
    for (int i = 0; i < length; ++i) result[text()] = value(depth);
    return result;
  }

 private:
  // One to three distinct members (a set is never empty).
  template <typename Make>
  auto unique(Make make) -> std::vector<decltype(make())> {
    std::vector<decltype(make())> members;
    int length = 1 + static_cast<int>(random_() % 3);
    for (int i = 0; i < length; ++i) {
      auto member = make();
      if (std::find(members.begin(), members.end(), member) == members.end())
        members.push_back(member);
    }
    return members;
  }

  std::mt19937 random_;
};

// Model check: on thousands of random items of every type, nested, with names and strings full of
// escapes and of valid and invalid UTF-8, the writer gives nlohmann's bytes for the document.
TEST(ItemWriter, AgreesWithTheDocumentPathOnRandomItems) {
  RandomValues random(20261121);
  for (int i = 0; i < 5000; ++i) {
    Item item = random.item(1);
    ASSERT_EQ(item_text(item), dumped(item)) << "item " << i;
    ASSERT_EQ(item_text(item), write_json(item_to_json(item))) << "item " << i;
  }
}

}  // namespace
}  // namespace ddb::protocol
