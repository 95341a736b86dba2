#include "engine/durable/journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>

#include "engine/durable/codec.h"
#include "engine/durable/compaction.h"
#include "engine/durable/records.h"
#include "engine/durable/recovery.h"
#include "engine/error.h"

namespace ddb::engine::durable {

namespace {

namespace fs = std::filesystem;

constexpr const char* kLockName = "LOCK";

// Takes the directory's lock file, so that two servers never append to one log.
int lock_directory(const std::string& path) {
  std::string lock_path = (fs::path(path) / kLockName).string();
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw CorruptData("cannot open " + lock_path + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw CorruptData("data directory " + path + " is in use by another ddblocal process");
  }
  return fd;
}

// A directory the server has never used is empty (or holds only its lock file). A directory that
// holds other things but no log is refused: it is either not a data directory, or one that lost
// its log, and starting empty there would hide that.
void check_new_directory(const std::string& path) {
  for (const auto& entry : fs::directory_iterator(path)) {
    std::string name = entry.path().filename().string();
    if (name == kLockName) continue;
    throw CorruptData("data directory " + path + " has no " + Journal::kLogName + " but holds " +
                      name + "; refusing to start with an empty database there");
  }
}

}  // namespace

Journal::Journal(std::string path, JournalOptions options, int lock_fd)
    : path_(std::move(path)), options_(options), lock_fd_(lock_fd) {}

Journal::~Journal() {
  close();
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

std::shared_ptr<Journal> Journal::open(const std::string& path, const JournalOptions& options,
                                       Database& database, RecoveryReport* report) {
  const auto start = std::chrono::steady_clock::now();
  std::error_code error;
  fs::create_directories(path, error);
  if (error) throw CorruptData("cannot create data directory " + path + ": " + error.message());
  int lock_fd = lock_directory(path);
  std::shared_ptr<Journal> journal(new Journal(path, options, lock_fd));

  const std::string log_path = (fs::path(path) / kLogName).string();
  const std::string compact_path = log_path + kCompactingSuffix;
  // A compaction that a crash interrupted: the old log is still whole (the new one replaces it only
  // by an atomic rename once synced).
  fs::remove(compact_path, error);

  RecoveryReport found;
  if (fs::exists(log_path)) {
    ReplayResult replay = replay_log(log_path, database);
    found.records = replay.log.records;
    found.torn_bytes = replay.log.torn_bytes;
    for (const std::shared_ptr<Table>& table : database.all_tables()) {
      ++found.tables;
      found.items += table->item_count();
    }
    if (worth_compacting(replay.item_changes, found.items)) {
      journal->log_.emplace(compact(database, log_path, compact_path));
      sync_directory(path);
      found.compacted = true;
    } else {
      journal->log_.emplace(LogFile::open(log_path, replay.log.valid_bytes));
    }
  } else {
    check_new_directory(path);
    journal->log_.emplace(LogFile::create(log_path));
    sync_directory(path);
  }

  // What the log holds now is synced: LogFile::open and LogFile::create sync it.
  journal->syncer_.emplace(*journal->log_, options.sync, options.sync_interval);
  database.set_journal(journal);
  for (const std::shared_ptr<Table>& table : database.all_tables()) journal->attach(table);
  found.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  if (report) *report = found;
  return journal;
}

void Journal::attach(const std::shared_ptr<Table>& table) {
  table->add_change_listener(shared_from_this());
  table->set_definition_listener(
      [this](const TableDefinition& definition) { append(encode_definition_record(definition)); });
}

void Journal::table_created(std::string_view region, const std::shared_ptr<Table>& table) {
  append(encode_create_record(region, table->definition()));
  attach(table);
}

void Journal::detach(Table& table) {
  table.remove_change_listener(*this);
  table.set_definition_listener({});
}

void Journal::table_deleted(Table& table) {
  detach(table);
  append(encode_delete_record(table.table_id()));
}

namespace {

// Refuses a record that one log record cannot hold; `what` names the operation ("the restore").
void check_record_size(const std::string& record, std::string_view what) {
  if (record.size() > kMaxRecordBytes) {
    throw Error::validation(std::string(what) + " takes " + std::to_string(record.size()) +
                            " bytes in the data directory's log, more than one record may hold (" +
                            std::to_string(kMaxRecordBytes) + ")");
  }
}

}  // namespace

void Journal::namespaces_replaced(const NamespaceScope& scope,
                                  std::span<const std::shared_ptr<Table>> dropped,
                                  std::span<const RegionTable> added) {
  std::string record;
  encode_replace_record(scope, added, record);
  check_record_size(record, "the restore");
  // A write still committing on a dropped table logs under that table's id, which no restored
  // table has (each gets a new one), so replay ignores it as it ignores writes after a deletion.
  for (const std::shared_ptr<Table>& table : dropped) detach(*table);
  append(record);
  for (const RegionTable& entry : added) attach(entry.table);
}

void Journal::backup_created(const Backup& backup) {
  std::string record;
  encode_backup_record(backup, record);
  check_record_size(record, "the backup");
  append(record);
}

void Journal::backup_deleted(std::string_view region, std::string_view arn) {
  append(encode_backup_deleted_record(region, arn));
}

void Journal::table_restored(std::string_view region, const std::shared_ptr<Table>& table) {
  std::string record;
  encode_restored_table_record(region, *table, record);
  check_record_size(record, "the restored table");
  append(record);
  attach(table);
}

void Journal::on_changes(std::span<const ItemChange> changes) {
  thread_local std::string buffer;
  encode_changes_record(changes, buffer);
  append(buffer);
}

void Journal::append(const std::string& payload) { log_->append(payload); }

uint64_t Journal::durability_position() const { return syncer_->durability_position(); }

void Journal::when_durable(DurabilityTicket ticket, std::function<void()> done) {
  syncer_->when_durable(ticket, std::move(done));
}

void Journal::close() {
  if (syncer_) syncer_->close();
}

}  // namespace ddb::engine::durable
