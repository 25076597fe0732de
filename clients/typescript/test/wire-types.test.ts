// src/wire.ts is exactly what scripts/gen-types.mjs makes of the schema, byte for byte.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import type { Action, Card, WebSocketFactory } from "../src/index.js";

interface Generator {
  generate(schemaText: string): string;
  typeName(def: string): string;
  SCHEMA_PATH: string;
  OUTPUT_PATH: string;
}

const generator = (await import(new URL("../../scripts/gen-types.mjs", import.meta.url).href)) as Generator;

test("src/wire.ts is what the schema gives, byte for byte", () => {
  const made = Buffer.from(generator.generate(readFileSync(generator.SCHEMA_PATH, "utf8")), "utf8");
  const committed = readFileSync(generator.OUTPUT_PATH);
  assert.ok(
    made.equals(committed),
    "src/wire.ts differs from what schema/golfo-wire.schema.json gives: run `npm run gen` and commit it",
  );
});

test("the generated file has a type for every $defs entry", () => {
  const schema = JSON.parse(readFileSync(generator.SCHEMA_PATH, "utf8")) as { $defs: Record<string, unknown> };
  const text = readFileSync(generator.OUTPUT_PATH, "utf8");
  for (const def of Object.keys(schema.$defs)) {
    assert.match(text, new RegExp(`^export type ${generator.typeName(def)} = `, "m"), def);
  }
});

test("the generator refuses a keyword it cannot express", () => {
  const schema = { $defs: { x: { type: "object", if: { type: "null" } } } };
  assert.throws(() => generator.generate(JSON.stringify(schema)), /does not know the keyword "if"/);
});

test("the types hold what the server sends and refuse what it never does", () => {
  // checked by the compiler (these lines do not compile if the types are wrong)
  const card: Card = "9O";
  const discard: Action = { type: "discard", seat: 1, cards: [card, "3B"] };
  // @ts-expect-error: "2O" is not a card (ranks 3 to 9)
  const bad: Card = "2O";
  // @ts-expect-error: a bet needs its amount
  const noAmount: Action = { type: "bet", seat: 0 };
  // the runtime's WebSocket fits what the client asks of one
  const factory: WebSocketFactory | undefined = globalThis.WebSocket;
  assert.deepEqual([discard.type, bad, noAmount.type, typeof factory], ["discard", "2O", "bet", "function"]);
});
