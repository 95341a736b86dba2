#pragma once

#include <string>

#include "protocol/admin/seed/seed.h"

namespace ddb::protocol {

// Whether a seed document may name item files ("itemFiles"): a --seed file may; a POST
// /ddblocal/seed body, which comes over the network, may not name files on the server.
enum class ItemFiles { Allowed, Refused };

// Reads the seed document `text` (docs/ADMIN.md, "Seeding"), a JSON object with the members
//   "tables": [table, ...]              CreateTable input or DescribeTable output (seed_table.h)
//   "items": {"Table": [item, ...]}     DynamoDB JSON, or S3 export lines' {"Item": {...}}
//   "itemFiles": {"Table": "path" or ["path", ...]}   files of items (server/seed_files.h)
//   "Table": {...}                      one more table: `aws dynamodb describe-table`'s output
//   "accessKey", "region"               the namespace (SeedNamespace)
// all optional. Checks the document's shape only (the tables and items are checked when the seed
// is loaded). Throws SeedError naming `source`, the line and the member at fault: for text that is
// not JSON, a member of the wrong type, an unknown member (a misspelt "tabels" would otherwise
// load nothing), or itemFiles where they are refused.
SeedPart read_seed_document(std::string source, std::string text, ItemFiles item_files);
// The same for `document`, already parsed from `text`.
SeedPart read_seed_document(std::string source, std::string text, Json document,
                            ItemFiles item_files);

}  // namespace ddb::protocol
