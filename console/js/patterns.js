// The access-pattern builder: one pattern (a partition key value, a sort key condition, a direction,
// a limit and a filter) run on the base table and on each index whose partition key is the
// pattern's, side by side. A target whose key fits is read with a Query; the base table, when its
// key does not fit, with a Scan and the whole pattern as a filter, which is what the pattern costs
// without an index.

import { dynamodb } from "./api.js";
import { busy, fill, h, label, pretty, select } from "./dom.js";
import { itemTable } from "./items.js";
import { FILTER_OPERATORS, plan, SORT_OPERATORS, targets } from "./plan.js";
import { describe, keyText } from "./tables.js";

// "1.5 RCU (table 0.5, index byDate 1)"
function capacity(consumed) {
  if (!consumed) return "";
  const parts = [];
  if (consumed.Table) parts.push(`table ${consumed.Table.CapacityUnits}`);
  for (const kind of ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]) {
    for (const [name, c] of Object.entries(consumed[kind] ?? {})) parts.push(`index ${name} ${c.CapacityUnits}`);
  }
  return `${consumed.CapacityUnits} units` + (parts.length ? ` (${parts.join(", ")})` : "");
}

function column(read, table) {
  const { target } = read;
  const box = h("section", { class: "result", "data-target": target.name, "aria-label": `${target.kind} ${target.name}` },
    h("h3", null, target.name, " ", h("span", { class: "badge" }, target.kind)),
    h("p", { class: "hint" }, keyText(target.keySchema, table.AttributeDefinitions),
      target.index ? ` · projection ${target.index.Projection.ProjectionType}` : ""));
  if (!read.operation) {
    box.append(h("p", { class: "skipped" }, read.why));
    return box;
  }
  const body = h("div");
  const keys = target.keySchema.map((k) => k.AttributeName);
  box.append(h("p", null, h("span", { class: `badge ${read.operation.toLowerCase()}`, "data-operation": read.operation }, read.operation),
                read.why && h("span", { class: "hint" }, " " + read.why)),
             h("details", null, h("summary", null, "Request"), h("pre", null, pretty(read.request))), body);
  let start;
  let pageNumber = 0;
  async function run(button) {
    await busy(button, body, async () => {
      const answer = await dynamodb(read.operation, { ...read.request, ...(start && { ExclusiveStartKey: start }) });
      pageNumber += 1;
      start = answer.LastEvaluatedKey;
      const more = start && h("button", { class: "next-results", onclick: (e) => run(e.target) }, "Next page ▶");
      fill(body,
        h("dl", { class: "figures" },
          h("dt", null, "Page"), h("dd", { class: "page" }, pageNumber),
          h("dt", null, "Count"), h("dd", { class: "count" }, answer.Count),
          h("dt", null, "ScannedCount"), h("dd", { class: "scanned" }, answer.ScannedCount),
          h("dt", null, "Consumed"), h("dd", { class: "capacity" }, capacity(answer.ConsumedCapacity))),
        itemTable(answer.Items, keys, null),
        h("p", null, more || h("span", { class: "hint" }, "No more pages.")));
    });
  }
  box.run = () => run(null);
  return box;
}

export async function builder(root, ctx) {
  const { table } = await describe(ctx.table);
  const all = targets(table);
  const attributes = (kind) => [...new Set(all.flatMap((t) => t.keySchema.filter((k) => k.KeyType === kind).map((k) => k.AttributeName)))];
  const field = (name, props = {}) => h("input", { name, id: `pattern-${name}`, size: 16, ...props });
  const form = h("form", { id: "pattern-form", class: "pattern" },
    label("Partition key", select({ name: "partitionKey", id: "pattern-partitionKey" }, attributes("HASH"), attributes("HASH")[0])),
    label("equals", field("partitionValue", { required: true })),
    label("Sort key", select({ name: "sortKey", id: "pattern-sortKey" }, [["", "(no condition)"], ...attributes("RANGE")], "")),
    label("Condition", select({ name: "sortOperator", id: "pattern-sortOperator" }, SORT_OPERATORS, "=")),
    label("Value", field("sortValue")),
    label("and (BETWEEN)", field("sortValue2")),
    label("Order", select({ name: "direction", id: "pattern-direction" }, [["forward", "ascending (oldest first)"], ["backward", "descending (newest first)"]], "forward")),
    label("Limit", field("limit", { type: "number", min: 1, value: "10", size: 5 })),
    h("fieldset", { class: "filter" }, h("legend", null, "Filter (optional)"),
      label("Attribute", field("filterAttribute")),
      label("Condition", select({ name: "filterOperator", id: "pattern-filterOperator" }, FILTER_OPERATORS, "=")),
      label("Value", field("filterValue")),
      label("Type", select({ name: "filterType", id: "pattern-filterType" }, ["S", "N", "BOOL"], "S"))),
    h("p", null, h("button", { type: "submit", class: "primary", id: "run-pattern" }, "Run on the table and its indexes")));
  const results = h("div", { class: "side-by-side", id: "pattern-results" });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = Object.fromEntries(new FormData(form));
    const pattern = { ...v, forward: v.direction === "forward", limit: Number(v.limit) || undefined };
    const reads = plan(table, pattern);
    const boxes = reads.map((read) => column(read, table));
    fill(results, boxes);
    await Promise.all(boxes.filter((b) => b.run).map((b) => b.run()));
  });
  fill(root, h("h2", null, `Access patterns on ${table.TableName}`),
    h("p", { class: "hint" }, "One pattern, run as a Query on every target whose key fits it; the base table falls back to a Scan when it does not."),
    form, results);
  form.querySelector("#pattern-partitionValue").focus();
}

