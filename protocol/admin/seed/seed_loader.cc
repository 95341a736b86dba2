#include "protocol/admin/seed/seed_loader.h"

#include <algorithm>
#include <set>
#include <utility>

#include "engine/database.h"
#include "engine/error.h"
#include "protocol/admin/seed/seed_items.h"
#include "protocol/admin/seed/seed_table.h"
#include "protocol/error_json.h"
#include "protocol/operations.h"
#include "protocol/tables/stream_specification.h"

namespace ddb::protocol {

namespace {

// A refusal by DynamoDB's own checks, at the part and path it concerns.
SeedError refusal(const engine::Error& error, const SeedPart& part, const JsonPath& path,
                  std::size_t line = 0) {
  return SeedError(std::string(error_type_name(error.type())), error.message())
      .at(part.source, line != 0 ? line : line_of(part.text, path), path);
}

struct SeedTableRef {
  const SeedPart* part;
  const SeedTable* table;
  SeedTableRequests requests;
};

struct SeedItemsRef {
  const SeedPart* part;
  SeedItems* items;
};

// The parts of a seed that go to one namespace.
struct Target {
  Caller caller;
  std::string space;  // namespace_of(caller)
  std::vector<SeedTableRef> tables;
  std::vector<SeedItemsRef> items;
};

// A request of the seed's in `database`, as a client of the target's namespace makes it.
RequestContext context(engine::Database& database, const Target& target) {
  return {database, target.caller, target.space, false, {}};
}

Caller caller_of(const AdminServices& services, const SeedPart& part) {
  Caller caller;
  caller.access_key = part.space.access_key.value_or(services.seed_defaults.access_key);
  caller.region = part.space.region.value_or(services.seed_defaults.region);
  if (caller.access_key.empty() && services.namespaces == Namespaces::PerAccessKey) {
    throw SeedError("",
                    "the seed names no access key, and the server keeps one namespace of tables "
                    "per access key and region: give \"accessKey\" (the access key ID your "
                    "clients sign with) in the seed, or start the server with --seed-access-key "
                    "or --shared-db")
        .at(part.source, 0);
  }
  return caller;
}

std::vector<Target> targets_of(const AdminServices& services, Seed& seed) {
  std::vector<Target> targets;
  for (SeedPart& part : seed) {
    Caller caller = caller_of(services, part);
    const std::string space = namespace_of(services.namespaces, caller);
    auto target = std::find_if(targets.begin(), targets.end(),
                               [&](const Target& t) { return t.space == space; });
    if (target == targets.end()) {
      targets.push_back({std::move(caller), space, {}, {}});
      target = targets.end() - 1;
    }
    for (const SeedTable& table : part.tables) {
      try {
        target->tables.push_back({&part, &table, seed_table_requests(table.definition)});
      } catch (SeedError& error) {
        throw error.at(part.source, line_of(part.text, table.path), table.path);
      }
    }
    for (SeedItems& items : part.items) target->items.push_back({&part, &items});
  }
  return targets;
}

// Creates one of the seed's tables through CreateTable and UpdateTimeToLive; returns its name.
std::string create(RequestContext& ctx, const SeedTableRef& table) {
  try {
    Json created = create_table(ctx, table.requests.create_table);
    std::string name = created["TableDescription"]["TableName"].get<std::string>();
    if (table.requests.time_to_live) {
      update_time_to_live(
          ctx, {{"TableName", name}, {"TimeToLiveSpecification", *table.requests.time_to_live}});
    }
    return name;
  } catch (const engine::Error& error) {
    throw refusal(error, *table.part, table.table->path);
  }
}

// Puts each item through PutItem, as a client would. The items are moved into the request and
// back.
std::size_t put_items(RequestContext& ctx, const SeedItemsRef& ref) {
  SeedItems& items = *ref.items;
  Json request = {{"TableName", items.table}, {"Item", nullptr}};
  Json& slot = request["Item"];
  for (std::size_t i = 0; i < items.items.size(); ++i) {
    Json& item = item_of(items.items[i]);
    slot.swap(item);
    try {
      put_item(ctx, request);
    } catch (const engine::Error& error) {
      slot.swap(item);
      JsonPath path = items.path;
      if (!path.empty()) path.emplace_back(i);
      throw refusal(error, *ref.part, path, items.lines.empty() ? 0 : items.lines[i]);
    }
    slot.swap(item);
  }
  return items.items.size();
}

// Whether the namespace of `ctx` has the table `name` names (a name, or an ARN).
bool has_table(const RequestContext& ctx, const std::string& name) {
  try {
    return find_table(ctx, name) != nullptr;
  } catch (const engine::Error&) {
    return false;  // a malformed ARN names no table
  }
}

// ResourceNotFoundException for items whose table neither the seed nor the namespace has, at
// the first of them.
SeedError unknown_table(const SeedItemsRef& ref) {
  const SeedItems& items = *ref.items;
  return refusal(table_not_found(items.table), *ref.part, items.path,
                 items.lines.empty() ? 0 : items.lines.front());
}

// Copies into `staging` the tables of `real` that the seed's items go to, so that the items are
// checked against them; the seed's own tables of those names meet them there as CreateTable meets
// an existing table.
void copy_existing_tables(const Target& target, RequestContext& real, RequestContext& staging) {
  std::set<std::string> names;
  for (const SeedTableRef& table : target.tables) {
    const Json* name = table.requests.create_table.is_object()
                           ? find_member(table.requests.create_table, "TableName")
                           : nullptr;
    if (name && name->is_string()) names.insert(name->get<std::string>());
  }
  for (const SeedItemsRef& items : target.items) names.insert(items.items->table);
  for (const std::string& name : names) {
    // A malformed table ARN is left to CreateTable, which refuses it with DynamoDB's message.
    if (!has_table(real, name)) continue;
    try {
      Json description = describe_table(real, {{"TableName", name}})["Table"];
      create_table(staging, seed_table_requests(description).create_table);
    } catch (const engine::Error& error) {
      throw SeedError(
          std::string(error_type_name(error.type())),
          "cannot check the seed against the existing table " + name + ": " + error.message());
    }
  }
}

}  // namespace

std::vector<SeededNamespace> load_seed(const AdminServices& services, Seed& seed) {
  std::vector<Target> targets = targets_of(services, seed);

  // Everything is checked on a scratch database first.
  {
    engine::Database staging;
    for (Target& target : targets) {
      RequestContext real = context(services.database, target);
      RequestContext ctx = context(staging, target);
      copy_existing_tables(target, real, ctx);
      for (const SeedTableRef& table : target.tables) create(ctx, table);
      for (const SeedItemsRef& items : target.items) {
        if (!has_table(ctx, items.items->table)) throw unknown_table(items);
        put_items(ctx, items);
      }
    }
  }

  std::vector<SeededNamespace> outcome;
  std::vector<std::pair<Target*, std::string>> created;
  try {
    for (Target& target : targets) {
      RequestContext ctx = context(services.database, target);
      SeededNamespace& seeded = outcome.emplace_back();
      seeded.name = target.space;
      seeded.access_key =
          services.namespaces == Namespaces::PerAccessKey ? target.caller.access_key : "";
      seeded.region = target.caller.region;
      for (const SeedTableRef& table : target.tables) {
        seeded.tables.push_back(create(ctx, table));
        created.emplace_back(&target, seeded.tables.back());
      }
      for (const SeedItemsRef& items : target.items) {
        seeded.items[items.items->table] += put_items(ctx, items);
      }
    }
  } catch (...) {
    for (auto& [target, name] : created) {
      RequestContext ctx = context(services.database, *target);
      if (auto table = services.database.delete_table(target->space, name)) {
        disable_stream(ctx, *table);
      }
    }
    throw;
  }
  return outcome;
}

}  // namespace ddb::protocol
