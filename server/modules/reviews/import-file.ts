import { CsvError, parse as parseCsv } from "csv-parse/sync";
import { getNodeValue, type Node, type ParseError, parseTree } from "jsonc-parser";
import {
  IMPORT_CSV_COLUMNS,
  IMPORT_LIMITS,
  type ImportFormat,
  importMessages,
} from "#domain/imports.ts";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import { restaurantMessages } from "#domain/restaurant.ts";
import { visitedOnInput } from "#domain/review.ts";
import { reviewMessages } from "#domain/review-rules.ts";
import { ApiError } from "#server/http/errors.ts";

/**
 * Reads an import file (docs/decisions/0031) into rows, or refuses it whole with a 400 naming the
 * line of the first problem: nothing of a file with one bad row is imported. CSV is parsed by
 * csv-parse (quotes, doubled quotes, line breaks inside quotes, a byte order mark), GeoJSON by
 * jsonc-parser, whose syntax tree keeps each value's offset, so a saved place's problem names
 * its line too.
 */

/** One place of the file, checked, as the import will write it. */
export interface ImportFileRow {
  line: number;
  name: string;
  address: string | null;
  /** A Google place id the file gave (Takeout's links may carry one). */
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  rating: number | null;
  visitedOn: string | null;
  notes: string | null;
}

export interface ImportFile {
  format: ImportFormat;
  rows: ImportFileRow[];
}

const CODE = "INVALID_IMPORT_FILE";

const refuse = (message: string) => ApiError.badRequest(message, CODE);
const refuseAt = (line: number, problem: string) => refuse(importMessages.atLine(line, problem));

/** The 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; ) {
    line++;
    index = text.indexOf("\n", index + 1);
  }
  return line;
}

/** UTF-8 text (a byte order mark dropped); the line of the first byte that is not UTF-8 else. */
function decodeText(file: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    const lenient = new TextDecoder("utf-8").decode(file);
    throw refuseAt(lineAt(lenient, lenient.indexOf("\uFFFD")), "This is not UTF-8 text");
  }
}

/** Reads `file`: GeoJSON when its first character opens an object, else CSV. */
export function readImportFile(file: Buffer): ImportFile {
  const text = decodeText(file);
  const nul = text.indexOf("\0");
  if (nul !== -1) throw refuseAt(lineAt(text, nul), "Text must not contain NUL characters");
  const rows = text.trimStart().startsWith("{") ? readTakeout(text) : readCsv(text);
  if (rows.length === 0) throw refuse(importMessages.empty);
  if (rows.length > IMPORT_LIMITS.rows) throw refuse(importMessages.tooManyRows);
  return { format: text.trimStart().startsWith("{") ? "takeout" : "csv", rows };
}

/** A field's text: trimmed, empty as null, refused past `max` characters. */
function text(value: unknown, max: number, tooLong: string, line: number): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  if (trimmed.length > max) throw refuseAt(line, tooLong);
  return trimmed === "" ? null : trimmed;
}

function requiredName(value: unknown, line: number, missing: string): string {
  const name = text(value, ITEM_LIMITS.titleMax, restaurantMessages.nameTooLong, line);
  if (name === null) throw refuseAt(line, missing);
  return name;
}

/** "4" or "4.0": a whole number of stars from 1 to 5; empty means no rating (Want to try). */
function rating(value: string | undefined, line: number): number | null {
  const given = value?.trim() ?? "";
  if (given === "") return null;
  if (!/^[1-5](\.0+)?$/.test(given)) throw refuseAt(line, importMessages.ratingInvalid);
  return Number.parseInt(given, 10);
}

/**
 * A date visited: `YYYY-MM-DD`, or the date of an ISO timestamp (spreadsheets export either),
 * checked by the review form's own rule (not in the future, not before 1900).
 */
function visitedOn(value: string | undefined, line: number): string | null {
  const given = value?.trim() ?? "";
  if (given === "") return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(given);
  const checked = visitedOnInput.safeParse(match?.[1]);
  if (checked.success) return checked.data;
  const future = checked.error.issues.some(
    (issue) => issue.message === reviewMessages.visitedInFuture,
  );
  throw refuseAt(line, future ? reviewMessages.visitedInFuture : importMessages.dateInvalid);
}

/** CSV parse errors, as what the person can fix at that line. */
function csvProblem(error: CsvError): string {
  if (error.code === "CSV_QUOTE_NOT_CLOSED" || error.code.startsWith("CSV_INVALID_CLOSING_QUOTE")) {
    return importMessages.csvQuote;
  }
  return importMessages.csvUnreadable;
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

function readCsv(source: string): ImportFileRow[] {
  let records: CsvRecord[];
  try {
    records = parseCsv(source, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      // Checked below against the header's width, to say both numbers.
      relax_column_count: true,
      // A row longer than any real one is a file that is not CSV (or a quote never closed).
      max_record_size: 64 * 1024,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
    throw refuseAt(line, csvProblem(error));
  }
  const [header, ...body] = records;
  if (!header) throw refuse(importMessages.empty);
  const columns = csvColumns(header.record);
  const width = header.record.length;
  if (body.length > IMPORT_LIMITS.rows) throw refuse(importMessages.tooManyRows);
  return body.map(({ record, info }) => {
    // info.lines is where the row ends; a quoted field may span lines.
    const line = info.lines - record.reduce((breaks, field) => breaks + countBreaks(field), 0);
    if (record.length !== width) {
      throw refuseAt(line, importMessages.csvFieldCount(record.length, width));
    }
    const field = (column: (typeof IMPORT_CSV_COLUMNS)[number]) => {
      const index = columns.get(column);
      return index === undefined ? undefined : record[index];
    };
    return {
      line,
      name: requiredName(field("name"), line, importMessages.nameRequired),
      address: text(
        field("address"),
        ITEM_LIMITS.titleMax,
        restaurantMessages.addressTooLong,
        line,
      ),
      placeId: null,
      lat: null,
      lng: null,
      rating: rating(field("rating"), line),
      visitedOn: visitedOn(field("date"), line),
      notes: text(field("notes"), ITEM_LIMITS.bodyMax, reviewMessages.reviewTooLong, line),
    };
  });
}

function countBreaks(field: string): number {
  return field.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** Column name → index, from the header row (any order and case); `name` is required. */
function csvColumns(header: string[]): Map<string, number> {
  const known = new Set<string>(IMPORT_CSV_COLUMNS);
  const columns = new Map<string, number>();
  header.forEach((cell, index) => {
    const column = cell.trim().toLowerCase();
    if (!known.has(column)) {
      throw refuseAt(
        1,
        column === "" ? importMessages.csvHeader : importMessages.csvUnknownColumn(cell.trim()),
      );
    }
    if (columns.has(column)) throw refuseAt(1, importMessages.csvRepeatedColumn(column));
    columns.set(column, index);
  });
  if (!columns.has("name")) throw refuseAt(1, importMessages.csvHeader);
  return columns;
}

/** A Google Maps link's place id (`place_id:…` or `query_place_id=…`), if it carries one. */
function placeIdOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  const match = /(?:place_id[:=]|query_place_id=)([A-Za-z0-9_-]{10,300})/.exec(url);
  return match?.[1] ?? null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first string among `values`. */
const firstString = (...values: unknown[]) =>
  values.find((value): value is string => typeof value === "string" && value.trim() !== "");

/**
 * Google Takeout's "Saved places": a FeatureCollection whose features are points with the place
 * in `properties.location` (name, address) and a Maps link; older exports spell them
 * `Location["Business Name"]`, `Location.Address` and `"Google Maps URL"`, or only a `Title`.
 * A point at [0, 0] is Takeout's way of saying it has none. Saved places carry no rating, so
 * every one becomes a Want to try entry (which keeps no text, so a `Comment` is not read).
 */
function readTakeout(source: string): ImportFileRow[] {
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false });
  const syntax = errors[0];
  if (syntax || !root) throw refuseAt(lineAt(source, syntax?.offset ?? 0), importMessages.json);
  const lineOf = (node: Node) => lineAt(source, node.offset);
  const value = getNodeValue(root) as unknown;
  if (!isObject(value) || value.type !== "FeatureCollection" || !Array.isArray(value.features)) {
    throw refuseAt(lineOf(root), importMessages.geojsonShape);
  }
  const featureNodes =
    root.children?.find((property) => property.children?.[0]?.value === "features")?.children?.[1]
      ?.children ?? [];
  if (featureNodes.length > IMPORT_LIMITS.rows) throw refuse(importMessages.tooManyRows);
  return featureNodes.map((node) => {
    const line = lineOf(node);
    const feature = getNodeValue(node) as unknown;
    if (!isObject(feature) || feature.type !== "Feature") {
      throw refuseAt(line, importMessages.placeShape);
    }
    const properties = isObject(feature.properties) ? feature.properties : {};
    const location = isObject(properties.location)
      ? properties.location
      : isObject(properties.Location)
        ? properties.Location
        : {};
    const name = firstString(location.name, location["Business Name"], properties.Title);
    const point = takeoutPoint(feature.geometry, line);
    return {
      line,
      name: requiredName(name, line, importMessages.placeName),
      address: text(
        firstString(location.address, location.Address),
        ITEM_LIMITS.titleMax,
        restaurantMessages.addressTooLong,
        line,
      ),
      placeId: placeIdOf(firstString(properties.google_maps_url, properties["Google Maps URL"])),
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      rating: null,
      visitedOn: null,
      notes: null,
    };
  });
}

/** A feature's point, or null for none (or Takeout's [0, 0]); anything else is refused. */
function takeoutPoint(geometry: unknown, line: number): { lat: number; lng: number } | null {
  if (geometry === undefined || geometry === null) return null;
  const coordinates = isObject(geometry) ? geometry.coordinates : undefined;
  const valid =
    isObject(geometry) &&
    geometry.type === "Point" &&
    Array.isArray(coordinates) &&
    coordinates.length >= 2 &&
    typeof coordinates[0] === "number" &&
    typeof coordinates[1] === "number" &&
    Math.abs(coordinates[0]) <= 180 &&
    Math.abs(coordinates[1]) <= 90;
  if (!valid) throw refuseAt(line, importMessages.placePoint);
  const [lng, lat] = coordinates as [number, number];
  return lat === 0 && lng === 0 ? null : { lat, lng };
}
