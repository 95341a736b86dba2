#include "protocol/transfers/import_reader.h"

#include <zlib.h>
#include <zstd.h>

#include <utility>

#include "protocol/admin/seed/seed.h"
#include "protocol/admin/seed/seed_items.h"
#include "protocol/json/json_position.h"

namespace ddb::protocol {

namespace {

constexpr std::size_t kChunkBytes = 256 * 1024;
// A line longer than this is not a line of an item (400 KB at most, however it is written).
constexpr std::size_t kMaxLineBytes = 64 * 1024 * 1024;

}  // namespace

// Reads an object's bytes and decodes them in chunks.
struct ObjectLines::Decoder {
  virtual ~Decoder() = default;
  // Appends up to about kChunkBytes decoded bytes to `out`; false at the end.
  virtual bool read(std::string& out) = 0;
};

namespace {

std::string describe(const std::filesystem::path& path) { return path.filename().string(); }

// Uncompressed bytes, and gzip (zlib's gzread, which also takes several members back to back).
class GzipDecoder : public ObjectLines::Decoder {
 public:
  GzipDecoder(const std::filesystem::path& path, bool compressed) : path_(path) {
    file_ = gzopen(path.c_str(), "rb");
    if (file_ == nullptr) throw ImportReadError("cannot open " + describe(path));
    gzbuffer(file_, kChunkBytes);
    // zlib reads bytes that are not gzip as they are; an import that says GZIP must be gzip.
    if (compressed && gzdirect(file_) && std::filesystem::file_size(path) > 0) {
      gzclose(file_);
      file_ = nullptr;
      throw ImportReadError(describe(path) + " is not gzip data");
    }
  }
  ~GzipDecoder() override {
    if (file_ != nullptr) gzclose(file_);
  }
  bool read(std::string& out) override {
    const std::size_t size = out.size();
    out.resize(size + kChunkBytes);
    const int got = gzread(file_, out.data() + size, static_cast<unsigned>(kChunkBytes));
    if (got < 0) {
      out.resize(size);
      throw ImportReadError(describe(path_) + " is not valid gzip data");
    }
    out.resize(size + static_cast<std::size_t>(got));
    return got > 0;
  }

 private:
  std::filesystem::path path_;
  gzFile file_ = nullptr;
};

class ZstdDecoder : public ObjectLines::Decoder {
 public:
  explicit ZstdDecoder(const std::filesystem::path& path)
      : path_(path), input_(ZSTD_DStreamInSize(), '\0') {
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) throw ImportReadError("cannot open " + describe(path));
    stream_ = ZSTD_createDStream();
  }
  ~ZstdDecoder() override {
    ZSTD_freeDStream(stream_);
    if (file_ != nullptr) std::fclose(file_);
  }
  bool read(std::string& out) override {
    const std::size_t start = out.size();
    while (out.size() == start) {
      bool at_end = false;
      if (in_.pos == in_.size) {
        const std::size_t got = std::fread(input_.data(), 1, input_.size(), file_);
        if (got == 0) {
          at_end = true;
        } else {
          in_ = {input_.data(), got, 0};
          read_any_ = true;
        }
      }
      // At the end of the file this still flushes what the decoder holds.
      const std::size_t size = out.size();
      out.resize(size + kChunkBytes);
      ZSTD_outBuffer output{out.data() + size, kChunkBytes, 0};
      // 0 once a frame is decoded and flushed; a call at the end with nothing left to decode then
      // asks for the next frame, so the end is judged by the call before it.
      const std::size_t previous = last_result_;
      last_result_ = ZSTD_decompressStream(stream_, &output, &in_);
      if (ZSTD_isError(last_result_)) {
        out.resize(size);
        throw ImportReadError(describe(path_) + " is not valid zstd data");
      }
      out.resize(size + output.pos);
      if (at_end && output.pos == 0) {
        // Ending inside a frame is a truncated object; an empty one holds no lines.
        if (read_any_ && previous != 0)
          throw ImportReadError(describe(path_) + " is truncated zstd data");
        return false;
      }
    }
    return true;
  }

 private:
  std::filesystem::path path_;
  std::FILE* file_ = nullptr;
  ZSTD_DStream* stream_ = nullptr;
  std::string input_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  std::size_t last_result_ = 0;
  bool read_any_ = false;
};

}  // namespace

ObjectLines::ObjectLines(const std::filesystem::path& path, Compression compression) : path_(path) {
  if (compression == Compression::Zstd) {
    decoder_ = std::make_unique<ZstdDecoder>(path);
  } else {
    decoder_ = std::make_unique<GzipDecoder>(path, compression == Compression::Gzip);
  }
}

ObjectLines::~ObjectLines() = default;

bool ObjectLines::fill() {
  if (ended_) return false;
  if (position_ > 0) {
    buffer_.erase(0, position_);
    position_ = 0;
  }
  if (!decoder_->read(buffer_)) ended_ = true;
  return !ended_;
}

bool ObjectLines::next(std::string& line) {
  while (true) {
    const std::size_t end = buffer_.find('\n', position_);
    if (end != std::string::npos) {
      std::size_t stop = end;
      if (stop > position_ && buffer_[stop - 1] == '\r') --stop;
      line.assign(buffer_, position_, stop - position_);
      position_ = end + 1;
      return true;
    }
    if (buffer_.size() - position_ > kMaxLineBytes) {
      throw ImportReadError(describe(path_) + " has a line of more than 64 MB");
    }
    if (!fill()) {
      if (position_ >= buffer_.size()) return false;
      line.assign(buffer_, position_);
      if (line.ends_with('\r')) line.pop_back();
      position_ = buffer_.size();
      return true;
    }
  }
}

Json dynamodb_json_item(std::string_view line) {
  Json element;
  try {
    element = read_json_or_throw(line);
  } catch (const JsonSyntaxError& error) {
    throw std::invalid_argument(std::string("not JSON: ") + error.what());
  }
  try {
    Json item = std::move(item_of(element));
    return item;
  } catch (const SeedError& error) {
    throw std::invalid_argument(error.message());
  }
}

std::vector<std::string> csv_fields(std::string_view line, char delimiter) {
  std::vector<std::string> fields;
  std::string field;
  std::size_t i = 0;
  while (true) {
    field.clear();
    if (i < line.size() && line[i] == '"') {
      ++i;
      while (true) {
        if (i >= line.size()) throw std::invalid_argument("a quoted field is not closed");
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += line[i++];
      }
      if (i < line.size() && line[i] != delimiter) {
        throw std::invalid_argument("text after a quoted field's closing quote");
      }
    } else {
      const std::size_t end = line.find(delimiter, i);
      field.assign(line.substr(i, end == std::string_view::npos ? line.npos : end - i));
      i = end == std::string_view::npos ? line.size() : end;
    }
    fields.push_back(field);
    if (i >= line.size()) return fields;
    ++i;  // the delimiter
  }
}

Json csv_item(const std::vector<std::string>& header, const std::vector<std::string>& fields,
              const std::map<std::string, std::string, std::less<>>& types) {
  // "headers ... as long as they match the number of columns in the file" (Developer Guide,
  // "Amazon S3 import formats for DynamoDB").
  if (fields.size() != header.size()) {
    throw std::invalid_argument("the record has " + std::to_string(fields.size()) +
                                " fields and the header " + std::to_string(header.size()));
  }
  Json item = Json::object();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].empty()) continue;
    auto type = types.find(header[i]);
    item[header[i]] = {{type == types.end() ? "S" : type->second, fields[i]}};
  }
  return item;
}

}  // namespace ddb::protocol
