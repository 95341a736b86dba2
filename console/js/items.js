// One table's items: pages of a Scan, an item as DynamoDB JSON, and putting, editing and deleting one.

import { dynamodb } from "./api.js";
import { columns, display, keyOf } from "./attributes.js";
import { busy, fill, h, label, message, pretty, select } from "./dom.js";
import { describe } from "./tables.js";

// A table of items: `keys` first, then every attribute seen; `onOpen(item)` for a row's button.
export function itemTable(items, keys, onOpen, id) {
  const names = columns(items, keys);
  return h("div", { class: "scroll" }, h("table", { class: "grid items", id },
    h("thead", null, h("tr", null, onOpen && h("th", { scope: "col" }, ""), names.map((n) => h("th", { scope: "col" }, n)))),
    h("tbody", null, items.map((item) => h("tr", null,
      onOpen && h("td", null, h("button", { class: "link", onclick: () => onOpen(item),
                                             "aria-label": `Open ${keys.map((k) => display(item[k])).join(" / ")}` }, "Open")),
      names.map((n) => h("td", { title: n in item ? JSON.stringify(item[n]) : "absent" }, n in item ? display(item[n]) : "")))))));
}

export async function browse(root, ctx) {
  const { table } = await describe(ctx.table);
  const keyNames = table.KeySchema.map((k) => k.AttributeName);
  const starts = [undefined]; // the ExclusiveStartKey of each page seen
  let page = 0;
  const out = h("div", { id: "items-page" });
  const editor = h("div", { id: "item-editor" });
  const size = select({ id: "page-size", "aria-label": "Items per page" }, ["5", "10", "25", "50", "100"], "25");
  const previous = h("button", { id: "previous-page", onclick: () => load(page - 1) }, "◀ Previous page");
  const next = h("button", { id: "next-page", onclick: () => load(page + 1) }, "Next page ▶");
  const status = h("span", { class: "hint", id: "page-status" });

  const open = (item) => edit(editor, ctx, table, item, () => load(page));
  async function load(n) {
    try {
      const answer = await dynamodb("Scan", { TableName: table.TableName, Limit: Number(size.value),
                                              ...(starts[n] && { ExclusiveStartKey: starts[n] }) });
      page = n;
      starts[n + 1] = answer.LastEvaluatedKey;
      starts.length = n + 2;
      previous.disabled = n === 0;
      next.disabled = !answer.LastEvaluatedKey;
      status.textContent = `Page ${n + 1}: ${answer.Count} items (ScannedCount ${answer.ScannedCount})` +
                           (answer.LastEvaluatedKey ? ", more after" : ", last page");
      fill(out, itemTable(answer.Items, keyNames, open, "items"));
    } catch (error) {
      fill(out, message(error));
    }
  }
  size.addEventListener("change", () => { starts.length = 1; load(0); });
  fill(root, h("h2", null, `Items of ${table.TableName}`),
    h("div", { class: "toolbar" }, previous, next, label("Per page", size), status,
      h("button", { id: "new-item", onclick: () => open(null) }, "New item")),
    out, editor);
  await load(0);
}

// The item editor: DynamoDB JSON in a text area, put (with an optional condition) or delete.
export function edit(root, ctx, table, item, changed) {
  const keySchema = table.KeySchema;
  const template = item ?? Object.fromEntries(keySchema.map(({ AttributeName }) => {
    const type = table.AttributeDefinitions.find((d) => d.AttributeName === AttributeName).AttributeType;
    return [AttributeName, { [type]: "" }];
  }));
  const text = h("textarea", { id: "item-json", rows: 14, cols: 70, spellcheck: "false", "aria-label": "Item as DynamoDB JSON" });
  text.value = pretty(template);
  const condition = h("input", { id: "item-condition", size: 50,
    placeholder: item ? "e.g. attribute_exists(" + keySchema[0].AttributeName + ")" : "attribute_not_exists(" + keySchema[0].AttributeName + ")" });
  const out = h("div", { id: "item-result" });
  const parse = () => {
    try {
      return JSON.parse(text.value);
    } catch (error) {
      throw new Error(`The item is not JSON: ${error.message}`);
    }
  };
  const put = (e) => busy(e.target, out, async () => {
    const request = { TableName: table.TableName, Item: parse() };
    if (condition.value.trim()) request.ConditionExpression = condition.value.trim();
    await dynamodb("PutItem", request);
    fill(out, message(null, "Saved."));
    await changed();
  });
  const remove = (e) => busy(e.target, out, async () => {
    const request = { TableName: table.TableName, Key: keyOf(parse(), keySchema) };
    if (condition.value.trim()) request.ConditionExpression = condition.value.trim();
    await dynamodb("DeleteItem", request);
    fill(out, message(null, "Deleted."));
    await changed();
  });
  fill(root, h("section", { class: "editor", "aria-label": "Item editor" },
    h("h3", null, item ? "Item" : "New item"),
    h("p", { class: "hint" }, "DynamoDB JSON: each value tagged with its type, as {\"S\": \"text\"}, {\"N\": \"42\"}, {\"L\": [...]}, {\"M\": {...}}."),
    text,
    label("Condition expression", condition, "optional; a failed one is DynamoDB's ConditionalCheckFailedException"),
    h("div", { class: "toolbar" },
      h("button", { class: "primary", id: "put-item", onclick: put }, "Put item"),
      item && h("button", { class: "danger", id: "delete-item", onclick: remove }, "Delete item"),
      h("button", { onclick: () => fill(root) }, "Close")),
    out));
  text.focus();
}
