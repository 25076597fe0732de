// The protocol of `golfo serve` around the wire's forms (docs/server.md): the HTTP bodies
// and the WebSocket's envelopes.  Written by hand: they are not in the wire's JSON Schema,
// which has the forms inside them (src/wire.ts, generated).

import type { Action, Card, Phase, Rules, Seat, Standings, Text, View } from "./wire.js";

/** Every error code the server sends, over HTTP and on the WebSocket. */
export const ERROR_CODES = [
  "format",
  "auth",
  "not_your_seat",
  "not_your_turn",
  "stale",
  "illegal",
  "rate",
  "full",
  "taken",
  "not_found",
  "not_over",
  "origin",
  "media_type",
  "unavailable",
] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The bots a seat can be given. */
export type BotKind = "heuristic" | "random" | "strong";

/** A seat's number as a key of a JSON object ("0" to "3"). */
export type SeatKey = "0" | "1" | "2" | "3";

/** The rule presets a table may be created with, by name (golfo.rules.PRESETS). */
export const PRESET_NAMES = ["tradicional", "ludoteka", "mini", "mediano"] as const;

/** One of {@link PRESET_NAMES}. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** `POST /api/tables`'s body: every key may be left out (the server's defaults). */
export interface TableConfig {
  /** A preset's name ("tradicional", the default, "ludoteka", "mini", "mediano"), or every
   * field of the rules. */
  rules?: PresetName | Rules;
  /** The seats: one of the rules' table sizes, 3 or 4 for El Golfo's, 2 or 3 for "mini" and
   * "mediano" (3 by default; the smallest when the rules are not played by 3). */
  players?: 2 | 3 | 4;
  /** Seats played by bots from the start, by seat number. */
  bots?: Partial<Record<SeatKey, BotKind>>;
  /** The number of hands; null: open-ended; left out: the rules'. */
  hands?: number | null;
  /** A seed for reproducible deals (and random bots), only where the server allows seeds
   * (`golfo serve --allow-seeds`; otherwise a `format` error). */
  seed?: number | null;
  /** Seconds between hands before the server starts the next one (3). */
  pause?: number;
  /** Seconds a human has to act before its bot plays for it; null: no timer (the default). */
  timer?: number | null;
  /** Seconds a bot waits before it plays (0.5). */
  bot_delay?: number;
}

/** A seat in a table's summary. */
export interface SeatInfo {
  seat: Seat;
  kind: "free" | "human" | "bot";
  /** The player's name, or the bot's kind; "" for a free seat. */
  name: string;
  /** True while a bot plays for this human seat (asked for, or its timer ran out). */
  bot: boolean;
}

/** A line of the lobby (`GET /api/tables`), and the answer to creating a table. */
export interface TableSummary {
  /** The table's id. */
  table: string;
  players: 2 | 3 | 4;
  rules: Rules;
  /** The preset its rules are (maybe with another number of hands), or null. */
  preset: PresetName | null;
  seats: SeatInfo[];
  /** The free seats. */
  free: Seat[];
  hand_number: number;
  phase: Phase;
  version: number;
  /** True when the table deals from a seed (for a test or a replay). */
  seeded: boolean;
  /** Null while the table is live; once archived, why: its game is over, it was abandoned,
   * it reached the server's limit, the operator archived it ("": not known yet).  An archived
   * table stays readable; a move there is refused (`illegal`). */
  archived: "over" | "abandoned" | "limit" | "operator" | "" | null;
}

/** `GET /api/tables/{id}`: the summary and a spectator's view. */
export interface TableDetails extends TableSummary {
  view: View;
}

/** `POST /api/tables/{id}/seats/{seat}`: the seat's token, shown once. */
export interface SeatGrant {
  table: string;
  seat: Seat;
  token: string;
}

/** `GET /api/words`: the names of cards, suits, phases and terms in Spanish and English. */
export interface Words {
  cards: Record<Card, Text>;
  suits: Record<"O" | "C" | "E" | "B", Text>;
  phases: Record<Phase, Text>;
  terms: Record<string, Text>;
}

/** A whole game's record (`golfo/1`, docs/records.md, schema/golfo-record.schema.json), with
 * every card: `GET /api/tables/{id}/record` once the game is over.  Not typed further here. */
export interface GameRecord {
  format: "golfo/1";
  [key: string]: unknown;
}

/** The body of an HTTP error answer. */
export interface ErrorBody {
  error: { code: ErrorCode; message: Text; detail?: string };
}

/** `{"type": "view"}`: the seat's view (a spectator's for a spectator) and the standings, at
 * once after hello and again after every change. */
export interface ViewMessage {
  type: "view";
  view: View;
  standings: Standings;
  /** True when the table deals from a seed (for a test or a replay). */
  seeded: boolean;
}

/** `{"type": "error"}`: a message the server refused; nothing changed. */
export interface ErrorMessage {
  type: "error";
  code: ErrorCode;
  /** For the player, in Spanish and English. */
  message: Text;
  /** The developer's message behind it (with the rule's number), when there is one. */
  detail?: string;
}

/** `{"type": "pong"}`: the answer to a ping. */
export interface PongMessage {
  type: "pong";
}

/** What the server sends on the WebSocket. */
export type ServerMessage = ViewMessage | ErrorMessage | PongMessage;

/** What a client sends on the WebSocket. */
export type ClientMessage =
  | { type: "hello"; token?: string }
  | { type: "action"; version: number; action: Action }
  | { type: "say"; version: number; text: string; lang?: "es" | "en" }
  | { type: "end_game" }
  | { type: "bot"; on: boolean }
  | { type: "ping" };

/** The action of one type: `ActionOf<"bet">` is `{type: "bet", seat, amount}`. */
export type ActionOf<K extends Action["type"]> = Extract<Action, { type: K }>;
