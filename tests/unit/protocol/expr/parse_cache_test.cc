#include "protocol/expr/parse_cache.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"
#include "protocol/expr/parser.h"

namespace ddb::protocol::expr {
namespace {

template <typename F>
std::string error_of(F parse) {
  try {
    parse();
  } catch (const engine::Error& e) {
    return e.message();
  }
  return "<no error>";
}

TEST(ParseCache, GivesWhatTheParserGivesAndKeepsIt) {
  std::string_view text = "pk = :p AND begins_with(sk, :s)";
  auto first = parse_condition_cached(text, ExpressionKind::KeyCondition);
  EXPECT_EQ(*first, parse_condition(text, ExpressionKind::KeyCondition));
  EXPECT_EQ(parse_condition_cached(text, ExpressionKind::KeyCondition), first);  // the same entry
  EXPECT_EQ(*parse_update_cached("SET c = c + :one REMOVE d"),
            parse_update("SET c = c + :one REMOVE d"));
  EXPECT_EQ(*parse_projection_cached("a, b.c[1], #n"), parse_projection("a, b.c[1], #n"));
}

TEST(ParseCache, ThrowsTheParsersErrorsEveryTime) {
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(error_of([] { parse_condition_cached("a = ", ExpressionKind::Condition); }),
              error_of([] { parse_condition("a = ", ExpressionKind::Condition); }));
    EXPECT_EQ(error_of([] { parse_update_cached("SET a = :v SET b = :w"); }),
              error_of([] { parse_update("SET a = :v SET b = :w"); }));
    EXPECT_EQ(error_of([] { parse_projection_cached(""); }),
              error_of([] { parse_projection(""); }));
  }
}

// The kind names the expression in every message: each kind's errors stay its own.
TEST(ParseCache, KeepsKindsApart) {
  for (std::string_view text : {"a = :v AND", "a = :v AND"}) {
    EXPECT_EQ(error_of([&] { parse_condition_cached(text, ExpressionKind::KeyCondition); }),
              error_of([&] { parse_condition(text, ExpressionKind::KeyCondition); }));
    EXPECT_TRUE(error_of([&] {
                  parse_condition_cached(text, ExpressionKind::Filter);
                }).starts_with("Invalid FilterExpression: "));
    EXPECT_TRUE(error_of([&] {
                  parse_condition_cached(text, ExpressionKind::Condition);
                }).starts_with("Invalid ConditionExpression: "));
  }
  EXPECT_EQ(*parse_condition_cached("x = :v", ExpressionKind::Condition),
            parse_condition("x = :v", ExpressionKind::Condition));
  EXPECT_EQ(*parse_condition_cached("x = :v", ExpressionKind::KeyCondition),
            parse_condition("x = :v", ExpressionKind::KeyCondition));
}

TEST(ParseCache, StaysCorrectPastItsCapacity) {
  for (std::size_t i = 0; i < 3 * kMaxCachedExpressions; ++i) {
    std::string text = "a" + std::to_string(i) + " = :v";
    EXPECT_EQ(*parse_condition_cached(text, ExpressionKind::Filter),
              parse_condition(text, ExpressionKind::Filter));
  }
  EXPECT_EQ(*parse_condition_cached("a1 = :v", ExpressionKind::Filter),
            parse_condition("a1 = :v", ExpressionKind::Filter));
}

}  // namespace
}  // namespace ddb::protocol::expr
