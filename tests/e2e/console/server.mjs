// Starts the real ddblocal binary for the console's tests, and headless Chromium to drive it.
//
// The binary is $DDBLOCAL_BIN, by default build/ddblocal of the checkout this file is in, started
// with --port 0 on 127.0.0.1; its "ddblocal listening on http://127.0.0.1:<port>" line gives the
// endpoint. The browser is Debian's chromium ($CHROMIUM overrides /usr/bin/chromium), started with a
// fresh profile and without the background traffic (component updates, sync, QUIC probes) that a
// closed network turns into errors. Both are stopped by their own PID only.

import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import puppeteer from "puppeteer-core";

// This file is tests/e2e/console/server.mjs: the repository root is three folders up.
const ROOT = new URL("../../../", import.meta.url);
export const BINARY = process.env.DDBLOCAL_BIN || fileURLToPath(new URL("build/ddblocal", ROOT));
// Screenshots: test artefacts under the build directory, never committed.
export const ARTIFACTS = process.env.DDBLOCAL_ARTIFACTS || fileURLToPath(new URL("build/e2e_console", ROOT));
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const LISTENING = /^ddblocal listening on (http:\/\/127\.0\.0\.1:\d+)$/;
const START_TIMEOUT_MS = 10_000;

/** Starts ddblocal with `args`; resolves to {endpoint, stop()} once it listens. */
export async function startServer(args = []) {
  accessSync(BINARY, constants.X_OK);
  const child = spawn(BINARY, ["--host", "127.0.0.1", "--port", "0", "--log-level", "warn", ...args],
                      { stdio: ["ignore", "pipe", "inherit"] });
  const killOnExit = () => { if (child.exitCode === null) process.kill(child.pid, "SIGKILL"); };
  process.once("exit", killOnExit);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let timer;
  const endpoint = await new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error("ddblocal did not print its listening line in time")), START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = LISTENING.exec(line);
      if (match) resolve(match[1]);
    });
    exited.then(({ code, signal }) => reject(new Error(`ddblocal exited (code ${code}, signal ${signal}) before listening`)));
  }).finally(() => clearTimeout(timer));
  return {
    endpoint,
    async stop() {
      process.kill(child.pid, "SIGTERM");
      const { code } = await exited;
      process.removeListener("exit", killOnExit);
      if (code !== 0) throw new Error(`ddblocal exited with code ${code} after SIGTERM`);
    },
  };
}

/** Launches headless Chromium at 1280x800; close() also removes its profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "ddblocal-console-"));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: false, // the flags below say it, as given
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           `--user-data-dir=${profile}`],
    defaultViewport: { width: 1280, height: 800 },
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Records what goes wrong in `page`: console errors, uncaught exceptions, requests that failed on
 * the network, and every response with a status of 400 or more (`refused`), which a test compares
 * with the refusals it provoked. Chromium logs each such response as a console error too
 * ("Failed to load resource"); those are checked through `refused` instead.
 */
export function watch(page) {
  const problems = [];
  const refused = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) {
      refused.push({ method: response.request().method(), path: new URL(response.url()).pathname, status: response.status(),
                     target: response.request().headers()["x-amz-target"] });
    }
  });
  return { problems, refused };
}
