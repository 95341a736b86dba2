#include "engine/error_details.h"

#include <memory>
#include <utility>

namespace ddb::engine {

Error conditional_check_failed(std::optional<Item> item) {
  if (!item) return {ErrorType::ConditionalCheckFailed, "The conditional request failed"};
  return {ErrorType::ConditionalCheckFailed, "The conditional request failed",
          std::make_shared<const ErrorDetails>(ErrorDetails{std::move(item), {}})};
}

Error transaction_canceled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (const CancellationReason& reason : reasons) {
    codes += (codes.empty() ? "" : ", ") + reason.code;
  }
  return {ErrorType::TransactionCanceled,
          "Transaction cancelled, please refer cancellation reasons for specific reasons [" +
              codes + "]",
          std::make_shared<const ErrorDetails>(ErrorDetails{std::nullopt, std::move(reasons)})};
}

}  // namespace ddb::engine
