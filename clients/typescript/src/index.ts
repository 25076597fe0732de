// golfo-client: a client of `golfo serve` for browsers and Node, with no dependencies.
//
// `Client` speaks HTTP (tables, seats, words, records) and opens a `TableSocket` to a table:
// views, moves, the server's typed errors, reconnection.  The wire's types (`View`,
// `Action`, `LegalMoves`, ...) are generated from schema/golfo-wire.schema.json.

export { Client, type ClientOptions, type FetchLike } from "./client.js";
export { ConnectionError, HttpError, ProtocolError } from "./errors.js";
export * from "./protocol.js";
export {
  type ReconnectOptions,
  type SocketEvents,
  type SocketOptions,
  type SocketStatus,
  TableSocket,
  type WebSocketFactory,
  type WebSocketLike,
} from "./socket.js";
export type * from "./wire.js";
