#include "engine/durable/features_codec.h"

#include <cstdint>
#include <utility>

#include "engine/durable/codec.h"

namespace ddb::engine::durable {

namespace {

// Field numbers. Never reuse or renumber one: files on disk carry them.
enum Field : uint8_t {
  kResourcePolicy = 1,
  kStreamPolicies = 2,
  kPointInTimeRecovery = 3,
  kContributorInsights = 4,
  kKinesisDestinations = 5,
};

void policy(Encoder& out, const ResourcePolicy& value) {
  out.bytes(value.document);
  out.bytes(value.revision_id);
}

ResourcePolicy policy(Decoder& in) {
  ResourcePolicy value;
  value.document = std::string(in.bytes());
  value.revision_id = std::string(in.bytes());
  return value;
}

bool flag(Decoder& in) {
  uint8_t value = in.u8();
  if (value > 1) throw CorruptData("flag out of range");
  return value == 1;
}

}  // namespace

std::string encode_features(const TableFeatures& features) {
  std::string bytes;
  Encoder out(bytes);
  if (features.resource_policy) {
    field(out, kResourcePolicy, [&](Encoder& e) { policy(e, *features.resource_policy); });
  }
  if (!features.stream_policies.empty()) {
    field(out, kStreamPolicies, [&](Encoder& e) {
      e.varint(features.stream_policies.size());
      for (const auto& [arn, value] : features.stream_policies) {
        e.bytes(arn);
        policy(e, value);
      }
    });
  }
  const PointInTimeRecovery& pitr = features.point_in_time_recovery;
  if (pitr.enabled || pitr.recovery_period_days != PointInTimeRecovery{}.recovery_period_days) {
    field(out, kPointInTimeRecovery, [&](Encoder& e) {
      e.u8(pitr.enabled ? 1 : 0);
      e.u64(static_cast<uint64_t>(pitr.recovery_period_days));
      e.f64(pitr.enabled_time);
    });
  }
  if (!features.contributor_insights.empty()) {
    field(out, kContributorInsights, [&](Encoder& e) {
      e.varint(features.contributor_insights.size());
      for (const ContributorInsights& insights : features.contributor_insights) {
        e.bytes(insights.index_name);
        e.u8(insights.enabled ? 1 : 0);
        e.u8(static_cast<uint8_t>(insights.mode));
        e.f64(insights.last_update_time);
      }
    });
  }
  if (!features.kinesis_destinations.empty()) {
    field(out, kKinesisDestinations, [&](Encoder& e) {
      e.varint(features.kinesis_destinations.size());
      for (const KinesisDestination& destination : features.kinesis_destinations) {
        e.bytes(destination.stream_arn);
        e.u8(destination.active ? 1 : 0);
        e.u8(static_cast<uint8_t>(destination.precision));
      }
    });
  }
  return bytes;
}

TableFeatures decode_features(std::string_view bytes) {
  TableFeatures features;
  Decoder fields(bytes);
  while (!fields.done()) {
    uint8_t number = fields.u8();
    Decoder in(fields.bytes());
    switch (number) {
      case kResourcePolicy:
        features.resource_policy = policy(in);
        break;
      case kStreamPolicies:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          std::string arn(in.bytes());
          features.stream_policies.emplace(std::move(arn), policy(in));
        }
        break;
      case kPointInTimeRecovery:
        features.point_in_time_recovery.enabled = flag(in);
        features.point_in_time_recovery.recovery_period_days = static_cast<int64_t>(in.u64());
        features.point_in_time_recovery.enabled_time = in.f64();
        break;
      case kContributorInsights:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          ContributorInsights insights;
          insights.index_name = std::string(in.bytes());
          insights.enabled = flag(in);
          insights.mode = enumerator(in, ContributorInsightsMode::ThrottledKeys);
          insights.last_update_time = in.f64();
          features.contributor_insights.push_back(std::move(insights));
        }
        break;
      case kKinesisDestinations:
        for (uint64_t i = 0, n = in.varint(); i < n; ++i) {
          KinesisDestination destination;
          destination.stream_arn = std::string(in.bytes());
          destination.active = flag(in);
          destination.precision = enumerator(in, CreationTimePrecision::Microsecond);
          features.kinesis_destinations.push_back(std::move(destination));
        }
        break;
      default:
        throw CorruptData("unknown table feature field " + std::to_string(number));
    }
    in.expect_done();
  }
  return features;
}

}  // namespace ddb::engine::durable
