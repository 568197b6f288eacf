// Where generated rows go: a PostgreSQL connection (COPY … FROM STDIN through pg-copy-streams)
// or an embedded PGlite (COPY … FROM '/dev/blob', a chunk at a time). Both take rows as lines
// of COPY's text format.
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export interface BulkTarget {
  kind: "postgres" | "pglite";
  /** One or more statements, no parameters, no result. */
  exec(statements: string): Promise<void>;
  rows<Row>(statement: string, params?: unknown[]): Promise<Row[]>;
  /** Streams `lines` (COPY text format, no trailing newline) into `table`; returns the row count. */
  copy(table: string, columns: readonly string[], lines: Iterable<string>): Promise<number>;
}

/** Lines are sent in chunks of about this many characters. */
const CHUNK_CHARS = 1 << 20;
/** PGlite copies from an in-memory blob, so its chunks are bigger (fewer round trips). */
const PGLITE_CHUNK_CHARS = 8 << 20;

function* chunks(lines: Iterable<string>, size: number): Generator<[string, number]> {
  let parts: string[] = [];
  let length = 0;
  for (const line of lines) {
    parts.push(line);
    length += line.length + 1;
    if (length >= size) {
      yield [`${parts.join("\n")}\n`, parts.length];
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) yield [`${parts.join("\n")}\n`, parts.length];
}

const columnList = (columns: readonly string[]) => columns.map((name) => `"${name}"`).join(", ");

export function postgresTarget(client: pg.Client): BulkTarget {
  return {
    kind: "postgres",
    async exec(statements) {
      await client.query(statements);
    },
    async rows<Row>(statement: string, params: unknown[] = []) {
      return (await client.query(statement, params)).rows as Row[];
    },
    async copy(table, columns, lines) {
      const stream = client.query(copyFrom(`copy ${table} (${columnList(columns)}) from stdin`));
      let count = 0;
      try {
        for (const [text, rows] of chunks(lines, CHUNK_CHARS)) {
          count += rows;
          // Waiting for "drain" lets the generator run ahead of PostgreSQL by one chunk only.
          if (!stream.write(text)) await once(stream, "drain");
        }
        stream.end();
        await finished(stream);
      } catch (error) {
        stream.destroy();
        throw error;
      }
      return count;
    },
  };
}

export function pgliteTarget(database: PGlite): BulkTarget {
  return {
    kind: "pglite",
    async exec(statements) {
      await database.exec(statements);
    },
    async rows<Row>(statement: string, params: unknown[] = []) {
      return (await database.query<Row>(statement, params)).rows;
    },
    async copy(table, columns, lines) {
      let count = 0;
      for (const [text, rows] of chunks(lines, PGLITE_CHUNK_CHARS)) {
        await database.query(`copy ${table} (${columnList(columns)}) from '/dev/blob'`, [], {
          blob: new Blob([text]),
        });
        count += rows;
      }
      return count;
    },
  };
}

/** A text value for COPY's text format: backslash, tab and line breaks escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : value;
}

/** COPY's text-format null. */
export const COPY_NULL = "\\N";
