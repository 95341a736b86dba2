#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::protocol {

// The local directory that stands in for Amazon S3 (--s3-dir): bucket B is the directory <root>/B,
// which must exist (nothing creates buckets), and an object's key is its path below that
// directory, its segments joined by '/'. Stateless; safe from any thread.
class S3Directory {
 public:
  explicit S3Directory(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path& root() const { return root_; }
  // Whether the bucket's directory exists. Requires: is_bucket_name(bucket).
  bool has_bucket(std::string_view bucket) const;
  // The file of the object `key` in `bucket`. Requires: is_bucket_name(bucket), is_local_key(key).
  std::filesystem::path object_path(std::string_view bucket, std::string_view key) const;

  struct Object {
    std::string key;
    uint64_t size = 0;
  };
  // The objects (regular files, at any depth) of `bucket` whose key starts with `prefix`, in key
  // order; none when the bucket does not exist.
  std::vector<Object> list(std::string_view bucket, std::string_view prefix) const;

 private:
  std::filesystem::path root_;
};

// Whether `name` matches the API's S3Bucket pattern, ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$, and
// its 255-character bound: such a name is one directory name (no '/'), never "." or "..".
bool is_bucket_name(std::string_view name);

// Whether `key` can be a file's path below a bucket's directory: no empty, "." or ".." segment
// (a trailing '/' aside) and no NUL. S3 takes any key; these are the ones a directory can hold.
bool is_local_key(std::string_view key);

// `prefix` and `rest` joined as S3 keys are: with one '/' between them, none when `prefix` is
// empty.
std::string join_key(std::string_view prefix, std::string_view rest);

}  // namespace ddb::protocol
