#include "server/seed_files.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <utility>

#include "protocol/admin/seed/seed_document.h"
#include "protocol/admin/seed/seed_items.h"
#include "server/gzip.h"

namespace ddb::server {

namespace {

namespace fs = std::filesystem;
using protocol::SeedError;
using protocol::SeedPart;

constexpr std::string_view kDocumentSuffix = ".json";
constexpr std::string_view kItemSuffixes[] = {".jsonl", ".jsonl.gz", ".json.gz"};

SeedError file_error(const fs::path& path, std::string message) {
  return SeedError("", std::move(message)).at(path.string(), 0);
}

// The table an item file's name gives ("Users.jsonl": Users), if it is named as one.
std::optional<std::string> item_file_table(const std::string& name) {
  for (std::string_view suffix : kItemSuffixes) {
    if (name.size() > suffix.size() && name.ends_with(suffix)) {
      return name.substr(0, name.size() - suffix.size());
    }
  }
  return std::nullopt;
}

bool is_document(const std::string& name) {
  return name.size() > kDocumentSuffix.size() && name.ends_with(kDocumentSuffix);
}

// The file's bytes, gunzipped when they start with gzip's magic number.
std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::string bytes;
  if (file) bytes.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  if (!file && !file.eof()) {
    throw file_error(path, std::string("cannot read it: ") + std::strerror(errno));
  }
  if (!bytes.starts_with("\x1f\x8b")) return bytes;
  Inflated inflated = gzip_decompress(bytes, std::numeric_limits<std::size_t>::max() / 2);
  if (inflated.status != Inflated::Status::Ok) throw file_error(path, "not a valid gzip file");
  return std::move(inflated.data);
}

class SeedReader {
 public:
  protocol::Seed take() { return std::move(seed_); }

  void read_path(const fs::path& path) {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error) throw file_error(path, "cannot read it: " + error.message());
    if (fs::is_directory(status)) {
      read_directory(path);
      return;
    }
    const std::string name = path.filename().string();
    if (is_document(name)) {
      read_document(path);
    } else if (std::optional<std::string> table = item_file_table(name)) {
      read_items(path, *table, {});
    } else {
      throw file_error(path,
                       "not a seed file: expected a seed document (*.json), an item file "
                       "(<TableName>.jsonl, .jsonl.gz or .json.gz) or a directory of them");
    }
  }

 private:
  // The directory's documents, then its item files, each in name order.
  void read_directory(const fs::path& directory) {
    std::vector<fs::path> documents;
    std::vector<fs::path> item_files;
    for (const fs::path& entry : entries(directory, false)) {
      const std::string name = entry.filename().string();
      if (is_document(name)) documents.push_back(entry);
      if (item_file_table(name)) item_files.push_back(entry);
    }
    for (const fs::path& document : documents) read_document(document);
    for (const fs::path& file : item_files) {
      read_items(file, *item_file_table(file.filename().string()), {});
    }
  }

  // The regular files in `directory` (and, `recursive`, below it), in path order.
  static std::vector<fs::path> entries(const fs::path& directory, bool recursive) {
    std::vector<fs::path> files;
    std::error_code error;
    const auto add = [&](const fs::directory_entry& entry) {
      if (entry.is_regular_file(error)) files.push_back(entry.path());
    };
    if (recursive) {
      for (fs::recursive_directory_iterator it(directory, error), end; !error && it != end;
           it.increment(error)) {
        add(*it);
      }
    } else {
      for (fs::directory_iterator it(directory, error), end; !error && it != end;
           it.increment(error)) {
        add(*it);
      }
    }
    if (error) throw file_error(directory, "cannot list it: " + error.message());
    std::sort(files.begin(), files.end());
    return files;
  }

  void read_document(const fs::path& path) {
    SeedPart part =
        protocol::read_seed_document(path.string(), read_text(path), protocol::ItemFiles::Allowed);
    std::vector<protocol::SeedItemFile> item_files = std::move(part.item_files);
    const protocol::SeedNamespace space = part.space;
    seed_.push_back(std::move(part));
    const std::size_t document = seed_.size() - 1;
    for (const protocol::SeedItemFile& file : item_files) {
      const fs::path named = path.parent_path() / file.path;
      std::error_code error;
      if (!fs::exists(named, error)) {
        throw SeedError("", "no such file or directory: " + named.string())
            .at(seed_[document].source, protocol::line_of(seed_[document].text, file.where),
                file.where);
      }
      if (!fs::is_directory(named, error)) {
        read_items(named, file.table, space);
        continue;
      }
      for (const fs::path& entry : entries(named, true)) {
        if (item_file_table(entry.filename().string())) read_items(entry, file.table, space);
      }
    }
  }

  void read_items(const fs::path& path, const std::string& table,
                  const protocol::SeedNamespace& space) {
    SeedPart part;
    part.source = path.string();
    part.space = space;
    try {
      part.items.push_back(protocol::read_item_lines(table, read_text(path)));
    } catch (SeedError& error) {
      error.in(part.source);
      throw;
    }
    seed_.push_back(std::move(part));
  }

  protocol::Seed seed_;
};

}  // namespace

protocol::Seed read_seed_paths(const std::vector<std::string>& paths) {
  SeedReader reader;
  for (const std::string& path : paths) reader.read_path(path);
  return reader.take();
}

}  // namespace ddb::server
