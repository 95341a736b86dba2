#include "protocol/transfers/export_writer.h"

#include <openssl/evp.h>
#include <zlib.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <stdexcept>

#include "engine/key_hash.h"
#include "protocol/json/base64.h"
#include "protocol/json/item_writer.h"
#include "protocol/json/json_fields.h"
#include "protocol/transfers/s3_directory.h"

namespace ddb::protocol {

namespace {

constexpr std::size_t kBufferedBytes = 256 * 1024;
// The item bytes of one page of the walk: decoded items take several times their stored size, so
// pages smaller than a Scan's 1 MB keep the export's memory small (bench/export_bench.py).
constexpr std::size_t kPageBytes = 128 * 1024;

// A name like DynamoDB's data files': 26 characters of a-z and 2-7 (base32), random.
std::string data_file_name() {
  static constexpr std::string_view kAlphabet = "abcdefghijklmnopqrstuvwxyz234567";
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::string name(26, 'a');
  for (char& c : name) c = kAlphabet[random() % kAlphabet.size()];
  return name;
}

std::runtime_error write_error(const std::filesystem::path& path) {
  return std::runtime_error("cannot write " + path.string());
}

void write_file(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) throw write_error(path);
}

// The MD5 of a file's bytes, read in chunks.
std::string file_md5(const std::filesystem::path& path) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(),
                                                                  EVP_MD_CTX_free);
  EVP_DigestInit_ex(context.get(), EVP_md5(), nullptr);
  std::ifstream in(path, std::ios::binary);
  std::string buffer(kBufferedBytes, '\0');
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    EVP_DigestUpdate(context.get(), buffer.data(), static_cast<std::size_t>(in.gcount()));
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_DigestFinal_ex(context.get(), digest.data(), &length);
  return std::string(reinterpret_cast<const char*>(digest.data()), length);
}

// One gzipped data file, written a buffer at a time.
class GzipFile {
 public:
  explicit GzipFile(const std::filesystem::path& path) : path_(path) {
    // Level 1: an export is a copy to read back, so speed counts more than the last few percent
    // of size.
    file_ = gzopen(path.c_str(), "wb1");
    if (file_ == nullptr) throw write_error(path);
    gzbuffer(file_, kBufferedBytes);
  }
  ~GzipFile() {
    if (file_ != nullptr) gzclose(file_);
  }
  GzipFile(const GzipFile&) = delete;
  GzipFile& operator=(const GzipFile&) = delete;

  void write(std::string_view bytes) {
    if (bytes.empty()) return;
    if (gzwrite(file_, bytes.data(), static_cast<unsigned>(bytes.size())) == 0) {
      throw write_error(path_);
    }
  }
  void close() {
    const int status = gzclose(file_);
    file_ = nullptr;
    if (status != Z_OK) throw write_error(path_);
  }

 private:
  std::filesystem::path path_;
  gzFile file_ = nullptr;
};

// The manifest entry of the data file at `path` (key `key`), closed, holding `item_count` lines;
// adds it to `outcome`.
void add_data_file(GzipFile& file, const std::filesystem::path& path, std::string key,
                   uint64_t item_count, ExportOutcome& outcome) {
  file.close();
  ExportDataFile entry;
  entry.key = std::move(key);
  entry.item_count = item_count;
  const std::string md5 = file_md5(path);
  entry.md5_base64 = base64_encode(md5);
  entry.md5_hex = hex_of(md5);
  std::error_code ec;
  outcome.item_count += entry.item_count;
  outcome.data_bytes += std::filesystem::file_size(path, ec);
  outcome.files.push_back(std::move(entry));
}

// Creates `directory` with its parents and writes its empty `_started`.
void start_export_directory(const std::filesystem::path& directory,
                            const std::filesystem::path& data_directory) {
  std::error_code ec;
  std::filesystem::create_directories(data_directory, ec);
  if (ec) throw write_error(data_directory);
  std::filesystem::create_directories(directory, ec);
  if (ec) throw write_error(directory);
  write_file(directory / "_started", "");
}

void append_key_member(const std::string& name, const engine::AttributeValue& value,
                       std::string& out) {
  out += Json(name).dump();
  out += ':';
  write_value(value, out);
}

Json string_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

}  // namespace

std::string md5_digest(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_md5(), nullptr);
  return std::string(reinterpret_cast<const char*>(digest.data()), length);
}

std::string hex_of(std::string_view bytes) {
  static constexpr std::string_view kDigits = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (unsigned char byte : bytes) {
    hex += kDigits[byte >> 4];
    hex += kDigits[byte & 0xF];
  }
  return hex;
}

std::string iso_time(int64_t epoch_ms) {
  const std::time_t seconds = static_cast<std::time_t>(epoch_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::array<char, 128> text{};
  std::snprintf(text.data(), text.size(), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(epoch_ms % 1000));
  return text.data();
}

void append_export_line(const engine::Item& item, std::string& out) {
  out += R"({"Item":)";
  write_item(item, out);
  out += "}\n";
}

ExportOutcome write_export_data(const engine::Table& table, const std::filesystem::path& directory,
                                const std::string& key_base) {
  start_export_directory(directory, directory / "data");
  ExportOutcome outcome;
  std::string lines;
  for (uint32_t segment = 0; segment < kExportSegments; ++segment) {
    const std::string name = "data/" + data_file_name() + ".json.gz";
    const std::filesystem::path path = directory / name;
    GzipFile file(path);
    uint64_t item_count = 0;
    std::optional<engine::Key> start_after;
    do {
      engine::Page page = table.scan({segment, kExportSegments},
                                     {.limit = 0, .max_bytes = kPageBytes}, start_after);
      lines.clear();
      for (const engine::Item& item : page.items) append_export_line(item, lines);
      file.write(lines);
      item_count += page.items.size();
      start_after = std::move(page.last_evaluated_key);
    } while (start_after);
    add_data_file(file, path, join_key(key_base, name), item_count, outcome);
  }
  return outcome;
}

void append_change_line(const engine::WindowChange& change,
                        const std::optional<engine::Item>& after, const engine::KeySchema& schema,
                        bool old_images, std::string& out) {
  if (!change.before && !after) return;
  // Microseconds, as DynamoDB JSON's N: ddblocal's clock counts milliseconds.
  out += R"({"Metadata":{"WriteTimestampMicros":{"N":")";
  out += std::to_string(change.last_change_ms * 1000);
  out += R"("}},"Keys":{)";
  append_key_member(schema.partition.name, change.key.partition, out);
  if (schema.sort && change.key.sort) {
    out += ',';
    append_key_member(schema.sort->name, *change.key.sort, out);
  }
  out += '}';
  if (after) {
    out += R"(,"NewImage":)";
    write_item(*after, out);
  }
  if (old_images && change.before) {
    out += R"(,"OldImage":)";
    write_item(*change.before, out);
  }
  out += "}\n";
}

ExportOutcome write_incremental_export_data(const engine::Table& at_end,
                                            const std::vector<engine::WindowChange>& changes,
                                            bool old_images, const std::filesystem::path& directory,
                                            const std::filesystem::path& data_directory,
                                            const std::string& data_key_base) {
  start_export_directory(directory, data_directory);
  struct Segment {
    std::string name;
    std::unique_ptr<GzipFile> file;
    uint64_t item_count = 0;
  };
  std::vector<Segment> segments(kExportSegments);
  for (Segment& segment : segments) {
    segment.name = data_file_name() + ".json.gz";
    segment.file = std::make_unique<GzipFile>(data_directory / segment.name);
  }
  std::string line;
  for (const engine::WindowChange& change : changes) {
    line.clear();
    append_change_line(change, at_end.get(change.key), at_end.key_schema(), old_images, line);
    if (line.empty()) continue;
    Segment& segment = segments[engine::partition_hash(change.key.partition) % kExportSegments];
    segment.file->write(line);
    ++segment.item_count;
  }
  ExportOutcome outcome;
  for (Segment& segment : segments) {
    add_data_file(*segment.file, data_directory / segment.name,
                  join_key(data_key_base, segment.name), segment.item_count, outcome);
  }
  return outcome;
}

std::string manifest_files_text(const std::vector<ExportDataFile>& files) {
  std::string text;
  for (const ExportDataFile& file : files) {
    // Members in the order DynamoDB writes them (Developer Guide's example).
    text += R"({"itemCount":)" + std::to_string(file.item_count) + R"(,"md5Checksum":)" +
            Json(file.md5_base64).dump() + R"(,"etag":)" + Json(file.md5_hex).dump() +
            R"(,"dataFileS3Key":)" + Json(file.key).dump() + "}\n";
  }
  return text;
}

std::string manifest_summary_text(const ManifestSummary& s) {
  // nlohmann's ordered_json keeps the Developer Guide's member order.
  nlohmann::ordered_json summary = {{"version", "2020-06-30"},   {"exportArn", s.export_arn},
                                    {"startTime", s.start_time}, {"endTime", s.end_time},
                                    {"tableArn", s.table_arn},   {"tableId", s.table_id}};
  if (s.export_type.empty()) {
    summary["exportTime"] = s.export_time;
  } else {
    summary["exportFromTime"] = s.export_from_time;
    summary["exportToTime"] = s.export_to_time;
  }
  summary["s3Bucket"] = s.s3_bucket;
  summary["s3Prefix"] = string_or_null(s.s3_prefix);
  summary["s3SseAlgorithm"] = s.s3_sse_algorithm;
  summary["s3SseKmsKeyId"] = string_or_null(s.s3_sse_kms_key_id);
  summary["manifestFilesS3Key"] = s.manifest_files_key;
  summary["billedSizeBytes"] = s.billed_size_bytes;
  summary["itemCount"] = s.item_count;
  summary["outputFormat"] = s.output_format;
  if (!s.export_type.empty()) {
    summary["outputView"] = s.output_view;
    summary["exportType"] = s.export_type;
  }
  return summary.dump() + "\n";
}

void write_export_manifests(const std::filesystem::path& directory, const ExportOutcome& outcome,
                            const ManifestSummary& summary) {
  const std::string files = manifest_files_text(outcome.files);
  write_file(directory / "manifest-files.json", files);
  write_file(directory / "manifest-files.checksum", hex_of(md5_digest(files)));
  const std::string text = manifest_summary_text(summary);
  write_file(directory / "manifest-summary.json", text);
  write_file(directory / "manifest-summary.checksum", hex_of(md5_digest(text)));
}

}  // namespace ddb::protocol
