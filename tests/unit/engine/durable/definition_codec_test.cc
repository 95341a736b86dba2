#include "engine/durable/definition_codec.h"

#include <gtest/gtest.h>

#include "engine/durable/codec.h"
#include "tests/support/harness.h"

namespace ddb::engine::durable {
namespace {

void expect_same(const TableDefinition& a, const TableDefinition& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.key_schema, b.key_schema);
  EXPECT_EQ(a.attribute_definitions, b.attribute_definitions);
  EXPECT_EQ(a.billing_mode, b.billing_mode);
  EXPECT_EQ(a.throughput.read_capacity_units, b.throughput.read_capacity_units);
  EXPECT_EQ(a.throughput.write_capacity_units, b.throughput.write_capacity_units);
  EXPECT_EQ(a.throughput.last_increase_time, b.throughput.last_increase_time);
  EXPECT_EQ(a.throughput.last_decrease_time, b.throughput.last_decrease_time);
  EXPECT_EQ(a.throughput.decreases_today, b.throughput.decreases_today);
  EXPECT_EQ(a.billing_mode_changed_time, b.billing_mode_changed_time);
  ASSERT_EQ(a.tags.size(), b.tags.size());
  for (std::size_t i = 0; i < a.tags.size(); ++i) {
    EXPECT_EQ(a.tags[i].key, b.tags[i].key);
    EXPECT_EQ(a.tags[i].value, b.tags[i].value);
  }
  EXPECT_EQ(a.creation_time, b.creation_time);
  EXPECT_EQ(a.table_id, b.table_id);
  EXPECT_EQ(a.arn, b.arn);
  EXPECT_EQ(a.deletion_protection, b.deletion_protection);
  ASSERT_EQ(a.indexes.size(), b.indexes.size());
  for (std::size_t i = 0; i < a.indexes.size(); ++i) {
    const IndexDefinition& x = a.indexes[i];
    const IndexDefinition& y = b.indexes[i];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.key_schema, y.key_schema);
    EXPECT_EQ(x.projection.type, y.projection.type);
    EXPECT_EQ(x.projection.non_key_attributes, y.projection.non_key_attributes);
    EXPECT_EQ(x.throughput.read_capacity_units, y.throughput.read_capacity_units);
    EXPECT_EQ(x.throughput.write_capacity_units, y.throughput.write_capacity_units);
    EXPECT_EQ(x.status, y.status);
    EXPECT_EQ(x.backfilling, y.backfilling);
    EXPECT_EQ(x.arn, y.arn);
    EXPECT_TRUE(x.on_demand_throughput == y.on_demand_throughput);
    EXPECT_TRUE(x.warm_throughput == y.warm_throughput);
  }
  EXPECT_EQ(a.table_class, b.table_class);
  EXPECT_EQ(a.table_class_changed_time, b.table_class_changed_time);
  EXPECT_EQ(a.kms_master_key_arn, b.kms_master_key_arn);
  EXPECT_TRUE(a.on_demand_throughput == b.on_demand_throughput);
  EXPECT_TRUE(a.warm_throughput == b.warm_throughput);
  EXPECT_EQ(a.ttl_attribute, b.ttl_attribute);
  EXPECT_EQ(a.stream_view_type, b.stream_view_type);
  EXPECT_EQ(a.latest_stream_arn, b.latest_stream_arn);
  EXPECT_EQ(a.latest_stream_label, b.latest_stream_label);
}

TableDefinition full_definition() {
  TableDefinition d;
  d.name = "orders";
  d.key_schema = test::composite_schema("pk", Type::S, "sk", Type::N);
  d.attribute_definitions = {{"pk", Type::S}, {"sk", Type::N}, {"g", Type::B}};
  d.billing_mode = BillingMode::Provisioned;
  d.throughput = {5, 7, 1782000000.5, 1782000001.25, 3};
  d.billing_mode_changed_time = 1781000000;
  d.tags = {{"env", "test"}, {"owner", ""}};
  d.creation_time = 1780000000.75;
  d.table_id = "0f8fad5b-d9cb-469f-a165-70867728950e";
  d.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/orders";
  d.deletion_protection = true;
  d.table_class = TableClass::StandardInfrequentAccess;
  d.table_class_changed_time = 1783000000.5;
  d.kms_master_key_arn =
      "arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab";
  d.on_demand_throughput = {0, 250};
  d.warm_throughput = {15000, 5000};
  IndexDefinition gsi;
  gsi.name = "by-g";
  gsi.kind = IndexKind::Global;
  gsi.key_schema = KeySchema{{"g", Type::B}, std::nullopt};
  gsi.projection = {ProjectionType::Include, {"a", "b"}};
  gsi.throughput = {1, 2, 0, 0, 0};
  gsi.status = IndexStatus::Creating;
  gsi.backfilling = true;
  gsi.arn = d.arn + "/index/by-g";
  gsi.on_demand_throughput = {100, 0};
  gsi.warm_throughput = {13000, 4500};
  IndexDefinition lsi;
  lsi.name = "by-sk2";
  lsi.kind = IndexKind::Local;
  lsi.key_schema = test::composite_schema("pk", Type::S, "sk2", Type::S);
  lsi.projection = {ProjectionType::KeysOnly, {}};
  lsi.arn = d.arn + "/index/by-sk2";
  IndexDefinition multi;
  multi.name = "by-board";
  multi.kind = IndexKind::Global;
  multi.key_schema.partition = {{"tournament", Type::S}, {"region", Type::S}};
  multi.key_schema.sort = {{"score", Type::N}, {"at", Type::S}, {"g", Type::B}};
  multi.arn = d.arn + "/index/by-board";
  d.indexes = {gsi, lsi, multi};
  d.ttl_attribute = "expires_at";
  d.stream_view_type = StreamViewType::NewAndOldImages;
  d.latest_stream_label = "2026-11-21T10:17:10.123";
  d.latest_stream_arn = d.arn + "/stream/" + d.latest_stream_label;
  return d;
}

TEST(DefinitionCodec, RoundTripsEveryField) {
  TableDefinition d = full_definition();
  expect_same(decode_definition(encode_definition(d)), d);
}

TEST(DefinitionCodec, RoundTripsAnOnDemandTableWithoutIndexes) {
  TableDefinition d;
  d.name = "t";
  d.key_schema = KeySchema{{"id", Type::N}, std::nullopt};
  d.attribute_definitions = {{"id", Type::N}};
  d.billing_mode = BillingMode::PayPerRequest;
  d.table_id = "id-1";
  expect_same(decode_definition(encode_definition(d)), d);
}

TEST(DefinitionCodec, RoundTripsADisabledStreamAndTtl) {
  // Disabling keeps the latest stream's ARN and label but drops the view type; disabling TTL
  // forgets the attribute.
  TableDefinition d = full_definition();
  d.ttl_attribute.reset();
  d.stream_view_type.reset();
  TableDefinition decoded = decode_definition(encode_definition(d));
  expect_same(decoded, d);
  EXPECT_FALSE(decoded.stream_view_type.has_value());
  EXPECT_EQ(decoded.latest_stream_arn, d.latest_stream_arn);
}

TEST(DefinitionCodec, AFieldMissingFromAnOlderRecordTakesItsDefault) {
  // A record with only a name and an id: what a file written before the other fields existed
  // would hold.
  std::string bytes;
  Encoder out(bytes);
  out.u8(1);
  out.bytes(std::string("\x01t", 2));
  out.u8(9);
  out.bytes(std::string("\x02id", 3));
  TableDefinition d = decode_definition(bytes);
  EXPECT_EQ(d.name, "t");
  EXPECT_EQ(d.table_id, "id");
  EXPECT_FALSE(d.deletion_protection);
  EXPECT_TRUE(d.indexes.empty());
  EXPECT_FALSE(d.table_class.has_value());
  EXPECT_TRUE(d.kms_master_key_arn.empty());
  EXPECT_TRUE(d.on_demand_throughput.empty());
  EXPECT_EQ(d.warm_throughput.read_units_per_second, 0);
}

TEST(DefinitionCodec, RejectsAnUnknownField) {
  std::string bytes = encode_definition(full_definition());
  Encoder out(bytes);
  out.u8(200);
  out.bytes("x");
  EXPECT_THROW(decode_definition(bytes), CorruptData);
}

TEST(DefinitionCodec, RejectsADefinitionWithoutATableId) {
  TableDefinition d = full_definition();
  d.table_id.clear();
  EXPECT_THROW(decode_definition(encode_definition(d)), CorruptData);
}

TEST(DefinitionCodec, ATruncatedFieldIsCorruptData) {
  // Without TTL and stream, the last field (the indexes) is longer than 40 bytes, so each of these
  // cuts falls inside it.
  TableDefinition d = full_definition();
  d.ttl_attribute.reset();
  d.stream_view_type.reset();
  d.latest_stream_arn.clear();
  d.latest_stream_label.clear();
  d.table_class.reset();
  d.table_class_changed_time = 0;
  d.kms_master_key_arn.clear();
  d.on_demand_throughput = {};
  d.warm_throughput = {};
  std::string bytes = encode_definition(d);
  for (std::size_t length = bytes.size() - 40; length < bytes.size(); ++length) {
    EXPECT_THROW(decode_definition(std::string_view(bytes).substr(0, length)), CorruptData)
        << length;
  }
}

}  // namespace
}  // namespace ddb::engine::durable
