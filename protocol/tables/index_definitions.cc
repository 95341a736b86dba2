#include "protocol/tables/index_definitions.h"

#include <algorithm>
#include <cstdint>
#include <set>

#include "engine/error.h"
#include "protocol/messages.h"

namespace ddb::protocol {

// The messages are DynamoDB's, observed on DynamoDB (captured 2026) or from dynalite's
// test/createTable.js (recorded against AWS), unless a comment says otherwise.

namespace {

using engine::Error;

constexpr std::size_t kMaxLocalIndexes = 5;
constexpr std::size_t kMaxGlobalIndexes = 20;
constexpr std::size_t kMaxNonKeyAttributes = 20;
constexpr std::size_t kMaxProjectedAttributes = 100;
// Since November 2025 a GSI key may have up to 4 HASH and 4 RANGE attributes; the model's limit on
// the list is therefore 8 for GSIs (a table or LSI key stays at 2).
constexpr std::size_t kMaxGlobalKeyElements = 8;
constexpr int kMaxKeyAttributesOfAKind = 4;

[[noreturn]] void invalid(const std::string& detail) {
  throw Error::validation(std::string(kInvalidParameterValues) + detail);
}

const engine::KeyAttribute* find_attribute(const std::vector<engine::KeyAttribute>& attributes,
                                           const std::string& name) {
  for (const auto& attribute : attributes) {
    if (attribute.name == name) return &attribute;
  }
  return nullptr;
}

void check_key_defined(const IndexRequest& index,
                       const std::vector<engine::KeyAttribute>& attributes) {
  std::vector<std::string> missing;
  for (const auto& element : index.key_schema) {
    if (!find_attribute(attributes, element.name)) missing.push_back(element.name);
  }
  if (!missing.empty()) {
    invalid("Some index key attributes are not defined in AttributeDefinitions. Keys: " +
            join_names(missing) +
            ", AttributeDefinitions: " + join_names(attribute_names(attributes)));
  }
}

// The checks every index key gets, as the table's key does.
void check_key_leads_with_hash(const IndexRequest& index) {
  const auto& key = index.key_schema;
  if (key.size() == 2 && key[0].name == key[1].name) {
    throw Error::validation(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (key[0].key_type != "HASH") {
    throw Error::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
}

void check_projection(const IndexRequest& index) {
  if (!index.projection_type) invalid("Unknown ProjectionType: null");
  const std::string& type = *index.projection_type;
  if (index.non_key_attributes && type != "INCLUDE") {
    invalid("ProjectionType is " + type + ", but NonKeyAttributes is specified");
  }
  if (!index.non_key_attributes && type == "INCLUDE") {
    invalid("ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  }
  if (!index.non_key_attributes) return;
  std::set<std::string> seen;
  for (const auto& name : *index.non_key_attributes) {
    if (!seen.insert(name).second) invalid("Duplicate element in NonKeyAttributes: " + name);
  }
}

engine::IndexDefinition index_definition(const IndexRequest& index,
                                         const std::vector<engine::KeyAttribute>& attributes,
                                         const std::string& table_arn) {
  engine::IndexDefinition definition;
  definition.name = index.name;
  definition.kind = index.kind;
  for (const auto& element : index.key_schema) {
    auto& part =
        element.key_type == "HASH" ? definition.key_schema.partition : definition.key_schema.sort;
    part.push_back(*find_attribute(attributes, element.name));
  }
  const std::string& type = *index.projection_type;
  definition.projection.type = type == "ALL"       ? engine::ProjectionType::All
                               : type == "INCLUDE" ? engine::ProjectionType::Include
                                                   : engine::ProjectionType::KeysOnly;
  if (index.non_key_attributes)
    definition.projection.non_key_attributes = *index.non_key_attributes;
  if (index.throughput) {
    definition.throughput.read_capacity_units = index.throughput->read_capacity_units;
    definition.throughput.write_capacity_units = index.throughput->write_capacity_units;
  }
  definition.status = engine::IndexStatus::Active;
  definition.arn = table_arn + "/index/" + index.name;
  return definition;
}

// Java's String.hashCode: over UTF-16 code units, wrapping at 32 bits.
uint32_t java_string_hash(const std::string& utf8) {
  uint32_t hash = 0;
  const auto add = [&hash](uint32_t unit) { hash = 31 * hash + unit; };
  for (std::size_t i = 0; i < utf8.size();) {
    auto byte = static_cast<unsigned char>(utf8[i]);
    std::size_t length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    uint32_t code_point = length == 1   ? byte
                          : length == 2 ? byte & 0x1F
                          : length == 3 ? byte & 0x0F
                                        : byte & 0x07;
    for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k) {
      code_point = (code_point << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    }
    i += length;
    if (code_point >= 0x10000) {
      code_point -= 0x10000;
      add(0xD800 + (code_point >> 10));
      add(0xDC00 + (code_point & 0x3FF));
    } else {
      add(code_point);
    }
  }
  return hash;
}

}  // namespace

IndexRequest parse_index(const Json& json, engine::IndexKind kind, const std::string& path,
                         Constraints& constraints) {
  IndexRequest index;
  index.kind = kind;
  auto name = get_string(json, "IndexName");
  constraints.name(name, path + ".indexName");
  index.name = name.value_or("");
  std::size_t max_key_elements = kind == engine::IndexKind::Global ? kMaxGlobalKeyElements : 2;
  index.key_schema = parse_key_schema(get_list(json, "KeySchema"), path + ".keySchema",
                                      max_key_elements, constraints);
  const Json* projection = get_structure(json, "Projection", "Projection");
  constraints.not_null(projection != nullptr, path + ".projection");
  if (projection) {
    index.projection_type = get_string(*projection, "ProjectionType");
    constraints.one_of(index.projection_type, {"ALL", "INCLUDE", "KEYS_ONLY"},
                       path + ".projection.projectionType");
    if (const Json* list = get_list(*projection, "NonKeyAttributes")) {
      std::vector<std::string> names;
      for (const Json& value : *list) {
        expect_string(value);
        names.push_back(value.get<std::string>());
      }
      const std::string list_path = path + ".projection.nonKeyAttributes";
      if (names.empty()) {
        constraints.add(constraint_violation("'[]'", list_path, kMinLengthOne));
      }
      if (names.size() > kMaxNonKeyAttributes) {
        constraints.add(constraint_violation("'" + join_names(names) + "'", list_path,
                                             "Member must have length less than or equal to " +
                                                 std::to_string(kMaxNonKeyAttributes)));
      }
      // A member's own rules, in the form the service gives a list member's violation (its
      // other lists, e.g. Lambda's "layers", 2026); the list is echoed once, whatever the count.
      bool member_length_ok = std::all_of(names.begin(), names.end(), [](const std::string& n) {
        std::size_t length = utf16_length(n);
        return length >= 1 && length <= kMaxKeyAttributeNameLength;
      });
      if (!member_length_ok) {
        constraints.add(constraint_violation(
            "'" + join_names(names) + "'", list_path,
            "Member must satisfy constraint: [Member must have length less than or equal to " +
                std::to_string(kMaxKeyAttributeNameLength) +
                ", Member must have length greater than or equal to 1]"));
      }
      index.non_key_attributes = std::move(names);
    }
  }
  if (kind == engine::IndexKind::Global) {
    index.throughput = parse_throughput(json, constraints, path + ".provisionedThroughput");
  }
  return index;
}

TableIndexRequests parse_table_indexes(const Json& request, Constraints& constraints) {
  TableIndexRequests indexes;
  const auto parse_list = [&](engine::IndexKind kind, std::string_view member,
                              const std::string& path, std::string_view model_type) {
    std::optional<std::vector<IndexRequest>> list;
    const Json* json = get_list(request, member);
    if (!json) return list;
    list.emplace();
    std::size_t position = 0;
    for (const Json& element : *json) {
      expect_structure_element(element, model_type);
      list->push_back(parse_index(
          element, kind, path + "." + std::to_string(++position) + ".member", constraints));
    }
    return list;
  };
  indexes.global = parse_list(engine::IndexKind::Global, "GlobalSecondaryIndexes",
                              "globalSecondaryIndexes", "GlobalSecondaryIndex");
  indexes.local = parse_list(engine::IndexKind::Local, "LocalSecondaryIndexes",
                             "localSecondaryIndexes", "LocalSecondaryIndex");
  return indexes;
}

void check_attributes_used(const std::vector<engine::KeyAttribute>& attributes,
                           const std::vector<KeySchemaElement>& table_key,
                           const TableIndexRequests& indexes) {
  std::vector<std::string> keys_used;
  for (const auto& element : table_key) keys_used.push_back(element.name);
  for (const auto* list : {&indexes.local, &indexes.global}) {
    if (!*list) continue;
    for (const auto& index : **list) {
      for (const auto& element : index.key_schema) keys_used.push_back(element.name);
    }
  }
  keys_used = java_hash_set_order(keys_used);
  for (const auto& attribute : attributes) {
    if (std::find(keys_used.begin(), keys_used.end(), attribute.name) == keys_used.end()) {
      // The definitions are listed as sent, the keys in the order of DynamoDB's HashSet: live
      // captures read "AttributeDefinitions: [sk, a, b, pk, c], keys used: [a, sk, pk]" and
      // "AttributeDefinitions: [my-string, my-int, my-hash], keys used: [my-hash, my-string]".
      invalid("Some AttributeDefinitions are not used. AttributeDefinitions: " +
              join_names(attribute_names(attributes)) + ", keys used: " + join_names(keys_used));
    }
  }
}

void check_global_index_shape(const IndexRequest& index) {
  check_key_leads_with_hash(index);
  // Multi-attribute keys (up to 4 HASH, then up to 4 RANGE): texts from the ack-api-quirks live
  // catalogue.
  int hash_count = 0;
  int range_count = 0;
  for (const auto& element : index.key_schema) {
    if (element.key_type == "RANGE") {
      ++range_count;
    } else if (range_count > 0) {
      invalid("All HASH key attributes must precede RANGE key attributes in the KeySchema");
    } else {
      ++hash_count;
    }
  }
  if (hash_count > kMaxKeyAttributesOfAKind) {
    invalid("The KeySchema exceeds the maximum allowed number of HASH key attributes");
  }
  if (range_count > kMaxKeyAttributesOfAKind) {
    invalid("The KeySchema exceeds the maximum allowed number of RANGE key attributes");
  }
  std::set<std::string> names;
  for (const auto& element : index.key_schema) {
    if (!names.insert(element.name).second) {
      throw Error::validation("The KeySchema contains multiple key attributes with the same name");
    }
  }
  check_projection(index);
}

engine::IndexDefinition global_index_definition(const IndexRequest& index,
                                                const std::vector<engine::KeyAttribute>& attributes,
                                                const std::string& table_arn) {
  return index_definition(index, attributes, table_arn);
}

std::vector<engine::IndexDefinition> table_index_definitions(
    const TableIndexRequests& indexes, const std::vector<engine::KeyAttribute>& attributes,
    const engine::KeySchema& table_key, bool on_demand, const std::string& table_arn) {
  std::set<std::string> names;
  const auto check_unique_name = [&names](const IndexRequest& index) {
    if (!names.insert(index.name).second) invalid("Duplicate index name: " + index.name);
  };
  std::vector<engine::IndexDefinition> globals;
  std::vector<engine::IndexDefinition> locals;
  // The lists' own rules before any index's (issue 20): an empty list, then an LSI on a table
  // without a range key.
  if (indexes.local && indexes.local->empty()) invalid("List of LocalSecondaryIndexes is empty");
  if (indexes.global && indexes.global->empty()) invalid("List of GlobalSecondaryIndexes is empty");
  if (indexes.local && !table_key.sort) {
    invalid(
        "Table KeySchema does not have a range key, which is required when specifying a "
        "LocalSecondaryIndex");
  }
  if (indexes.local) {
    for (const IndexRequest& index : *indexes.local) {
      check_key_defined(index, attributes);
      check_key_leads_with_hash(index);
      const auto& key = index.key_schema;
      if (key.size() == 2 && key[1].key_type != "RANGE") {
        throw Error::validation(
            "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
      }
      if (key.size() != 2)
        invalid("Index KeySchema does not have a range key for index: " + index.name);
      if (key[0].name != table_key.partition.name) {
        invalid(
            "Index KeySchema does not have the same leading hash key as table KeySchema for "
            "index: " +
            index.name + ". index hash key: " + key[0].name +
            ", table hash key: " + table_key.partition.name);
      }
      check_projection(index);
      check_unique_name(index);
      locals.push_back(index_definition(index, attributes, table_arn));
    }
    if (indexes.local->size() > kMaxLocalIndexes) {
      invalid("Number of LocalSecondaryIndexes exceeds per-table limit of 5");
    }
  }
  if (indexes.global) {
    for (const IndexRequest& index : *indexes.global) {
      check_key_defined(index, attributes);
      check_global_index_shape(index);
      if (on_demand && index.throughput) {
        invalid("ProvisionedThroughput should not be specified for index: " + index.name +
                " when BillingMode is PAY_PER_REQUEST");
      }
      if (!on_demand && !index.throughput) {
        invalid("ProvisionedThroughput is not specified for index: " + index.name);
      }
      check_unique_name(index);
      globals.push_back(index_definition(index, attributes, table_arn));
    }
    if (indexes.global->size() > kMaxGlobalIndexes) {
      invalid("GlobalSecondaryIndex count exceeds the per-table limit of 20");
    }
  }
  globals.insert(globals.end(), locals.begin(), locals.end());
  check_projected_attribute_total(globals);
  return globals;
}

void check_projected_attribute_total(const std::vector<engine::IndexDefinition>& indexes) {
  std::size_t total = 0;
  for (const auto& index : indexes) total += index.projection.non_key_attributes.size();
  if (total > kMaxProjectedAttributes) {
    // The limit is documented (Developer Guide, "Service quotas": summed over all indexes, an
    // attribute in two indexes counting twice); the text is the one other tools quote, with no
    // live capture found.
    invalid("Number of projected attributes in all indexes exceeds limit of 100");
  }
}

std::vector<std::string> java_hash_set_order(const std::vector<std::string>& names) {
  std::vector<std::string> unique;
  for (const auto& name : names) {
    if (std::find(unique.begin(), unique.end(), name) == unique.end()) unique.push_back(name);
  }
  // A HashSet starts with 16 buckets and doubles them whenever it holds more than 3/4 of that.
  // Iteration goes bucket by bucket; a bucket keeps its entries in insertion order.
  uint32_t buckets = 16;
  while (unique.size() > buckets / 4 * 3) buckets *= 2;
  const auto bucket_of = [buckets](const std::string& name) {
    uint32_t hash = java_string_hash(name);
    return (hash ^ (hash >> 16)) & (buckets - 1);
  };
  std::stable_sort(unique.begin(), unique.end(), [&](const std::string& a, const std::string& b) {
    return bucket_of(a) < bucket_of(b);
  });
  return unique;
}

}  // namespace ddb::protocol
