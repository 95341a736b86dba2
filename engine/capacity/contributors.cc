#include "engine/capacity/contributors.h"

#include <algorithm>
#include <iterator>

#include "engine/key_bytes.h"

namespace ddb::engine {

namespace {

// A key's identity in Counts: the partition's key bytes, length first so that no partition and
// sort pair reads as another, then the sort key's.
std::string identity(const AttributeValue& partition, const AttributeValue* sort) {
  std::string bytes;
  append_key_bytes(partition, bytes);
  if (sort == nullptr) return bytes;
  std::string both = std::to_string(bytes.size()) + ":" + bytes;
  append_key_bytes(*sort, both);
  return both;
}

// One rule's keys in one minute (Contributors::Counts).
using Counts = std::unordered_map<std::string, Contributor>;

// The sum of one rule's `minutes`, most units (then requests) first, at most `n`.
std::vector<Contributor> merged(const std::vector<const Counts*>& minutes, std::size_t n,
                                bool by_units) {
  Counts sums;
  for (const Counts* minute : minutes) {
    for (const auto& [key, counts] : *minute) {
      auto [it, added] = sums.try_emplace(key, counts);
      if (added) continue;
      it->second.units += counts.units;
      it->second.requests += counts.requests;
    }
  }
  std::vector<std::pair<std::string, Contributor>> all(std::make_move_iterator(sums.begin()),
                                                       std::make_move_iterator(sums.end()));
  auto before = [by_units](const auto& a, const auto& b) {
    if (by_units && a.second.units != b.second.units) return a.second.units > b.second.units;
    if (a.second.requests != b.second.requests) return a.second.requests > b.second.requests;
    return a.first < b.first;
  };
  const std::size_t shown = std::min(n, all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(shown), all.end(),
                    before);
  std::vector<Contributor> top;
  top.reserve(shown);
  for (std::size_t i = 0; i < shown; ++i) top.push_back(std::move(all[i].second));
  return top;
}

}  // namespace

void Contributors::configure(const TableDefinition& definition) {
  std::lock_guard lock(mutex_);
  std::map<std::string, Target, std::less<>> targets;
  for (const ContributorInsights& insights : definition.features.contributor_insights) {
    if (!insights.enabled) continue;
    auto previous = targets_.find(insights.index_name);
    if (previous != targets_.end() && previous->second.enabled_at == insights.last_update_time &&
        previous->second.mode == insights.mode) {
      targets.emplace(insights.index_name, std::move(previous->second));
    } else {
      targets.emplace(insights.index_name, Target{insights.mode, insights.last_update_time, {}});
    }
  }
  targets_ = std::move(targets);
  enabled_.store(!targets_.empty(), std::memory_order_relaxed);
}

Contributors::Bucket& Contributors::bucket(Target& target, int64_t now_us) {
  const int64_t minute = now_us / kMinuteUs;
  // A clock moved back counts into the newest bucket rather than reopening an old one.
  if (target.buckets.empty() || target.buckets.back().minute < minute) {
    target.buckets.push_back(Bucket{minute, {}, {}, {}, {}});
  }
  while (!target.buckets.empty() &&
         target.buckets.front().minute + static_cast<int64_t>(kWindowMinutes) <= minute) {
    target.buckets.pop_front();
  }
  return target.buckets.back();
}

void Contributors::add(Counts& counts, const AttributeValue& partition, const AttributeValue* sort,
                       double units) {
  std::string key = identity(partition, sort);
  auto found = counts.find(key);
  if (found == counts.end()) {
    Contributor entry{partition, sort ? std::optional<AttributeValue>(*sort) : std::nullopt, 0, 0};
    if (counts.size() >= kKeysPerBucket) {
      // Space-saving: the new key takes over the least counted slot and its figures.
      auto least = std::min_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
        return a.second.units != b.second.units ? a.second.units < b.second.units
                                                : a.second.requests < b.second.requests;
      });
      entry.units = least->second.units;
      entry.requests = least->second.requests;
      counts.erase(least);
    }
    found = counts.emplace(std::move(key), std::move(entry)).first;
  }
  found->second.units += units;
  ++found->second.requests;
}

void Contributors::accessed(std::string_view target, const AttributeValue& partition,
                            const AttributeValue* sort, double units, int64_t now_us) {
  std::lock_guard lock(mutex_);
  auto found = targets_.find(target);
  if (found == targets_.end() ||
      found->second.mode != ContributorInsightsMode::AccessedAndThrottledKeys) {
    return;
  }
  Bucket& minute = bucket(found->second, now_us);
  add(minute.accessed_partitions, partition, nullptr, units);
  if (sort) add(minute.accessed_items, partition, sort, units);
}

void Contributors::throttled(std::string_view target, const AttributeValue& partition,
                             const AttributeValue* sort, int64_t now_us) {
  std::lock_guard lock(mutex_);
  auto found = targets_.find(target);
  if (found == targets_.end()) return;
  Bucket& minute = bucket(found->second, now_us);
  add(minute.throttled_partitions, partition, nullptr, 0);
  if (sort) add(minute.throttled_items, partition, sort, 0);
}

std::optional<ContributorsTop> Contributors::top(std::string_view target, std::size_t n,
                                                 std::size_t minutes, int64_t now_us) const {
  std::lock_guard lock(mutex_);
  auto found = targets_.find(target);
  if (found == targets_.end()) return std::nullopt;
  const int64_t oldest =
      now_us / kMinuteUs - static_cast<int64_t>(std::min(minutes, kWindowMinutes)) + 1;
  auto rule = [&](Counts Bucket::*member, bool by_units) {
    std::vector<const Counts*> window;
    for (const Bucket& bucket : found->second.buckets) {
      if (bucket.minute >= oldest) window.push_back(&(bucket.*member));
    }
    return merged(window, n, by_units);
  };
  ContributorsTop top;
  top.accessed_partitions = rule(&Bucket::accessed_partitions, true);
  top.accessed_items = rule(&Bucket::accessed_items, true);
  top.throttled_partitions = rule(&Bucket::throttled_partitions, false);
  top.throttled_items = rule(&Bucket::throttled_items, false);
  return top;
}

}  // namespace ddb::engine
