#include "engine/error_details.h"

#include <memory>
#include <utility>

namespace ddb::engine {

Error conditional_check_failed(std::optional<Item> item) {
  if (!item) return {ErrorType::ConditionalCheckFailed, "The conditional request failed"};
  auto details = std::make_shared<ErrorDetails>();
  details->item = std::move(item);
  return {ErrorType::ConditionalCheckFailed, "The conditional request failed", std::move(details)};
}

Error transaction_canceled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (const CancellationReason& reason : reasons) {
    codes += (codes.empty() ? "" : ", ") + reason.code;
  }
  auto details = std::make_shared<ErrorDetails>();
  details->cancellation_reasons = std::move(reasons);
  return {ErrorType::TransactionCanceled,
          "Transaction cancelled, please refer cancellation reasons for specific reasons [" +
              codes + "]",
          std::move(details)};
}

}  // namespace ddb::engine
