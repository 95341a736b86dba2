#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "protocol/admin/admin_services.h"
#include "protocol/admin/seed/seed.h"

namespace ddb::protocol {

// What a seed created in one namespace.
struct SeededNamespace {
  std::string name;        // namespace_of: "KEY/REGION", "REGION", or "" under Namespaces::Shared
  std::string access_key;  // as the seed resolved it; empty when the server ignores keys
  std::string region;
  std::vector<std::string> tables;           // created, in the seed's order
  std::map<std::string, std::size_t> items;  // items put, by table
};

// Loads `seed` into services.database, all of it or nothing:
// 1. Each part goes to the namespace of its accessKey and region, else services.seed_defaults;
//    under Namespaces::PerAccessKey a part that ends up with no access key is refused.
// 2. Everything is checked first, on a scratch database: each table is created there with
//    CreateTable (and UpdateTimeToLive), so a bad definition gets DynamoDB's error and text, and
//    each item is put there with PutItem, into the seed's tables or into a copy of a table the
//    namespace already has (an item for a table neither has is ResourceNotFoundException).
// 3. Only then the same requests run on services.database: the tables are created (ACTIVE, their
//    indexes with them) and the items put. Should one fail there after all (a client created a
//    table of the same name meanwhile), the tables the seed created are deleted again; items it
//    put into tables that existed before stay.
// Throws SeedError naming the part, line and JSON path at fault; `seed`'s items are moved into
// requests and back, so `seed` reads the same afterwards.
std::vector<SeededNamespace> load_seed(const AdminServices& services, Seed& seed);

}  // namespace ddb::protocol
