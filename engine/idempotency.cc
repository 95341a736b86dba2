#include "engine/idempotency.h"

#include <utility>

#include "engine/error.h"

namespace ddb::engine {

IdempotencyStore::IdempotencyStore(std::function<Clock::time_point()> now, Clock::duration window)
    : now_(std::move(now)), window_(window) {}

std::optional<std::string> IdempotencyStore::begin(const std::string& token,
                                                   const std::string& fingerprint) {
  std::lock_guard lock(mutex_);
  expire_locked(now_());
  auto [it, inserted] = entries_.try_emplace(token, Entry{fingerprint, std::nullopt, {}});
  if (inserted) return std::nullopt;
  const Entry& entry = it->second;
  if (entry.fingerprint != fingerprint) {
    // No capture of DynamoDB's text was found; this is the exception's description in the API
    // reference (TransactWriteItems, Errors).
    throw Error(ErrorType::IdempotentParameterMismatch,
                "DynamoDB rejected the request because you retried a request with a different "
                "payload but with an idempotent token that was already used.");
  }
  if (!entry.response) {
    // aws/aws-sdk-java-v2#2518 (AWS's answer to a retry racing its original).
    throw Error(ErrorType::TransactionInProgress,
                "Transaction from previous request is still in progress");
  }
  return entry.response;
}

void IdempotencyStore::complete(const std::string& token, std::string response) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(token);
  if (it == entries_.end()) return;
  Clock::time_point now = now_();
  it->second.response = std::move(response);
  it->second.completed = now;
  expiry_order_.emplace_back(now, token);
}

void IdempotencyStore::abandon(const std::string& token) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(token);
  if (it != entries_.end() && !it->second.response) entries_.erase(it);
}

void IdempotencyStore::clear() {
  std::lock_guard lock(mutex_);
  entries_.clear();
  expiry_order_.clear();
}

std::size_t IdempotencyStore::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

void IdempotencyStore::expire_locked(Clock::time_point now) {
  while (!expiry_order_.empty() && now - expiry_order_.front().first >= window_) {
    auto& [completed, token] = expiry_order_.front();
    auto it = entries_.find(token);
    // A token forgotten and claimed again since has a newer entry, which stays.
    if (it != entries_.end() && it->second.response && it->second.completed == completed) {
      entries_.erase(it);
    }
    expiry_order_.pop_front();
  }
}

}  // namespace ddb::engine
