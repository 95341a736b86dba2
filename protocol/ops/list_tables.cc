#include <algorithm>

#include "protocol/operations.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

Json list_tables(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto start = get_string(request, "ExclusiveStartTableName");
  auto limit = get_integer(request, "Limit");
  constraints.name(start, "exclusiveStartTableName", false);
  constraints.min(limit, 1, "limit");
  constraints.max(limit, 100, "limit");
  constraints.check();

  std::vector<std::string> names = ctx.database.table_names(ctx.region);
  auto first = names.begin();
  if (start) first = std::upper_bound(names.begin(), names.end(), *start);
  std::size_t page_size = static_cast<std::size_t>(limit.value_or(100));
  auto last = names.end() - first > static_cast<std::ptrdiff_t>(page_size)
                  ? first + static_cast<std::ptrdiff_t>(page_size)
                  : names.end();
  Json response = {{"TableNames", std::vector<std::string>(first, last)}};
  if (last != names.end()) response["LastEvaluatedTableName"] = *(last - 1);
  return response;
}

}  // namespace ddb::protocol
