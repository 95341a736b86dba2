// The console's shell: the namespace and credentials, the tables of the namespace, and the views.

import { builder } from "./patterns.js";
import { credentials, onCall, setCredentials } from "./api.js";
import { faults, report, requestLog, snapshots } from "./admin.js";
import { insights } from "./insights.js";
import { browse } from "./items.js";
import { fill, h, message } from "./dom.js";
import { statementBox } from "./partiql.js";
import { recent } from "./streams.js";
import { createForm, details, listTables, overview } from "./tables.js";

// Each view renders into a fresh element and may return a cleanup (a timer to stop).
const TABS = [
  { id: "tables", text: "Tables", render: overview },
  { id: "details", text: "Table", render: details, perTable: true },
  { id: "items", text: "Items", render: browse, perTable: true },
  { id: "patterns", text: "Access patterns", render: builder, perTable: true },
  { id: "streams", text: "Stream", render: recent, perTable: true },
  { id: "insights", text: "Insights", render: insights, perTable: true },
  { id: "partiql", text: "PartiQL", render: statementBox },
  { id: "requests", text: "Request log", render: requestLog },
  { id: "faults", text: "Faults", render: faults },
  { id: "snapshots", text: "Snapshots", render: snapshots },
  { id: "report", text: "Report", render: report },
];
const CREATE = { id: "create", text: "Create table", render: createForm };

const state = { table: null, tab: "tables", cleanup: null };
const view = document.getElementById("view");
const tabBar = document.getElementById("tabs");
const tableList = document.getElementById("table-list");

const ctx = {
  credentials,
  get table() { return state.table; },
  show,
  selectTable,
  // The table list again, keeping the view.
  async refreshTables() {
    await refreshTables();
    drawTabs();
  },
  // After a table was created, deleted or dropped: the list again, then `name` (or no table).
  async tablesChanged(name) {
    state.table = name;
    await refreshTables();
    await show(name ? "details" : "tables");
  },
};

function drawTabs() {
  fill(tabBar, TABS.map((tab) => h("button", {
    role: "tab", id: `tab-${tab.id}`, "aria-selected": String(tab.id === state.tab), "aria-controls": "view",
    disabled: tab.perTable && !state.table, tabindex: tab.id === state.tab ? "0" : "-1",
    onclick: () => show(tab.id),
  }, tab.perTable && state.table && tab.id === "details" ? state.table : tab.text)));
}

// Arrow keys move between tabs, as in a WAI-ARIA tab list.
tabBar.addEventListener("keydown", (e) => {
  if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
  const buttons = [...tabBar.querySelectorAll("button:not(:disabled)")];
  const at = buttons.indexOf(document.activeElement);
  const next = buttons[(at + (e.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
  next.focus();
  e.preventDefault();
});

async function show(id) {
  state.cleanup?.();
  state.cleanup = null;
  const tab = [...TABS, CREATE].find((t) => t.id === id);
  state.tab = tab.perTable && !state.table ? "tables" : id;
  drawTabs();
  const section = h("section", { class: "view", "data-view": state.tab, "aria-busy": "true" }, h("p", { class: "hint" }, "Loading…"));
  view.replaceChildren(section);
  try {
    const cleanup = await ([...TABS, CREATE].find((t) => t.id === state.tab)).render(section, ctx);
    if (typeof cleanup === "function") {
      if (section.isConnected) state.cleanup = cleanup;
      else cleanup();
    }
  } catch (error) {
    fill(section, message(error));
  } finally {
    section.removeAttribute("aria-busy");
  }
}

async function selectTable(name, tab) {
  state.table = name;
  drawTableList();
  await show(tab ?? (TABS.find((t) => t.id === state.tab)?.perTable ? state.tab : "details"));
}

const AUTH_ERRORS = ["UnrecognizedClientException", "InvalidSignatureException", "MissingAuthenticationTokenException"];
let names = [];
function drawTableList() {
  fill(tableList, names.length === 0 ? h("li", { class: "hint" }, "No tables") : names.map((name) => h("li", null,
    h("button", { class: "table-link", "aria-current": name === state.table ? "true" : null, onclick: () => selectTable(name) }, name))));
}

async function refreshTables() {
  try {
    names = await listTables();
    if (!names.includes(state.table)) state.table = null;
    drawTableList();
  } catch (error) {
    names = [];
    state.table = null;
    fill(tableList, h("li", null, message(error)));
    // Under --require-auth the server knows the keys: ask for one.
    if (AUTH_ERRORS.includes(error.type)) {
      fill(tableList, h("li", null, message(error)),
        h("li", { class: "hint", id: "sign-in-hint" }, "This server checks signatures: enter one of its access keys and its secret above."));
      form.elements.accessKey.focus();
    }
  }
}

// The namespace and credentials form.
const form = document.getElementById("namespace");
for (const name of ["region", "accessKey", "secretKey"]) form.elements[name].value = credentials[name];
form.addEventListener("submit", async (e) => {
  e.preventDefault();
  setCredentials({ region: form.elements.region.value.trim(), accessKey: form.elements.accessKey.value.trim(),
                   secretKey: form.elements.secretKey.value });
  state.table = null;
  await refreshTables();
  await show("tables");
});

const activity = document.getElementById("activity");
onCall((operation, error) => {
  activity.textContent = error ? `${operation}: ${error.type}` : `${operation}: OK`;
  activity.className = error ? "error" : "";
});

document.getElementById("refresh-tables").addEventListener("click", refreshTables);
await refreshTables();
await show("tables");
