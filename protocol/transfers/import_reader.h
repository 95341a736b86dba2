#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// ImportTable's InputCompressionType.
enum class Compression { None, Gzip, Zstd };

// An object whose bytes cannot be read: a missing file, or data its compression cannot decode.
// Fails the import (ImportStatus FAILED), unlike a line that does not parse.
class ImportReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One object of an import's source, decompressed as it is read and cut into lines, a buffer at a
// time: memory holds one buffer and the current line, whatever the object's size.
class ObjectLines {
 public:
  ObjectLines(const std::filesystem::path& path, Compression compression);
  ~ObjectLines();
  ObjectLines(const ObjectLines&) = delete;
  ObjectLines& operator=(const ObjectLines&) = delete;

  // The next line, without its "\n" or "\r\n"; false after the last one. A last line without a
  // newline counts. Throws ImportReadError.
  bool next(std::string& line);

  // Reads an object's bytes and decodes them (import_reader.cc).
  struct Decoder;

 private:
  // Appends decoded bytes to buffer_; false at the end of the object.
  bool fill();

  std::filesystem::path path_;
  std::unique_ptr<Decoder> decoder_;
  std::string buffer_;
  std::size_t position_ = 0;
  bool ended_ = false;
};

// The item of a DYNAMODB_JSON import line: {"Item": {...}}, as DynamoDB's exports write them (the
// seed's reader, item_of, also takes a bare item). Throws std::invalid_argument with the reason
// when the line is not JSON or not an object.
Json dynamodb_json_item(std::string_view line);

// The fields of one CSV record (RFC 4180: a field in double quotes may hold the delimiter and ""
// for a quote). A record must fit on one line. Throws std::invalid_argument for a quote that is
// not closed, or text after a closing quote.
std::vector<std::string> csv_fields(std::string_view line, char delimiter);

// The DynamoDB JSON item of a CSV record under `header`: each non-empty field becomes a String
// attribute, except the attributes `types` names (the AttributeDefinitions of the table and its
// indexes: "N" or "B"), which take that type, as DynamoDB's CSV import types key attributes.
// Empty fields are left out. Throws std::invalid_argument when the record has more or fewer
// fields than the header.
Json csv_item(const std::vector<std::string>& header, const std::vector<std::string>& fields,
              const std::map<std::string, std::string, std::less<>>& types);

}  // namespace ddb::protocol
