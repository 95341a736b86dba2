// AWS Signature Version 4 for the console's requests, computed in the page: the server checks it
// under --require-auth exactly as it checks an SDK's (server/sigv4.cc). Web Crypto's HMAC-SHA256
// and SHA-256 do the hashing; where the page is not a secure context (plain HTTP to a host other
// than localhost) the browser withholds crypto.subtle, and sha256.js computes the same in script.

import { hmacSha256 as scriptHmac, sha256 as scriptSha256 } from "./sha256.js";

const encoder = new TextEncoder();
const subtle = globalThis.crypto?.subtle;

const bytes = (data) => (typeof data === "string" ? encoder.encode(data) : new Uint8Array(data));

async function sha256(data) {
  return subtle ? new Uint8Array(await subtle.digest("SHA-256", bytes(data))) : scriptSha256(bytes(data));
}

async function hmac(key, message) {
  if (!subtle) return scriptHmac(bytes(key), bytes(message));
  const imported = await subtle.importKey("raw", bytes(key), { name: "HMAC", hash: "SHA-256" }, false,
                                          ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", imported, bytes(message)));
}

export const hex = (data) => Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");

// RFC 3986 percent-encoding: everything but unreserved characters (SigV4's UriEncode).
export function uriEncode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

// The canonical query string: each name and value encoded, sorted by name, then value.
export function canonicalQuery(query) {
  if (!query) return "";
  return query.split("&").filter(Boolean).map((pair) => {
    const at = pair.indexOf("=");
    const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? "" : decodeURIComponent(pair.slice(at + 1));
    return [uriEncode(name), uriEncode(value)];
  }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`).join("&");
}

// Every service but S3 encodes the (already encoded) path once more.
export const canonicalUri = (path) => path.split("/").map(uriEncode).join("/");

// `YYYYMMDD'T'HHMMSS'Z'` of `date`.
export const amzDate = (date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

// The headers to send with a request: `headers` plus X-Amz-Date and Authorization. `host` is signed
// but not returned (the browser sends it). `path` is the URL's path as sent (encoded).
export async function sign({ method, host, path, query = "", headers = {}, body = "", accessKey, secretKey,
                             region, service = "dynamodb", now = new Date() }) {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const all = { ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
                host, "x-amz-date": stamp };
  const names = Object.keys(all).sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(all[n]).trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [method, canonicalUri(path), canonicalQuery(query), canonicalHeaders, signedHeaders,
                            hex(await sha256(body))].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, hex(await sha256(canonicalRequest))].join("\n");
  let key = await hmac("AWS4" + secretKey, day);
  for (const part of [region, service, "aws4_request"]) key = await hmac(key, part);
  const signature = hex(await hmac(key, stringToSign));
  const signed = { ...headers, "X-Amz-Date": stamp };
  signed.Authorization = `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, ` +
                         `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return signed;
}
