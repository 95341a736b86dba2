#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/item.h"
#include "engine/point_in_time.h"
#include "engine/table.h"

namespace ddb::protocol {

// Writes a table export in AWS's own layout (Developer Guide, "DynamoDB table export output
// format"), under <bucket>/<prefix>/AWSDynamoDB/<export id>/:
//   _started                       empty, written first
//   data/<26 random chars>.json.gz one {"Item": {...}} line of DynamoDB JSON per item, gzipped
//   manifest-files.json            one line per data file: itemCount, md5Checksum, etag,
//                                  dataFileS3Key
//   manifest-summary.json          the export's summary (ManifestSummary below)
//   manifest-*.checksum            the MD5 of each manifest, in hex
// A data file holds the items of one segment of the table's hash space, as DynamoDB's hold one
// partition's; empty segments get an empty file, as DynamoDB writes one for an empty partition.
//
// An incremental export writes the same manifests, but its data files go to the folder that every
// incremental export under the prefix shares, <bucket>/<prefix>/AWSDynamoDB/data/, and hold one
// line per changed item: {"Metadata":{"WriteTimestampMicros":{"N":...}},"Keys":{...},
// "NewImage":{...},"OldImage":{...}}.

// One data file as manifest-files.json lists it.
struct ExportDataFile {
  std::string key;  // dataFileS3Key: the object's full key in the bucket
  uint64_t item_count = 0;
  std::string md5_base64;  // md5Checksum
  std::string md5_hex;     // etag (an S3 single-part upload's ETag is the MD5 in hex)
};

// What the export wrote.
struct ExportOutcome {
  std::vector<ExportDataFile> files;
  uint64_t item_count = 0;
  uint64_t data_bytes = 0;  // the gzipped bytes of the data files
};

// The members of manifest-summary.json besides the counts, which write_export fills in.
struct ManifestSummary {
  std::string export_arn;
  std::string start_time;  // ISO 8601 with milliseconds: iso_time()
  std::string end_time;
  std::string table_arn;
  std::string table_id;
  std::string export_time;
  std::string s3_bucket;
  std::string s3_prefix;  // empty: JSON null
  std::string s3_sse_algorithm;
  std::string s3_sse_kms_key_id;  // empty: JSON null
  std::string manifest_files_key;
  uint64_t billed_size_bytes = 0;
  uint64_t item_count = 0;
  std::string output_format = "DYNAMODB_JSON";
  // An incremental export's: export_type INCREMENTAL_EXPORT, its window and its view type (which
  // replace exportTime). Empty for a full export.
  std::string export_type{};
  std::string export_from_time{};
  std::string export_to_time{};
  std::string output_view{};
};

// How many data files an export writes: one per segment of the hash space.
inline constexpr uint32_t kExportSegments = 4;

// Writes `_started` and the data files of `table` (a copy nothing else writes to: Table::copy) into
// `directory` (the AWSDynamoDB/<id> directory, created with its parents), whose key in the bucket
// is `key_base`. Reads the table a page at a time, so memory holds one page and one gzip stream,
// never a second copy of the table. Throws std::runtime_error when a file cannot be written.
ExportOutcome write_export_data(const engine::Table& table, const std::filesystem::path& directory,
                                const std::string& key_base);

// Writes `_started` into `directory` (created with its parents) and the data files of an
// incremental export into `data_directory`, whose key in the bucket is `data_key_base`: one line
// per entry of `changes` (engine::Database::changes_in) whose key had an item before or after
// the window, the after-image read from `at_end` (the table just before the window closed, a
// copy nothing else writes to). With `old_images` false (ExportViewType NEW_IMAGE) the lines
// carry no OldImage. Throws std::runtime_error when a file cannot be written.
ExportOutcome write_incremental_export_data(const engine::Table& at_end,
                                            const std::vector<engine::WindowChange>& changes,
                                            bool old_images, const std::filesystem::path& directory,
                                            const std::filesystem::path& data_directory,
                                            const std::string& data_key_base);

// Writes manifest-files.json, manifest-summary.json and their checksums into `directory`.
void write_export_manifests(const std::filesystem::path& directory, const ExportOutcome& outcome,
                            const ManifestSummary& summary);

// The texts of the manifests, exactly as written.
std::string manifest_files_text(const std::vector<ExportDataFile>& files);
std::string manifest_summary_text(const ManifestSummary& summary);

// The export line of `item`: {"Item":<DynamoDB JSON>} and a newline.
void append_export_line(const engine::Item& item, std::string& out);

// The incremental export line of `change`, whose item is `after` when the window closed, for a
// table whose key schema is `schema`, and a newline; nothing when there was an item neither
// before nor after (it was created and deleted in the window).
void append_change_line(const engine::WindowChange& change,
                        const std::optional<engine::Item>& after, const engine::KeySchema& schema,
                        bool old_images, std::string& out);

// `epoch_ms` as the manifests write times: "2020-11-04T07:28:34.028Z".
std::string iso_time(int64_t epoch_ms);

// MD5 of `bytes`, raw (16 bytes).
std::string md5_digest(std::string_view bytes);
std::string hex_of(std::string_view bytes);

}  // namespace ddb::protocol
