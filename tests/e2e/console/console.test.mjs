// The web console (/ddblocal/console/) driven in headless Chromium: a table with a GSI created from
// the form, items put and edited in the item editor, one access pattern run on the table and on the
// index side by side, pages of results, DynamoDB's own error messages, and under --require-auth a
// sign-in whose signed calls list the tables. Every test also checks that the page logged no error
// and that the only refused requests were the ones it provoked.

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { sign } from "../../../console/js/sigv4.js";
import { ARTIFACTS, launchBrowser, startServer, watch } from "./server.mjs";

mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

// The view once it has rendered: views mark themselves aria-busy while they load.
const view = (page, name) => page.waitForSelector(`section.view[data-view="${name}"]:not([aria-busy])`);
const textOf = (page, selector) => page.$eval(selector, (e) => e.textContent.trim());
const allText = (page, selector) => page.$$eval(selector, (list) => list.map((e) => e.textContent.trim()));

async function setValue(page, selector, value) {
  await page.$eval(selector, (e, v) => { e.value = v; e.dispatchEvent(new Event("change", { bubbles: true })); }, value);
}

async function putItem(page, item) {
  await page.click("#new-item");
  await setValue(page, "#item-json", JSON.stringify(item));
  await page.click("#put-item");
  await page.waitForSelector("#item-result .message");
  return textOf(page, "#item-result .message");
}

// The rows of an items table: each cell's text by column name.
async function rows(page, selector) {
  return page.$eval(selector, (table) => {
    const names = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    return [...table.querySelectorAll("tbody tr")].map((tr) => Object.fromEntries(
      [...tr.children].map((td, i) => [names[i], td.textContent.trim()]).filter(([name]) => name)));
  });
}

// The access pattern "the newest orders of <partitionKey> = <value>": begins_with(orderDate, "ORDER#"),
// descending, at most `limit`.
async function newestOrders(page, partitionKey, value, limit) {
  await page.click("#tab-patterns");
  await view(page, "patterns");
  await page.select("#pattern-partitionKey", partitionKey);
  await page.type("#pattern-partitionValue", value);
  await page.select("#pattern-sortKey", "orderDate");
  await page.select("#pattern-sortOperator", "begins_with");
  await page.type("#pattern-sortValue", "ORDER#");
  await page.select("#pattern-direction", "backward");
  await setValue(page, "#pattern-limit", limit);
  await page.click("#run-pattern");
}

const order = (date, status, total) => ({ customer: { S: "c1" }, orderDate: { S: date }, status: { S: status }, total: { N: total } });

describe("console", () => {
  let server;
  let chromium;
  let page;
  let seen;

  before(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    seen = watch(page);
  });

  after(async () => {
    await chromium?.close();
    await server?.stop();
  });

  test("is served by the binary, redirected from the folder without a slash", async () => {
    const response = await page.goto(`${server.endpoint}/ddblocal/console`);
    assert.equal(response.url(), `${server.endpoint}/ddblocal/console/`);
    assert.equal(response.headers()["content-type"], "text/html; charset=utf-8");
    await view(page, "tables");
    assert.equal(await textOf(page, "#table-list"), "No tables");
    const missing = await fetch(`${server.endpoint}/ddblocal/console/nothing.js`);
    assert.equal(missing.status, 404);
  });

  test("creates a table with a GSI, showing DynamoDB's refusal first", async () => {
    await page.click("#create-table");
    await view(page, "create");
    await page.type("[name=table-name]", "Orders");
    await page.type("[name=pk-name]", "customer");
    await page.type("[name=sk-name]", "orderDate");
    await page.click("#add-index");
    await page.type("[name=index-name]", "byStatus");
    await page.type("[name=index-pk-name]", "status");
    // The index's sort key attribute given a second type: DynamoDB's validation message, verbatim.
    await page.type("[name=index-sk-name]", "orderDate");
    await page.select("[name=index-sk-type]", "N");
    await page.click("#create-form [type=submit]");
    await page.waitForSelector("#create-result .message.error");
    assert.match(await textOf(page, "#create-result"), /^ValidationException: /);
    await page.select("[name=index-sk-type]", "S");
    await page.click("#create-form [type=submit]");
    await view(page, "details");
    assert.equal(await textOf(page, "section.view h2"), "Orders");
    const index = await rows(page, "#indexes");
    assert.deepEqual(index, [{ Index: "byStatus", Kind: "GSI", Key: "status (S, partition) · orderDate (S, sort)",
                               Projection: "ALL", Status: "ACTIVE", Items: "0" }]);
    assert.deepEqual(await allText(page, "#table-list button"), ["Orders"]);
  });

  test("puts items and refuses one without its sort key with DynamoDB's message", async () => {
    await page.click("#tab-items");
    await view(page, "items");
    const orders = [order("ORDER#2026-01-01", "SHIPPED", "10"), order("ORDER#2026-02-01", "SHIPPED", "20"),
                    order("ORDER#2026-03-01", "PENDING", "30"), order("ORDER#2026-04-01", "SHIPPED", "40"),
                    order("ORDER#2026-05-01", "PENDING", "50"), order("RETURN#2026-02-10", "SHIPPED", "-20")];
    for (const item of orders) assert.equal(await putItem(page, item), "Saved.");
    const message = await putItem(page, { customer: { S: "c1" }, status: { S: "SHIPPED" } });
    assert.equal(message, "ValidationException: One or more parameter values were invalid: Missing the key orderDate in the item");
  });

  test("pages through the items with a Scan", async () => {
    await page.click("#tab-items");
    await view(page, "items");
    await page.select("#page-size", "5");
    await page.waitForFunction(() => document.querySelector("#page-status")?.textContent.startsWith("Page 1: 5 items"));
    assert.deepEqual(Object.keys((await rows(page, "#items"))[0]), ["customer", "orderDate", "status", "total"]);
    await page.click("#next-page");
    await page.waitForFunction(() => document.querySelector("#page-status")?.textContent.startsWith("Page 2:"));
    assert.equal(await textOf(page, "#page-status"), "Page 2: 1 items (ScannedCount 1), last page");
    assert.equal(await page.$eval("#next-page", (b) => b.disabled), true);
    await page.click("#previous-page");
    await page.waitForFunction(() => document.querySelector("#page-status")?.textContent.startsWith("Page 1:"));
  });

  test("runs a pattern newest first with begins_with on the table, and pages it", async () => {
    await newestOrders(page, "customer", "c1", "2");
    const base = '[data-target="Orders"]';
    await page.waitForSelector(`${base} .count`);
    assert.equal(await textOf(page, `${base} [data-operation]`), "Query");
    assert.equal(await textOf(page, `${base} .count`), "2");
    assert.equal(await textOf(page, `${base} .scanned`), "2");
    assert.match(await textOf(page, `${base} .capacity`), /^0\.5 units \(table 0\.5\)$/);
    assert.deepEqual((await rows(page, `${base} table`)).map((r) => r.orderDate), ["ORDER#2026-05-01", "ORDER#2026-04-01"]);
    // The GSI's partition key is status: the pattern does not fit it.
    assert.equal(await textOf(page, '[data-target="byStatus"] .skipped'), "Not run: its partition key is status.");
    await page.click(`${base} .next-results`);
    await page.waitForFunction((s) => document.querySelector(`${s} .page`)?.textContent === "2", {}, base);
    assert.deepEqual((await rows(page, `${base} table`)).map((r) => r.orderDate), ["ORDER#2026-03-01", "ORDER#2026-02-01"]);
  });

  test("compares the base table's Scan with the GSI's Query for one status", async () => {
    await newestOrders(page, "status", "SHIPPED", "10");
    const base = '[data-target="Orders"]';
    const index = '[data-target="byStatus"]';
    await page.waitForSelector(`${base} .count`);
    await page.waitForSelector(`${index} .count`);
    assert.equal(await textOf(page, `${base} [data-operation]`), "Scan");
    assert.equal(await textOf(page, `${base} .count`), "3");
    assert.equal(await textOf(page, `${base} .scanned`), "6");
    assert.equal(await textOf(page, `${index} [data-operation]`), "Query");
    assert.equal(await textOf(page, `${index} .count`), "3");
    assert.equal(await textOf(page, `${index} .scanned`), "3");
    assert.match(await textOf(page, `${index} .capacity`), /^0\.5 units \(table 0, index byStatus 0\.5\)$/);
    assert.deepEqual((await rows(page, `${index} table`)).map((r) => r.orderDate),
                     ["ORDER#2026-04-01", "ORDER#2026-02-01", "ORDER#2026-01-01"]);
    await shot(page, "access-pattern-side-by-side");
  });

  test("edits an item, and shows a failed condition as DynamoDB words it", async () => {
    await page.click("#tab-items");
    await view(page, "items");
    await page.waitForSelector("#items");
    await page.click("#items tbody tr:first-child button");
    await page.waitForSelector("#item-json");
    const item = JSON.parse(await page.$eval("#item-json", (t) => t.value));
    await setValue(page, "#item-condition", "attribute_not_exists(customer)");
    await page.click("#put-item");
    await page.waitForSelector("#item-result .message");
    assert.equal(await textOf(page, "#item-result"), "ConditionalCheckFailedException: The conditional request failed");
    item.note = { S: "gift wrap" };
    await setValue(page, "#item-json", JSON.stringify(item));
    await setValue(page, "#item-condition", "attribute_exists(customer)");
    await page.click("#put-item");
    await page.waitForFunction(() => document.querySelector("#item-result")?.textContent === "Saved.");
    await page.waitForFunction(() => [...document.querySelectorAll("#items th")].some((th) => th.textContent === "note"));
    const edited = (await rows(page, "#items")).find((r) => r.orderDate === item.orderDate.S);
    assert.equal(edited.note, "gift wrap");
    await shot(page, "items");
  });

  test("moves between views with the arrow keys, with a visible focus", async () => {
    await page.focus("#tab-items");
    await page.keyboard.press("ArrowLeft");
    const focused = await page.evaluate(() => ({ id: document.activeElement.id,
                                                 outline: getComputedStyle(document.activeElement).outlineStyle }));
    assert.deepEqual(focused, { id: "tab-details", outline: "solid" });
    await page.keyboard.press("Enter");
    await view(page, "details");
  });

  test("runs PartiQL statements", async () => {
    await page.click("#tab-partiql");
    await view(page, "partiql");
    await setValue(page, "#partiql-statement", "INSERT INTO \"Orders\" VALUE {'customer': 'c2', 'orderDate': 'ORDER#2026-06-01', 'status': 'PENDING'}");
    await page.click("#run-statement");
    await page.waitForSelector("#partiql-result .message");
    // One write unit for the table and one for the GSI byStatus, which the item's status puts it in.
    assert.equal(await textOf(page, "#partiql-result .message"), "0 items, 2 capacity units");
    await setValue(page, "#partiql-statement", "SELECT * FROM \"Orders\" WHERE customer = 'c2'");
    await page.click("#run-statement");
    await page.waitForSelector("#partiql-items");
    assert.deepEqual(await rows(page, "#partiql-items"), [{ customer: "c2", orderDate: "ORDER#2026-06-01", status: "PENDING" }]);
  });

  test("enables a stream and shows its records", async () => {
    await page.click("#tab-streams");
    await view(page, "streams");
    await page.click("#enable-stream");
    await page.waitForSelector("#refresh-stream");
    await page.waitForFunction(() => document.querySelector("#stream-records")?.textContent.startsWith("No records yet"));
    await page.click("#tab-items");
    await view(page, "items");
    assert.equal(await putItem(page, order("ORDER#2026-07-01", "PENDING", "70")), "Saved.");
    await page.click("#tab-streams");
    await view(page, "streams");
    await page.waitForSelector("#stream-table");
    assert.deepEqual(await allText(page, "#stream-table td.event"), ["INSERT"]);
  });

  test("enables Contributor Insights and shows the most accessed key", async () => {
    await page.click("#tab-insights");
    await view(page, "insights");
    assert.deepEqual(await allText(page, "#insights .insights-target h3"), ["Table Orders", "Index byStatus"]);
    await page.click("#insights .insights-target .toggle-insights");
    await page.waitForFunction(() => document.querySelector("#insights h3")?.textContent === "Table Orders (ACCESSED_AND_THROTTLED_KEYS)");
    await newestOrders(page, "customer", "c1", "2");
    await page.waitForSelector('[data-target="Orders"] .count');
    await page.click("#tab-insights");
    await view(page, "insights");
    const [table] = await page.$$("#insights .insights-target");
    assert.deepEqual(await table.$$eval("h4", (list) => list.map((e) => e.textContent)),
                     ["Most accessed partition keys", "Most accessed items", "Most throttled partition keys", "Most throttled items"]);
    assert.equal(await table.$eval("table td.key", (e) => e.textContent), "c1");
  });

  test("sets fault rules and shows the admin API's refusal", async () => {
    await page.click("#tab-faults");
    await view(page, "faults");
    await setValue(page, "#faults-json", JSON.stringify({ rules: [{ operation: "GetItem", error: "ThrottlingException", probability: 2 }] }));
    await page.click("#put-faults");
    await page.waitForSelector("#faults-result .message");
    assert.equal(await textOf(page, "#faults-result"), "BadRequest: rule 0: probability must be a number from 0 to 1");
    await setValue(page, "#faults-json", JSON.stringify({ rules: [{ operation: "GetItem", error: "ThrottlingException", count: 1 }] }));
    await page.click("#put-faults");
    await page.waitForFunction(() => document.querySelector("#faults-result")?.textContent === "Rules replaced.");
    assert.deepEqual(JSON.parse(await textOf(page, "#faults-current")).rules,
                     [{ operation: "GetItem", error: "ThrottlingException", count: 1, matched: 0, hits: 0, remaining: 1 }]);
    await page.click("#clear-faults");
    await page.waitForFunction(() => document.querySelector("#faults-result")?.textContent === "Rules cleared.");
  });

  test("shows the access-pattern report's findings", async () => {
    await page.click("#tab-report");
    await view(page, "report");
    const findings = await allText(page, "#report .findings li strong");
    assert.ok(findings.includes("scan"), findings.join(", "));
  });

  test("saves a snapshot of the namespace", async () => {
    await page.click("#tab-snapshots");
    await view(page, "snapshots");
    await page.type("#snapshot-name", "orders");
    await page.click("#save-snapshot");
    await page.waitForSelector("#snapshots-result .message");
    assert.equal(await textOf(page, "#snapshots-result"), "Saved 1 tables, 8 items.");
  });

  test("lists the requests it made in the request log", async () => {
    await page.click("#tab-requests");
    await view(page, "requests");
    const operations = await page.$$eval("#request-log tbody tr td:nth-child(4)", (tds) => tds.map((td) => td.textContent));
    for (const operation of ["CreateTable", "PutItem", "Query", "Scan"]) assert.ok(operations.includes(operation), operation);
  });

  test("deletes the table", async () => {
    await page.click("#tab-details");
    await view(page, "details");
    await page.click("#delete-table");
    await page.click("#confirm-delete");
    await view(page, "tables");
    assert.equal(await textOf(page, "#table-list"), "No tables");
  });

  test("restores the snapshot, then drops the namespace's tables", async () => {
    await page.click("#tab-snapshots");
    await view(page, "snapshots");
    await page.click("#snapshot-list .restore");
    await page.waitForFunction(() => document.querySelector("#snapshots-result")?.textContent === "Restored 1 tables.");
    assert.deepEqual(await allText(page, "#table-list button"), ["Orders"]);
    await page.click("#reset-namespace");
    await page.waitForFunction(() => document.querySelector("#snapshots-result")?.textContent === "Dropped 1 tables.");
    assert.equal(await textOf(page, "#table-list"), "No tables");
  });

  test("logged no error, and only the refusals it provoked came back", () => {
    assert.deepEqual(seen.problems, []);
    const targets = seen.refused.map((r) => `${r.method} ${r.path} ${r.status} ${r.target ?? ""}`.trim());
    assert.deepEqual(targets, ["POST / 400 DynamoDB_20120810.CreateTable", "POST / 400 DynamoDB_20120810.PutItem",
                               "POST / 400 DynamoDB_20120810.PutItem", "PUT /ddblocal/faults 400"]);
  });
});

describe("console under --require-auth", () => {
  const KEY = "AKIDCONSOLE";
  const SECRET = "console-secret";
  let server;
  let chromium;

  before(async () => {
    server = await startServer(["--require-auth", "--access-key", KEY, "--secret-key", SECRET]);
    chromium = await launchBrowser();
  });

  after(async () => {
    await chromium?.close();
    await server?.stop();
  });

  test("serves the page unsigned, refuses unsigned calls, and lists the tables once signed in", async () => {
    const host = new URL(server.endpoint).host;
    const body = JSON.stringify({ TableName: "Signed", KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
                                  AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
                                  BillingMode: "PAY_PER_REQUEST" });
    const headers = await sign({ method: "POST", host, path: "/", body, accessKey: KEY, secretKey: SECRET, region: "eu-west-1",
                                 headers: { "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.CreateTable" } });
    assert.equal((await fetch(`${server.endpoint}/`, { method: "POST", headers, body })).status, 200);
    const unsigned = await fetch(`${server.endpoint}/ddblocal/requests`);
    assert.equal(unsigned.status, 403);
    assert.equal((await unsigned.json()).error, "MissingAuthenticationTokenException");

    const page = await chromium.browser.newPage();
    const seen = watch(page);
    const response = await page.goto(`${server.endpoint}/ddblocal/console/`);
    assert.equal(response.status(), 200);
    await page.waitForSelector("#sign-in-hint");
    assert.equal(await textOf(page, "#table-list .message"),
                 "UnrecognizedClientException: The security token included in the request is invalid.");
    await page.$eval("#namespace [name=accessKey]", (e) => { e.value = ""; });
    await page.type("#namespace [name=accessKey]", KEY);
    await page.$eval("#namespace [name=secretKey]", (e) => { e.value = ""; });
    await page.type("#namespace [name=secretKey]", SECRET);
    await page.$eval("#namespace [name=region]", (e) => { e.value = ""; });
    await page.type("#namespace [name=region]", "eu-west-1");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("#table-list button")?.textContent === "Signed");
    await view(page, "tables");
    assert.deepEqual((await rows(page, "#tables-overview")).map((r) => [r.Table, r.Key, r.Billing]),
                     [["Signed", "id (S, partition)", "on demand (PAY_PER_REQUEST)"]]);
    // An admin call, signed in the page the same way.
    await page.click("#tab-requests");
    await view(page, "requests");
    assert.ok((await allText(page, "#request-log td")).includes("ListTables"));
    await shot(page, "signed-in");
    assert.deepEqual(seen.problems, []);
    // The table list and the overview each tried once before the sign-in.
    assert.deepEqual(seen.refused.map((r) => `${r.status} ${r.target}`),
                     ["400 DynamoDB_20120810.ListTables", "400 DynamoDB_20120810.ListTables"]);
  });
});
