// The admin API's views (docs/ADMIN.md): the live request log, the fault rules, snapshots with
// reset and the clock, and the access-pattern report.

import { admin, namespace } from "./api.js";
import { busy, fill, h, label, message, pretty } from "./dom.js";

const cell = (value) => h("td", null, value === null || value === undefined ? "" : String(value));

// The request log, refreshed every two seconds while shown; returns the view's cleanup.
export async function requestLog(root) {
  const out = h("div", { id: "request-log" });
  const live = h("input", { type: "checkbox", id: "live", checked: true });
  async function show() {
    const { requests } = await admin("GET", "requests", { query: "limit=200" });
    fill(out, h("table", { class: "grid" },
      h("thead", null, h("tr", null, ["#", "Time", "Namespace", "Operation", "Table", "Index", "Status", "Error", "µs", "Units", "Count", "Scanned", "Read"]
        .map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", null, requests.reverse().map((r) => h("tr", { class: r.status >= 400 ? "failed" : null },
        cell(r.sequence), cell(new Date(r.time * 1000).toISOString().slice(11, 23)), cell(`${r.accessKey}/${r.region}`),
        cell(r.operation), cell(r.table), cell(r.index), cell(r.status), cell(r.errorType), cell(r.latencyMicros),
        cell(r.consumedCapacity), cell(r.count), cell(r.scannedCount), cell(r.scan === null ? "" : r.scan ? "Scan" : "Query"))))));
  }
  const clear = h("button", { id: "clear-log", onclick: (e) => busy(e.target, out, async () => { await admin("DELETE", "requests"); await show(); }) }, "Clear");
  fill(root, h("h2", null, "Request log"),
    h("p", { class: "hint" }, "The server's latest DynamoDB requests, newest first (the console's own included)."),
    h("div", { class: "toolbar" }, label("Live", live), clear), out);
  await show().catch((error) => fill(out, message(error)));
  const timer = setInterval(() => { if (live.checked) show().catch((error) => fill(out, message(error))); }, 2000);
  return () => clearInterval(timer);
}

export async function faults(root) {
  const out = h("div", { id: "faults-result" });
  const text = h("textarea", { id: "faults-json", rows: 12, cols: 80, spellcheck: "false", "aria-label": "Fault rules as JSON" });
  const current = h("pre", { id: "faults-current" });
  const show = async () => { const rules = await admin("GET", "faults"); current.textContent = pretty(rules); return rules; };
  const rules = await show();
  text.value = pretty({ rules: rules.rules.length ? rules.rules.map(({ matched, hits, remaining, ...rule }) => rule)
                                                 : [{ operation: "PutItem", error: "ThrottlingException", count: 2 }] });
  fill(root, h("h2", null, "Fault rules"),
    h("p", { class: "hint" }, "Rules make requests fail as DynamoDB fails in production (docs/ADMIN.md, Fault injection). PUT replaces the list."),
    h("h3", null, "In force"), current,
    h("h3", null, "New rules"), text,
    h("div", { class: "toolbar" },
      h("button", { class: "primary", id: "put-faults", onclick: (e) => busy(e.target, out, async () => {
        let body;
        try { body = JSON.parse(text.value); } catch (error) { throw new Error(`The rules are not JSON: ${error.message}`); }
        await admin("PUT", "faults", { body });
        await show();
        fill(out, message(null, "Rules replaced."));
      }) }, "Replace the rules"),
      h("button", { id: "clear-faults", onclick: (e) => busy(e.target, out, async () => {
        await admin("DELETE", "faults");
        await show();
        fill(out, message(null, "Rules cleared."));
      }) }, "Clear the rules")),
    out);
}

// Snapshots of this namespace (or of all), reset, and the server's clock.
export async function snapshots(root, ctx) {
  const out = h("div", { id: "snapshots-result" });
  const list = h("div", { id: "snapshot-list" });
  const name = h("input", { id: "snapshot-name", size: 20, pattern: "[A-Za-z0-9._-]+", placeholder: "before-test" });
  const clock = h("p", { id: "clock" });
  const act = (work, done) => (e) => busy(e.target, out, async () => { const answer = await work(); fill(out, message(null, done(answer))); await show(); });
  async function show() {
    const [{ snapshots: all }, time] = await Promise.all([admin("GET", "snapshots"), admin("GET", "clock")]);
    clock.textContent = `Server clock: ${new Date(time.epochSeconds * 1000).toISOString()} (offset ${time.offsetSeconds} s)`;
    fill(list, all.length === 0 ? h("p", null, "No snapshots.") : h("table", { class: "grid" },
      h("thead", null, h("tr", null, ["Name", "Namespace", "Tables", "Items", "Saved", ""].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", null, all.map((s) => h("tr", null, cell(s.name), cell(s.namespace ?? "every namespace"), cell(s.tables), cell(s.items),
        cell(new Date(s.createdEpochSeconds * 1000).toISOString()),
        h("td", null,
          h("button", { class: "restore", onclick: act(async () => {
            const answer = await admin("POST", `snapshots/${encodeURIComponent(s.name)}/restore`);
            await ctx.refreshTables();
            return answer;
          }, (a) => `Restored ${a.tablesRestored} tables.`) }, "Restore"), " ",
          h("button", { onclick: act(() => admin("DELETE", `snapshots/${encodeURIComponent(s.name)}`), () => "Deleted.") }, "Delete")))))));
  }
  const advance = h("input", { id: "advance-seconds", type: "number", min: 0, value: "3600", size: 8 });
  fill(root, h("h2", null, "Snapshots, reset and clock"),
    h("h3", null, "Snapshots"), list,
    h("div", { class: "toolbar" }, label("Name", name),
      h("button", { id: "save-snapshot", onclick: act(() => admin("PUT", `snapshots/${encodeURIComponent(name.value)}`, { body: namespace() }),
                                                   (a) => `Saved ${a.tables} tables, ${a.items} items.`) }, "Save this namespace"),
      h("button", { onclick: act(() => admin("PUT", `snapshots/${encodeURIComponent(name.value)}`), (a) => `Saved ${a.tables} tables, ${a.items} items.`) },
        "Save every namespace")),
    h("h3", null, "Reset"),
    h("button", { class: "danger", id: "reset-namespace", onclick: act(async () => {
      const answer = await admin("POST", "reset", { body: namespace() });
      await ctx.refreshTables();
      return answer;
    },
                                                                    (a) => `Dropped ${a.tablesDeleted} tables.`) },
      "Drop every table of this namespace"),
    h("h3", null, "Clock and TTL"), clock,
    h("div", { class: "toolbar" }, label("Seconds", advance),
      h("button", { onclick: act(() => admin("POST", "clock", { body: { advanceSeconds: Number(advance.value) } }), () => "Clock moved.") }, "Move the clock forward"),
      h("button", { onclick: act(() => admin("POST", "ttl/run"), (a) => `The TTL expirer deleted ${a.deleted} items.`) }, "Run the TTL expirer")),
    out);
  await show();
}

export async function report(root) {
  const out = h("div", { id: "report" });
  const { region, accessKey } = namespace();
  async function show() {
    const answer = await admin("GET", "report", { query: `region=${encodeURIComponent(region)}&accessKey=${encodeURIComponent(accessKey)}` });
    fill(out,
      h("h3", null, "Findings"),
      answer.findings.length === 0 ? h("p", null, "Nothing to look at.") :
        h("ul", { class: "findings" }, answer.findings.map((f) => h("li", null, h("strong", null, f.kind), ` ${f.table}${f.index ? "/" + f.index : ""}: ${f.message}`,
          h("br"), h("code", null, f.request)))),
      h("h3", null, "Tables"),
      h("table", { class: "grid" },
        h("thead", null, h("tr", null, ["Table", "Requests", "Read units", "Write units", "Scans", "Filter ratio"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", null, answer.tables.map((t) => h("tr", null, cell(t.table),
          cell(Object.entries(t.requests).map(([k, v]) => `${k} ${v}`).join(", ")), cell(t.readUnits), cell(t.writeUnits),
          cell(t.scans.count), cell(t.filterEfficiency.ratio))))),
      h("details", null, h("summary", null, "The report as JSON"), h("pre", null, pretty(answer))));
  }
  fill(root, h("h2", null, "Access-pattern report"),
    h("p", { class: "hint" }, `What this namespace's requests would cost or throttle in DynamoDB, since the server started or the report was cleared.`),
    h("div", { class: "toolbar" },
      h("button", { onclick: (e) => busy(e.target, out, show) }, "Refresh"),
      h("button", { onclick: (e) => busy(e.target, out, async () => { await admin("DELETE", "report"); await show(); }) }, "Start over")),
    out);
  await show();
}
