// What the tests share: the live server's address, a TCP proxy that can cut connections,
// a simple legal move.

import net from "node:net";

import type { Action, LegalMoves, Seat, SocketStatus, TableSocket, View } from "../src/index.js";

/** The address of the live `golfo serve` (scripts/test.mjs, or the pytest wrapper, starts it). */
export function serverUrl(): string {
  const url = process.env["GOLFO_URL"];
  if (url === undefined || url === "") throw new Error("GOLFO_URL is not set: run the tests with npm test");
  return url;
}

/** A legal move from a view on the seat's turn: stand pat, call, pass, else fold. */
export function simpleMove(view: View): Action {
  const moves: LegalMoves | null = view.moves;
  const seat = view.seat;
  if (moves === null || seat === null) throw new Error(`not this seat's turn at version ${view.version}`);
  if (moves.discard_max !== null) return { type: "discard", seat, cards: [] };
  if (moves.call !== null) return { type: "call", seat };
  if (moves.pass) return { type: "pass", seat };
  return { type: "fold", seat };
}

/** The seat to act in a view; fails when it is not a seat. */
export function seatToAct(view: View): Seat {
  if (typeof view.to_act !== "number") throw new Error(`no seat to act: ${String(view.to_act)}`);
  return view.to_act;
}

/** Resolves when the socket's status becomes `status` (at once if it is). */
export function statusOf(socket: TableSocket, status: SocketStatus): Promise<void> {
  if (socket.status === status) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = socket.on("status", (now) => {
      if (now === status) {
        stop();
        resolve();
      }
    });
  });
}

/** A TCP proxy on loopback in front of the server: `cut()` drops every connection through it
 * (as a network would: no closing handshake) and stops listening (new ones are refused)
 * until `resume()`. */
export class CuttableProxy {
  /** Connections accepted and passed on. */
  connections = 0;
  private port = 0;
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  constructor(private readonly target: URL) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Starts listening; the proxy's address (http://127.0.0.1:PORT). */
  async start(): Promise<string> {
    await this.resume();
    return `http://127.0.0.1:${this.port}`;
  }

  /** Drops every connection and stops listening. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Listens again, on the same port. */
  async resume(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Stops listening and drops every connection. */
  async stop(): Promise<void> {
    if (this.server.listening) await this.cut();
  }

  private accept(client: net.Socket): void {
    this.connections += 1;
    const upstream = net.connect(Number(this.target.port), this.target.hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.sockets.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
