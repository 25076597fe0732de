// A whole game through the client against a live server; the HTTP side; the example bot.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

import { Client, HttpError, type View } from "../src/index.js";
import { serverUrl, simpleMove } from "./helpers.js";

const server = new Client(serverUrl());

test("a whole game: every move on the seat's turn, to the end, then the records", { timeout: 120_000 }, async () => {
  const table = await server.createTable({
    rules: "ludoteka", hands: 2, seed: 11, pause: 0, bot_delay: 0, bots: { "1": "heuristic", "2": "random" },
  });
  assert.deepEqual(table.free, [0]);
  assert.deepEqual(table.seats.map((s) => s.kind), ["free", "bot", "bot"]);
  const lobby = await server.tables();
  assert.ok(lobby.some((t) => t.table === table.table));

  const grant = await server.takeSeat(table.table, 0, "Ana");
  assert.equal(grant.seat, 0);
  const socket = server.connect(table.table, grant.token);
  const played: number[] = [];
  const refused: string[] = [];
  socket.on("error", (error) => refused.push(error.message));
  socket.on("view", ({ view }) => {
    if (view.moves === null) return;
    played.push(view.version);
    socket.act(simpleMove(view)).then(
      (next: View) => assert.ok(next.version > view.version),
      (error: unknown) => refused.push(String(error)),
    );
  });
  const end = await socket.waitFor((view) => view.phase === "end");
  socket.close();
  assert.equal(await socket.closed, null);
  assert.equal(socket.status, "closed");

  assert.deepEqual(refused, []);
  assert.ok(played.length > 0, "seat 0 never had a move");
  assert.equal(end.seat, 0);
  assert.equal(end.moves, null);
  assert.ok(end.results.length >= 2);
  assert.equal(socket.standings?.hands_played, end.results.length);
  assert.notEqual(socket.standings?.winner, null);

  const details = await server.table(table.table);
  assert.equal(details.phase, "end");
  assert.equal(details.view.seat, null);
  assert.deepEqual(details.view.hand, []);
  const record = await server.record(table.table);
  assert.equal(record.format, "golfo/1");
  const mine = await server.record(table.table, grant.token);
  assert.equal(mine.format, "golfo-seat/1");
  assert.equal(mine.seat, 0);
  assert.equal(mine.results.length, end.results.length);
});

test("the HTTP side: words, and its typed errors", async () => {
  const words = await server.words();
  assert.equal(Object.keys(words.cards).length, 28);
  assert.equal(words.cards["9O"].es, "nueve de oros");
  assert.equal(words.phases.bet_1.en.length > 0, true);

  const table = await server.createTable({ players: 3, bots: { "1": "random" }, bot_delay: 60 });
  const refusal = async (promise: Promise<unknown>, status: number, code: string): Promise<void> => {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof HttpError, String(error));
      assert.deepEqual([error.status, error.code], [status, code]);
      assert.ok(error.text.es.length > 0 && error.text.en.length > 0);
      return true;
    });
  };
  await refusal(server.takeSeat(table.table, 1, "Eva"), 409, "taken");
  await refusal(server.takeSeat(table.table, 3, "Eva"), 404, "not_found");
  await refusal(server.table("no-such-table"), 404, "not_found");
  await refusal(server.record(table.table), 409, "not_over");
  await refusal(server.record(table.table, "not-a-token"), 401, "auth");
  // the types refuse 5 players; the server does too
  await refusal(server.createTable({ players: 5 } as unknown as { players: 3 }), 400, "format");
});

test("the example bot plays a whole game", { timeout: 120_000 }, () => {
  const script = fileURLToPath(new URL("../examples/bot.js", import.meta.url));
  const run = spawnSync(process.execPath, [...process.execArgv, script, serverUrl()], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^game over after \d+ hands/m);
  assert.equal(run.stderr, "");
  assert.equal(run.stdout.match(/^ {2}\d\. seat \d: \d+/gm)?.length, 3, run.stdout);
});

test("end_game: an open-ended game ends between hands once every person agrees", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ hands: null, seed: 4, pause: 60, bot_delay: 0, bots: { "1": "heuristic", "2": "random" } });
  const grant = await server.takeSeat(table.table, 0, "Ana");
  const socket = server.connect(table.table, grant.token);
  socket.on("view", ({ view }) => {
    if (view.moves !== null) void socket.act(simpleMove(view));
  });
  const between = await socket.waitFor((view) => view.phase === "between_hands");
  await socket.endGame();
  const end = await socket.waitFor((view) => view.phase === "end");
  assert.equal(end.results.length, between.results.length);
  assert.equal(end.history.at(-1)?.type, "end_game");
  socket.close();
});

test("bot: the server's bot plays the seat on request, and stops", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ players: 3, seed: 2, bot_delay: 0 });
  const grants = await Promise.all([0, 1, 2].map((seat) => server.takeSeat(table.table, seat, `p${seat}`)));
  const first = (await server.table(table.table)).view;
  const seat = first.to_act as 0 | 1 | 2;
  const socket = server.connect(table.table, grants[seat]!.token);
  const view = await socket.waitFor((v) => v.moves !== null);
  await socket.setBot(true);
  // three people and no timer: only this seat could move the table on, so its bot did
  const moved = await socket.waitFor((v) => v.version > view.version);
  assert.equal(moved.seat, seat);
  assert.equal((await server.table(table.table)).seats[seat]?.bot, true);
  await socket.setBot(false);
  assert.equal((await server.table(table.table)).seats[seat]?.bot, false);
  socket.close();
});
