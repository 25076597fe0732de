// The server's HTTP side (docs/server.md): tables, seats, words, records; and the way to a
// table's WebSocket.

import { HttpError } from "./errors.js";
import type {
  ErrorBody,
  GameRecord,
  SeatGrant,
  TableConfig,
  TableDetails,
  TableSummary,
  Words,
} from "./protocol.js";
import { type SocketOptions, TableSocket } from "./socket.js";
import type { Seat, SeatRecord } from "./wire.js";

/** The `fetch` the client calls: the runtime's own by default. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Options of {@link Client}. */
export interface ClientOptions extends SocketOptions {
  /** The `fetch` to use; by default the runtime's own (`globalThis.fetch`). */
  fetch?: FetchLike;
}

/**
 * The server at `url` (`"http://127.0.0.1:8000"`; in a page served by it, `location.origin`).
 *
 * ```ts
 * const server = new Client("http://127.0.0.1:8000");
 * const table = await server.createTable({ rules: "ludoteka", bots: { "1": "heuristic" } });
 * const { token } = await server.takeSeat(table.table, 0, "Ana");
 * const socket = server.connect(table.table, token);
 * const view = await socket.waitFor((v) => v.moves !== null);  // this seat's turn
 * ```
 */
export class Client {
  /** The server's base address, without a trailing slash. */
  readonly url: string;
  private readonly options: ClientOptions;

  constructor(url: string, options: ClientOptions = {}) {
    this.url = url.replace(/\/+$/, "");
    this.options = options;
  }

  /** An HTTP request to `path` with a JSON `body`; the JSON answer, or an `HttpError`. */
  async request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const doFetch: FetchLike | undefined = this.options.fetch ?? globalThis.fetch?.bind(globalThis);
    if (doFetch === undefined) throw new TypeError("no fetch in this runtime: pass options.fetch");
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token !== undefined) headers["Authorization"] = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const answer = await doFetch(this.url + path, init);
    const text = await answer.text();
    if (!answer.ok) throw httpError(answer.status, text);
    return JSON.parse(text) as T;
  }

  /** `POST /api/tables`: a new table (every key of `config` may be left out). */
  createTable(config: TableConfig = {}): Promise<TableSummary> {
    return this.request("POST", "/api/tables", config);
  }

  /** `GET /api/tables`: the lobby. */
  async tables(): Promise<TableSummary[]> {
    const answer = await this.request<{ tables: TableSummary[] }>("GET", "/api/tables");
    return answer.tables;
  }

  /** `GET /api/tables/{id}`: the summary and a spectator's view. */
  table(id: string): Promise<TableDetails> {
    return this.request("GET", `/api/tables/${encodeURIComponent(id)}`);
  }

  /** `POST /api/tables/{id}/seats/{seat}`: takes a free seat; its token, shown only once
   * (`HttpError` 409 `taken` if the seat is not free). */
  takeSeat(id: string, seat: Seat, name = ""): Promise<SeatGrant> {
    return this.request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name });
  }

  /** `GET /api/words`: the names of cards, suits, phases and terms in Spanish and English. */
  words(): Promise<Words> {
    return this.request("GET", "/api/words");
  }

  /** `GET /api/tables/{id}/record`: the whole record (`golfo/1`) once the game is over
   * (`HttpError` 409 `not_over` before); with a seat's token, that seat's own record
   * (`golfo-seat/1`) at any time. */
  record(id: string): Promise<GameRecord>;
  record(id: string, token: string): Promise<SeatRecord>;
  record(id: string, token?: string): Promise<GameRecord | SeatRecord> {
    return this.request("GET", `/api/tables/${encodeURIComponent(id)}/record`, undefined, token);
  }

  /** The table's WebSocket address. */
  socketUrl(id: string): string {
    const url = new URL(`${this.url}/api/tables/${encodeURIComponent(id)}/ws`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }

  /** A WebSocket to the table, saying hello with `token` (as that seat) or without (null:
   * as a spectator); `options` (else the client's) say which WebSocket to use and how to
   * reconnect. */
  connect(id: string, token: string | null = null, options: SocketOptions = {}): TableSocket {
    const merged: SocketOptions = {};
    const factory = options.WebSocket ?? this.options.WebSocket;
    if (factory !== undefined) merged.WebSocket = factory;
    const reconnect = options.reconnect ?? this.options.reconnect;
    if (reconnect !== undefined) merged.reconnect = reconnect;
    const openTimeout = options.openTimeout ?? this.options.openTimeout;
    if (openTimeout !== undefined) merged.openTimeout = openTimeout;
    return new TableSocket(this.socketUrl(id), token, merged);
  }
}

function httpError(status: number, text: string): HttpError {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    const error = body.error;
    if (error !== undefined && typeof error.code === "string" && typeof error.message === "object") {
      return new HttpError(status, error.code, error.message, error.detail);
    }
  } catch {
    // not the protocol's JSON: below
  }
  const words = text.slice(0, 200) || `HTTP ${status}`;
  return new HttpError(status, "http", { es: words, en: words });
}
