// The reads an access pattern becomes on a table and its indexes (patterns.js shows them): a Query
// on each target whose partition key is the pattern's, with the sort key condition as a key
// condition where the target's sort key is the pattern's and as a filter where it is not; on the
// base table, when its partition key is another, a Scan with the whole pattern as its filter (with
// no Limit: a Scan's Limit counts the items read, not those kept). An index whose partition key is
// another is not read. No DOM here: tests/e2e/console/modules.test.mjs runs it in Node.

export const SORT_OPERATORS = ["=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"];
export const FILTER_OPERATORS = ["=", "<>", "<", "<=", ">", ">=", "begins_with", "contains", "attribute_exists",
                          "attribute_not_exists"];

function sortCondition(op) {
  if (op === "BETWEEN") return "#sk BETWEEN :sk1 AND :sk2";
  if (op === "begins_with") return "begins_with(#sk, :sk1)";
  return `#sk ${op} :sk1`;
}

function filterCondition(op) {
  if (op === "attribute_exists" || op === "attribute_not_exists") return `${op}(#f)`;
  if (op === "begins_with" || op === "contains") return `${op}(#f, :f)`;
  return `#f ${op} :f`;
}

function filterValue(type, text) {
  if (type === "BOOL") return { BOOL: text.trim() === "true" };
  return { [type]: text };
}

// Every target of `table` (the table, then its indexes) with its key and kind.
export function targets(table) {
  return [
    { name: table.TableName, kind: "table", keySchema: table.KeySchema },
    ...(table.GlobalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName, kind: "GSI", keySchema: i.KeySchema, index: i })),
    ...(table.LocalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName, kind: "LSI", keySchema: i.KeySchema, index: i })),
  ];
}

// The read each target gets for `pattern`: {target, operation: "Query" | "Scan" | null, request, why}.
export function plan(table, pattern) {
  const type = (name) => table.AttributeDefinitions.find((d) => d.AttributeName === name)?.AttributeType ?? "S";
  return targets(table).map((target) => {
    const hash = target.keySchema.filter((k) => k.KeyType === "HASH").map((k) => k.AttributeName);
    const range = target.keySchema.filter((k) => k.KeyType === "RANGE").map((k) => k.AttributeName);
    const fits = hash.length === 1 && hash[0] === pattern.partitionKey;
    if (!fits && target.kind !== "table") {
      return { target, operation: null, why: `Not run: its partition key is ${hash.join(" + ")}.` };
    }
    const names = { "#pk": pattern.partitionKey };
    const values = { ":pk": { [type(pattern.partitionKey)]: pattern.partitionValue } };
    const keyConditions = ["#pk = :pk"];
    const filters = [];
    if (pattern.sortKey) {
      names["#sk"] = pattern.sortKey;
      values[":sk1"] = { [type(pattern.sortKey)]: pattern.sortValue };
      if (pattern.sortOperator === "BETWEEN") values[":sk2"] = { [type(pattern.sortKey)]: pattern.sortValue2 };
      const sortFits = fits && range.length === 1 && range[0] === pattern.sortKey;
      (sortFits ? keyConditions : filters).push(sortCondition(pattern.sortOperator));
    }
    if (pattern.filterAttribute) {
      names["#f"] = pattern.filterAttribute;
      if (!pattern.filterOperator.startsWith("attribute_")) values[":f"] = filterValue(pattern.filterType, pattern.filterValue);
      filters.push(filterCondition(pattern.filterOperator));
    }
    const request = { TableName: table.TableName, ...(target.kind !== "table" && { IndexName: target.name }),
                      ReturnConsumedCapacity: "INDEXES" };
    if (fits) {
      request.KeyConditionExpression = keyConditions.join(" AND ");
      request.ScanIndexForward = pattern.forward;
      if (pattern.limit) request.Limit = pattern.limit;
    } else {
      filters.unshift(...keyConditions);
    }
    if (filters.length) request.FilterExpression = filters.join(" AND ");
    request.ExpressionAttributeNames = names;
    request.ExpressionAttributeValues = values;
    return { target, operation: fits ? "Query" : "Scan", request,
             why: fits ? null : `Its partition key is ${hash.join(" + ")}: a Scan reads every item and filters.` };
  });
}
