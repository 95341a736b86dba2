#include "protocol/transfers/s3_directory.h"

#include <algorithm>
#include <system_error>

namespace ddb::protocol {

namespace {

bool is_alphanumeric(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

}  // namespace

bool is_bucket_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 255) return false;
  if (!is_alphanumeric(name.front()) || !is_alphanumeric(name.back())) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return is_alphanumeric(c) || c == '.' || c == '-' || c == '_'; });
}

bool is_local_key(std::string_view key) {
  if (key.find('\0') != std::string_view::npos) return false;
  if (key.ends_with('/')) key.remove_suffix(1);
  if (key.empty()) return true;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = key.find('/', start);
    std::string_view segment =
        key.substr(start, end == std::string_view::npos ? key.npos : end - start);
    if (segment.empty() || segment == "." || segment == "..") return false;
    if (end == std::string_view::npos) return true;
    start = end + 1;
  }
}

std::string join_key(std::string_view prefix, std::string_view rest) {
  if (prefix.empty()) return std::string(rest);
  std::string key(prefix);
  if (!key.ends_with('/')) key += '/';
  key += rest;
  return key;
}

bool S3Directory::has_bucket(std::string_view bucket) const {
  std::error_code ec;
  return std::filesystem::is_directory(root_ / std::string(bucket), ec);
}

std::filesystem::path S3Directory::object_path(std::string_view bucket,
                                               std::string_view key) const {
  return root_ / std::string(bucket) / std::string(key);
}

std::vector<S3Directory::Object> S3Directory::list(std::string_view bucket,
                                                   std::string_view prefix) const {
  std::vector<Object> objects;
  const std::filesystem::path directory = root_ / std::string(bucket);
  std::error_code ec;
  if (!std::filesystem::is_directory(directory, ec)) return objects;
  for (auto it = std::filesystem::recursive_directory_iterator(directory, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string key = it->path().lexically_relative(directory).generic_string();
    if (!key.starts_with(prefix)) continue;
    objects.push_back({std::move(key), static_cast<uint64_t>(it->file_size(ec))});
  }
  std::sort(objects.begin(), objects.end(),
            [](const Object& a, const Object& b) { return a.key < b.key; });
  return objects;
}

}  // namespace ddb::protocol
