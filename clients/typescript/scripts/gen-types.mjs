#!/usr/bin/env node
// The wire's TypeScript types (src/wire.ts) from its JSON Schema
// (schema/golfo-wire.schema.json at the repository's root), with no dependencies.
//
//   node scripts/gen-types.mjs           writes src/wire.ts
//   node scripts/gen-types.mjs --check   exits 1 if src/wire.ts is not what it would write
//
// It knows the keywords the schema uses and refuses any other one, so that a schema that
// grows a keyword it cannot express fails here instead of giving looser types in silence.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The schema read (the repository's canonical copy). */
export const SCHEMA_PATH = join(PACKAGE, "..", "..", "schema", "golfo-wire.schema.json");
/** The file written. */
export const OUTPUT_PATH = join(PACKAGE, "src", "wire.ts");

/** The $defs whose TypeScript name is golfo's own (Python) name rather than the def's. */
const NAMES = { moves: "LegalMoves", result: "HandResult", event: "HistoryEvent" };

const KNOWN = new Set([
  "$schema", "$id", "$defs", "$ref", "title", "description",
  "type", "const", "enum", "oneOf", "anyOf",
  "properties", "required", "additionalProperties", "items",
  "minimum", "maximum", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength",
  "pattern",
]);

/** The TypeScript name of a $defs entry: its golfo name, else the def's name in PascalCase. */
export function typeName(def) {
  return NAMES[def] ?? def.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function fail(path, message) {
  throw new Error(`${path}: ${message}`);
}

function checkKeywords(node, path) {
  if (typeof node !== "object" || node === null || Array.isArray(node)) {
    fail(path, "expected a schema object");
  }
  for (const key of Object.keys(node)) {
    if (!KNOWN.has(key)) fail(path, `the generator does not know the keyword ${JSON.stringify(key)}`);
  }
}

/** A template literal type for a pattern made only of characters and classes, like
 * "^[3-9][OCEB]$"; null for any other pattern (the type is then string). */
function patternType(pattern) {
  const match = /^\^(.*)\$$/.exec(pattern);
  if (match === null) return null;
  const parts = [];
  const body = match[1];
  for (let i = 0; i < body.length; ) {
    if (body[i] === "[") {
      const end = body.indexOf("]", i);
      if (end < 0) return null;
      const chars = [];
      const inside = body.slice(i + 1, end);
      for (let j = 0; j < inside.length; j++) {
        if (inside[j + 1] === "-" && j + 2 < inside.length) {
          for (let c = inside.charCodeAt(j); c <= inside.charCodeAt(j + 2); c++) {
            chars.push(String.fromCharCode(c));
          }
          j += 2;
        } else if (/[\\^\]\-]/.test(inside[j])) {
          return null;
        } else {
          chars.push(inside[j]);
        }
      }
      parts.push(chars);
      i = end + 1;
    } else if (/[A-Za-z0-9_ ]/.test(body[i])) {
      parts.push([body[i]]);
      i += 1;
    } else {
      return null;
    }
  }
  const text = parts
    .map((chars) => (chars.length === 1 ? chars[0] : "${" + chars.map((c) => JSON.stringify(c)).join(" | ") + "}"))
    .join("");
  return "`" + text + "`";
}

const BIG = "\u0000";

/** The schema's JSON with its integers beyond JavaScript's safe ones kept exact, as strings
 * marked with a NUL (they only bound numbers: 2^63 - 1 must not print as 9223372036854776000). */
function parseSchema(text) {
  return JSON.parse(text.replace(/(?<=[:,[]\s*)(-?\d{16,})(?=\s*[,\]}])/g, "\"\\u0000$1\""));
}

function number(value) {
  return typeof value === "string" && value.startsWith(BIG) ? value.slice(1) : String(value);
}

function range(low, high) {
  if (low !== undefined && high !== undefined) return `from ${number(low)} to ${number(high)}`;
  if (low !== undefined) return `at least ${number(low)}`;
  if (high !== undefined) return `at most ${number(high)}`;
  return "";
}

/** "From 3 to 4 items", "Exactly 1 character", or "" without bounds. */
function count(low, high, unit) {
  if (low === undefined && high === undefined) return "";
  if (low !== undefined && number(low) === number(high)) {
    return `exactly ${number(low)} ${unit}${number(low) === "1" ? "" : "s"}`;
  }
  return `${range(low, high)} ${unit}s`;
}

function sentence(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}.` : "";
}

/** The doc comment's text for a schema: its description, then the bounds TypeScript's types
 * cannot say (a whole number, its range; the number of items). */
function docText(node) {
  const parts = [];
  if (node.description) parts.push(node.description);
  const types = [node.type ?? []].flat();
  if (types.includes("integer")) {
    const bounds = range(node.minimum, node.maximum);
    parts.push(`A whole number${bounds ? " " + bounds : ""}.`);
  }
  if (types.includes("array")) {
    const tuple = node.minItems !== undefined && node.minItems === node.maxItems;
    if (!tuple) parts.push(sentence(count(node.minItems, node.maxItems, "item")));
    if (node.uniqueItems) parts.push("No item twice.");
  }
  if (types.includes("string")) {
    parts.push(sentence(count(node.minLength, node.maxLength, "character")));
  }
  return parts.filter(Boolean).join(" ");
}

function doc(text, indent) {
  if (!text) return "";
  return `${indent}/** ${text.replaceAll("*/", "*\\/")} */\n`;
}

function union(members) {
  const unique = [...new Set(members)];
  return unique.join(" | ");
}

function wrap(type) {
  return /[|&]/.test(type) && !/^[{(`]/.test(type) ? `(${type})` : type;
}

/** The TypeScript type of a schema, written at ``indent``. */
function typeOf(node, path, indent) {
  checkKeywords(node, path);
  if (node.$ref !== undefined) {
    const match = /^#\/\$defs\/([A-Za-z0-9_]+)$/.exec(node.$ref);
    if (match === null) fail(path, `a $ref the generator cannot follow: ${node.$ref}`);
    return typeName(match[1]);
  }
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum !== undefined) return union(node.enum.map((value) => JSON.stringify(value)));
  for (const key of ["oneOf", "anyOf"]) {
    if (node[key] !== undefined) {
      return union(node[key].map((member, i) => typeOf(member, `${path}.${key}[${i}]`, indent)));
    }
  }
  if (node.type === undefined) fail(path, "a schema without type, $ref, const, enum or oneOf");
  return union([node.type].flat().map((type) => typeOfType(node, type, path, indent)));
}

function typeOfType(node, type, path, indent) {
  switch (type) {
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "string":
      return (node.pattern !== undefined && patternType(node.pattern)) || "string";
    case "array": {
      if (node.items === undefined) return "unknown[]";
      const item = typeOf(node.items, `${path}.items`, indent);
      const n = node.minItems;
      if (n !== undefined && n === node.maxItems && n <= 8) {
        return `[${Array.from({ length: n }, () => item).join(", ")}]`;
      }
      return `${wrap(item)}[]`;
    }
    case "object":
      return objectType(node, path, indent);
    default:
      return fail(path, `an unknown type ${JSON.stringify(type)}`);
  }
}

function objectType(node, path, indent) {
  const inner = indent + "  ";
  const required = new Set(node.required ?? []);
  const properties = node.properties ?? {};
  for (const key of required) {
    if (!(key in properties)) fail(path, `required ${JSON.stringify(key)} has no schema`);
  }
  let out = "{\n";
  for (const [key, schema] of Object.entries(properties)) {
    const name = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
    const optional = required.has(key) ? "" : "?";
    out += doc(docText(schema), inner);
    out += `${inner}${name}${optional}: ${typeOf(schema, `${path}.${key}`, inner)};\n`;
  }
  if (node.additionalProperties !== false) out += `${inner}[key: string]: unknown;\n`;
  return out + indent + "}";
}

/** The text of src/wire.ts for the schema's text. */
export function generate(schemaText) {
  const schema = parseSchema(schemaText);
  checkKeywords(schema, "schema");
  let out =
    "// Generated by scripts/gen-types.mjs from schema/golfo-wire.schema.json: do not edit.\n" +
    "// `npm run gen` writes it again; `npm test` fails when it differs from what the schema gives.\n";
  out += `//\n// ${schema.title} (${schema.$id})\n`;
  for (const [def, node] of Object.entries(schema.$defs ?? {})) {
    out += "\n" + doc(docText(node), "");
    out += `export type ${typeName(def)} = ${typeOf(node, `$defs.${def}`, "")};\n`;
  }
  const top = schema.anyOf ?? schema.oneOf;
  if (top !== undefined) {
    out += "\n" + doc(schema.description, "");
    out += `export type WireMessage = ${union(top.map((m, i) => typeOf(m, `schema.anyOf[${i}]`, "")))};\n`;
  }
  return out;
}

function main(args) {
  const text = generate(readFileSync(SCHEMA_PATH, "utf8"));
  if (args.includes("--check")) {
    let current = null;
    try {
      current = readFileSync(OUTPUT_PATH);
    } catch {
      // missing: differs
    }
    if (current === null || !current.equals(Buffer.from(text, "utf8"))) {
      console.error(`${OUTPUT_PATH} is not what ${SCHEMA_PATH} gives: run npm run gen`);
      process.exit(1);
    }
    console.log(`${OUTPUT_PATH} is up to date`);
    return;
  }
  writeFileSync(OUTPUT_PATH, text);
  console.log(`wrote ${OUTPUT_PATH}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2));
}
