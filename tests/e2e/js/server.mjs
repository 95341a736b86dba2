// Starts the real ddblocal binary for an end-to-end test file and builds SDK clients for it.
//
// The binary is $DDBLOCAL_BIN, by default build/ddblocal of the checkout this file is in. It is
// started with --port 0, so the kernel picks a free port of 127.0.0.1 with no race, and prints
// "ddblocal listening on http://127.0.0.1:<port>" on stdout once it accepts connections; that line
// gives the endpoint.
// stop() sends SIGTERM to that process (by its PID only) and rejects unless it exits 0 in time.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

// This file is tests/e2e/js/server.mjs: the repository root is three folders up.
export const DEFAULT_BIN = fileURLToPath(new URL("../../../build/ddblocal", import.meta.url));
export const REGION = "us-east-1";
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 10_000;
const LISTENING = /^ddblocal listening on (http:\/\/127\.0\.0\.1:\d+)$/;

// Dummy credentials and a fixed region: the server reads the SigV4 scope but knows no real keys.
// Keep any real configuration of this machine out.
process.env.AWS_ACCESS_KEY_ID = "test";
process.env.AWS_SECRET_ACCESS_KEY = "test";
process.env.AWS_REGION = REGION;
process.env.AWS_CONFIG_FILE = "/dev/null";
process.env.AWS_SHARED_CREDENTIALS_FILE = "/dev/null";
delete process.env.AWS_SESSION_TOKEN;
delete process.env.AWS_PROFILE;
delete process.env.AWS_ENDPOINT_URL;
delete process.env.AWS_ENDPOINT_URL_DYNAMODB;

/** One running ddblocal process. */
export class Server {
  /** `args`: extra command-line flags for this server (for example ["--shared-db"]). */
  constructor(args = []) {
    this.args = args;
    this.binary = process.env.DDBLOCAL_BIN || DEFAULT_BIN;
    this.endpoint = null;
    this.child = null;
    this.exited = null; // resolves to {code, signal} when the process exits
  }

  /** Spawns the binary and resolves with this server once it prints its listening line. */
  async start() {
    try {
      accessSync(this.binary, constants.X_OK);
    } catch {
      throw new Error(`ddblocal binary not found or not executable: ${this.binary}`);
    }
    const child = spawn(this.binary, ["--host", "127.0.0.1", "--port", "0", "--log-level", "warn", ...this.args], {
      // Warnings and errors stay visible in the test output.
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.child = child;
    // If the test process exits without stop(), this server must not outlive it.
    const killOnExit = () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGKILL");
    };
    process.once("exit", killOnExit);
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        process.removeListener("exit", killOnExit);
        resolve({ code, signal });
      });
    });
    const seen = [];
    const lines = createInterface({ input: child.stdout });
    let timer;
    try {
      this.endpoint = await new Promise((resolve, reject) => {
        timer = setTimeout(() => {
          reject(new Error("ddblocal did not print 'ddblocal listening on http://127.0.0.1:<port>' " +
                           `within ${START_TIMEOUT_MS} ms; stdout so far: ${JSON.stringify(seen)}`));
        }, START_TIMEOUT_MS);
        lines.on("line", (line) => {
          seen.push(line);
          const match = LISTENING.exec(line);
          if (match) resolve(match[1]);
        });
        child.once("error", reject);
        this.exited.then(({ code, signal }) => {
          reject(new Error(`ddblocal exited (code ${code}, signal ${signal}) before listening; ` +
                           `stdout: ${JSON.stringify(seen)}`));
        });
      });
    } catch (error) {
      await this.#kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return this;
  }

  /** Sends SIGTERM to this server's PID; rejects unless it exits 0 within the time limit. */
  async stop() {
    const child = this.child;
    if (child === null) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`ddblocal had already exited (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    process.kill(child.pid, "SIGTERM");
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), STOP_TIMEOUT_MS);
    });
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (result === null) {
      process.kill(child.pid, "SIGKILL");
      await this.exited;
      throw new Error(`ddblocal did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
    }
    if (result.code !== 0) {
      throw new Error(`ddblocal exited with code ${result.code} (signal ${result.signal}) after ` +
                      "SIGTERM, expected 0");
    }
  }

  async #kill() {
    const child = this.child;
    this.child = null;
    if (child !== null && child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, "SIGKILL");
      await this.exited;
    }
  }

  /** A low-level client with the SDK's default settings, given the endpoint explicitly. */
  client() {
    return new DynamoDBClient({ endpoint: this.endpoint, region: REGION });
  }

  /** A DocumentClient (native JavaScript values, marshalled by the SDK) over client(). */
  documentClient() {
    return DynamoDBDocumentClient.from(this.client());
  }
}

/** A table name no other test uses: prefix, a dash and 12 hex digits. */
export function uniqueTableName(prefix) {
  return `${prefix}-${randomBytes(6).toString("hex")}`;
}

/** The error a request's promise rejects with; fails the test if the request succeeds. */
export async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("expected the request to fail, but it succeeded");
}

/**
 * Asserts that `error` is DynamoDB's HTTP 400 error `name` with exactly `message`, mapped by the
 * SDK to its exception class `type`, and that the SDK's default retry strategy sent the request
 * once (none of these errors is retryable).
 */
export function assertServiceError(error, type, name, message) {
  assert.ok(error instanceof type, `expected an instance of ${type.name}, got ${error?.constructor?.name}: ${error}`);
  assert.equal(error.name, name);
  assert.equal(error.message, message);
  assert.equal(error.$fault, "client");
  assert.equal(error.$metadata.httpStatusCode, 400);
  assert.equal(error.$metadata.attempts, 1);
}
