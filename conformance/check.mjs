#!/usr/bin/env node
// golfo's conformance vectors, checked without golfo: a second checker, in JavaScript
// (Node 18 or later, no packages), that drives any `golfo-engine/1` program through the
// suite as data (manifest.json, the vectors, perft.json) and compares every answer with
// what the data says.  No golfo process and no Python are involved.
//
//   node conformance/check.mjs --engine "COMMAND" [--suite DIR] [--select A,B,...]
//                              [--views] [--no-perft] [--depth D] [--timeout S] [--quiet]
//                              [--max-failures N]
//
// --select keeps the vectors and positions whose id, tag or rule is one of the list (for
// example `--select R8,ludoteka,09-trabuco`).  --views also compares every view the data
// holds (golfo-wire, words included: a separate, optional level) when the engine announces
// views.  Exit status: 0 every check passed, 1 some failed, 2 the engine or the suite could
// not be used.  The protocol: docs/engine-protocol.md; the data: docs/vectors.md.

import { spawn } from "node:child_process";
import { readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

// The keys of an observation, in the order they are compared (docs/engine-protocol.md).
const OBSERVATION_KEYS = [
  "phase", "to_act", "hand_number", "dealer", "mano", "stacks", "bets", "pot", "folded",
  "hands", "stock", "is_over", "results", "winner", "moves",
];

function usage(message) {
  process.stderr.write(`check.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = {
    engine: null, suite: dirname(fileURLToPath(import.meta.url)), select: null,
    views: false, perft: true, depth: null, timeout: 10, quiet: false, maxFailures: Infinity,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--engine") args.engine = value();
    else if (a === "--suite") args.suite = value();
    else if (a === "--select") args.select = new Set(value().split(",").filter(Boolean));
    else if (a === "--views") args.views = true;
    else if (a === "--no-perft") args.perft = false;
    else if (a === "--depth") args.depth = Number(value());
    else if (a === "--timeout") args.timeout = Number(value());
    else if (a === "--quiet") args.quiet = true;
    else if (a === "--max-failures") args.maxFailures = Number(value());
    else usage(`unknown argument ${a}`);
  }
  if (!args.engine) usage("--engine COMMAND is required");
  return args;
}

// One engine process: requests in order, one JSON line each way.
class Engine {
  constructor(command, timeout) {
    this.timeout = timeout;
    this.child = spawn(command, { shell: true, stdio: ["pipe", "pipe", "inherit"] });
    this.waiting = [];
    this.dead = null;
    const lines = createInterface({ input: this.child.stdout });
    lines.on("line", (line) => {
      const next = this.waiting.shift();
      if (!next) return;
      clearTimeout(next.timer);
      try {
        next.resolve(JSON.parse(line));
      } catch {
        next.reject(new Error(`the engine answered ${next.cmd} with a line that is not JSON: ${line.slice(0, 200)}`));
      }
    });
    const fail = (why) => {
      this.dead = why;
      for (const w of this.waiting.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new Error(why));
      }
    };
    this.child.on("exit", (code) => fail(`the engine exited (status ${code})`));
    this.child.on("error", (error) => fail(`the engine could not run: ${error.message}`));
    this.child.stdin.on("error", () => {});
  }

  request(message) {
    if (this.dead) return Promise.reject(new Error(this.dead));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the engine did not answer '${message.cmd}' within ${this.timeout} s`));
        this.child.kill();
      }, this.timeout * 1000);
      this.waiting.push({ resolve, reject, timer, cmd: message.cmd });
      this.child.stdin.write(JSON.stringify(message) + "\n");
    });
  }

  close() {
    if (!this.dead) this.child.stdin.write(JSON.stringify({ cmd: "quit" }) + "\n");
    this.child.stdin.end();
    setTimeout(() => this.child.kill(), 1000).unref();
  }
}

// Deep equality of JSON values; `shown` hands are compared as sets of cards.
function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}

function asSets(results) {
  if (!Array.isArray(results)) return results;
  return results.map((r) => (r && Array.isArray(r.shown)
    ? { ...r, shown: r.shown.map((h) => (Array.isArray(h) ? [...h].sort() : h)) }
    : r));
}

// The first place (a path such as `results[0].pots[1].winner`) where b differs from a.
function where(a, b, path) {
  if (same(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const w = where(a[i], b[i], `${path}[${i}]`);
      if (w) return w;
    }
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    for (const k of Object.keys(a)) {
      if (!(k in b)) return { path: `${path}.${k}`, expected: a[k], got: "(missing)" };
      const w = where(a[k], b[k], `${path}.${k}`);
      if (w) return w;
    }
    for (const k of Object.keys(b)) {
      if (!(k in a)) return { path: `${path}.${k}`, expected: "(absent)", got: b[k] };
    }
  }
  return { path, expected: a, got: b };
}

// The first difference of an observation: results first, so that stacks never hide a pot.
function observationDifference(expected, got) {
  const order = ["results", ...OBSERVATION_KEYS.filter((k) => k !== "results")];
  for (const key of order) {
    if (!(key in got)) return { path: key, expected: expected[key], got: "(missing)" };
    const [e, g] = key === "results" ? [asSets(expected[key]), asSets(got[key])] : [expected[key], got[key]];
    const w = where(e, g, key);
    if (w) return w;
  }
  return null;
}

const show = (x) => {
  const text = JSON.stringify(x);
  return text === undefined ? String(x) : text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

class Failure extends Error {}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    usage(`cannot read ${path}: ${error.message}`);
  }
}

async function checkVector(engine, entry, data, opts) {
  const started = await engine.request({
    cmd: "new_game", rules: data.rules, players: data.players, dealer: data.dealer, stacks: data.stacks,
  });
  if (started.ok !== true) throw new Failure(`new_game was refused: ${show(started)}`);
  let checks = 0;
  let views = 0;
  for (let i = 0; i < data.steps.length; i++) {
    const step = data.steps[i];
    const action = data.actions[i];
    const context = () => {
      const o = step.observation;
      const hands = o.hands.map((h, s) => `${s}:${h.join(" ") || "-"}`).join(" ");
      return `step ${i} (${o.phase}, to act ${show(o.to_act)}, pot ${o.pot}, hands ${hands})`;
    };
    const observe = async (after) => {
      const got = await engine.request({ cmd: "observe" });
      const diff = observationDifference(step.observation, got);
      if (diff) {
        throw new Failure(`${context()}${after}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.got)}`);
      }
      checks++;
    };
    await observe("");
    for (const refusal of step.refused || []) {
      const answer = await engine.request({ cmd: "apply", action: refusal.action });
      if (answer.ok !== false || answer.error !== "illegal") {
        throw new Failure(`${context()}: ${show(refusal.action)} must be refused (${refusal.rule}), the engine answered ${show(answer)}`);
      }
      checks++;
    }
    if ((step.refused || []).length) await observe(" after the refusals (the state must be unchanged)");
    if (opts.views && step.views) {
      for (const [who, view] of Object.entries(step.views)) {
        const seat = who === "spectator" ? null : Number(who);
        const answer = await engine.request({ cmd: "view", seat });
        const diff = where(view, answer.view, `view of ${who}`);
        if (diff) {
          throw new Failure(`${context()}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.got)}`);
        }
        views++;
      }
    }
    if (action !== undefined) {
      const answer = await engine.request({ cmd: "apply", action });
      if (answer.ok !== true) throw new Failure(`${context()}: ${show(action)} is legal, the engine answered ${show(answer)}`);
      checks++;
    }
  }
  return { checks, views };
}

async function checkNegative(engine, data) {
  const record = data.record;
  const started = await engine.request({
    cmd: "new_game", rules: record.rules, players: record.players, dealer: record.dealer, stacks: record.stacks,
  });
  if (started.ok !== true) throw new Failure(`new_game was refused: ${show(started)}`);
  const last = record.actions.length - 1;
  for (let i = 0; i < last; i++) {
    const answer = await engine.request({ cmd: "apply", action: record.actions[i] });
    if (answer.ok !== true) throw new Failure(`actions[${i}] ${show(record.actions[i])} is legal, the engine answered ${show(answer)}`);
  }
  const answer = await engine.request({ cmd: "apply", action: record.actions[last] });
  if (answer.ok !== false || answer.error !== "illegal") {
    throw new Failure(`actions[${last}] ${show(record.actions[last])} must be refused (${data.error.rule}), the engine answered ${show(answer)}`);
  }
  return { checks: last + 1, views: 0 };
}

async function checkPerft(engine, position, depth) {
  const started = await engine.request({
    cmd: "new_game", rules: position.rules, players: position.players, dealer: position.dealer, stacks: position.stacks,
  });
  if (started.ok !== true) throw new Failure(`new_game was refused: ${show(started)}`);
  for (const action of position.actions) {
    const answer = await engine.request({ cmd: "apply", action });
    if (answer.ok !== true) throw new Failure(`reaching the position: ${show(action)} was refused`);
  }
  for (let d = 1; d <= depth; d++) {
    const answer = await engine.request({ cmd: "perft", depth: d, deck: position.deck });
    if (answer.count !== position.counts[d - 1]) {
      throw new Failure(`depth ${d}: expected ${position.counts[d - 1]}, got ${show(answer.count)}`);
    }
  }
  return { checks: depth, views: 0 };
}

function selected(select, entry, tags) {
  if (!select) return true;
  return [entry.id, ...(entry.rules || []), ...tags].some((x) => select.has(x));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const manifestPath = join(opts.suite, "manifest.json");
  if (!existsSync(manifestPath) || !statSync(manifestPath).isFile()) {
    usage(`${opts.suite} holds no manifest.json: not a conformance suite`);
  }
  const manifest = readJson(manifestPath);
  if (manifest.suite !== "golfo-conformance" || manifest.version !== 3) {
    usage(`${manifestPath}: this checker reads golfo-conformance version 3, not ${show(manifest.suite)} ${show(manifest.version)}`);
  }
  const engine = new Engine(opts.engine, opts.timeout);
  const hello = await engine.request({ cmd: "hello" }).catch((error) => usage(error.message));
  if (hello.ok !== true || hello.protocol !== "golfo-engine/1") {
    engine.close();
    usage(`the engine does not speak golfo-engine/1: ${show(hello)}`);
  }
  const say = (line) => { if (!opts.quiet) process.stdout.write(`${line}\n`); };
  const tally = { passed: 0, failed: 0, skipped: 0, checks: 0, views: 0 };
  const failures = [];
  const run = async (label, check) => {
    if (tally.failed >= opts.maxFailures) { tally.skipped++; return; }
    try {
      const { checks, views } = await check();
      tally.passed++;
      tally.checks += checks;
      tally.views += views;
      say(`ok   ${label}`);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      tally.failed++;
      failures.push(`${label}: ${error.message}`);
      say(`FAIL ${label}: ${error.message}`);
    }
  };
  const skip = (label, why) => { tally.skipped++; say(`skip ${label}: ${why}`); };
  try {
    for (const entry of manifest.vectors) {
      if (!selected(opts.select, entry, entry.tags)) continue;
      if (entry.tags.includes("variant") && !hello.variants) { skip(entry.id, "a variant"); continue; }
      const data = readJson(join(opts.suite, entry.file));
      await run(`${entry.id} [${entry.rules.join(" ")}]`, () => checkVector(engine, entry, data, {
        views: opts.views && hello.views === true,
      }));
    }
    for (const entry of manifest.negative) {
      if (!selected(opts.select, entry, ["negative"])) continue;
      if (entry.checks !== "engine") { skip(entry.id, "a record's own check, not the engine's"); continue; }
      const data = readJson(join(opts.suite, entry.file));
      await run(`${entry.id} [${entry.rules.join(" ")}]`, () => checkNegative(engine, data));
    }
    if (opts.perft) {
      const perft = readJson(join(opts.suite, manifest.perft.file));
      const depth = Math.min(opts.depth ?? perft.depth, perft.depth);
      for (const position of perft.positions) {
        const entry = { id: `perft/${position.id}`, rules: [] };
        if (!selected(opts.select, entry, ["perft"])) continue;
        if (hello.perft !== true) { skip(entry.id, "the engine has no perft"); continue; }
        if (position.variants && !hello.variants) { skip(entry.id, "a variant"); continue; }
        await run(`${entry.id} depth 1-${depth}`, () => checkPerft(engine, position, depth));
      }
    }
  } catch (error) {
    engine.close();
    process.stderr.write(`check.mjs: ${error.message}\n`);
    process.exit(2);
  }
  engine.close();
  const viewsNote = opts.views
    ? (hello.views === true ? `, ${tally.views} views compared` : ", views not compared (the engine announces none)")
    : ", views not compared (--views not given)";
  process.stdout.write(
    `golfo conformance (JavaScript): ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped; `
    + `${tally.checks} answers agreed${viewsNote}; engine ${show(hello.name)} ${show(hello.version)}\n`,
  );
  for (const f of failures) process.stdout.write(`  ${f}\n`);
  process.exit(tally.failed || tally.passed === 0 ? 1 : 0);
}

main();
