#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace ddb::engine {

// The ClientRequestTokens of recent successful transactions, so that a retried request is
// answered without being applied again (TransactWriteItems' idempotency). A token is remembered
// with the fingerprint of its request and the response, for `window` after that request finished;
// then it is forgotten, and memory holds only the tokens of the last window. Thread-safe.
class IdempotencyStore {
 public:
  using Clock = std::chrono::steady_clock;
  // DynamoDB's window: "valid for 10 minutes after the first request that uses it is completed"
  // (API reference, TransactWriteItems ClientRequestToken).
  static constexpr Clock::duration kWindow = std::chrono::minutes(10);

  explicit IdempotencyStore(std::function<Clock::time_point()> now = Clock::now,
                            Clock::duration window = kWindow);

  // Claims `token` for a request with `fingerprint`. Returns nothing when the token is new (or
  // expired): the caller runs the request, then calls complete() on success or abandon() on
  // failure. Returns the stored response when the same request already completed. Throws
  // IdempotentParameterMismatch when the token completed with another fingerprint, and
  // TransactionInProgress while a request with that token is still running.
  std::optional<std::string> begin(const std::string& token, const std::string& fingerprint);
  // Remembers the response of the claimed token for the window, from now.
  void complete(const std::string& token, std::string response);
  // Forgets a claimed token whose request failed: a failed request can be retried with it.
  void abandon(const std::string& token);

  // Forgets every token (a reset or a restore of the namespace: a retried transaction must not be
  // answered from before it).
  void clear();

  // The tokens remembered or claimed now (for tests of the expiry).
  std::size_t size() const;

 private:
  struct Entry {
    std::string fingerprint;
    std::optional<std::string> response;  // empty while the request runs
    Clock::time_point completed;
  };

  // Drops the entries whose window has passed. Requires: mutex_ held.
  void expire_locked(Clock::time_point now);

  std::function<Clock::time_point()> now_;
  Clock::duration window_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  // Completed tokens in order of completion, which is the order in which they expire.
  std::deque<std::pair<Clock::time_point, std::string>> expiry_order_;
};

}  // namespace ddb::engine
