#!/usr/bin/env node
// Runs the compiled tests (dist/test/*.test.js) with Node's test runner against a live
// `golfo serve`: the one at GOLFO_URL, or else one started here on loopback
// (`python3 -m golfo.server --port 0 --db :memory: --allow-seeds`: the tests seed their tables;
// GOLFO_PYTHON names another Python).
// Node 20 has the WebSocket only behind --experimental-websocket: given when needed
// (scripts/with-websocket.mjs).
// --test-force-exit: a test that fails with a socket still reconnecting ends all the same.

import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { websocketFlags } from "./with-websocket.mjs";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const TESTS = join(PACKAGE, "dist", "test");

function startServer() {
  const python = process.env.GOLFO_PYTHON || "python3";
  const child = spawn(python, ["-m", "golfo.server", "--port", "0", "--db", ":memory:", "--allow-seeds"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`golfo serve exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const match = /listening on (\S+)/.exec(line);
      if (match === null) reject(new Error(`golfo serve said: ${line}`));
      else resolve({ url: match[1].replace(/\/+$/, ""), child });
    });
  });
}

if (Number(process.versions.node.split(".")[0]) < 20) {
  console.error(`golfo-client's tests need Node 20 or later (a WebSocket); this is ${process.version}`);
  process.exit(1);
}

let server = null;
let url = process.env.GOLFO_URL;
if (!url) {
  server = await startServer();
  url = server.url;
}
const files = readdirSync(TESTS)
  .filter((name) => name.endsWith(".test.js"))
  .sort()
  .map((name) => join(TESTS, name));
const run = spawnSync(process.execPath, [...websocketFlags(), "--test", "--test-force-exit", ...process.argv.slice(2), ...files], {
  stdio: "inherit",
  env: { ...process.env, GOLFO_URL: url },
});
if (server !== null) {
  server.child.removeAllListeners("exit");
  server.child.kill();
}
process.exit(run.status ?? 1);
