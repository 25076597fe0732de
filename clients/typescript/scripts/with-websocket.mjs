#!/usr/bin/env node
// `node scripts/with-websocket.mjs FILE ARGS...` runs FILE with a WebSocket in the global
// scope: Node 22 and later have one; Node 20 only behind --experimental-websocket, given here
// when needed.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The flags that give this Node a global WebSocket. */
export function websocketFlags() {
  return typeof globalThis.WebSocket === "function" ? [] : ["--experimental-websocket"];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const run = spawnSync(process.execPath, [...websocketFlags(), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
