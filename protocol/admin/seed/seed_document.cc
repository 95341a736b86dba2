#include "protocol/admin/seed/seed_document.h"

#include <utility>

#include "protocol/admin/seed/seed_items.h"

namespace ddb::protocol {

namespace {

constexpr std::string_view kMembers = "tables, items, itemFiles, Table, accessKey and region";

class DocumentReader {
 public:
  DocumentReader(std::string source, std::string text, ItemFiles item_files)
      : item_files_(item_files) {
    part_.source = std::move(source);
    part_.text = std::move(text);
  }

  SeedPart read(Json& document) && {
    if (!document.is_object()) {
      throw fault({},
                  R"(a seed document must be a JSON object: {"tables": [...], "items": {...}})");
    }
    for (auto& [name, value] : document.items()) {
      if (value.is_null()) continue;
      if (name == "tables") {
        read_tables(value);
      } else if (name == "Table") {
        // `aws dynamodb describe-table`'s output, with `describe-time-to-live`'s merged in.
        Json table = {{"Table", std::move(value)}};
        for (const char* ttl : {"TimeToLiveDescription", "TimeToLiveSpecification"}) {
          if (document.contains(ttl)) table[ttl] = document[ttl];
        }
        part_.tables.push_back({std::move(table), {name}});
      } else if ((name == "TimeToLiveDescription" || name == "TimeToLiveSpecification") &&
                 document.contains("Table")) {
        continue;
      } else if (name == "items") {
        read_items(value);
      } else if (name == "itemFiles") {
        read_item_files(value);
      } else if (name == "accessKey") {
        part_.space.access_key = namespace_member(name, value);
      } else if (name == "region") {
        part_.space.region = namespace_member(name, value);
      } else {
        throw fault({name}, "unknown member \"" + name + "\": a seed document has " +
                                std::string(kMembers));
      }
    }
    return std::move(part_);
  }

 private:
  SeedError fault(const JsonPath& path, std::string message) const {
    return SeedError("", std::move(message)).at(part_.source, line_of(part_.text, path), path);
  }

  void read_tables(Json& tables) {
    if (!tables.is_array()) throw fault({"tables"}, "tables must be a list");
    for (std::size_t i = 0; i < tables.size(); ++i) {
      part_.tables.push_back({std::move(tables[i]), {"tables", i}});
    }
  }

  void read_items(Json& items) {
    if (!items.is_object()) {
      throw fault({"items"}, R"(items must be an object: {"TableName": [item, ...]})");
    }
    for (auto& [table, list] : items.items()) {
      const JsonPath path = {"items", table};
      if (!list.is_array()) throw fault(path, "the items of a table must be a list");
      for (std::size_t i = 0; i < list.size(); ++i) {
        try {
          item_of(list[i]);
        } catch (const SeedError& error) {
          throw fault({"items", table, i}, error.message());
        }
      }
      part_.items.push_back({table, std::move(list.get_ref<Json::array_t&>()), {}, path});
    }
  }

  void read_item_files(const Json& files) {
    if (item_files_ == ItemFiles::Refused) {
      throw fault({"itemFiles"},
                  "itemFiles names files on the server, which only a --seed file may do; give "
                  "the items in \"items\"");
    }
    if (!files.is_object()) {
      throw fault({"itemFiles"}, R"(itemFiles must be an object: {"TableName": "path"})");
    }
    for (const auto& [table, paths] : files.items()) {
      if (paths.is_string()) {
        part_.item_files.push_back({table, paths.get<std::string>(), {"itemFiles", table}});
        continue;
      }
      if (!paths.is_array()) {
        throw fault({"itemFiles", table}, "an itemFiles entry must be a path or a list of paths");
      }
      for (std::size_t i = 0; i < paths.size(); ++i) {
        if (!paths[i].is_string()) {
          throw fault({"itemFiles", table, i}, "an itemFiles path must be a string");
        }
        part_.item_files.push_back({table, paths[i].get<std::string>(), {"itemFiles", table, i}});
      }
    }
  }

  // accessKey and region name a part of a SigV4 credential scope, which '/' separates.
  std::string namespace_member(const std::string& name, const Json& value) const {
    if (!value.is_string() || value.get_ref<const std::string&>().empty() ||
        value.get_ref<const std::string&>().find('/') != std::string::npos) {
      throw fault({name}, name + " must be a non-empty string without '/'");
    }
    return value.get<std::string>();
  }

  ItemFiles item_files_;
  SeedPart part_;
};

}  // namespace

SeedPart read_seed_document(std::string source, std::string text, ItemFiles item_files) {
  Json document;
  try {
    document = read_json_or_throw(text);
  } catch (const JsonSyntaxError& error) {
    throw SeedError("", std::string("not JSON: ") + error.what()).at(source, error.line());
  }
  return read_seed_document(std::move(source), std::move(text), std::move(document), item_files);
}

SeedPart read_seed_document(std::string source, std::string text, Json document,
                            ItemFiles item_files) {
  return DocumentReader(std::move(source), std::move(text), item_files).read(document);
}

}  // namespace ddb::protocol
