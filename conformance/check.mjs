#!/usr/bin/env node
// golfo's conformance vectors, checked without golfo: a second checker, in JavaScript
// (Node 18 or later, no packages), that drives any `golfo-engine/1` program through the
// suite as data (manifest.json, the vectors, perft.json) and compares every answer with
// what the data says.  No golfo process and no Python are involved.
//
//   node conformance/check.mjs --engine "COMMAND" [--suite DIR] [--select A,B,...]
//                              [--views] [--words] [--known FILE] [--no-perft] [--depth D]
//                              [--timeout S] [--quiet] [--max-failures N]
//
// --select keeps the vectors and positions whose id, tag or rule is one of the list (for
// example `--select R8,ludoteka,09-trabuco`).  --views also compares the facts of every view
// the data holds (golfo-wire) when the engine announces views; --words (which implies
// --views) compares their words too (phase names, buttons, events' text), a level of its own
// reported apart.  --known FILE names the vectors and rules the engine deliberately does not
// follow, in the Python runner's format (one id, glob of ids or rule a line, `#` comments):
// their failures are reported as known differences.  Exit status: 0 every check passed, 1
// some failed (or words differed, with --words), 2 the engine or the suite could not be
// used.  The protocol: docs/engine-protocol.md; the data: docs/vectors.md.

import { spawn } from "node:child_process";
import { readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

// The keys of an observation, in the order they are compared (docs/engine-protocol.md).
const OBSERVATION_KEYS = [
  "phase", "to_act", "hand_number", "dealer", "mano", "stacks", "bets", "pot", "folded",
  "hands", "stock", "is_over", "results", "winner", "moves",
];

// The keys of a hand's result, causes first (the Python runner's `findings.normalized`): a
// pot or showdown difference is named as itself, not as the payoffs that follow from it.
export const RESULT_KEYS_FIRST = [
  "hand_number", "dealer", "dealt_in", "showdown", "ended_in", "shown", "trabuco", "pots",
  "returned", "payoffs",
];

// The rules of docs/rules.md behind each key of an observation, each key of a view that an
// observation lacks, and each kind of action (golfo.conformance.findings: FIELD_RULES,
// VIEW_RULES, ACTION_RULES; a test keeps them equal): what a failure names, and what a known
// difference given as a rule covers.
export const FIELD_RULES = {
  "phase": ["R3", "R6", "R10", "R12"], "to_act": ["R4", "R7"], "hand_number": ["R14", "R15"],
  "dealer": ["R14"], "mano": ["R1", "R14"], "stacks": ["R2", "R8", "R11", "R17"],
  "bets": ["R5", "R8"], "pot": ["R2", "R8"], "folded": ["R6", "R13"],
  "hands": ["R3", "R4", "R10", "R13"], "stock": ["R3", "R10"], "is_over": ["R15", "R16", "R17"],
  "results": ["R6", "R8", "R11"], "winner": ["R16", "R18"], "moves.pass": ["R5"],
  "moves.call": ["R5", "R8"], "moves.fold": ["R5"], "moves.bet": ["R5", "R8", "R9"],
  "moves.raise": ["R5", "R8", "R9"], "moves.discard_max": ["R10"], "moves.deals": ["R3", "R4"],
  "moves.next_hand": ["R15", "R16"], "moves.end_game": ["R15", "R16"],
};
export const VIEW_RULES = {
  "hand": ["R3", "R4", "R10", "R13"], "hand_value": ["R11"], "hand_sizes": ["R3", "R10", "R13"],
  "stock_size": ["R3", "R10"], "discards": ["R10"], "history": ["R4", "R10", "R13"],
  "committed": ["R2", "R8"], "current_bet": ["R5", "R8"], "dealt_in": ["R1", "R14", "R17"],
  "rebuys": ["R17"], "out": ["R17"],
};
export const ACTION_RULES = {
  "deal": ["R3", "R4"], "pass": ["R5"], "bet": ["R5", "R8", "R9"], "call": ["R5", "R8"],
  "raise": ["R5", "R8", "R9"], "fold": ["R5", "R6", "R13"], "discard": ["R10"],
  "next_hand": ["R14", "R15", "R17"], "end_game": ["R15", "R16"],
};

// The keys of a view that word its facts for people; compared only with --words.
export const WORDS = ["phase_name", "choices", "text"];

function usage(message) {
  process.stderr.write(`check.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = {
    engine: null, suite: dirname(fileURLToPath(import.meta.url)), select: null,
    views: false, words: false, known: null, perft: true, depth: null, timeout: 10,
    quiet: false, maxFailures: Infinity,
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
    else if (a === "--words") args.views = args.words = true;
    else if (a === "--known") args.known = value();
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

// A card's place in the canonical order (by suit O, C, E, B, then by rank); others after.
const CARD_ORDER = new Map(
  ["O", "C", "E", "B"].flatMap((suit, i) => [3, 4, 5, 6, 7, 8, 9].map((rank, j) => [`${rank}${suit}`, 7 * i + j])),
);

function canonical(hand) {
  if (!Array.isArray(hand) || !hand.every((c) => typeof c === "string")) return hand;
  const place = (c) => CARD_ORDER.get(c) ?? CARD_ORDER.size;
  return [...hand].sort((a, b) => place(a) - place(b) || (a < b ? -1 : a > b ? 1 : 0));
}

// Hand results as they are compared: shown hands as sets of cards (in canonical order), the
// keys causes first.
export function normalized(results) {
  if (!Array.isArray(results)) return results;
  return results.map((r) => {
    if (!r || typeof r !== "object" || Array.isArray(r)) return r;
    const shown = Array.isArray(r.shown) ? { shown: r.shown.map(canonical) } : {};
    const result = { ...r, ...shown };
    const first = Object.fromEntries(RESULT_KEYS_FIRST.filter((k) => k in result).map((k) => [k, result[k]]));
    return { ...first, ...result };
  });
}

// A view's facts (without its words) and its words (the Python runner's `split_words`).
export function splitWords(view) {
  if (!view || typeof view !== "object" || Array.isArray(view)) return [view, {}];
  const facts = {};
  const words = {};
  for (const [k, v] of Object.entries(view)) {
    if (k === "phase_name" || k === "choices") words[k] = v;
    else facts[k] = v;
  }
  for (const key of ["history", "discards"]) {
    const events = view[key];
    if (!Array.isArray(events)) continue;
    const plain = (e) => e && typeof e === "object" && !Array.isArray(e);
    facts[key] = events.map((e) => (plain(e) ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== "text")) : e));
    words[key] = events.map((e) => (plain(e) ? { text: e.text ?? null } : null));
  }
  return [facts, words];
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
    const [e, g] = key === "results" ? [normalized(expected[key]), normalized(got[key])] : [expected[key], got[key]];
    const w = where(e, g, key);
    if (w) return w;
  }
  return null;
}

const show = (x) => {
  const text = JSON.stringify(x);
  return text === undefined ? String(x) : text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

// A check that failed: the message, and the rules of what differs (a known difference given
// as a rule covers it when the rule is among these or the vector's).
class Failure extends Error {
  constructor(message, rules = []) {
    super(message);
    this.rules = rules;
  }
}

function fieldRules(path) {
  if (path.startsWith("view of ")) {
    const key = path.split(".").slice(1).join(".").split(/[.[]/)[0];
    return VIEW_RULES[key] || FIELD_RULES[key] || [];
  }
  const key = path.split("[")[0];
  return FIELD_RULES[key] || FIELD_RULES[key.split(".")[0]] || [];
}

// `--known FILE`: one entry a line (a vector's id, a glob of ids, or a rule), `#` comments.
function readKnown(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    usage(`--known: cannot read ${path}: ${error.message}`);
  }
  const entries = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const entry = line.split("#")[0].trim();
    if (!entry) return;
    if (/\s/.test(entry)) usage(`--known: ${path}:${i + 1}: one id or rule a line, got ${show(entry)}`);
    entries.push(entry);
  });
  return entries;
}

const isRule = (entry) => /^R[0-9]+$/.test(entry.toUpperCase());

function glob(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*") source += ".*";
    else if (c === "?") source += ".";
    else if (c === "[" && pattern.indexOf("]", i + 2) > 0) {
      const end = pattern.indexOf("]", i + 2);
      let set = pattern.slice(i + 1, end);
      if (set.startsWith("!")) set = `^${set.slice(1)}`;
      source += `[${set.replace(/\\/g, "\\\\")}]`;
      i = end;
    } else source += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

const matchesId = (entry, id) => entry === id || glob(entry).test(id);

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
  let words = null;
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
        throw new Failure(`${context()}${after}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.got)}`, fieldRules(diff.path));
      }
      checks++;
    };
    await observe("");
    for (const refusal of step.refused || []) {
      const answer = await engine.request({ cmd: "apply", action: refusal.action });
      if (answer.ok !== false || answer.error !== "illegal") {
        throw new Failure(`${context()}: ${show(refusal.action)} must be refused as illegal (${refusal.rule}), the engine answered ${show(answer)}`, [refusal.rule]);
      }
      checks++;
    }
    if ((step.refused || []).length) await observe(" after the refusals (the state must be unchanged)");
    if (opts.views && step.views) {
      for (const [who, view] of Object.entries(step.views)) {
        const seat = who === "spectator" ? null : Number(who);
        const answer = await engine.request({ cmd: "view", seat });
        const [facts, ourWords] = splitWords(view);
        const [theirFacts, theirWords] = splitWords(answer.view);
        const diff = where(facts, theirFacts, `view of ${who}`);
        if (diff) {
          throw new Failure(`${context()}: ${diff.path}: expected ${show(diff.expected)}, got ${show(diff.got)}`, fieldRules(diff.path));
        }
        views++;
        if (opts.words && words === null) {
          const gap = where(ourWords, theirWords, `view of ${who}`);
          if (gap) words = `step ${i}: ${gap.path}: expected ${show(gap.expected)}, got ${show(gap.got)}`;
        }
      }
    }
    if (action !== undefined) {
      const answer = await engine.request({ cmd: "apply", action });
      if (answer.ok !== true) throw new Failure(`${context()}: ${show(action)} is legal, the engine answered ${show(answer)}`, ACTION_RULES[action.type] || []);
      checks++;
    }
  }
  return { checks, views, words };
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
    if (answer.ok !== true) throw new Failure(`actions[${i}] ${show(record.actions[i])} is legal, the engine answered ${show(answer)}`, ACTION_RULES[record.actions[i].type] || []);
  }
  const answer = await engine.request({ cmd: "apply", action: record.actions[last] });
  if (answer.ok !== false || answer.error !== "illegal") {
    throw new Failure(`actions[${last}] ${show(record.actions[last])} must be refused as illegal (${data.error.rule}), the engine answered ${show(answer)}`, [data.error.rule].filter(Boolean));
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
  const perft = opts.perft ? readJson(join(opts.suite, manifest.perft.file)) : null;
  const known = opts.known === null ? [] : readKnown(opts.known);
  const ids = [
    ...manifest.vectors.map((v) => v.id), ...manifest.negative.map((n) => n.id),
    ...(perft ? perft.positions.map((p) => `perft/${p.id}`) : manifest.perft.positions.map((p) => `perft/${p}`)),
  ];
  const elsewhere = (entry) => entry.startsWith("random/") || entry.startsWith("corpus/");  // the Python runner's games
  const unknown = known.filter((e) => !isRule(e) && !elsewhere(e) && !ids.some((id) => matchesId(e, id)));
  if (unknown.length) usage(`--known ${opts.known}: no vector has the id ${unknown.join(", ")}`);
  const engine = new Engine(opts.engine, opts.timeout);
  const hello = await engine.request({ cmd: "hello" }).catch((error) => usage(error.message));
  if (hello.ok !== true || hello.protocol !== "golfo-engine/1") {
    engine.close();
    usage(`the engine does not speak golfo-engine/1: ${show(hello)}`);
  }
  const say = (line) => { if (!opts.quiet) process.stdout.write(`${line}\n`); };
  const tally = { passed: 0, failed: 0, known: 0, skipped: 0, checks: 0, views: 0, words: 0 };
  const failures = [];
  const used = new Set();
  const covering = (entry, error) => known.find((k) => {
    const byRule = isRule(k) && [...error.rules, ...(entry.rules || [])].includes(k.toUpperCase());
    return byRule || matchesId(k, entry.id);
  });
  const run = async (entry, label, check) => {
    if (tally.failed >= opts.maxFailures) { tally.skipped++; return; }
    try {
      const { checks, views, words } = await check();
      tally.passed++;
      tally.checks += checks;
      tally.views += views;
      say(`ok   ${label}`);
      if (words) {
        tally.words++;
        say(`WORDS DIFFER ${label}: ${words}`);
      }
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      const declared = covering(entry, error);
      if (declared !== undefined) {
        used.add(declared);
        tally.known++;
        say(`KNOWN ${label}: ${error.message} (declared: ${declared})`);
        return;
      }
      tally.failed++;
      failures.push(`${label}: ${error.message}`);
      say(`FAIL ${label}: ${error.message}`);
    }
  };
  const skip = (label, why) => { tally.skipped++; say(`skip ${label}: ${why}`); };
  const views = opts.views && hello.views === true;
  try {
    for (const entry of manifest.vectors) {
      if (!selected(opts.select, entry, entry.tags)) continue;
      if (entry.tags.includes("variant") && !hello.variants) { skip(entry.id, "a variant"); continue; }
      const data = readJson(join(opts.suite, entry.file));
      await run(entry, `${entry.id} [${entry.rules.join(" ")}]`, () => checkVector(engine, entry, data, {
        views, words: views && opts.words,
      }));
    }
    for (const entry of manifest.negative) {
      if (!selected(opts.select, entry, ["negative"])) continue;
      if (entry.checks !== "engine") { skip(entry.id, "a record's own check, not the engine's"); continue; }
      const data = readJson(join(opts.suite, entry.file));
      await run(entry, `${entry.id} [${entry.rules.join(" ")}]`, () => checkNegative(engine, data));
    }
    if (perft) {
      const depth = Math.min(opts.depth ?? perft.depth, perft.depth);
      for (const position of perft.positions) {
        const entry = { id: `perft/${position.id}`, rules: [] };
        if (!selected(opts.select, entry, ["perft"])) continue;
        if (hello.perft !== true) { skip(entry.id, "the engine has no perft"); continue; }
        if (position.variants && !hello.variants) { skip(entry.id, "a variant"); continue; }
        await run(entry, `${entry.id} depth 1-${depth}`, () => checkPerft(engine, position, depth));
      }
    }
  } catch (error) {
    engine.close();
    process.stderr.write(`check.mjs: ${error.message}\n`);
    process.exit(2);
  }
  engine.close();
  for (const entry of known) {
    if (!used.has(entry) && !elsewhere(entry)) say(`known difference not seen: ${entry} (nothing it covers failed)`);
  }
  let viewsNote = ", views not compared (--views not given)";
  if (opts.views && hello.views !== true) viewsNote = ", views not compared (the engine announces none)";
  else if (views) {
    const wordsNote = !opts.words ? "their words not compared: --words not given"
      : tally.words ? `their words differ in ${tally.words}` : "their words agree";
    viewsNote = `, ${tally.views} views compared (${wordsNote})`;
  }
  const knownNote = opts.known === null ? "" : `, ${tally.known} known`;
  process.stdout.write(
    `golfo conformance (JavaScript): ${tally.passed} passed, ${tally.failed} failed${knownNote}, ${tally.skipped} skipped; `
    + `${tally.checks} answers agreed${viewsNote}; engine ${show(hello.name)} ${show(hello.version)}\n`,
  );
  for (const f of failures) process.stdout.write(`  ${f}\n`);
  const ran = tally.passed + tally.known;
  process.exit(tally.failed || ran === 0 || tally.words ? 1 : 0);
}

// Run when started as a program (`node check.mjs ...`), not when imported for its tables.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
