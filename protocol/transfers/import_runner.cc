#include "protocol/transfers/import_runner.h"

#include <stdexcept>

#include "engine/error.h"

namespace ddb::protocol {

namespace {

// Reads one object; throws ImportReadError when it cannot be decoded.
void import_object(const S3Directory& s3, const ImportSource& source, const std::string& key,
                   const ImportSink& sink, ImportProgress& progress) {
  ObjectLines lines(s3.object_path(source.bucket, key), source.compression);
  std::vector<std::string> header = source.header;
  std::string line;
  std::size_t number = 0;
  Json item;
  while (lines.next(line)) {
    ++number;
    // A UTF-8 byte order mark, as editors and spreadsheets write one at the start of a file.
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (source.csv && header.empty()) {
      try {
        header = csv_fields(line, source.delimiter);
      } catch (const std::invalid_argument& error) {
        sink.error(key, number, std::string("the header line is not CSV: ") + error.what());
        return;
      }
      continue;
    }
    ++progress.processed_items;
    try {
      item = source.csv ? csv_item(header, csv_fields(line, source.delimiter), source.types)
                        : dynamodb_json_item(line);
      sink.put(item);
      ++progress.imported_items;
    } catch (const std::invalid_argument& error) {
      ++progress.errors;
      sink.error(key, number, error.what());
    } catch (const engine::Error& error) {
      ++progress.errors;
      sink.error(key, number, error.message());
    }
  }
}

}  // namespace

std::optional<ImportFailure> run_import(const S3Directory& s3, const ImportSource& source,
                                        const ImportSink& sink, ImportProgress& progress) {
  // S3's NoSuchBucket text, which DynamoDB reports with FailureCode S3NoSuchBucket.
  if (!s3.has_bucket(source.bucket)) {
    return ImportFailure{"S3NoSuchBucket", "The specified bucket does not exist"};
  }
  const std::vector<S3Directory::Object> objects = s3.list(source.bucket, source.key_prefix);
  if (objects.empty()) {
    return ImportFailure{"S3NoSuchKey", "The specified key does not exist."};
  }
  for (const S3Directory::Object& object : objects) {
    try {
      import_object(s3, source, object.key, sink, progress);
    } catch (const ImportReadError& error) {
      progress.processed_bytes += object.size;
      sink.progress(progress);
      return ImportFailure{"InvalidFile", error.what()};
    }
    progress.processed_bytes += object.size;
    sink.progress(progress);
  }
  return std::nullopt;
}

}  // namespace ddb::protocol
