// A PartiQL statement box: ExecuteStatement, with its pages (NextToken).

import { dynamodb } from "./api.js";
import { busy, fill, h, message } from "./dom.js";
import { itemTable } from "./items.js";

export function statementBox(root, ctx) {
  const text = h("textarea", { id: "partiql-statement", rows: 4, cols: 80, spellcheck: "false", "aria-label": "PartiQL statement" });
  text.value = ctx.table ? `SELECT * FROM "${ctx.table}"` : "";
  const out = h("div", { id: "partiql-result" });
  let token;
  async function run(button, next) {
    if (!next) token = undefined;
    await busy(button, out, async () => {
      const answer = await dynamodb("ExecuteStatement", { Statement: text.value, ...(token && { NextToken: token }),
                                                          ReturnConsumedCapacity: "TOTAL" });
      token = answer.NextToken;
      const items = answer.Items ?? [];
      fill(out, message(null, `${items.length} items` + (answer.ConsumedCapacity ? `, ${answer.ConsumedCapacity.CapacityUnits} capacity units` : "")),
        items.length > 0 && itemTable(items, [], null, "partiql-items"),
        token && h("button", { onclick: (e) => run(e.target, true) }, "Next page ▶"));
    });
  }
  fill(root, h("h2", null, "PartiQL"),
    h("p", { class: "hint" }, "One statement (ExecuteStatement): SELECT, INSERT, UPDATE or DELETE. Parameters are not supported here."),
    text, h("p", null, h("button", { class: "primary", id: "run-statement", onclick: (e) => run(e.target, false) }, "Run")), out);
  text.focus();
}
