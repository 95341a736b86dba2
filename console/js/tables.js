// The tables of the namespace: an overview, one table's description, creating and deleting one.

import { dynamodb } from "./api.js";
import { busy, fill, h, label, select } from "./dom.js";

const TYPES = ["S", "N", "B"];

// "pk (S) · sk (N)": a key schema with each attribute's type.
export function keyText(keySchema, definitions) {
  const type = (name) => definitions?.find((d) => d.AttributeName === name)?.AttributeType ?? "?";
  return keySchema.map((k) => `${k.AttributeName} (${type(k.AttributeName)}${k.KeyType === "HASH" ? ", partition" : ", sort"})`)
    .join(" · ");
}

const billing = (d) => d.BillingModeSummary?.BillingMode === "PAY_PER_REQUEST" ? "on demand (PAY_PER_REQUEST)"
  : `provisioned: ${d.ProvisionedThroughput?.ReadCapacityUnits ?? 0} RCU, ${d.ProvisionedThroughput?.WriteCapacityUnits ?? 0} WCU`;

const stream = (d) => d.StreamSpecification?.StreamEnabled ? `on, ${d.StreamSpecification.StreamViewType}` : "off";

const ttl = (t) => t?.TimeToLiveStatus === "ENABLED" || t?.TimeToLiveStatus === "ENABLING"
  ? `${t.TimeToLiveStatus.toLowerCase()} on ${t.AttributeName}` : "off";

const projection = (p) => p.ProjectionType + (p.NonKeyAttributes ? ` (${p.NonKeyAttributes.join(", ")})` : "");

export async function listTables() {
  const names = [];
  let start;
  do {
    const page = await dynamodb("ListTables", start ? { ExclusiveStartTableName: start } : {});
    names.push(...page.TableNames);
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

export async function describe(name) {
  const [{ Table }, ttlAnswer] = await Promise.all([
    dynamodb("DescribeTable", { TableName: name }),
    dynamodb("DescribeTimeToLive", { TableName: name }).catch(() => ({})),
  ]);
  return { table: Table, ttl: ttlAnswer.TimeToLiveDescription };
}

function indexes(table) {
  return [
    ...(table.GlobalSecondaryIndexes ?? []).map((i) => ({ ...i, kind: "GSI" })),
    ...(table.LocalSecondaryIndexes ?? []).map((i) => ({ ...i, kind: "LSI" })),
  ];
}

// Every table of the namespace with its settings, one line each.
export async function overview(root, ctx) {
  const out = h("div");
  fill(root, h("h2", null, "Tables"), h("p", { class: "hint" },
    `Namespace: access key ${ctx.credentials.accessKey}, region ${ctx.credentials.region}.`),
    h("p", null, h("button", { class: "primary", id: "create-table", onclick: () => ctx.show("create") }, "Create table")),
    out);
  const names = await listTables();
  if (names.length === 0) return fill(out, h("p", null, "No tables in this namespace yet."));
  const described = await Promise.all(names.map(describe));
  fill(out, h("table", { class: "grid", id: "tables-overview" },
    h("thead", null, h("tr", null, ["Table", "Key", "Indexes", "Items", "Size (bytes)", "Billing", "Stream", "TTL"]
      .map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", null, described.map(({ table, ttl: t }) => h("tr", null,
      h("td", null, h("button", { class: "link", onclick: () => ctx.selectTable(table.TableName, "details") }, table.TableName)),
      h("td", null, keyText(table.KeySchema, table.AttributeDefinitions)),
      h("td", null, indexes(table).map((i) => `${i.kind} ${i.IndexName}`).join(", ") || "none"),
      h("td", { class: "number" }, table.ItemCount),
      h("td", { class: "number" }, table.TableSizeBytes),
      h("td", null, billing(table)),
      h("td", null, stream(table)),
      h("td", null, ttl(t)))))));
}

// One table: its settings, its indexes, and a way to delete it.
export async function details(root, ctx) {
  const { table, ttl: t } = await describe(ctx.table);
  const out = h("div", { id: "delete-result" });
  const confirm = h("div", { hidden: true, class: "confirm" },
    h("p", null, `Delete ${table.TableName} and all its items?`),
    h("button", { class: "danger", id: "confirm-delete", onclick: (e) => busy(e.target, out, async () => {
      await dynamodb("DeleteTable", { TableName: table.TableName });
      await ctx.tablesChanged(null);
    }) }, "Delete table"),
    " ", h("button", { onclick: () => { confirm.hidden = true; } }, "Cancel"));
  const facts = [
    ["Status", table.TableStatus],
    ["Key", keyText(table.KeySchema, table.AttributeDefinitions)],
    ["Items", table.ItemCount],
    ["Size", `${table.TableSizeBytes} bytes`],
    ["Billing", billing(table)],
    ["Stream", stream(table) + (table.LatestStreamArn ? ` (${table.LatestStreamArn})` : "")],
    ["TTL", ttl(t)],
    ["Deletion protection", table.DeletionProtectionEnabled ? "on" : "off"],
    ["ARN", table.TableArn],
  ];
  fill(root, h("h2", null, table.TableName),
    h("dl", { class: "facts" }, facts.map(([k, v]) => [h("dt", null, k), h("dd", null, String(v ?? ""))])),
    h("h3", null, "Indexes"),
    indexes(table).length === 0 ? h("p", null, "No secondary indexes.") :
      h("table", { class: "grid", id: "indexes" },
        h("thead", null, h("tr", null, ["Index", "Kind", "Key", "Projection", "Status", "Items"].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", null, indexes(table).map((i) => h("tr", null,
          h("td", null, i.IndexName), h("td", null, i.kind), h("td", null, keyText(i.KeySchema, table.AttributeDefinitions)),
          h("td", null, projection(i.Projection)), h("td", null, i.IndexStatus ?? "ACTIVE"),
          h("td", { class: "number" }, i.ItemCount ?? ""))))),
    h("h3", null, "Delete"),
    h("button", { class: "danger", id: "delete-table", onclick: () => { confirm.hidden = false; confirm.querySelector("button").focus(); } },
      "Delete table…"),
    confirm, out);
}

// One key attribute's inputs: a name and a type.
function keyInputs(prefix, required) {
  return h("span", { class: "key-inputs" },
    h("input", { name: `${prefix}-name`, "aria-label": `${prefix} attribute name`, placeholder: required ? "name" : "none", size: 12 }),
    select({ name: `${prefix}-type`, "aria-label": `${prefix} attribute type` }, TYPES, "S"));
}

function indexRow(list) {
  const row = h("fieldset", { class: "index-row" }, h("legend", null, "Index"),
    label("Kind", select({ name: "kind" }, [["GSI", "global (GSI)"], ["LSI", "local (LSI)"]], "GSI")),
    label("Name", h("input", { name: "index-name", size: 14 })),
    label("Partition key", keyInputs("index-pk", true)),
    label("Sort key", keyInputs("index-sk", false)),
    label("Projection", select({ name: "projection" }, ["ALL", "KEYS_ONLY", "INCLUDE"], "ALL")),
    label("Included attributes", h("input", { name: "include", size: 16, placeholder: "a, b" }), "with INCLUDE"),
    h("button", { type: "button", onclick: () => row.remove() }, "Remove index"));
  list.append(row);
  row.querySelector("[name=index-name]").focus();
}

// The CreateTable request a form describes; DynamoDB itself validates it.
export function createRequest(form) {
  const value = (element, name) => element.querySelector(`[name=${name}]`).value.trim();
  const definitions = new Map();
  const key = (element, prefix, kind) => {
    const name = value(element, `${prefix}-name`);
    if (!name) return [];
    const type = value(element, `${prefix}-type`);
    // The same attribute named twice with two types is sent as both: DynamoDB refuses it.
    definitions.set(`${name}\u0000${type}`, { AttributeName: name, AttributeType: type });
    return [{ AttributeName: name, KeyType: kind }];
  };
  const request = { TableName: value(form, "table-name"),
                    KeySchema: [...key(form, "pk", "HASH"), ...key(form, "sk", "RANGE")] };
  const gsis = [];
  const lsis = [];
  for (const row of form.querySelectorAll(".index-row")) {
    const type = value(row, "projection");
    const index = { IndexName: value(row, "index-name"),
                    KeySchema: [...key(row, "index-pk", "HASH"), ...key(row, "index-sk", "RANGE")],
                    Projection: { ProjectionType: type } };
    if (type === "INCLUDE") index.Projection.NonKeyAttributes = value(row, "include").split(",").map((s) => s.trim()).filter(Boolean);
    (value(row, "kind") === "GSI" ? gsis : lsis).push(index);
  }
  request.AttributeDefinitions = [...definitions.values()];
  const billingMode = value(form, "billing");
  request.BillingMode = billingMode;
  const throughput = { ReadCapacityUnits: Number(value(form, "rcu")), WriteCapacityUnits: Number(value(form, "wcu")) };
  if (billingMode === "PROVISIONED") {
    request.ProvisionedThroughput = throughput;
    gsis.forEach((g) => { g.ProvisionedThroughput = throughput; });
  }
  if (gsis.length) request.GlobalSecondaryIndexes = gsis;
  if (lsis.length) request.LocalSecondaryIndexes = lsis;
  const streamView = value(form, "stream");
  if (streamView) request.StreamSpecification = { StreamEnabled: true, StreamViewType: streamView };
  return request;
}

export function createForm(root, ctx) {
  const out = h("div", { id: "create-result" });
  const list = h("div", { class: "index-list" });
  const form = h("form", { id: "create-form", onsubmit: (e) => {
    e.preventDefault();
    const request = createRequest(form);
    busy(form.querySelector("[type=submit]"), out, async () => {
      await dynamodb("CreateTable", request);
      await ctx.tablesChanged(request.TableName);
    });
  } },
  label("Table name", h("input", { name: "table-name", required: true, size: 24 })),
  label("Partition key", keyInputs("pk", true)),
  label("Sort key", keyInputs("sk", false), "optional"),
  label("Billing mode", select({ name: "billing" }, [["PAY_PER_REQUEST", "on demand"], ["PROVISIONED", "provisioned"]], "PAY_PER_REQUEST")),
  label("Read / write capacity", h("span", null,
    h("input", { name: "rcu", type: "number", min: 1, value: "5", size: 5, "aria-label": "read capacity units" }), " ",
    h("input", { name: "wcu", type: "number", min: 1, value: "5", size: 5, "aria-label": "write capacity units" })), "provisioned only"),
  label("Stream", select({ name: "stream" }, [["", "off"], "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"], "")),
  h("h3", null, "Secondary indexes"), list,
  h("p", null, h("button", { type: "button", id: "add-index", onclick: () => indexRow(list) }, "Add index")),
  h("p", null, h("button", { type: "submit", class: "primary" }, "Create table")));
  fill(root, h("h2", null, "Create a table"), form, out);
  form.querySelector("[name=table-name]").focus();
}

