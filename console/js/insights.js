// A table's Contributor Insights (docs/ADMIN.md, "Contributor Insights"): enabling and disabling
// them with UpdateContributorInsights, as an application would, and the most accessed and most
// throttled keys the admin API counts for the table and each of its GSIs.

import { admin, dynamodb, namespace } from "./api.js";
import { busy, fill, h } from "./dom.js";
import { display } from "./attributes.js";

const LISTS = [
  ["mostAccessedPartitionKeys", "Most accessed partition keys", false],
  ["mostAccessedItems", "Most accessed items", false],
  ["mostThrottledPartitionKeys", "Most throttled partition keys", true],
  ["mostThrottledItems", "Most throttled items", true],
];

function keyList(entries, throttled) {
  if (entries.length === 0) return h("p", { class: "hint" }, "None yet.");
  return h("table", { class: "grid" },
    h("thead", null, h("tr", null, ["Partition key", "Sort key", ...(throttled ? ["Throttled requests"] : ["Units", "Requests"])]
      .map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", null, entries.map((e) => h("tr", null,
      h("td", { class: "key" }, display(e.partitionKey)), h("td", null, e.sortKey ? display(e.sortKey) : ""),
      ...(throttled ? [h("td", null, String(e.throttledRequests))] : [h("td", null, String(e.units)), h("td", null, String(e.requests))])))));
}

export async function insights(root, ctx) {
  const out = h("div", { id: "insights" });
  const { region, accessKey } = namespace();
  async function update(action, IndexName) {
    await dynamodb("UpdateContributorInsights", { TableName: ctx.table, ContributorInsightsAction: action, ...(IndexName && { IndexName }) });
    await show();
  }
  async function show() {
    const [{ Table: table }, answer] = await Promise.all([
      dynamodb("DescribeTable", { TableName: ctx.table }),
      admin("GET", "contributor-insights", { query: `region=${encodeURIComponent(region)}&accessKey=${encodeURIComponent(accessKey)}&table=${encodeURIComponent(ctx.table)}` }),
    ]);
    const targets = [null, ...(table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)];
    fill(out, ...targets.map((index) => {
      const counted = answer.tables.find((t) => t.index === index);
      const name = index ? `Index ${index}` : `Table ${ctx.table}`;
      const toggle = h("button", { class: "toggle-insights", onclick: (e) => busy(e.target, out, () => update(counted ? "DISABLE" : "ENABLE", index)) },
        counted ? "Disable" : "Enable");
      if (!counted) return h("section", { class: "insights-target" }, h("h3", null, name), h("p", null, "Contributor Insights are disabled. "), toggle);
      return h("section", { class: "insights-target" }, h("h3", null, `${name} (${counted.mode})`), toggle,
        ...LISTS.filter(([field]) => counted[field] !== null)
          .flatMap(([field, title, throttled]) => [h("h4", null, title), keyList(counted[field], throttled)]));
    }));
  }
  fill(root, h("h2", null, `Contributor Insights of ${ctx.table}`),
    h("p", { class: "hint" }, "The keys CloudWatch Contributor Insights would graph, over the last hour of the server's clock. Throttles happen under --capacity enforce."),
    h("div", { class: "toolbar" }, h("button", { id: "refresh-insights", onclick: (e) => busy(e.target, out, show) }, "Refresh")),
    out);
  await show();
}
