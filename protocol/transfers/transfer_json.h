#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "protocol/context.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/transfers.h"

namespace ddb::protocol {

// What the export and import operations share: the wire form of their jobs, the --s3-dir check
// and their paging.

// The jobs of the server (RequestContext::transfers); a ValidationException naming --s3-dir for
// `operation` when the server was started without a directory standing in for S3.
Transfers& require_transfers(const RequestContext& ctx, std::string_view operation);

// An S3Bucket member at `path` ("s3Bucket"), checked as the model checks it: present, at most 255
// characters, matching ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$ (is_bucket_name).
void check_bucket(const std::optional<std::string>& bucket, std::string_view path,
                  Constraints& constraints);

Json export_description(const ExportJob& job);  // ExportDescription
Json export_summary(const ExportJob& job);      // ExportSummary
Json import_description(const ImportJob& job);  // ImportTableDescription
Json import_summary(const ImportJob& job);      // ImportSummary

// The NextToken that resumes a listing at the job `arn`: the ARN in hex, padded with '0' to a
// multiple of 16 digits and at least 112 (ListImports' model pattern, ([0-9a-f]{16})+).
std::string next_token_of(std::string_view arn);
// The ARN a NextToken resumes at; ValidationException "Invalid NextToken: <token>" when it is not
// one of next_token_of's.
std::string arn_of_next_token(std::string_view token);

// A page of `jobs` (each with an `arn`), starting at the ARN `token` names, `size` long; sets
// `next` to the token of the rest when there is more. ValidationException for a token that names
// no job of the listing.
template <typename Job>
std::vector<Job> page_of(std::vector<Job> jobs, const std::optional<std::string>& token,
                         std::size_t size, std::optional<std::string>& next) {
  std::size_t start = 0;
  if (token) {
    const std::string arn = arn_of_next_token(*token);
    while (start < jobs.size() && jobs[start].arn != arn) ++start;
    if (start == jobs.size()) throw engine::Error::validation("Invalid NextToken: " + *token);
  }
  std::vector<Job> page;
  for (std::size_t i = start; i < jobs.size() && page.size() < size; ++i) page.push_back(jobs[i]);
  if (start + page.size() < jobs.size()) next = next_token_of(jobs[start + page.size()].arn);
  return page;
}

}  // namespace ddb::protocol
