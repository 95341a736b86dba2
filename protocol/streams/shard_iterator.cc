#include "protocol/streams/shard_iterator.h"

#include <charconv>
#include <ctime>
#include <optional>

#include "engine/error.h"
#include "protocol/json/base64.h"

namespace ddb::protocol::streams {

namespace {

constexpr std::string_view kSeparator = "|1|";

template <typename Int>
std::optional<Int> parse_number(std::string_view text) {
  Int value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// "Thu Jul 02 12:57:57 UTC 2015", as the Kinesis family words times in this message.
std::string utc_text(int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  std::strftime(text, sizeof text, "%a %b %d %H:%M:%S UTC %Y", &utc);
  return text;
}

engine::Error invalid_iterator() {
  // Not confirmed against the service: DynamoDB answers a malformed iterator with a
  // ValidationException (scylladb's test_streams.py, run against DynamoDB) whose text has not
  // been captured.
  return engine::Error::validation("Invalid ShardIterator");
}

}  // namespace

std::string encode_shard_iterator(const ShardIterator& iterator) {
  return iterator.stream_arn + std::string(kSeparator) +
         base64_encode(iterator.shard_id + "|" + std::to_string(iterator.position) + "|" +
                       std::to_string(iterator.issued_ms));
}

ShardIterator decode_shard_iterator(std::string_view text, int64_t now_ms) {
  std::size_t separator = text.find(kSeparator);
  if (separator == std::string_view::npos) throw invalid_iterator();
  auto rest = base64_decode(text.substr(separator + kSeparator.size()));
  if (!rest) throw invalid_iterator();
  std::string_view fields = *rest;
  std::size_t first = fields.find('|');
  std::size_t second = first == std::string_view::npos ? first : fields.find('|', first + 1);
  if (second == std::string_view::npos) throw invalid_iterator();
  auto position = parse_number<uint64_t>(fields.substr(first + 1, second - first - 1));
  auto issued = parse_number<int64_t>(fields.substr(second + 1));
  if (!position || !issued) throw invalid_iterator();
  ShardIterator iterator{std::string(text.substr(0, separator)),
                         std::string(fields.substr(0, first)), *position, *issued};
  if (now_ms - iterator.issued_ms > kIteratorLifetimeMs) {
    // The wording of the Kinesis family's ExpiredIteratorException, with DynamoDB Streams'
    // 15-minute lifetime; not confirmed against DynamoDB Streams itself.
    throw engine::Error(engine::ErrorType::ExpiredIterator,
                        "Iterator expired. The iterator was created at time " +
                            utc_text(iterator.issued_ms) + " while right now it is " +
                            utc_text(now_ms) +
                            " which is further in the future than the tolerated delay of " +
                            std::to_string(kIteratorLifetimeMs) + " milliseconds.");
  }
  return iterator;
}

}  // namespace ddb::protocol::streams
