// A small element builder and the page's shared pieces (messages, tables of items, JSON).

// h("button", {class: "primary", onclick: f}, "Save"): an element with attributes (or, for value,
// checked, disabled and selected, properties), listeners (on...) and children (strings, nodes,
// arrays; null and false are skipped).
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (["value", "checked", "disabled", "selected"].includes(name)) element[name] = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

// Replaces the children of `element`.
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

// A line saying how a call went: an ApiError's type and message as the service worded them.
export function message(error, text) {
  if (error) return h("p", { class: "message error", role: "alert" }, String(error));
  return h("p", { class: "message ok", role: "status" }, text);
}

// A labelled form control: label("Table name", h("input", {...})).
export const label = (text, control, hint) =>
  h("label", { class: "field" }, h("span", null, text), control, hint && h("small", null, hint));

export const select = (props, options, chosen) =>
  h("select", props, options.map((o) => {
    const [value, text] = Array.isArray(o) ? o : [o, o];
    return h("option", { value, selected: value === chosen }, text);
  }));

export const pretty = (value) => JSON.stringify(value, null, 2);

// Runs `work` with `button` disabled; errors end up in `out` (an element) as a message.
export async function busy(button, out, work) {
  if (button) button.disabled = true;
  try {
    return await work();
  } catch (error) {
    if (out) fill(out, message(error));
    else throw error;
  } finally {
    if (button) button.disabled = false;
  }
}
