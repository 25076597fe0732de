// The errors the client gives its caller: the server's typed errors (HTTP and WebSocket)
// and the connection's own.

import type { ErrorCode, ErrorMessage } from "./protocol.js";
import type { Text } from "./wire.js";

/** A message the server refused on the WebSocket (`{"type": "error", ...}`): its `code`, the
 * words for the player in both languages (`text`), the developer's `detail`.  Nothing
 * changed at the table. */
export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
  /** One of the protocol's codes: `stale`, `illegal`, `not_your_turn`, ... */
  readonly code: ErrorCode;
  /** The message for the player, in Spanish and English. */
  readonly text: Text;
  /** The developer's message behind it, if the server gave one. */
  readonly detail: string | undefined;

  constructor(message: ErrorMessage) {
    super(`${message.code}: ${message.message.en}`);
    this.code = message.code;
    this.text = message.message;
    this.detail = message.detail;
  }
}

/** An HTTP error answer: its `status`, and the protocol's `code` and `text`; code `"http"`
 * when the body was not the protocol's JSON (a proxy's error page, say). */
export class HttpError extends Error {
  override readonly name = "HttpError";
  /** The HTTP status. */
  readonly status: number;
  /** One of the protocol's codes (`not_found`, `taken`, ...), or `"http"`. */
  readonly code: ErrorCode | "http";
  /** The message for the player, in Spanish and English. */
  readonly text: Text;
  /** The developer's message behind it, if the server gave one. */
  readonly detail: string | undefined;

  constructor(status: number, code: ErrorCode | "http", text: Text, detail?: string) {
    super(`${status}: ${code}: ${text.en}`);
    this.status = status;
    this.code = code;
    this.text = text;
    this.detail = detail;
  }
}

/** Why the connection could not do what was asked: `"dropped"` (it broke before the server
 * answered a move: a new view comes after reconnecting), `"not_open"` (sent while not
 * connected), `"closed"` (closed for good), `"gave_up"` (reconnecting failed too often),
 * `"bad_message"` (the server sent something that is not the protocol's JSON). */
export class ConnectionError extends Error {
  override readonly name = "ConnectionError";
  /** What happened. */
  readonly code: "dropped" | "not_open" | "closed" | "gave_up" | "bad_message";

  constructor(code: ConnectionError["code"], message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}
