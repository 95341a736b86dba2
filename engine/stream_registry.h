#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stream.h"
#include "engine/table.h"

namespace ddb::engine {

// Every DynamoDB stream of the account, enabled or disabled, in the order they were created.
// Enabling attaches a stream to its table as a change listener; disabling detaches and closes
// it, and it stays listed until its retention has passed. Thread-safe.
class StreamRegistry {
 public:
  void set_options(StreamOptions options);
  StreamOptions options() const;

  // Creates the stream, lists it and attaches it to `table`. `identity.arn` comes in as the
  // prefix "<table arn>/stream/"; the label (the creation time, now when creation_ms is 0, moved
  // a millisecond past the table's previous stream so that every stream gets a new ARN) completes
  // it.
  std::shared_ptr<Stream> enable(Table& table, StreamIdentity identity);
  // Lists again, and attaches to `table`, a stream that was enabled when a durable database was
  // last stopped: `identity` is complete (ARN and label as before; creation_ms is read back from
  // the label). The stream starts with fresh shards and no records, as records are not kept.
  std::shared_ptr<Stream> restore(Table& table, StreamIdentity identity);
  // Detaches the stream from `table` and closes its shards; a stream not listed is ignored.
  void disable(Table& table, std::string_view arn);
  // Stops listing the streams `doomed` accepts (a reset or a restore dropped their tables), with
  // their records, enabled or not. Their tables are being dropped, so nothing detaches them.
  void forget_if(const std::function<bool(const Stream&)>& doomed);
  // The stream, or nullptr (never listed, or past its retention).
  std::shared_ptr<Stream> find(std::string_view arn) const;
  // Streams still readable, oldest first.
  std::vector<std::shared_ptr<Stream>> list() const;

 private:
  void prune_locked() const;

  mutable std::mutex mutex_;
  StreamOptions options_;
  mutable std::vector<std::shared_ptr<Stream>> streams_;
};

}  // namespace ddb::engine
