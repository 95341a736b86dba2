#include "engine/error.h"
#include "protocol/capacity/throughput.h"
#include "protocol/legacy/constraints.h"
#include "protocol/legacy/filter.h"
#include "protocol/operations.h"
#include "protocol/reads/index_read.h"
#include "protocol/reads/read_page.h"
#include "protocol/reads/statement_shape.h"
#include "protocol/requests/key_paths.h"
#include "protocol/requests/request_expressions.h"

namespace ddb::protocol {

using engine::Error;

ResponseBody scan(RequestContext& ctx, const Json& request) {
  Constraints constraints;
  auto segment = get_integer(request, "Segment");
  auto total_segments = get_integer(request, "TotalSegments");
  constraints.min(segment, 0, "segment");
  constraints.max(segment, 999999, "segment");
  constraints.min(total_segments, 1, "totalSegments");
  constraints.max(total_segments, 1000000, "totalSegments");
  legacy::add_legacy_constraints(request, constraints, legacy::ConditionalOperatorWording::Older);
  ReadRequest read = parse_read_request(request, constraints, false);
  check_expression_members(request,
                           {{"ProjectionExpression", "FilterExpression"},
                            {"AttributesToGet", "ScanFilter", "ConditionalOperator"}},
                           false);
  // dynalite validations/scan.js: AttributesToGet, then ScanFilter, then the segments.
  read.projection = attributes_to_get(request);
  std::optional<legacy::Filter> scan_filter =
      legacy::read_filter(request, legacy::FilterMember::ScanFilter);
  if (segment && !total_segments) {
    throw Error::validation(
        "The TotalSegments parameter is required but was not present in the request when Segment "
        "parameter is present");
  }
  if (total_segments && !segment) {
    throw Error::validation(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (segment && *segment >= *total_segments) {
    throw Error::validation(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*segment) +
        " is not less than TotalSegments: " + std::to_string(*total_segments));
  }
  ExpressionAttributes attributes = ExpressionAttributes::from_request(request, false);
  resolve_read_expressions(request, read, attributes);
  if (scan_filter) read.filter = legacy::filter_condition(*scan_filter);
  attributes.check_all_used();
  engine::ScanSegment scan_segment;
  if (segment) {
    scan_segment = {static_cast<uint32_t>(*segment), static_cast<uint32_t>(*total_segments)};
  }

  auto table = require_table(ctx, read.table_name);
  check_key_paths(read.projection.paths(), *table);
  check_key_paths(read.filter, *table);
  ctx.usage.scan = true;
  if (ctx.usage.wanted) ctx.usage.statement = statement_shape("Scan", request);
  // The segment of a start key is its partition key's: the table's, or the index's on an index.
  const auto check_segment = [&scan_segment](const engine::AttributeValue& partition) {
    if (engine::Table::segment_of(partition, scan_segment.total) != scan_segment.index) {
      throw Error::validation(
          "The provided Exclusive start key does not map to the provided segment");
    }
  };
  if (!read.index_name) {
    const engine::KeySchema& schema = table->key_schema();
    std::optional<engine::Key> start = parse_start_key(request, schema, StartKeyRules::Scan);
    if (start) check_segment(start->partition);
    admit_read(ctx, *table, {}, nullptr);
    engine::Page page = table->scan(scan_segment, read.limits, start);
    ResponseBody body = page_response(table_page(std::move(page), schema), read, ctx.usage);
    charge_read(ctx, *table, {}, nullptr, ctx.usage.capacity_units);
    return body;
  }

  auto index = open_index(*table, read);
  std::optional<engine::IndexPosition> start = parse_index_start_key(request, *index);
  if (start) check_segment(start->partition);
  IndexSource source = index_source(table, *index, read);
  admit_read(ctx, *table, index->name(), nullptr);
  engine::IndexPage page = index->scan(scan_segment, read.limits, start);
  ResponseBody body = page_response(index_page(std::move(page), *index), read, ctx.usage, &source);
  charge_read(ctx, *table, index->name(), nullptr, ctx.usage.capacity_units);
  return body;
}

}  // namespace ddb::protocol
