// DynamoDB's typed values (AttributeValue) as the console shows and reads them.

// A short text for a cell: strings and numbers as they are, the rest as compact JSON.
export function display(value) {
  if (!value || typeof value !== "object") return "";
  const [type, v] = Object.entries(value)[0] ?? [];
  switch (type) {
    case "S": case "N": return v;
    case "B": return `<binary ${v.length} b64>`;
    case "BOOL": return String(v);
    case "NULL": return "null";
    case "SS": case "NS": case "BS": return `{${v.join(", ")}}`;
    case "L": case "M": return JSON.stringify(plain(value));
    default: return JSON.stringify(value);
  }
}

// The value without type tags, for a glance (numbers stay strings to keep their digits).
function plain(value) {
  const [type, v] = Object.entries(value)[0] ?? [];
  if (type === "L") return v.map(plain);
  if (type === "M") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return type === "NULL" ? null : v;
}

// The columns for a set of items: the `keys` first, then every other attribute in the order seen.
export function columns(items, keys = []) {
  const seen = new Set(keys);
  for (const item of items) for (const name of Object.keys(item)) seen.add(name);
  return [...seen];
}

// The item's key under `keySchema` ([{AttributeName, KeyType}]).
export function keyOf(item, keySchema) {
  return Object.fromEntries(keySchema.map(({ AttributeName }) => [AttributeName, item[AttributeName]]));
}
