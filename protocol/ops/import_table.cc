#include <string>
#include <vector>

#include "engine/error.h"
#include "protocol/operations.h"
#include "protocol/requests/constraints.h"
#include "protocol/transfers/s3_directory.h"
#include "protocol/transfers/transfer_json.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The members of TableCreationParameters, which are CreateTable's.
constexpr std::string_view kTableMembers[] = {
    "TableName",        "AttributeDefinitions",  "KeySchema",
    "BillingMode",      "ProvisionedThroughput", "OnDemandThroughput",
    "SSESpecification", "GlobalSecondaryIndexes"};

Compression compression_of(const std::optional<std::string>& name) {
  if (name == "GZIP") return Compression::Gzip;
  if (name == "ZSTD") return Compression::Zstd;
  return Compression::None;
}

// InputFormatOptions.Csv: its Delimiter (one of , ; : | tab and space) and HeaderList (1 to 255
// names), checked as the model checks them.
void read_csv_options(const Json* options, ImportSource& source, Constraints& constraints) {
  if (!options) return;
  const Json* csv = get_structure(*options, "Csv", "CsvOptions");
  if (!csv) return;
  auto delimiter = get_string(*csv, "Delimiter");
  constraints.length(delimiter, 1, 1, "inputFormatOptions.csv.delimiter");
  if (delimiter && delimiter->size() == 1) {
    if (std::string_view(",;:|\t ").find((*delimiter)[0]) == std::string_view::npos) {
      constraints.add(
          constraint_violation("'" + *delimiter + "'", "inputFormatOptions.csv.delimiter",
                               "Member must satisfy regular expression pattern: [,;:|\\t ]"));
    } else {
      source.delimiter = (*delimiter)[0];
    }
  }
  if (const Json* header = get_list(*csv, "HeaderList")) {
    std::string names;
    for (const Json& name : *header) {
      expect_string(name);
      if (name.get_ref<const std::string&>().empty()) {
        constraints.add(constraint_violation("''", "inputFormatOptions.csv.headerList.member",
                                             "Member must have length greater than or equal "
                                             "to 1"));
      }
      names += (names.empty() ? "" : ", ") + name.get<std::string>();
      source.header.push_back(name.get<std::string>());
    }
    if (header->empty() || header->size() > 255) {
      constraints.add(constraint_violation("'[" + names + "]'", "inputFormatOptions.csv.headerList",
                                           "Member must have length between 1 and 255"));
    }
  }
}

}  // namespace

// Creates the table TableCreationParameters describe (through CreateTable, with its checks and
// messages), then fills it in the background from every object of the bucket under --s3-dir whose
// key starts with S3KeyPrefix, in key order (protocol/transfers/import_runner.h). The answer says
// IN_PROGRESS; DescribeImport reports the counts as objects are read and COMPLETED or FAILED at the
// end. Unlike DynamoDB, the table is ACTIVE, and readable, from the start.
Json import_table(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto token = get_string(request, "ClientToken");
  const Json* bucket_source = get_structure(request, "S3BucketSource", "S3BucketSource");
  auto format = get_string(request, "InputFormat");
  const Json* options = get_structure(request, "InputFormatOptions", "InputFormatOptions");
  auto compression = get_string(request, "InputCompressionType");
  const Json* parameters =
      get_structure(request, "TableCreationParameters", "TableCreationParameters");
  ImportSource source;
  constraints.not_null(bucket_source != nullptr, "s3BucketSource");
  std::optional<std::string> bucket;
  std::optional<std::string> key_prefix;
  if (bucket_source) {
    bucket = get_string(*bucket_source, "S3Bucket");
    key_prefix = get_string(*bucket_source, "S3KeyPrefix");
    get_string(*bucket_source, "S3BucketOwner");
    check_bucket(bucket, "s3BucketSource.s3Bucket", constraints);
    constraints.length(key_prefix, 0, 1024, "s3BucketSource.s3KeyPrefix");
  }
  constraints.not_null(format.has_value(), "inputFormat");
  constraints.one_of(format, {"DYNAMODB_JSON", "ION", "CSV"}, "inputFormat");
  constraints.one_of(compression, {"GZIP", "ZSTD", "NONE"}, "inputCompressionType");
  constraints.not_null(parameters != nullptr, "tableCreationParameters");
  read_csv_options(options, source, constraints);
  constraints.check();

  Transfers& transfers = require_transfers(ctx, "ImportTable");
  if (format == "ION") {
    throw Error::validation("ddblocal does not read InputFormat ION: import DYNAMODB_JSON or CSV");
  }
  if (key_prefix && !is_local_key(*key_prefix)) {
    throw Error::validation("S3KeyPrefix " + *key_prefix +
                            " has an empty, '.' or '..' segment, which a directory standing in "
                            "for S3 (--s3-dir) cannot hold");
  }
  const int64_t now = ctx.database.clock().now_ms();
  Json fingerprint = request;
  fingerprint.erase("ClientToken");
  if (token) {
    if (auto earlier = transfers.import_for_token(ctx.region, *token, fingerprint, now)) {
      return {{"ImportTableDescription", import_description(*earlier)}};
    }
  }

  Json create = Json::object();
  for (std::string_view member : kTableMembers) {
    if (auto it = parameters->find(member); it != parameters->end()) create[member] = *it;
  }
  const Json created = create_table(ctx, create);
  const Json& table = created.at("TableDescription");

  source.bucket = *bucket;
  source.key_prefix = key_prefix.value_or("");
  source.csv = format == "CSV";
  source.compression = compression_of(compression);
  if (const Json* definitions = find_member(*parameters, "AttributeDefinitions")) {
    for (const Json& definition : *definitions) {
      source.types[definition.at("AttributeName").get<std::string>()] =
          definition.at("AttributeType").get<std::string>();
    }
  }

  ImportJob job;
  job.space = std::string(ctx.region);
  job.caller_access_key = ctx.caller.access_key;
  job.caller_region = ctx.caller.region;
  job.id = transfer_id(now);
  job.table_arn = table.at("TableArn").get<std::string>();
  job.arn = job.table_arn + "/import/" + job.id;
  job.table_id = table.at("TableId").get<std::string>();
  job.table_name = table.at("TableName").get<std::string>();
  job.client_token = token.value_or("");
  job.s3_bucket_source = *bucket_source;
  job.input_format = *format;
  job.input_format_options = options ? *options : Json();
  job.compression = compression.value_or("NONE");
  job.table_creation_parameters = *parameters;
  job.source = std::move(source);
  job.start_ms = now;
  job.parameters = std::move(fingerprint);
  return {{"ImportTableDescription", import_description(transfers.start_import(std::move(job)))}};
}

}  // namespace ddb::protocol
