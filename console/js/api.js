// The console's calls to its own server: the DynamoDB API (POST /, JSON 1.0), the DynamoDB Streams
// API (the same endpoint, target prefix DynamoDBStreams_20120810) and the admin API (/ddblocal/),
// each signed with SigV4 by the credentials the page holds. A refusal becomes an ApiError carrying
// the service's error type and message as they were sent.

import { sign } from "./sigv4.js";

// The namespace the console works in: tables belong to an access key and a region. Without
// --require-auth any key is accepted; with it, the key and its secret must be the server's.
export const credentials = {
  region: localStorage.getItem("ddblocal.region") || "us-east-1",
  accessKey: localStorage.getItem("ddblocal.accessKey") || "local",
  secretKey: sessionStorage.getItem("ddblocal.secretKey") || "local",
};

export function setCredentials({ region, accessKey, secretKey }) {
  Object.assign(credentials, { region, accessKey, secretKey });
  localStorage.setItem("ddblocal.region", region);
  localStorage.setItem("ddblocal.accessKey", accessKey);
  // The secret lives as long as the tab.
  sessionStorage.setItem("ddblocal.secretKey", secretKey);
}

export class ApiError extends Error {
  constructor(status, type, message) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.type = type || `HTTP ${status}`;
  }

  toString() {
    return `${this.type}: ${this.message}`;
  }
}

async function send(method, path, query, headers, body) {
  const signed = await sign({ method, host: location.host, path, query, headers, body, ...credentials });
  const response = await fetch(query ? `${path}?${query}` : path, { method, headers: signed, body: body || undefined });
  const text = await response.text();
  let json = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { message: text };
  }
  return { response, json };
}

// `listeners` hear of every DynamoDB call and its outcome (the page's activity line).
const listeners = new Set();
export const onCall = (listener) => listeners.add(listener);

async function target(prefix, operation, body) {
  const text = JSON.stringify(body ?? {});
  const { response, json } = await send("POST", "/", "", {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Target": `${prefix}.${operation}`,
  }, text);
  if (!response.ok) {
    // "com.amazon.coral.validate#ValidationException" -> "ValidationException"
    const error = new ApiError(response.status, String(json.__type || "").split("#").pop(),
                               json.message ?? json.Message);
    listeners.forEach((l) => l(operation, error));
    throw error;
  }
  listeners.forEach((l) => l(operation, null));
  return json;
}

export const dynamodb = (operation, body) => target("DynamoDB_20120810", operation, body);
export const streams = (operation, body) => target("DynamoDBStreams_20120810", operation, body);

// An admin API call (docs/ADMIN.md): `path` after /ddblocal/, `query` as "limit=10".
export async function admin(method, path, { query = "", body } = {}) {
  const text = body === undefined ? "" : JSON.stringify(body);
  const headers = text ? { "Content-Type": "application/json" } : {};
  const { response, json } = await send(method, `/ddblocal/${path}`, query, headers, text);
  if (!response.ok) throw new ApiError(response.status, json.error, json.message);
  return json;
}

// The namespace as the admin API names one (reset, snapshots, report).
export const namespace = () => ({ region: credentials.region, accessKey: credentials.accessKey });
