// The server's typed errors reach the caller: the move's promise rejects with the
// ProtocolError, the error listeners hear it, and nothing changes at the table.
// Every seat is human and there is no timer, so nothing moves but what the test sends.

import assert from "node:assert/strict";
import { test } from "node:test";

import { type Action, Client, ConnectionError, ProtocolError, type TableSocket } from "../src/index.js";
import { seatToAct, serverUrl, simpleMove } from "./helpers.js";

const server = new Client(serverUrl());

async function refused(promise: Promise<unknown>, code: string): Promise<ProtocolError> {
  let caught: unknown = null;
  await assert.rejects(promise, (error: unknown) => {
    caught = error;
    return true;
  });
  assert.ok(caught instanceof ProtocolError, `expected a ProtocolError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.text.es.length > 0 && caught.text.en.length > 0);
  return caught;
}

test("refused moves: stale, not_your_seat, not_your_turn, illegal, format, auth", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ rules: "tradicional", players: 3, seed: 5 });
  const grants = await Promise.all([0, 1, 2].map((seat) => server.takeSeat(table.table, seat, `p${seat}`)));
  const sockets: TableSocket[] = grants.map((grant) => server.connect(table.table, grant.token));
  const heard: string[][] = sockets.map(() => []);
  sockets.forEach((socket, seat) => socket.on("error", (error) => heard[seat]?.push(error.message)));
  const views = await Promise.all(sockets.map((socket) => socket.waitFor()));
  const seat = seatToAct(views[0]!);
  const actor = sockets[seat]!;
  const view = views[seat]!;
  const other = ((seat + 1) % 3) as 0 | 1 | 2;
  const move = simpleMove(view);

  // a move against the view before: stale
  const stale = await refused(actor.act(move, view.version - 1), "stale");
  assert.match(stale.text.en, /changed/);
  // an action for another seat: not_your_seat
  await refused(actor.act({ ...move, seat: other } as Action), "not_your_seat");
  // another seat, on its own socket, before its turn: not_your_turn
  await refused(sockets[other]!.act({ type: "pass", seat: other }), "not_your_turn");
  // a bet above what the others can match: illegal, explained for the player
  assert.notEqual(view.moves?.bet, null);
  const high = view.moves!.bet![1];
  const illegal = await refused(actor.act({ type: "bet", seat, amount: high + 1 }), "illegal");
  assert.ok(illegal.detail !== undefined && illegal.detail.length > 0);
  // words the notation cannot read: illegal
  await refused(actor.say("tres pájaros"), "illegal");
  // a malformed action: format
  await refused(actor.act({ type: "bet", seat, amount: -5 }), "format");
  // ending the game is only for the time between hands of an open-ended game
  await refused(actor.endGame(), "illegal");
  // a spectator does not play: auth
  const spectator = server.connect(table.table);
  const watched = await spectator.waitFor();
  assert.equal(watched.seat, null);
  assert.deepEqual(watched.hand, []);
  await refused(spectator.act(move), "auth");

  // nothing changed; every error was also heard by the listeners
  assert.equal((await server.table(table.table)).version, view.version);
  assert.equal(heard[seat]!.length, 6);
  assert.equal(heard[other]!.length, 1);
  assert.match(heard[seat]![0]!, /^stale: /);

  // and the move itself is taken: the next view, of a later version
  const next = await actor.act(move);
  assert.ok(next.version > view.version);
  assert.equal(actor.view?.version, next.version);
  await actor.ping();
  for (const socket of [...sockets, spectator]) socket.close();
});

test("words are moves too: say", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ players: 3, seed: 5 });
  const grants = await Promise.all([0, 1, 2].map((seat) => server.takeSeat(table.table, seat, `p${seat}`)));
  const first = (await server.table(table.table)).view;
  const seat = seatToAct(first);
  const socket = server.connect(table.table, grants[seat]!.token);
  const view = await socket.waitFor();
  assert.ok(view.moves?.pass);
  const next = await socket.say("paso");
  assert.equal(next.history.at(-1)?.type, "pass");
  await refused(socket.say("pass", "en", view.version), "stale");
  socket.close();
});

test("a bad token: auth, and the socket stops without trying again", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ players: 3 });
  let opened = 0;
  const Runtime = globalThis.WebSocket;
  class Counting extends Runtime {
    constructor(url: string | URL) {
      super(url);
      opened += 1;
    }
  }
  const socket = server.connect(table.table, "not-a-token", { WebSocket: Counting, reconnect: { initialDelay: 1 } });
  const heard: unknown[] = [];
  socket.on("error", (error) => heard.push(error));
  const reason = await socket.closed;
  assert.ok(reason instanceof ProtocolError);
  assert.equal(reason.code, "auth");
  assert.equal(heard.length, 1);
  assert.equal(socket.status, "closed");
  assert.equal(opened, 1);
  await assert.rejects(socket.waitFor(), ConnectionError);
  await assert.rejects(socket.act({ type: "pass", seat: 0 }, 0), ConnectionError);
});

// the server's default rate: 20 messages a second, bursts of 40 (`golfo serve --rate`)
test("too many messages: rate, each answering its own message", { timeout: 60_000 }, async () => {
  const table = await server.createTable({ players: 3 });
  const socket = server.connect(table.table);
  await socket.waitFor();
  const pings = Array.from({ length: 80 }, () => socket.ping());
  const outcomes = await Promise.allSettled(pings);
  const rates = outcomes.filter((o) => o.status === "rejected");
  assert.ok(rates.length > 0, "no ping was refused");
  assert.ok(outcomes.some((o) => o.status === "fulfilled"));
  for (const outcome of rates) {
    assert.ok(outcome.reason instanceof ProtocolError);
    assert.equal(outcome.reason.code, "rate");
  }
  socket.close();
});
