#pragma once

#include <string>
#include <vector>

#include "protocol/admin/seed/seed.h"

namespace ddb::server {

// The seed that --seed names, read from disk (docs/ADMIN.md, "Seeding"); nothing is loaded here.
// Each path is
// - a seed document: a file named *.json (protocol/admin/seed/seed_document.h);
// - an item file: <TableName>.jsonl, <TableName>.jsonl.gz or <TableName>.json.gz, the items of
//   that table one per line (protocol/admin/seed/seed_items.h);
// - a directory: the documents and item files in it, in name order. Other files and
//   subdirectories are left alone (an itemFiles member can name a subdirectory).
// A document's itemFiles are read too. Each path, relative to the document's directory, is a file
// of items whatever its name, or a directory whose files named *.jsonl, *.jsonl.gz or *.json.gz,
// at any depth, are, in path order: a DynamoDB S3 export (AWSDynamoDB/<id>/, whose data/*.json.gz
// hold its items) loads as it was downloaded. Any file may be gzipped, whatever its name. Item
// files go to the namespace of the document that names them; those --seed names directly to the
// default one (--seed-access-key, --seed-region). Throws protocol::SeedError naming the file, the
// line and the reason.
protocol::Seed read_seed_paths(const std::vector<std::string>& paths);

}  // namespace ddb::server
