// POST /ddblocal/seed: the body is a seed document, as a --seed file holds, loaded at once into
// the namespace it names (or the server's default for seeds), all of it or nothing.

#include <string>
#include <utility>

#include "protocol/admin/admin_operations.h"
#include "protocol/admin/seed/seed_document.h"
#include "protocol/admin/seed/seed_loader.h"

namespace ddb::protocol::admin {

Json seed(AdminCall& call) {
  if (call.body.is_null()) {
    throw AdminError::bad_request(
        R"(the body must be a seed document: {"tables": [...], "items": {"TableName": [...]}})");
  }
  try {
    Seed seed;
    seed.push_back(read_seed_document("request body", std::string(call.text), std::move(call.body),
                                      ItemFiles::Refused));
    const SeededNamespace seeded = load_seed(call.services, seed).front();
    Json answer = {{"namespace", seeded.name},
                   {"region", seeded.region},
                   {"tables", seeded.tables},
                   {"items", seeded.items}};
    if (!seeded.access_key.empty()) answer["accessKey"] = seeded.access_key;
    return answer;
  } catch (const SeedError& error) {
    // DynamoDB's type and text as they are; where the fault is in members of their own.
    Json where = Json::object();
    if (error.line() != 0) where["line"] = error.line();
    if (!error.path().empty()) where["path"] = error.path();
    throw AdminError(400, error.error().empty() ? "BadRequest" : error.error(), error.message(),
                     std::move(where));
  }
}

}  // namespace ddb::protocol::admin
