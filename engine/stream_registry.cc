#include "engine/stream_registry.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>

namespace ddb::engine {

namespace {

// "2026-11-21T10:17:10.123", the form of DynamoDB's stream labels, in UTC.
std::string iso_label(int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::string millis = std::to_string(ms % 1000);
  return std::string(text) + "." + std::string(3 - millis.size(), '0') + millis;
}

// The inverse of iso_label; 0 for a label not of that form.
int64_t label_ms(const std::string& label) {
  std::tm utc{};
  const char* rest = strptime(label.c_str(), "%Y-%m-%dT%H:%M:%S", &utc);
  if (!rest || rest[0] != '.') return 0;
  int64_t millis = std::strtol(rest + 1, nullptr, 10);
  return static_cast<int64_t>(timegm(&utc)) * 1000 + millis;
}

}  // namespace

void StreamRegistry::set_options(StreamOptions options) {
  std::lock_guard lock(mutex_);
  options_ = std::move(options);
}

StreamOptions StreamRegistry::options() const {
  std::lock_guard lock(mutex_);
  return options_;
}

std::shared_ptr<Stream> StreamRegistry::enable(Table& table, StreamIdentity identity) {
  std::lock_guard lock(mutex_);
  prune_locked();
  if (identity.creation_ms == 0) identity.creation_ms = options_.clock();
  std::string prefix = identity.arn;
  for (const auto& stream : streams_) {
    const StreamIdentity& other = stream->identity();
    if (other.table_name == identity.table_name && other.creation_ms >= identity.creation_ms) {
      identity.creation_ms = other.creation_ms + 1;
    }
  }
  identity.label = iso_label(identity.creation_ms);
  identity.arn = prefix + identity.label;
  auto stream = std::make_shared<Stream>(std::move(identity), options_);
  streams_.push_back(stream);
  table.add_change_listener(stream);
  return stream;
}

std::shared_ptr<Stream> StreamRegistry::restore(Table& table, StreamIdentity identity) {
  std::lock_guard lock(mutex_);
  identity.creation_ms = label_ms(identity.label);
  auto stream = std::make_shared<Stream>(std::move(identity), options_);
  streams_.push_back(stream);
  table.add_change_listener(stream);
  return stream;
}

void StreamRegistry::disable(Table& table, std::string_view arn) {
  std::shared_ptr<Stream> stream = find(arn);
  if (!stream) return;
  table.remove_change_listener(*stream);
  stream->disable();
}

void StreamRegistry::forget_if(const std::function<bool(const Stream&)>& doomed) {
  std::vector<std::shared_ptr<Stream>> forgotten;  // released after the lock
  std::lock_guard lock(mutex_);
  for (auto& stream : streams_) {
    if (doomed(*stream)) forgotten.push_back(std::move(stream));
  }
  std::erase(streams_, nullptr);
}

std::shared_ptr<Stream> StreamRegistry::find(std::string_view arn) const {
  std::lock_guard lock(mutex_);
  prune_locked();
  for (const auto& stream : streams_) {
    if (stream->identity().arn == arn) return stream;
  }
  return nullptr;
}

std::vector<std::shared_ptr<Stream>> StreamRegistry::list() const {
  std::lock_guard lock(mutex_);
  prune_locked();
  return streams_;
}

void StreamRegistry::prune_locked() const {
  std::erase_if(streams_, [](const auto& stream) { return stream->expired(); });
}

}  // namespace ddb::engine
