#include "protocol/faults/unprocessed_share.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "protocol/faults/fault_request.h"

namespace ddb::protocol {

std::vector<bool> UnprocessedShare::choose(
    const std::vector<std::string_view>& request_tables) const {
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < request_tables.size(); ++i) {
    const std::string_view table = table_name_in(request_tables[i]);
    if (tables_.empty() || std::find(tables_.begin(), tables_.end(), table) != tables_.end()) {
      candidates.push_back(i);
    }
  }
  // Rounded up, less a hair for products such as 0.7 × 10 = 7.000000000000001.
  const auto wanted =
      static_cast<std::size_t>(std::ceil(share_ * static_cast<double>(candidates.size()) - 1e-9));
  const std::size_t chosen = std::min(wanted, candidates.size());
  // The first `chosen` places of a partial Fisher-Yates shuffle. mt19937_64's output is fixed by
  // the standard, so a seed picks the same requests on every build.
  std::mt19937_64 random(seed_);
  for (std::size_t i = 0; i < chosen; ++i) {
    std::swap(candidates[i], candidates[i + random() % (candidates.size() - i)]);
  }
  std::vector<bool> unprocessed(request_tables.size(), false);
  for (std::size_t i = 0; i < chosen; ++i) unprocessed[candidates[i]] = true;
  return unprocessed;
}

}  // namespace ddb::protocol
