#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace ddb::engine::durable {

// The largest record a log holds: larger than any record the server writes in a request (a
// 100-action transaction of 400 KB items is 40 MB), so a length past it is damage, not data. A
// restore larger than this is refused (Journal::namespaces_replaced).
inline constexpr uint64_t kMaxRecordBytes = uint64_t{256} * 1024 * 1024;

// What reading a log found besides its records.
struct LogReadResult {
  uint64_t valid_bytes = 0;  // the header and every complete record
  uint64_t torn_bytes = 0;   // an incomplete last record (a crash mid-append), dropped
  uint64_t records = 0;
};

// An append-only file of checksummed records: a 16-byte header naming the format, then records of
// [u32 length][u32 CRC-32 of the length][u32 CRC-32 of the payload][payload], integers
// little-endian. Appends are thread-safe; each is one write(2), so once append() returns the
// record survives a crash of the process (kill -9); sync() makes it survive a power loss.
class LogFile {
 public:
  // Reads every record of the log at `path` in order. A record cut short at the end of the file
  // (or a zero-filled tail, which is how a file system can leave an append it never finished) is
  // a torn tail: it is reported in torn_bytes and not passed on. Anything else that does not check
  // out (a wrong header, a bad checksum, a length running past the end of a record that is
  // followed by more data) throws CorruptData naming the file and the offset.
  static LogReadResult read(const std::string& path,
                            const std::function<void(std::string_view payload)>& record);

  // Creates (replacing) the log at `path` with just the header, synced.
  static LogFile create(const std::string& path);
  // Opens the log at `path` for appending after its first `valid_bytes` (the rest, a torn tail,
  // is cut off and the cut synced).
  static LogFile open(const std::string& path, uint64_t valid_bytes);

  LogFile(LogFile&& other) noexcept;
  LogFile& operator=(LogFile&& other) = delete;
  LogFile(const LogFile&) = delete;
  ~LogFile();

  // Appends one record; returns the log's size after it. Aborts the process if the write fails
  // (a full disk): the change is already visible in memory, so the one safe answer is to stop
  // before anyone is told it succeeded.
  uint64_t append(std::string_view payload);
  // The size of the log: every record whose append() has returned lies within it. Lock-free.
  uint64_t size() const { return size_.load(std::memory_order_acquire); }
  // fdatasync(2). Aborts the process when it fails: after a failed fsync the kernel may have
  // dropped the dirty pages, and nothing written since the last good sync can be trusted.
  void sync() const;

 private:
  LogFile(int fd, uint64_t size) : fd_(fd), size_(size) {}

  int fd_ = -1;
  std::mutex mutex_;  // one append at a time, so that records never interleave
  // Written under mutex_, read without it.
  std::atomic<uint64_t> size_{0};
};

// CRC-32 (IEEE, as zlib's crc32) of `bytes`.
uint32_t crc32(std::string_view bytes);

// fsyncs the directory at `path`, so that a file created or renamed in it survives a power loss.
void sync_directory(const std::string& path);

}  // namespace ddb::engine::durable
