#include "engine/error.h"

namespace ddb::engine {

Error Error::transaction_canceled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (const CancellationReason& reason : reasons) {
    codes += (codes.empty() ? "" : ", ") + reason.code;
  }
  Error error(ErrorType::TransactionCanceled,
              "Transaction cancelled, please refer cancellation reasons for specific reasons [" +
                  codes + "]");
  error.reasons_ = std::move(reasons);
  return error;
}

}  // namespace ddb::engine
