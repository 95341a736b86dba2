#include "engine/partition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ddb::engine {
namespace {

AttributeValue n(const char* text) { return AttributeValue::number(Number::parse(text)); }
AttributeValue s(std::string text) { return AttributeValue::string(std::move(text)); }

// Puts an item {"v": <tag>} under each key, so a walk's items can be told apart.
Item tagged(const std::string& tag) { return Item{{"v", s(tag)}}; }

// Walks and returns the tags of the visited items, in visiting order.
std::vector<std::string> walk_tags(const Partition& partition, const SortKeyRange& range,
                                   Direction direction, const AttributeValue* start_after = nullptr,
                                   std::size_t stop_after = SIZE_MAX) {
  std::vector<std::string> tags;
  partition.walk(range, direction, start_after, [&](const StoredItem& item) {
    tags.push_back(item.decode().at("v").as_string());
    return tags.size() < stop_after;
  });
  return tags;
}

Partition letters() {
  Partition p;
  for (const char* key : {"a", "b", "c", "d", "e"}) p.put(s(key), tagged(key));
  return p;
}

using Tags = std::vector<std::string>;

TEST(Partition, WalksForwardInKeyOrder) {
  Partition p;
  for (const char* key : {"d", "a", "c", "b"}) p.put(s(key), tagged(key));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward), (Tags{"a", "b", "c", "d"}));
}

TEST(Partition, WalksBackwardInReverseKeyOrder) {
  EXPECT_EQ(walk_tags(letters(), SortKeyRange::all(), Direction::Backward),
            (Tags{"e", "d", "c", "b", "a"}));
}

TEST(Partition, WalksOnlyTheRange) {
  Partition p = letters();
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("b"), s("d")), Direction::Forward),
            (Tags{"b", "c", "d"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("b"), s("d")), Direction::Backward),
            (Tags{"d", "c", "b"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::greater(s("c")), Direction::Forward), (Tags{"d", "e"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::less(s("c")), Direction::Backward), (Tags{"b", "a"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::equal(s("c")), Direction::Backward), (Tags{"c"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::equal(s("cc")), Direction::Forward), (Tags{}));
}

TEST(Partition, ResumesStrictlyAfterThePresentStartKey) {
  Partition p = letters();
  AttributeValue c = s("c");
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward, &c), (Tags{"d", "e"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Backward, &c), (Tags{"b", "a"}));
}

TEST(Partition, ResumesAfterAnAbsentStartKeyWhereItWouldBe) {
  Partition p = letters();
  AttributeValue bb = s("bb");
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward, &bb), (Tags{"c", "d", "e"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Backward, &bb), (Tags{"b", "a"}));
}

TEST(Partition, StartKeyBeforeTheRangeStartsAtTheRange) {
  Partition p = letters();
  AttributeValue a = s("a");
  EXPECT_EQ(walk_tags(p, SortKeyRange::greater_equal(s("c")), Direction::Forward, &a),
            (Tags{"c", "d", "e"}));
  AttributeValue e = s("e");
  EXPECT_EQ(walk_tags(p, SortKeyRange::less_equal(s("c")), Direction::Backward, &e),
            (Tags{"c", "b", "a"}));
}

TEST(Partition, StartKeyAtTheEndOfTheRangeVisitsNothing) {
  Partition p = letters();
  AttributeValue d = s("d");
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("b"), s("d")), Direction::Forward, &d), (Tags{}));
  AttributeValue b = s("b");
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("b"), s("d")), Direction::Backward, &b), (Tags{}));
}

TEST(Partition, StartKeyDoesNotPullAWalkBackIntoAnEmptyRange) {
  Partition p = letters();
  AttributeValue a = s("a");
  EXPECT_EQ(walk_tags(p, SortKeyRange::greater(s("e")), Direction::Forward, &a), (Tags{}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("x"), s("z")), Direction::Forward, &a), (Tags{}));
  AttributeValue e = s("e");
  EXPECT_EQ(walk_tags(p, SortKeyRange::less(s("a")), Direction::Backward, &e), (Tags{}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(s("0"), s("1")), Direction::Backward, &e), (Tags{}));
}

TEST(Partition, StopsWhenVisitReturnsFalse) {
  Partition p = letters();
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward, nullptr, 2), (Tags{"a", "b"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Backward, nullptr, 1), (Tags{"e"}));
}

TEST(Partition, OrdersNumericKeysByValue) {
  Partition p;
  for (const char* key : {"10", "9", "-1", "0.5", "100"}) p.put(n(key), tagged(key));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward),
            (Tags{"-1", "0.5", "9", "10", "100"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::between(n("0"), n("1E1")), Direction::Forward),
            (Tags{"0.5", "9", "10"}));
}

TEST(Partition, PutReplacesAnItemWithAnEqualKeyWhateverItsSpelling) {
  Partition p;
  EXPECT_FALSE(p.put(n("1"), tagged("first")).has_value());
  std::optional<StoredItem> old = p.put(n("1.0"), tagged("second"));
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->decode().at("v"), s("first"));
  ASSERT_NE(p.find(n("1E0")), nullptr);
  EXPECT_EQ(p.find(n("1E0"))->decode().at("v"), s("second"));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward), (Tags{"second"}));
}

TEST(Partition, RemoveReturnsTheRemovedItem) {
  Partition p = letters();
  std::optional<StoredItem> removed = p.remove(s("b"));
  ASSERT_TRUE(removed.has_value());
  EXPECT_EQ(removed->decode().at("v"), s("b"));
  EXPECT_FALSE(p.remove(s("b")).has_value());
  EXPECT_EQ(p.find(s("b")), nullptr);
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward), (Tags{"a", "c", "d", "e"}));
}

TEST(Partition, IsEmptyOnceEveryItemIsRemoved) {
  Partition p;
  EXPECT_TRUE(p.empty());
  p.put(s("x"), tagged("x"));
  EXPECT_FALSE(p.empty());
  p.remove(s("x"));
  EXPECT_TRUE(p.empty());
}

TEST(Partition, HoldsOneItemUnderTheNullPlaceholderOfHashOnlyTables) {
  Partition p;
  p.put(AttributeValue::null(), tagged("only"));
  AttributeValue placeholder = AttributeValue::null();
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward), (Tags{"only"}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Forward, &placeholder), (Tags{}));
  EXPECT_EQ(walk_tags(p, SortKeyRange::all(), Direction::Backward, &placeholder), (Tags{}));
}

// ---- Model test: a Partition and a std::map side by side ----

// Keys are short byte strings over a small alphabet (so prefixes, equal keys and absent keys are
// common) that includes 0x00, 0x7F, 0x80 and 0xFF. std::string's operator< compares bytes as
// unsigned char, which is the order DynamoDB uses for S and B.
constexpr char kAlphabet[] = {'\x00', 'a', 'b', '\x7F', '\x80', '\xFF'};

std::string random_key(std::mt19937& random) {
  std::uniform_int_distribution<int> length(0, 3);
  std::uniform_int_distribution<std::size_t> letter(0, sizeof(kAlphabet) - 1);
  std::string key;
  for (int i = length(random); i > 0; --i) key += kAlphabet[letter(random)];
  return key;
}

struct ModelBound {
  std::string value;
  bool inclusive;
};

struct ModelRange {
  std::optional<ModelBound> lower;
  std::optional<ModelBound> upper;

  bool contains(const std::string& key) const {
    if (lower && (key < lower->value || (key == lower->value && !lower->inclusive))) return false;
    if (upper && (key > upper->value || (key == upper->value && !upper->inclusive))) return false;
    return true;
  }
  SortKeyRange to_engine() const {
    SortKeyRange range;
    if (lower) range.lower = SortKeyBound{AttributeValue::binary(lower->value), lower->inclusive};
    if (upper) range.upper = SortKeyBound{AttributeValue::binary(upper->value), upper->inclusive};
    return range;
  }
};

std::optional<ModelBound> random_bound(std::mt19937& random) {
  std::uniform_int_distribution<int> kind(0, 2);
  switch (kind(random)) {
    case 0:
      return std::nullopt;
    case 1:
      return ModelBound{random_key(random), true};
    default:
      return ModelBound{random_key(random), false};
  }
}

// A range of any kind: unbounded, one-sided, two-sided, empty (lower above upper), begins_with.
ModelRange random_range(std::mt19937& random) {
  std::uniform_int_distribution<int> kind(0, 4);
  if (kind(random) == 0) {
    // begins_with: [prefix, next prefix) as the engine defines it; the model checks the prefix.
    std::string prefix = random_key(random);
    std::string next = prefix;
    while (!next.empty() && static_cast<unsigned char>(next.back()) == 0xFF) next.pop_back();
    ModelRange range{ModelBound{prefix, true}, std::nullopt};
    if (!next.empty()) {
      next.back() = static_cast<char>(static_cast<unsigned char>(next.back()) + 1);
      range.upper = ModelBound{next, false};
    }
    return range;
  }
  return ModelRange{random_bound(random), random_bound(random)};
}

void run_model(uint32_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  Partition partition;
  std::map<std::string, std::string> model;
  std::uniform_int_distribution<int> percent(0, 99);

  for (int step = 0; step < 400; ++step) {
    std::string key = random_key(random);
    if (percent(random) < 65) {
      std::string tag = "t" + std::to_string(step);
      std::optional<StoredItem> old = partition.put(AttributeValue::binary(key), tagged(tag));
      auto it = model.find(key);
      ASSERT_EQ(old.has_value(), it != model.end());
      if (old) {
        EXPECT_EQ(old->decode().at("v").as_string(), it->second);
      }
      model[key] = tag;
    } else {
      std::optional<StoredItem> old = partition.remove(AttributeValue::binary(key));
      auto it = model.find(key);
      ASSERT_EQ(old.has_value(), it != model.end());
      if (old) {
        EXPECT_EQ(old->decode().at("v").as_string(), it->second);
        model.erase(it);
      }
    }
    ASSERT_EQ(partition.empty(), model.empty());

    if (step % 20 != 19) continue;
    for (int query = 0; query < 40; ++query) {
      ModelRange range = random_range(random);
      Direction direction = percent(random) < 50 ? Direction::Forward : Direction::Backward;
      std::optional<std::string> start;
      if (percent(random) < 60) {
        // Half the time a key that is present, otherwise a random (usually absent) one.
        if (!model.empty() && percent(random) < 50) {
          auto it = model.begin();
          std::advance(it, std::uniform_int_distribution<std::size_t>(0, model.size() - 1)(random));
          start = it->first;
        } else {
          start = random_key(random);
        }
      }
      std::size_t stop_after = percent(random) < 30
                                   ? std::uniform_int_distribution<std::size_t>(1, 5)(random)
                                   : SIZE_MAX;

      std::vector<std::pair<std::string, std::string>> expected;
      const auto consider = [&](const std::pair<const std::string, std::string>& entry) {
        if (!range.contains(entry.first)) return;
        if (start && direction == Direction::Forward && !(entry.first > *start)) return;
        if (start && direction == Direction::Backward && !(entry.first < *start)) return;
        if (expected.size() < stop_after) expected.emplace_back(entry.first, entry.second);
      };
      if (direction == Direction::Forward) {
        for (const auto& entry : model) consider(entry);
      } else {
        for (auto it = model.rbegin(); it != model.rend(); ++it) consider(*it);
      }

      std::vector<std::pair<std::string, std::string>> actual;
      AttributeValue start_value = AttributeValue::binary(start.value_or(""));
      partition.walk(range.to_engine(), direction, start ? &start_value : nullptr,
                     [&](const StoredItem& item) {
                       // A binary key's key bytes are its bytes.
                       actual.emplace_back(item.key_part(0), item.decode().at("v").as_string());
                       return actual.size() < stop_after;
                     });
      ASSERT_EQ(actual, expected) << "step " << step << " query " << query;
    }
  }
}

TEST(PartitionModel, WalkVisitsWhatAnOrderedMapPredicts) {
  for (uint32_t seed : {1u, 2u, 3u, 17u, 42u, 1234u, 99991u, 20240601u}) run_model(seed);
}

// Numeric keys: the model keys are integers, the partition gets them spelled in different ways.
std::string spell(int value, int how) {
  switch (how) {
    case 0:
      return std::to_string(value);
    case 1:
      return std::to_string(value) + ".000";
    case 2:
      return std::to_string(value * 10) + "E-1";
    default:
      return std::to_string(value * 100) + "e-2";
  }
}

TEST(PartitionModel, NumericKeysMatchTheModelWhateverTheirSpelling) {
  for (uint32_t seed : {5u, 6u, 7u, 8u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> value(-30, 30);
    std::uniform_int_distribution<int> how(0, 3);
    std::uniform_int_distribution<int> percent(0, 99);
    const auto number = [&](int v) { return n(spell(v, how(random)).c_str()); };
    Partition partition;
    std::map<int, int> model;
    for (int step = 0; step < 300; ++step) {
      int key = value(random);
      if (percent(random) < 60) {
        partition.put(number(key),
                      Item{{"v", AttributeValue::number(Number::parse(std::to_string(step)))}});
        model[key] = step;
      } else {
        partition.remove(number(key));
        model.erase(key);
      }
      if (step % 10 != 9) continue;
      int low = value(random);
      int high = value(random);
      bool low_inclusive = percent(random) < 50;
      bool high_inclusive = percent(random) < 50;
      SortKeyRange range{SortKeyBound{number(low), low_inclusive},
                         SortKeyBound{number(high), high_inclusive}};
      Direction direction = percent(random) < 50 ? Direction::Forward : Direction::Backward;
      int start = value(random);
      AttributeValue start_value = number(start);

      std::vector<int> expected;
      for (const auto& [k, v] : model) {
        bool in_range =
            (k > low || (k == low && low_inclusive)) && (k < high || (k == high && high_inclusive));
        bool after = direction == Direction::Forward ? k > start : k < start;
        if (in_range && after) expected.push_back(v);
      }
      if (direction == Direction::Backward) std::reverse(expected.begin(), expected.end());

      std::vector<int> actual;
      partition.walk(range, direction, &start_value, [&](const StoredItem& item) {
        actual.push_back(std::stoi(item.decode().at("v").as_number().to_string()));
        return true;
      });
      ASSERT_EQ(actual, expected) << "step " << step;
    }
  }
}

}  // namespace
}  // namespace ddb::engine
