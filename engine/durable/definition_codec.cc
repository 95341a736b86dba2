#include "engine/durable/definition_codec.h"

#include <cstdint>
#include <utility>

#include "engine/durable/codec.h"
#include "engine/durable/features_codec.h"

namespace ddb::engine::durable {

namespace {

// Field numbers. Never reuse or renumber one: files on disk carry them.
enum Field : uint8_t {
  kName = 1,
  kKeySchema = 2,
  kAttributeDefinitions = 3,
  kBillingMode = 4,
  kThroughput = 5,
  kBillingModeChangedTime = 6,
  kTags = 7,
  kCreationTime = 8,
  kTableId = 9,
  kArn = 10,
  kDeletionProtection = 11,
  kIndexes = 12,
  kTtlAttribute = 13,    // present only while TTL is enabled
  kStreamViewType = 14,  // present only while a stream is enabled
  kLatestStreamArn = 15,
  kLatestStreamLabel = 16,
  // From 32 on: the TableFeatures (features_codec.h), one field of its own numbered fields.
  kFeatures = 32,  // present only when some feature differs from its default
  // Each of these is present only when set: a table class, an UpdateTable that changed it, a KMS
  // key, an on-demand maximum, a warm throughput.
  kTableClass = 17,
  kTableClassChangedTime = 18,
  kKmsMasterKeyArn = 19,
  kOnDemandThroughput = 20,
  kWarmThroughput = 21,
  kRestoreSummary = 22,  // present only on a restored table
};

// Index fields.
enum IndexField : uint8_t {
  kIndexName = 1,
  kIndexKind = 2,
  kIndexKeySchema = 3,
  kIndexProjection = 4,
  kIndexThroughput = 5,
  kIndexStatus = 6,
  kIndexBackfilling = 7,
  kIndexArn = 8,
  kIndexOnDemandThroughput = 9,
  kIndexWarmThroughput = 10,
  // A multi-attribute key; a key of one partition and at most one sort attribute is written as
  // kIndexKeySchema, as before multi-attribute keys existed.
  kIndexKeyAttributes = 11,
};

void key_attribute(Encoder& out, const KeyAttribute& attribute) {
  out.bytes(attribute.name);
  out.u8(static_cast<uint8_t>(attribute.type));
}

KeyAttribute key_attribute(Decoder& in) {
  KeyAttribute attribute;
  attribute.name = std::string(in.bytes());
  uint8_t type = in.u8();
  if (type != static_cast<uint8_t>(Type::S) && type != static_cast<uint8_t>(Type::N) &&
      type != static_cast<uint8_t>(Type::B)) {
    throw CorruptData("key attribute of a non-key type");
  }
  attribute.type = static_cast<Type>(type);
  return attribute;
}

void key_schema(Encoder& out, const KeySchema& schema) {
  key_attribute(out, schema.partition);
  out.u8(schema.sort ? 1 : 0);
  if (schema.sort) key_attribute(out, *schema.sort);
}

KeySchema key_schema(Decoder& in) {
  KeySchema schema;
  schema.partition = key_attribute(in);
  if (in.u8() != 0) schema.sort = key_attribute(in);
  return schema;
}

void key_attributes(Encoder& out, const std::vector<KeyAttribute>& attributes) {
  out.varint(attributes.size());
  for (const KeyAttribute& attribute : attributes) key_attribute(out, attribute);
}

std::vector<KeyAttribute> key_attributes(Decoder& in) {
  std::vector<KeyAttribute> attributes;
  for (uint64_t i = 0, n = in.varint(); i < n; ++i) attributes.push_back(key_attribute(in));
  return attributes;
}

void throughput(Encoder& out, const ProvisionedThroughput& value) {
  out.u64(static_cast<uint64_t>(value.read_capacity_units));
  out.u64(static_cast<uint64_t>(value.write_capacity_units));
  out.f64(value.last_increase_time);
  out.f64(value.last_decrease_time);
  out.u64(static_cast<uint64_t>(value.decreases_today));
}

ProvisionedThroughput throughput(Decoder& in) {
  ProvisionedThroughput value;
  value.read_capacity_units = static_cast<int64_t>(in.u64());
  value.write_capacity_units = static_cast<int64_t>(in.u64());
  value.last_increase_time = in.f64();
  value.last_decrease_time = in.f64();
  value.decreases_today = static_cast<int64_t>(in.u64());
  return value;
}

void on_demand(Encoder& out, const OnDemandThroughput& value) {
  out.u64(static_cast<uint64_t>(value.max_read_request_units));
  out.u64(static_cast<uint64_t>(value.max_write_request_units));
}

OnDemandThroughput on_demand(Decoder& in) {
  OnDemandThroughput value;
  value.max_read_request_units = static_cast<int64_t>(in.u64());
  value.max_write_request_units = static_cast<int64_t>(in.u64());
  return value;
}

void warm(Encoder& out, const WarmThroughput& value) {
  out.u64(static_cast<uint64_t>(value.read_units_per_second));
  out.u64(static_cast<uint64_t>(value.write_units_per_second));
}

bool is_set(const WarmThroughput& value) {
  return value.read_units_per_second != 0 || value.write_units_per_second != 0;
}

WarmThroughput warm(Decoder& in) {
  WarmThroughput value;
  value.read_units_per_second = static_cast<int64_t>(in.u64());
  value.write_units_per_second = static_cast<int64_t>(in.u64());
  return value;
}

std::string encode_index(const IndexDefinition& index) {
  std::string bytes;
  Encoder out(bytes);
  field(out, kIndexName, [&](Encoder& e) { e.bytes(index.name); });
  field(out, kIndexKind, [&](Encoder& e) { e.u8(static_cast<uint8_t>(index.kind)); });
  if (auto single = index.key_schema.single()) {
    field(out, kIndexKeySchema, [&](Encoder& e) { key_schema(e, *single); });
  } else {
    field(out, kIndexKeyAttributes, [&](Encoder& e) {
      key_attributes(e, index.key_schema.partition);
      key_attributes(e, index.key_schema.sort);
    });
  }
  field(out, kIndexProjection, [&](Encoder& e) {
    e.u8(static_cast<uint8_t>(index.projection.type));
    e.varint(index.projection.non_key_attributes.size());
    for (const std::string& name : index.projection.non_key_attributes) e.bytes(name);
  });
  field(out, kIndexThroughput, [&](Encoder& e) { throughput(e, index.throughput); });
  field(out, kIndexStatus, [&](Encoder& e) { e.u8(static_cast<uint8_t>(index.status)); });
  if (index.backfilling) {
    field(out, kIndexBackfilling, [&](Encoder& e) { e.u8(*index.backfilling ? 1 : 0); });
  }
  field(out, kIndexArn, [&](Encoder& e) { e.bytes(index.arn); });
  if (!index.on_demand_throughput.empty()) {
    field(out, kIndexOnDemandThroughput,
          [&](Encoder& e) { on_demand(e, index.on_demand_throughput); });
  }
  if (is_set(index.warm_throughput)) {
    field(out, kIndexWarmThroughput, [&](Encoder& e) { warm(e, index.warm_throughput); });
  }
  return bytes;
}

IndexDefinition decode_index(std::string_view bytes) {
  IndexDefinition index;
  Decoder fields(bytes);
  while (!fields.done()) {
    uint8_t number = fields.u8();
    Decoder in(fields.bytes());
    switch (number) {
      case kIndexName:
        index.name = std::string(in.bytes());
        break;
      case kIndexKind:
        index.kind = enumerator(in, IndexKind::Local);
        break;
      case kIndexKeySchema:
        index.key_schema = IndexKeySchema(key_schema(in));
        break;
      case kIndexKeyAttributes:
        index.key_schema.partition = key_attributes(in);
        index.key_schema.sort = key_attributes(in);
        if (index.key_schema.partition.empty()) throw CorruptData("index key without HASH");
        break;
      case kIndexProjection:
        index.projection.type = enumerator(in, ProjectionType::All);
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          index.projection.non_key_attributes.emplace_back(in.bytes());
        }
        break;
      case kIndexThroughput:
        index.throughput = throughput(in);
        break;
      case kIndexStatus:
        index.status = enumerator(in, IndexStatus::Active);
        break;
      case kIndexBackfilling:
        index.backfilling = in.u8() != 0;
        break;
      case kIndexArn:
        index.arn = std::string(in.bytes());
        break;
      case kIndexOnDemandThroughput:
        index.on_demand_throughput = on_demand(in);
        break;
      case kIndexWarmThroughput:
        index.warm_throughput = warm(in);
        break;
      default:
        throw CorruptData("unknown index field " + std::to_string(number));
    }
    in.expect_done();
  }
  return index;
}

}  // namespace

std::string encode_definition(const TableDefinition& definition) {
  std::string bytes;
  Encoder out(bytes);
  field(out, kName, [&](Encoder& e) { e.bytes(definition.name); });
  field(out, kKeySchema, [&](Encoder& e) { key_schema(e, definition.key_schema); });
  field(out, kAttributeDefinitions, [&](Encoder& e) {
    e.varint(definition.attribute_definitions.size());
    for (const KeyAttribute& attribute : definition.attribute_definitions) {
      key_attribute(e, attribute);
    }
  });
  field(out, kBillingMode,
        [&](Encoder& e) { e.u8(static_cast<uint8_t>(definition.billing_mode)); });
  field(out, kThroughput, [&](Encoder& e) { throughput(e, definition.throughput); });
  field(out, kBillingModeChangedTime,
        [&](Encoder& e) { e.f64(definition.billing_mode_changed_time); });
  field(out, kTags, [&](Encoder& e) {
    e.varint(definition.tags.size());
    for (const Tag& tag : definition.tags) {
      e.bytes(tag.key);
      e.bytes(tag.value);
    }
  });
  field(out, kCreationTime, [&](Encoder& e) { e.f64(definition.creation_time); });
  field(out, kTableId, [&](Encoder& e) { e.bytes(definition.table_id); });
  field(out, kArn, [&](Encoder& e) { e.bytes(definition.arn); });
  field(out, kDeletionProtection,
        [&](Encoder& e) { e.u8(definition.deletion_protection ? 1 : 0); });
  field(out, kIndexes, [&](Encoder& e) {
    e.varint(definition.indexes.size());
    for (const IndexDefinition& index : definition.indexes) e.bytes(encode_index(index));
  });
  if (definition.ttl_attribute) {
    field(out, kTtlAttribute, [&](Encoder& e) { e.bytes(*definition.ttl_attribute); });
  }
  if (definition.stream_view_type) {
    field(out, kStreamViewType,
          [&](Encoder& e) { e.u8(static_cast<uint8_t>(*definition.stream_view_type)); });
  }
  if (!definition.latest_stream_arn.empty()) {
    field(out, kLatestStreamArn, [&](Encoder& e) { e.bytes(definition.latest_stream_arn); });
    field(out, kLatestStreamLabel, [&](Encoder& e) { e.bytes(definition.latest_stream_label); });
  }
  std::string features = encode_features(definition.features);
  if (!features.empty()) field(out, kFeatures, [&](Encoder& e) { e.bytes(features); });
  if (definition.table_class) {
    field(out, kTableClass,
          [&](Encoder& e) { e.u8(static_cast<uint8_t>(*definition.table_class)); });
  }
  if (definition.table_class_changed_time > 0) {
    field(out, kTableClassChangedTime,
          [&](Encoder& e) { e.f64(definition.table_class_changed_time); });
  }
  if (!definition.kms_master_key_arn.empty()) {
    field(out, kKmsMasterKeyArn, [&](Encoder& e) { e.bytes(definition.kms_master_key_arn); });
  }
  if (!definition.on_demand_throughput.empty()) {
    field(out, kOnDemandThroughput,
          [&](Encoder& e) { on_demand(e, definition.on_demand_throughput); });
  }
  if (is_set(definition.warm_throughput)) {
    field(out, kWarmThroughput, [&](Encoder& e) { warm(e, definition.warm_throughput); });
  }
  if (const auto& restore = definition.restore_summary) {
    field(out, kRestoreSummary, [&](Encoder& e) {
      e.bytes(restore->source_backup_arn);
      e.bytes(restore->source_table_arn);
      e.f64(restore->restore_time);
    });
  }
  return bytes;
}

TableDefinition decode_definition(std::string_view bytes) {
  TableDefinition definition;
  Decoder fields(bytes);
  while (!fields.done()) {
    uint8_t number = fields.u8();
    Decoder in(fields.bytes());
    switch (number) {
      case kName:
        definition.name = std::string(in.bytes());
        break;
      case kKeySchema:
        definition.key_schema = key_schema(in);
        break;
      case kAttributeDefinitions:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          definition.attribute_definitions.push_back(key_attribute(in));
        }
        break;
      case kBillingMode:
        definition.billing_mode = enumerator(in, BillingMode::PayPerRequest);
        break;
      case kThroughput:
        definition.throughput = throughput(in);
        break;
      case kBillingModeChangedTime:
        definition.billing_mode_changed_time = in.f64();
        break;
      case kTags:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          Tag tag;
          tag.key = std::string(in.bytes());
          tag.value = std::string(in.bytes());
          definition.tags.push_back(std::move(tag));
        }
        break;
      case kCreationTime:
        definition.creation_time = in.f64();
        break;
      case kTableId:
        definition.table_id = std::string(in.bytes());
        break;
      case kArn:
        definition.arn = std::string(in.bytes());
        break;
      case kDeletionProtection:
        definition.deletion_protection = in.u8() != 0;
        break;
      case kIndexes:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          definition.indexes.push_back(decode_index(in.bytes()));
        }
        break;
      case kTtlAttribute:
        definition.ttl_attribute = std::string(in.bytes());
        break;
      case kStreamViewType:
        definition.stream_view_type = enumerator(in, StreamViewType::NewAndOldImages);
        break;
      case kLatestStreamArn:
        definition.latest_stream_arn = std::string(in.bytes());
        break;
      case kLatestStreamLabel:
        definition.latest_stream_label = std::string(in.bytes());
        break;
      case kFeatures:
        definition.features = decode_features(in.bytes());
        break;
      case kTableClass:
        definition.table_class = enumerator(in, TableClass::StandardInfrequentAccess);
        break;
      case kTableClassChangedTime:
        definition.table_class_changed_time = in.f64();
        break;
      case kKmsMasterKeyArn:
        definition.kms_master_key_arn = std::string(in.bytes());
        break;
      case kOnDemandThroughput:
        definition.on_demand_throughput = on_demand(in);
        break;
      case kWarmThroughput:
        definition.warm_throughput = warm(in);
        break;
      case kRestoreSummary: {
        RestoreSummary restore;
        restore.source_backup_arn = std::string(in.bytes());
        restore.source_table_arn = std::string(in.bytes());
        restore.restore_time = in.f64();
        definition.restore_summary = std::move(restore);
        break;
      }
      default:
        throw CorruptData("unknown table definition field " + std::to_string(number));
    }
    in.expect_done();
  }
  if (definition.table_id.empty()) throw CorruptData("table definition without a table id");
  return definition;
}

}  // namespace ddb::engine::durable
