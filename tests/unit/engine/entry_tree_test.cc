#include "engine/entry_tree.h"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace ddb::engine {
namespace {

using Parts = std::vector<std::string>;

// An entry with key parts `parts` and one attribute telling which put made it.
StoredItem entry(const Parts& parts, const std::string& tag) {
  std::array<std::string_view, 3> views;
  for (std::size_t i = 0; i < parts.size(); ++i) views[i] = parts[i];
  return StoredItem::encode(Item{{"v", AttributeValue::string(tag)}},
                            std::span<const std::string_view>(views.data(), parts.size()));
}

std::string tag_of(const StoredItem& item) { return item.decode().at("v").as_string(); }

// Key parts of a probe; `parts` and `views` must outlive it.
EntryTree::KeyParts key(const Parts& parts, std::array<std::string_view, 3>& views) {
  for (std::size_t i = 0; i < parts.size(); ++i) views[i] = parts[i];
  return EntryTree::KeyParts(std::span<const std::string_view>(views.data(), parts.size()));
}

std::optional<std::string> find_tag(const EntryTree& tree, const Parts& parts) {
  std::array<std::string_view, 3> views;
  const StoredItem* found = tree.find(key(parts, views));
  return found ? std::optional<std::string>(tag_of(*found)) : std::nullopt;
}

std::vector<std::string> forward(const EntryTree& tree) {
  std::vector<std::string> tags;
  for (auto it = tree.begin(); it != tree.end(); ++it) tags.push_back(tag_of(*it));
  return tags;
}

std::vector<std::string> backward(const EntryTree& tree) {
  std::vector<std::string> tags;
  for (auto it = tree.end(); it != tree.begin();) tags.push_back(tag_of(*--it));
  return tags;
}

// The tag of the entry a cursor is at, or "end".
std::string at(const EntryTree& tree, EntryTree::Cursor cursor) {
  return cursor == tree.end() ? "end" : tag_of(*cursor);
}

TEST(EntryTree, StartsEmpty) {
  EntryTree tree;
  EXPECT_TRUE(tree.empty());
  EXPECT_TRUE(tree.begin() == tree.end());
  EXPECT_EQ(find_tag(tree, {"a"}), std::nullopt);
  std::array<std::string_view, 3> views;
  EXPECT_TRUE(tree.lower_bound(key({"a"}, views)) == tree.end());
}

TEST(EntryTree, KeepsEntriesInByteOrderWithShorterKeysFirst) {
  EntryTree tree;
  for (const char* k : {"b", "ab", "a", "", "abc", "B", "\xff", "a\x01"}) {
    tree.put(entry({k}, k));
  }
  EXPECT_EQ(forward(tree),
            (std::vector<std::string>{"", "B", "a", "a\x01", "ab", "abc", "b", "\xff"}));
  EXPECT_EQ(backward(tree),
            (std::vector<std::string>{"\xff", "b", "abc", "ab", "a\x01", "a", "B", ""}));
}

TEST(EntryTree, TellsApartKeysThatDifferOnlyByATrailingZeroByte) {
  EntryTree tree;
  const std::string ab("ab", 2);
  const std::string ab0("ab\0", 3);
  const std::string ab00("ab\0\0", 4);
  tree.put(entry({ab00}, "ab00"));
  tree.put(entry({ab}, "ab"));
  tree.put(entry({ab0}, "ab0"));
  EXPECT_EQ(forward(tree), (std::vector<std::string>{"ab", "ab0", "ab00"}));
  EXPECT_EQ(find_tag(tree, {ab0}), "ab0");
  EXPECT_EQ(find_tag(tree, {std::string("ab\0\0\0", 5)}), std::nullopt);
}

TEST(EntryTree, PutReplacesTheEntryOfAnEqualKeyAndReturnsIt) {
  EntryTree tree;
  EXPECT_FALSE(tree.put(entry({"k"}, "first")).has_value());
  std::optional<StoredItem> old = tree.put(entry({"k"}, "second"));
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(tag_of(*old), "first");
  EXPECT_EQ(forward(tree), std::vector<std::string>{"second"});
}

TEST(EntryTree, RemoveReturnsTheEntryAndAnEmptiedTreeIsEmpty) {
  EntryTree tree;
  tree.put(entry({"k"}, "k"));
  std::array<std::string_view, 3> views;
  EXPECT_FALSE(tree.remove(key({"j"}, views)).has_value());
  std::optional<StoredItem> removed = tree.remove(key({"k"}, views));
  ASSERT_TRUE(removed.has_value());
  EXPECT_EQ(tag_of(*removed), "k");
  EXPECT_TRUE(tree.empty());
  EXPECT_FALSE(tree.remove(key({"k"}, views)).has_value());
}

TEST(EntryTree, BoundsByTheFirstPartSpanEveryEntryThatSharesIt) {
  EntryTree tree;
  for (const char* first : {"a", "b", "c"}) {
    for (const char* second : {"1", "2", "3"}) {
      tree.put(entry({first, second, ""}, std::string(first) + second));
    }
  }
  std::array<std::string_view, 3> views;
  EXPECT_EQ(at(tree, tree.lower_bound(key({"b"}, views))), "b1");
  EXPECT_EQ(at(tree, tree.upper_bound(key({"b"}, views))), "c1");
  EXPECT_EQ(at(tree, tree.upper_bound(key({"c"}, views))), "end");
  EXPECT_EQ(at(tree, tree.lower_bound(key({"bb"}, views))), "c1");
  EXPECT_EQ(at(tree, tree.lower_bound(key({""}, views))), "a1");
  EXPECT_EQ(find_tag(tree, {"b", "2", ""}), "b2");
  EXPECT_EQ(find_tag(tree, {"b", "4", ""}), std::nullopt);
}

TEST(EntryTree, ACopyHoldsItsOwnEntries) {
  EntryTree tree;
  for (int i = 0; i < 500; ++i) tree.put(entry({"k" + std::to_string(i)}, std::to_string(i)));
  EntryTree copy(tree);
  ASSERT_EQ(copy.broken_invariant(), "");
  EXPECT_EQ(forward(copy), forward(tree));
  EXPECT_EQ(backward(copy), backward(tree));
  std::array<std::string_view, 3> views;
  for (int i = 0; i < 500; i += 2) copy.remove(key({"k" + std::to_string(i)}, views));
  copy.put(entry({"k7"}, "changed"));
  EXPECT_EQ(forward(tree).size(), 500u);
  EXPECT_EQ(find_tag(tree, {"k7"}), "7");
  EXPECT_EQ(find_tag(copy, {"k7"}), "changed");
  EXPECT_EQ(find_tag(copy, {"k8"}), std::nullopt);
  EntryTree moved(std::move(copy));
  EXPECT_EQ(forward(moved).size(), 250u);
}

// Keys of the kinds single-table designs use, so that nodes share long prefixes (past the 16 bytes
// a node keeps), keys are prefixes of one another, and heads tie.
std::string random_key(std::mt19937& random) {
  static const std::vector<std::string> stems = {"",
                                                 "a",
                                                 "ORDER#",
                                                 "ORDER#2026-11-21T10:00:",
                                                 "USER#0000000000000000000042#",
                                                 "ts#0000",
                                                 std::string("\0\0", 2),
                                                 "\xff\xfe"};
  std::string key = stems[random() % stems.size()];
  const int extra = static_cast<int>(random() % 5);
  for (int i = 0; i < extra; ++i) {
    static const char kBytes[] = {'\0', '0', '1', '9', 'A', 'z', '\x7f', '\x80', '\xff'};
    key.push_back(kBytes[random() % sizeof kBytes]);
  }
  return key;
}

// Runs random puts and removes (with the given share of removes) on a tree and on a std::map side
// by side, checking every read against the map as it goes.
void check_against_map(unsigned seed, int operations, int remove_percent, int parts) {
  std::mt19937 random(seed);
  EntryTree tree;
  std::map<Parts, std::string> model;
  const auto random_parts = [&] {
    Parts p{random_key(random)};
    if (parts == 3) {
      p.push_back(random_key(random));
      p.push_back(std::to_string(random() % 3));
    }
    return p;
  };
  for (int op = 0; op < operations; ++op) {
    Parts k = random_parts();
    std::array<std::string_view, 3> views;
    if (static_cast<int>(random() % 100) < remove_percent) {
      std::optional<StoredItem> removed = tree.remove(key(k, views));
      auto found = model.find(k);
      ASSERT_EQ(removed.has_value(), found != model.end()) << "op " << op;
      if (removed) {
        EXPECT_EQ(tag_of(*removed), found->second);
        model.erase(found);
      }
    } else {
      const std::string tag = std::to_string(op);
      std::optional<StoredItem> old = tree.put(entry(k, tag));
      auto found = model.find(k);
      ASSERT_EQ(old.has_value(), found != model.end()) << "op " << op;
      if (old) {
        EXPECT_EQ(tag_of(*old), found->second);
      }
      model[k] = tag;
    }
    ASSERT_EQ(tree.empty(), model.empty());
    if (op % 97 != 0 && op != operations - 1) continue;

    ASSERT_EQ(tree.broken_invariant(), "") << "op " << op;
    std::vector<std::string> expected;
    for (const auto& [model_key, tag] : model) expected.push_back(tag);
    ASSERT_EQ(forward(tree), expected) << "op " << op;
    std::vector<std::string> reversed(expected.rbegin(), expected.rend());
    ASSERT_EQ(backward(tree), reversed) << "op " << op;
    for (int probe = 0; probe < 20; ++probe) {
      Parts full = random_parts();
      auto found = model.find(full);
      std::optional<std::string> expected_tag;
      if (found != model.end()) expected_tag = found->second;
      ASSERT_EQ(find_tag(tree, full), expected_tag);
      // Bounds by the first part alone, as a range on the sort key asks for them.
      const std::string first = full[0];
      auto lower = std::find_if(model.begin(), model.end(),
                                [&](const auto& e) { return e.first[0] >= first; });
      auto upper = std::find_if(model.begin(), model.end(),
                                [&](const auto& e) { return e.first[0] > first; });
      const Parts first_part{first};
      std::array<std::string_view, 3> probe_views;
      const EntryTree::KeyParts first_only = key(first_part, probe_views);
      ASSERT_EQ(at(tree, tree.lower_bound(first_only)),
                lower == model.end() ? "end" : lower->second);
      ASSERT_EQ(at(tree, tree.upper_bound(first_only)),
                upper == model.end() ? "end" : upper->second);
      // And by the whole key.
      std::array<std::string_view, 3> full_views;
      const EntryTree::KeyParts whole = key(full, full_views);
      auto whole_lower = model.lower_bound(full);
      auto whole_upper = model.upper_bound(full);
      ASSERT_EQ(at(tree, tree.lower_bound(whole)),
                whole_lower == model.end() ? "end" : whole_lower->second);
      ASSERT_EQ(at(tree, tree.upper_bound(whole)),
                whole_upper == model.end() ? "end" : whole_upper->second);
      if (parts != 3) continue;
      // And by the first two parts of three.
      const Parts two{full[0], full[1]};
      std::array<std::string_view, 3> two_views;
      const EntryTree::KeyParts first_two = key(two, two_views);
      auto two_lower = std::find_if(model.begin(), model.end(), [&](const auto& e) {
        return std::tie(e.first[0], e.first[1]) >= std::tie(two[0], two[1]);
      });
      auto two_upper = std::find_if(model.begin(), model.end(), [&](const auto& e) {
        return std::tie(e.first[0], e.first[1]) > std::tie(two[0], two[1]);
      });
      ASSERT_EQ(at(tree, tree.lower_bound(first_two)),
                two_lower == model.end() ? "end" : two_lower->second);
      ASSERT_EQ(at(tree, tree.upper_bound(first_two)),
                two_upper == model.end() ? "end" : two_upper->second);
    }
  }
}

TEST(EntryTree, MatchesAMapUnderRandomPutsAndRemoves) {
  for (unsigned seed = 1; seed <= 4; ++seed) check_against_map(seed, 4000, 35, 1);
}

TEST(EntryTree, MatchesAMapWhileItShrinksBackToEmpty) {
  for (unsigned seed = 11; seed <= 13; ++seed) check_against_map(seed, 4000, 60, 1);
}

TEST(EntryTree, MatchesAMapWithThreePartKeysAndFirstPartBounds) {
  for (unsigned seed = 21; seed <= 23; ++seed) check_against_map(seed, 4000, 35, 3);
}

TEST(EntryTree, GrowsSeveralLevelsAndShrinksToNothing) {
  // 40,000 entries make leaves of 29 under inner nodes of 32: three levels of inner nodes.
  EntryTree tree;
  std::vector<int> order(40000);
  for (int i = 0; i < 40000; ++i) order[i] = i;
  std::mt19937 random(7);
  std::shuffle(order.begin(), order.end(), random);
  const auto name = [](int i) {
    std::string digits = std::to_string(i);
    return "ITEM#" + std::string(8 - digits.size(), '0') + digits;
  };
  for (int i : order) tree.put(entry({name(i)}, std::to_string(i)));
  ASSERT_EQ(tree.broken_invariant(), "");
  std::vector<std::string> tags = forward(tree);
  ASSERT_EQ(tags.size(), 40000u);
  for (int i = 0; i < 40000; ++i) ASSERT_EQ(tags[i], std::to_string(i));
  std::shuffle(order.begin(), order.end(), random);
  std::array<std::string_view, 3> views;
  for (std::size_t n = 0; n < order.size(); ++n) {
    const std::string k = name(order[n]);
    ASSERT_TRUE(tree.remove(key({k}, views)).has_value()) << k;
    if (n % 5000 == 0) {
      ASSERT_EQ(forward(tree).size(), order.size() - n - 1);
      ASSERT_EQ(tree.broken_invariant(), "");
    }
  }
  EXPECT_TRUE(tree.empty());
}

TEST(EntryTree, KeysArrivingInOrderOrInReverseOrderStayInOrder) {
  for (bool ascending : {true, false}) {
    EntryTree tree;
    for (int n = 0; n < 3000; ++n) {
      const int i = ascending ? n : 2999 - n;
      tree.put(entry({"ts#" + std::to_string(10000 + i)}, std::to_string(i)));
    }
    ASSERT_EQ(tree.broken_invariant(), "");
    std::vector<std::string> tags = forward(tree);
    ASSERT_EQ(tags.size(), 3000u);
    for (int i = 0; i < 3000; ++i) ASSERT_EQ(tags[i], std::to_string(i));
    std::array<std::string_view, 3> views;
    EXPECT_EQ(at(tree, tree.lower_bound(key({"ts#11500"}, views))), "1500");
    EXPECT_EQ(at(tree, tree.upper_bound(key({"ts#11500"}, views))), "1501");
    EXPECT_EQ(find_tag(tree, {"ts#12999"}), "2999");
    EXPECT_EQ(find_tag(tree, {"ts#10000"}), "0");
  }
}

TEST(EntryTree, KeysInOrderAtEitherEdgeFillTheirLeaves) {
  // 29,000 keys in ascending order, then 29,000 below them in descending order: each run fills
  // leaves of 29, so the 58,000 entries take 2,000 leaves (halving splits would take twice that).
  EntryTree tree;
  for (int i = 0; i < 29000; ++i) tree.put(entry({"k" + std::to_string(100000 + i)}, "up"));
  for (int i = 0; i < 29000; ++i) tree.put(entry({"j" + std::to_string(199999 - i)}, "down"));
  ASSERT_EQ(tree.broken_invariant(), "");
  std::size_t leaves = 0;
  for (auto it = tree.begin(); it != tree.end(); ++it) {
    auto next = it;
    if (++next == tree.end() || &*next != &*it + 1) ++leaves;  // the last entry of a leaf
  }
  EXPECT_LE(leaves, 2002u);
}

TEST(EntryTree, NodesKeepFindingTheirKeysAfterAnOddKeyComesAndGoes) {
  // One odd key shrinks the bytes its nodes share to nothing; after it leaves, splits and merges
  // take the shared bytes anew from the nodes' own keys (else every comparison would go on to the
  // keys' bytes), and the heads must follow.
  EntryTree tree;
  tree.put(entry({"#META"}, "meta"));
  for (int i = 0; i < 2000; ++i) {
    tree.put(entry({"ORDER#2026-11-21T10:" + std::to_string(10000 + i)}, std::to_string(i)));
  }
  std::array<std::string_view, 3> views;
  tree.remove(key({"#META"}, views));
  for (int i = 0; i < 2000; i += 3) {
    tree.remove(key({"ORDER#2026-11-21T10:" + std::to_string(10000 + i)}, views));
  }
  ASSERT_EQ(tree.broken_invariant(), "");
  EXPECT_EQ(find_tag(tree, {"ORDER#2026-11-21T10:10999"}), std::nullopt);  // i = 999, removed
  EXPECT_EQ(find_tag(tree, {"ORDER#2026-11-21T10:11000"}), "1000");
  EXPECT_EQ(at(tree, tree.lower_bound(key({"ORDER#2026-11-21T10:10999"}, views))), "1000");
  EXPECT_EQ(at(tree, tree.lower_bound(key({"ORDER#"}, views))), "1");
  EXPECT_EQ(at(tree, tree.lower_bound(key({"#"}, views))), "1");
}

TEST(EntryTree, RejectsAKeyOfNoPartsOrMoreThanThree) {
  std::array<std::string_view, 4> parts{"a", "b", "c", "d"};
  EXPECT_THROW(EntryTree::KeyParts(std::span<const std::string_view>(parts.data(), 0)),
               std::length_error);
  EXPECT_THROW(EntryTree::KeyParts(std::span<const std::string_view>(parts.data(), 4)),
               std::length_error);
}

TEST(EntryTree, RemovingEveryOtherEntryOfALargeTreeKeepsTheRestInOrder) {
  EntryTree tree;
  for (int i = 0; i < 5000; ++i) tree.put(entry({std::to_string(100000 + i)}, std::to_string(i)));
  std::array<std::string_view, 3> views;
  for (int i = 0; i < 5000; i += 2) tree.remove(key({std::to_string(100000 + i)}, views));
  ASSERT_EQ(tree.broken_invariant(), "");
  std::vector<std::string> tags = forward(tree);
  ASSERT_EQ(tags.size(), 2500u);
  for (int i = 0; i < 2500; ++i) EXPECT_EQ(tags[i], std::to_string(2 * i + 1));
  EXPECT_EQ(at(tree, tree.lower_bound(key({"102000"}, views))), "2001");
  EXPECT_EQ(at(tree, tree.upper_bound(key({"102001"}, views))), "2003");
}

}  // namespace
}  // namespace ddb::engine
