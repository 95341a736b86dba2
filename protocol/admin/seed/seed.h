#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/json/json_fields.h"
#include "protocol/json/json_position.h"

namespace ddb::protocol {

// A seed as read, nothing loaded yet (docs/ADMIN.md, "Seeding"): the tables to create and the
// items to put, from seed documents ({"tables": [...], "items": {"Table": [item, ...]}}) and item
// files (DynamoDB JSON, one item per line). protocol/admin/seed/seed_loader.h loads it.

// The namespace a part names with its "accessKey" and "region" members; what it leaves out is the
// server's default (AdminServices::seed_defaults).
struct SeedNamespace {
  std::optional<std::string> access_key;
  std::optional<std::string> region;
};

// Items of one table from one place. Each element is DynamoDB JSON, or an S3 export line's
// {"Item": {...}} (item_of in seed_items.h).
struct SeedItems {
  std::string table;
  std::vector<Json> items;
  // Item files: the line of each item. Documents: empty, item i being at path + [i].
  std::vector<std::size_t> lines;
  JsonPath path;  // documents: {"items", table}
};

// A table to create: CreateTable input or DescribeTable output, as written (seed_table.h).
struct SeedTable {
  Json definition;
  JsonPath path;  // {"tables", i}
};

// An "itemFiles" member's entry: files of items for `table`, relative to the document (read by
// the server at start-up, server/seed_files.h).
struct SeedItemFile {
  std::string table;
  std::string path;
  JsonPath where;  // {"itemFiles", table} or {"itemFiles", table, i}
};

// What one seed document or item file holds.
struct SeedPart {
  std::string source;  // the file's path, or "request body"
  std::string text;    // a document's text, to give the line of a fault; empty for item files
  SeedNamespace space;
  std::vector<SeedTable> tables;
  std::vector<SeedItems> items;
  std::vector<SeedItemFile> item_files;
};

// Every part of a seed: loaded together, or not at all.
using Seed = std::vector<SeedPart>;

// A seed refused: where (file, line, JSON path within a document) and why. `error` is a DynamoDB
// error type ("ValidationException") for what DynamoDB itself refuses, such as a table definition
// or an item, and empty for a seed that is malformed as a seed. what(): "users.jsonl:3:
// ValidationException: One of the required keys was not given a value".
class SeedError : public std::exception {
 public:
  SeedError(std::string error, std::string message)
      : error_(std::move(error)), message_(std::move(message)) {
    describe();
  }

  // Sets where the fault is; a line of 0 and an empty path are left out.
  SeedError& at(std::string source, std::size_t line, JsonPath path = {}) {
    source_ = std::move(source);
    line_ = line;
    path_ = path_text(path);
    describe();
    return *this;
  }

  // Sets the file or request the fault is in, keeping the line and path.
  SeedError& in(std::string source) {
    source_ = std::move(source);
    describe();
    return *this;
  }

  const std::string& error() const { return error_; }
  const std::string& message() const { return message_; }
  const std::string& source() const { return source_; }
  std::size_t line() const { return line_; }
  const std::string& path() const { return path_; }
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  void describe() {
    what_.clear();
    if (!source_.empty()) what_ += source_ + ":";
    if (line_ != 0) what_ += std::to_string(line_) + ":";
    if (!what_.empty()) what_ += " ";
    if (!path_.empty()) what_ += path_ + ": ";
    if (!error_.empty()) what_ += error_ + ": ";
    what_ += message_;
  }

  std::string error_;
  std::string message_;
  std::string source_;
  std::size_t line_ = 0;
  std::string path_;
  std::string what_;
};

}  // namespace ddb::protocol
