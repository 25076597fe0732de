// Reconnection: the connection drops (a TCP proxy cuts it, as a network would), the table
// moves on meanwhile, and the socket comes back with its token to the current view.

import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";

import { Client, ConnectionError, type SocketStatus } from "../src/index.js";
import { CuttableProxy, seatToAct, serverUrl, simpleMove, statusOf } from "./helpers.js";

const server = new Client(serverUrl());

test("a dropped connection: reconnects with the token and gets the current view", { timeout: 60_000 }, async () => {
  const proxy = new CuttableProxy(new URL(serverUrl()));
  const through = new Client(await proxy.start(), { reconnect: { initialDelay: 10, maxDelay: 100 } });
  try {
    // three people and no timer: nothing moves but what the test sends
    const table = await server.createTable({ players: 3, seed: 8 });
    const grants = await Promise.all([0, 1, 2].map((seat) => server.takeSeat(table.table, seat, `p${seat}`)));
    const toAct = seatToAct((await server.table(table.table)).view);
    const mine = (toAct + 1) % 3;

    const socket = through.connect(table.table, grants[mine]!.token);
    const statuses: SocketStatus[] = [];
    socket.on("status", (status) => statuses.push(status));
    const before = await socket.waitFor();
    assert.equal(before.seat, mine);
    assert.equal(before.moves, null);

    await proxy.cut();
    await statusOf(socket, "reconnecting");
    await assert.rejects(socket.act({ type: "pass", seat: mine }), (error: unknown) => {
      return error instanceof ConnectionError && error.code === "not_open";
    });

    // meanwhile the seat to act plays, on its own socket
    const other = server.connect(table.table, grants[toAct]!.token);
    const moved = await other.act(simpleMove(await other.waitFor()));
    other.close();
    assert.equal(moved.version > before.version, true);

    await proxy.resume();
    const after = await socket.waitFor((view) => view.version >= moved.version);
    assert.equal(after.version, moved.version);
    assert.equal(after.seat, mine, "the new connection said hello with the token");
    assert.deepEqual(after.hand, before.hand);
    assert.equal(socket.status, "open");
    assert.deepEqual(statuses.slice(0, 2), ["open", "reconnecting"]);
    assert.equal(statuses.at(-1), "open");
    assert.ok(proxy.connections >= 2);

    // and it plays on
    if (after.to_act === mine) {
      const next = await socket.act(simpleMove(after));
      assert.ok(next.version > after.version);
    }
    socket.close();
    assert.equal(await socket.closed, null);
  } finally {
    await proxy.stop();
  }
});

test("a move in flight when the connection drops is rejected as dropped", { timeout: 60_000 }, async () => {
  const proxy = new CuttableProxy(new URL(serverUrl()));
  const through = new Client(await proxy.start(), { reconnect: { initialDelay: 10, maxDelay: 100 } });
  try {
    const table = await server.createTable({ players: 3, seed: 8 });
    const grants = await Promise.all([0, 1, 2].map((seat) => server.takeSeat(table.table, seat, `p${seat}`)));
    const toAct = seatToAct((await server.table(table.table)).view);
    const socket = through.connect(table.table, grants[toAct]!.token);
    const view = await socket.waitFor();
    const move = simpleMove(view);
    const sent = socket.act(move);
    const ping = socket.ping();
    const cut = proxy.cut(); // at once: before any answer can come back through the proxy
    for (const answer of [sent, ping]) {
      await assert.rejects(answer, (error: unknown) => error instanceof ConnectionError && error.code === "dropped");
    }
    await cut;
    await proxy.resume();
    // the move may or may not have reached the server: the view after reconnecting says which
    const again = await socket.waitFor(() => socket.status === "open");
    assert.ok(again.version === view.version || again.version === view.version + 1, String(again.version));
    if (again.version === view.version) await socket.act(move);
    assert.equal((await server.table(table.table)).version, view.version + 1);
    socket.close();
  } finally {
    await proxy.stop();
  }
});

test("a connection that never brings a view is given up on after openTimeout", { timeout: 60_000 }, async () => {
  // a server that accepts TCP connections and never answers
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as net.AddressInfo).port;
  try {
    let opened = 0;
    class Counting extends globalThis.WebSocket {
      constructor(url: string | URL) {
        super(url);
        opened += 1;
      }
    }
    const client = new Client(`http://127.0.0.1:${port}`, {
      WebSocket: Counting,
      openTimeout: 50,
      reconnect: { initialDelay: 1, maxDelay: 1, attempts: 2 },
    });
    const socket = client.connect("t", "token");
    const reason = await socket.closed;
    assert.ok(reason instanceof ConnectionError);
    assert.equal(reason.code, "gave_up");
    assert.equal(opened, 3); // the first try and two more
    assert.ok(held.length >= 3);
    assert.equal(socket.status, "closed");
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
