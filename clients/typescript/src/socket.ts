// One WebSocket to a table (`/api/tables/{id}/ws`, docs/server.md): hello with the seat's
// token, views, moves against a version, the other messages, the server's typed errors, and
// reconnection with the token, with backoff, after a dropped connection.

import { ConnectionError, ProtocolError } from "./errors.js";
import type { ClientMessage, ErrorCode, ServerMessage, ViewMessage } from "./protocol.js";
import type { Action, Standings, View } from "./wire.js";

/** What the client needs of a WebSocket: the browser's (and Node's, from Node 22; Node 20
 * with `--experimental-websocket`) has it, and so have most libraries' (`ws`). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  // any: each runtime's event types differ (the DOM's MessageEvent, ws's, undici's)
  addEventListener(type: "open" | "message" | "close" | "error", listener: (event: any) => void): void;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type WebSocketFactory = new (url: string) => WebSocketLike;

/** How the socket reconnects after the connection drops. */
export interface ReconnectOptions {
  /** Milliseconds before the first new try (250); each try that fails doubles it. */
  initialDelay?: number;
  /** The longest wait between tries, in milliseconds (5000). */
  maxDelay?: number;
  /** Tries in a row that fail (never get a view) before giving up (Infinity). */
  attempts?: number;
}

/** Options of {@link TableSocket}. */
export interface SocketOptions {
  /** The WebSocket class; by default the runtime's own (`globalThis.WebSocket`). */
  WebSocket?: WebSocketFactory;
  /** How to reconnect after a dropped connection; `false`: never. */
  reconnect?: ReconnectOptions | false;
  /** Milliseconds a new connection has to bring its first view before it is given up on
   * (and, with `reconnect`, tried again): 10000. */
  openTimeout?: number;
}

/** `connecting` (the first time), `open` (a view came), `reconnecting`, `closed` (for good). */
export type SocketStatus = "connecting" | "open" | "reconnecting" | "closed";

/** The events of a {@link TableSocket} and their listeners. */
export interface SocketEvents {
  /** A view (at once after hello, after every change, and after reconnecting). */
  view: (message: ViewMessage) => void;
  /** Every error the server sends (`ProtocolError`: also given to the move it answers, if
   * any) and the connection's own (`ConnectionError`: an unreadable message, giving up). */
  error: (error: ProtocolError | ConnectionError) => void;
  /** The connection's status changed. */
  status: (status: SocketStatus) => void;
  /** Every message the server sent, as parsed, before the other events. */
  message: (message: ServerMessage) => void;
}

type Pending =
  | { kind: "move"; version: number; resolve: (view: View) => void; reject: (error: Error) => void }
  | { kind: "ping" | "other"; resolve: () => void; reject: (error: Error) => void };

interface Waiter {
  predicate: (view: View) => boolean;
  resolve: (view: View) => void;
  reject: (error: Error) => void;
}

const OPEN = 1;
/** Errors that refuse the connection itself, before any view: trying again cannot help. */
const REFUSALS: ReadonlySet<ErrorCode> = new Set(["auth", "format", "not_found"]);

function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined); // a caller that does not await it gets no unhandled rejection
  return promise;
}

/**
 * One WebSocket to a table, as a seat (with its token) or as a spectator.
 *
 * It says hello at once, keeps the last view (`view`, `standings`), and after a dropped
 * connection opens a new one and says hello again with the same token, waiting longer after
 * each try that fails; the server then sends the current view.  It stops for good when
 * {@link close} is called, when the server refuses the connection itself (`auth`: a bad
 * token; `not_found`: no such table), or after `reconnect.attempts` failed tries.
 *
 * The protocol has no request ids; the server answers each socket's messages in order, so
 * the client matches them: an error answers the oldest message still waiting for an answer,
 * a view of a later version answers the oldest move.  (With a turn timer, the seat's bot may
 * move before the server reads the seat's own move: the view of the bot's move then answers
 * it, and the `stale` error that follows goes to the `error` listeners.)
 */
export class TableSocket {
  /** The WebSocket's address. */
  readonly url: string;
  /** The seat's token; null for a spectator. */
  readonly token: string | null;
  /** The last view received; null before the first. */
  view: View | null = null;
  /** The standings received with the last view. */
  standings: Standings | null = null;
  /** The connection's status. */
  status: SocketStatus = "connecting";
  /** Settles when the socket is closed for good: null when {@link close} closed it, else the
   * error that ended it (a `ProtocolError` refusing the connection, a `ConnectionError`). */
  readonly closed: Promise<Error | null>;

  private ws: WebSocketLike | null = null;
  private readonly factory: WebSocketFactory;
  private readonly retry: Required<ReconnectOptions> | null;
  private readonly openTimeout: number;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private finish: (reason: Error | null) => void = () => undefined;
  private readonly pending: Pending[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly listeners: { [K in keyof SocketEvents]: Set<SocketEvents[K]> } = {
    view: new Set(),
    error: new Set(),
    status: new Set(),
    message: new Set(),
  };

  /** Opens the socket to `url` (a `ws:` or `wss:` address) and says hello with `token`
   * (null: a spectator).  `Client.connect` builds the address for a table. */
  constructor(url: string, token: string | null, options: SocketOptions = {}) {
    this.url = url;
    this.token = token;
    const factory = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketFactory }).WebSocket;
    if (factory === undefined) {
      throw new TypeError(
        "no WebSocket in this runtime: pass options.WebSocket (Node 20: run node with --experimental-websocket)",
      );
    }
    this.factory = factory;
    const retry = options.reconnect ?? {};
    this.retry =
      retry === false
        ? null
        : {
            initialDelay: retry.initialDelay ?? 250,
            maxDelay: retry.maxDelay ?? 5000,
            attempts: retry.attempts ?? Number.POSITIVE_INFINITY,
          };
    this.openTimeout = options.openTimeout ?? 10_000;
    this.closed = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.open();
  }

  /** Listens to an event; returns the function that stops listening. */
  on<K extends keyof SocketEvents>(event: K, listener: SocketEvents[K]): () => void {
    const set = this.listeners[event] as Set<SocketEvents[K]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Sends a message as it is.  Throws `ConnectionError` (`not_open`) while not connected. */
  send(message: ClientMessage): void {
    const ws = this.ws;
    if (ws === null || ws.readyState !== OPEN) {
      throw new ConnectionError("not_open", `the socket is ${this.status}`);
    }
    ws.send(JSON.stringify(message));
  }

  /**
   * Plays `action` against `version` (by default the last view's).  Resolves with the next
   * view of a later version (the table moved on); rejects with the server's `ProtocolError`
   * (`stale`, `illegal`, `not_your_turn`, `not_your_seat`, `format`, `auth`, `rate`), or a
   * `ConnectionError` if the connection drops first (`dropped`: a view comes after
   * reconnecting, to act on again).
   */
  act(action: Action, version?: number): Promise<View> {
    return this.move({ type: "action", version: version ?? this.view?.version ?? -1, action });
  }

  /** Plays a move in words (`"subo a 10"`, `"raise to 10"`: golfo.notation) against
   * `version`; answered as {@link act}. */
  say(text: string, lang: "es" | "en" = "es", version?: number): Promise<View> {
    return this.move({ type: "say", version: version ?? this.view?.version ?? -1, text, lang });
  }

  /** Between hands of an open-ended game, agrees to end it.  Resolves once the server took
   * it; rejects with its error (`illegal` at any other time). */
  endGame(): Promise<void> {
    return this.other({ type: "end_game" });
  }

  /** A bot plays this seat (`on`), or stops.  Resolves once the server took it. */
  setBot(on: boolean): Promise<void> {
    return this.other({ type: "bot", on });
  }

  /** Pings the server; resolves on its pong. */
  ping(): Promise<void> {
    return quiet(
      new Promise<void>((resolve, reject) => {
        this.sendAwaiting({ type: "ping" }, { kind: "ping", resolve, reject }, reject);
      }),
    );
  }

  /** The last view if `predicate` holds for it, else the next view for which it holds (over
   * reconnections); rejects if the socket is closed for good first. */
  waitFor(predicate: (view: View) => boolean = () => true): Promise<View> {
    if (this.view !== null && predicate(this.view)) return Promise.resolve(this.view);
    return quiet(
      new Promise<View>((resolve, reject) => {
        if (this.stopped) {
          reject(new ConnectionError("closed", "the socket is closed"));
          return;
        }
        this.waiters.add({ predicate, resolve, reject });
      }),
    );
  }

  /** Closes the socket for good (no reconnection). */
  close(): void {
    this.end(null);
  }

  // -- sending and matching answers ---------------------------------------------------

  private move(message: ClientMessage & { version: number }): Promise<View> {
    return quiet(
      new Promise<View>((resolve, reject) => {
        if (message.version < 0) {
          reject(new ConnectionError("not_open", "no view yet: no version to act on"));
          return;
        }
        const entry: Pending = { kind: "move", version: message.version, resolve, reject };
        this.sendAwaiting(message, entry, reject);
      }),
    );
  }

  /** A message the server does not answer when it takes it: a ping follows it, and the
   * pong (with no error before it) says it was taken. */
  private other(message: ClientMessage): Promise<void> {
    return quiet(
      new Promise<void>((resolve, reject) => {
        if (this.sendAwaiting(message, { kind: "other", resolve, reject }, reject)) {
          this.sendAwaiting({ type: "ping" }, { kind: "ping", resolve: () => undefined, reject: () => undefined }, () => undefined);
        }
      }),
    );
  }

  private sendAwaiting(message: ClientMessage, entry: Pending, reject: (error: Error) => void): boolean {
    try {
      this.send(message);
    } catch (error) {
      reject(error as Error);
      return false;
    }
    this.pending.push(entry);
    return true;
  }

  private answerView(view: View): void {
    const first = this.pending[0];
    if (first?.kind === "move" && view.version > first.version) {
      this.pending.shift();
      first.resolve(view);
    }
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(view)) {
        this.waiters.delete(waiter);
        waiter.resolve(view);
      }
    }
  }

  private answerPong(): void {
    // in order: whatever came before the ping was taken (a refusal would have come first)
    const index = this.pending.findIndex((entry) => entry.kind === "ping");
    if (index < 0) return;
    for (const entry of this.pending.splice(0, index + 1)) {
      if (entry.kind !== "move") entry.resolve();
    }
  }

  private answerError(error: ProtocolError): boolean {
    const first = this.pending.shift();
    first?.reject(error);
    return first !== undefined;
  }

  private rejectPending(error: Error): void {
    for (const entry of this.pending.splice(0)) entry.reject(error);
  }

  // -- the connection -------------------------------------------------------------------

  private open(): void {
    let ws: WebSocketLike;
    try {
      ws = new this.factory(this.url);
    } catch (error) {
      this.end(new ConnectionError("closed", `cannot open ${this.url}: ${String(error)}`));
      return;
    }
    this.ws = ws;
    let viewed = false;
    let refusal: ProtocolError | null = null;
    // no view in time: given up on (Node 20's WebSocket may never report a failed handshake)
    const timeout = setTimeout(() => lost(), this.openTimeout);
    const lost = (): void => {
      clearTimeout(timeout);
      if (this.ws !== ws) return;
      this.ws = null;
      try {
        ws.close();
      } catch {
        // closed already
      }
      this.lost(viewed, refusal);
    };
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.send(this.token === null ? { type: "hello" } : { type: "hello", token: this.token });
    });
    ws.addEventListener("message", (event: { data: unknown }) => {
      if (this.ws !== ws) return;
      const message = this.parse(event.data);
      if (message === null) return;
      if (message.type === "view" && !viewed) {
        viewed = true;
        clearTimeout(timeout);
        this.failures = 0;
        this.setStatus("open");
      } else if (message.type === "error" && !viewed && REFUSALS.has(message.code)) {
        refusal = new ProtocolError(message);
      }
      this.dispatch(message);
    });
    // browsers report a failure with error then close; Node 20's sometimes with error alone
    ws.addEventListener("close", lost);
    ws.addEventListener("error", lost);
  }

  /** The connection is gone: end for good, or try again after a while. */
  private lost(viewed: boolean, refusal: ProtocolError | null): void {
    this.rejectPending(new ConnectionError("dropped", "the connection dropped before the answer"));
    if (this.stopped) return;
    if (refusal !== null) {
      this.end(refusal);
      return;
    }
    if (this.retry === null) {
      this.end(new ConnectionError("closed", "the connection closed"));
      return;
    }
    if (!viewed) this.failures += 1;
    if (this.failures > this.retry.attempts) {
      const error = new ConnectionError("gave_up", `${this.failures} tries to connect failed`);
      this.emit("error", error);
      this.end(error);
      return;
    }
    this.setStatus("reconnecting");
    const { initialDelay, maxDelay } = this.retry;
    const delay = Math.min(maxDelay, initialDelay * 2 ** this.failures) * (0.75 + Math.random() / 4);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.open();
    }, delay);
  }

  private parse(data: unknown): ServerMessage | null {
    let text: string;
    if (typeof data === "string") text = data;
    else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
    else text = String(data);
    try {
      const message: unknown = JSON.parse(text);
      if (typeof message === "object" && message !== null && "type" in message) {
        const type = (message as { type: unknown }).type;
        if (type === "view" || type === "error" || type === "pong") return message as ServerMessage;
      }
    } catch {
      // reported below
    }
    this.emit("error", new ConnectionError("bad_message", `not a message of the protocol: ${text.slice(0, 200)}`));
    return null;
  }

  private dispatch(message: ServerMessage): void {
    this.emit("message", message);
    if (message.type === "view") {
      this.view = message.view;
      this.standings = message.standings;
      this.emit("view", message);
      this.answerView(message.view);
    } else if (message.type === "pong") {
      this.answerPong();
    } else {
      const error = new ProtocolError(message);
      const answered = this.answerError(error);
      if (this.listeners.error.size > 0) this.emit("error", error);
      else if (!answered) console.warn(`golfo-client: the server refused a message: ${error.message}`);
    }
  }

  private emit<K extends keyof SocketEvents>(event: K, ...args: Parameters<SocketEvents[K]>): void {
    for (const listener of [...this.listeners[event]]) {
      (listener as (...values: Parameters<SocketEvents[K]>) => void)(...args);
    }
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emit("status", status);
  }

  private end(reason: Error | null): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    const error = reason ?? new ConnectionError("closed", "the socket was closed");
    this.rejectPending(error);
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters.clear();
    if (ws !== null) ws.close(1000);
    this.setStatus("closed");
    this.finish(reason);
  }
}
