#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json/json_fields.h"
#include "protocol/transfers/import_reader.h"
#include "protocol/transfers/s3_directory.h"

namespace ddb::protocol {

// What an import reads: ImportTable's S3BucketSource, InputFormat, InputCompressionType and
// InputFormatOptions.
struct ImportSource {
  std::string bucket;
  std::string key_prefix;
  bool csv = false;  // InputFormat CSV; otherwise DYNAMODB_JSON
  Compression compression = Compression::None;
  char delimiter = ',';
  // HeaderList; empty: the first line of each object is its header.
  std::vector<std::string> header;
  // For CSV: the type of each attribute the table's AttributeDefinitions name.
  std::map<std::string, std::string, std::less<>> types;
};

// An import's figures so far (DescribeImport's).
struct ImportProgress {
  uint64_t processed_items = 0;  // lines read, blank lines aside
  uint64_t imported_items = 0;   // items written
  uint64_t errors = 0;           // lines that did not parse, or whose item the table refused
  uint64_t processed_bytes = 0;  // the objects' sizes, as stored
};

// Why an import failed as a whole (FailureCode, FailureMessage).
struct ImportFailure {
  std::string code;
  std::string message;
};

// Where the import sends its items and reports.
struct ImportSink {
  // Writes one item (DynamoDB JSON); throws engine::Error when the table refuses it.
  std::function<void(Json& item)> put;
  // A line that failed: the object's key, its line (from 1) and why.
  std::function<void(std::string_view key, std::size_t line, std::string_view reason)> error;
  // Called after each object with the figures so far.
  std::function<void(const ImportProgress&)> progress;
};

// Reads every object of `source` in key order and puts its items, one line at a time. A line that
// does not parse, or whose item the table refuses, is counted and reported, and the import goes
// on, as DynamoDB's does. The whole import fails (and returns why) when the bucket does not exist,
// when no object matches the prefix, or when an object cannot be decompressed.
std::optional<ImportFailure> run_import(const S3Directory& s3, const ImportSource& source,
                                        const ImportSink& sink, ImportProgress& progress);

}  // namespace ddb::protocol
