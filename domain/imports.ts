import { z } from "zod";

/**
 * Import (Settings → Privacy & data): places a person kept elsewhere become ordinary Want to try
 * entries and restaurant reviews (docs/decisions/0031). A file is read into a preview first,
 * which shows what each row becomes and which rows name a restaurant already in Tasted; "Import"
 * then writes the previewed rows in one transaction, and "Undo import" deletes exactly what
 * that import wrote.
 *
 * Two formats: a CSV whose header row names its columns (any order, any case; `name` is
 * required) and Google Takeout's "Saved places" GeoJSON (a FeatureCollection of points).
 */

/** The CSV's columns. A row with a rating becomes a restaurant review, one without a Want to try entry. */
export const IMPORT_CSV_COLUMNS = ["name", "address", "rating", "date", "notes"] as const;

export const IMPORT_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  rows: 5000,
  /** Rows the preview lists; the counts cover every row. */
  previewRows: 200,
  /** Imports applied per person per hour (config.contentRateLimits.imports). */
  perHour: 3,
} as const;

export const importFormats = ["csv", "takeout"] as const;
export type ImportFormat = (typeof importFormats)[number];

const importStatuses = ["preview", "applied", "undone"] as const;

export const importMessages = {
  title: "Import",
  intro:
    "Bring in places you kept elsewhere: a CSV file with the columns name, address, rating, " +
    "date and notes, or Google Takeout's Saved places file. Rows with a rating become " +
    "restaurant reviews; the rest go to your Want to try list.",
  chooseFile: "Choose a file",
  reading: "Reading the file…",
  placesToImport: (count: number) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "place" : "places"} to import`,
  summary: (reviews: number, want: number) =>
    `${reviews.toLocaleString("en-US")} ${reviews === 1 ? "review" : "reviews"}, ` +
    `${want.toLocaleString("en-US")} Want to try`,
  existing: (count: number) =>
    `${count.toLocaleString("en-US")} already in Tasted: they join the place that is there`,
  moreRows: (count: number) => `and ${count.toLocaleString("en-US")} more`,
  rated: (stars: number) => `${stars} ${stars === 1 ? "star" : "stars"}`,
  kindReview: "Review",
  kindWant: "Want to try",
  inTasted: "In Tasted",
  alreadySaved: "Already saved",
  importButton: "Import",
  cancel: "Cancel",
  imported: (count: number) =>
    `Imported ${count.toLocaleString("en-US")} ${count === 1 ? "place" : "places"}`,
  undo: "Undo import",
  undone: "Import undone",
  importFailed: "Could not import the file",
  undoFailed: "Could not undo the import",
  previewFailed: "Could not read the file",
  // File errors: every one about a row names its line.
  tooLarge: "The file must be 5 MB or less",
  tooManyRows: `A file can hold at most ${IMPORT_LIMITS.rows.toLocaleString("en-US")} places`,
  empty: "The file has no places to import",
  atLine: (line: number, problem: string) => `Line ${line}: ${problem}`,
  csvHeader: `The first row must name the columns (${IMPORT_CSV_COLUMNS.join(", ")}), with a name column`,
  csvUnknownColumn: (column: string) =>
    `Unknown column "${column}"; the columns are ${IMPORT_CSV_COLUMNS.join(", ")}`,
  csvRepeatedColumn: (column: string) => `The column "${column}" appears twice`,
  csvFieldCount: (found: number, expected: number) =>
    `This row has ${found} ${found === 1 ? "field" : "fields"}; the header has ${expected}`,
  csvQuote: "A quoted field is not closed properly",
  csvUnreadable: "This row cannot be read as CSV",
  nameRequired: "Name is required",
  ratingInvalid: "Rating must be a whole number from 1 to 5",
  dateInvalid: "Date must be a date like 2025-03-14",
  json: "This is not valid JSON",
  geojsonShape: 'Expected a GeoJSON FeatureCollection ({"type": "FeatureCollection", …})',
  placeShape: "Each saved place must be a GeoJSON Feature",
  placeName: "This saved place has no name",
  placePoint: "This saved place's coordinates must be a [longitude, latitude] point",
  notPreview: "This import was already applied or replaced",
  notApplied: "Only an applied import can be undone",
  notFound: "Import not found",
} as const;

/** A file row as read, before it is written: what the preview shows and the import applies. */
const importRowSchema = z.object({
  /** The file's line the row starts on (1 is a CSV's header). */
  line: z.number().int(),
  kind: z.enum(["review", "want"]),
  name: z.string(),
  address: z.string().nullable(),
  rating: z.number().int().nullable(),
  visitedOn: z.string().nullable(),
  notes: z.string().nullable(),
  /** The restaurant already in Tasted this row names (same place id, or same name within 100 m). */
  existing: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A Want to try row whose place the person has saved already: nothing new is written. */
  alreadySaved: z.boolean(),
});
export type ImportRowDto = z.infer<typeof importRowSchema>;

const importCountsSchema = z.object({
  places: z.number().int(),
  reviews: z.number().int(),
  want: z.number().int(),
  existing: z.number().int(),
});

/** POST /api/imports: the file read into a preview (nothing written but the preview itself). */
export const importPreviewSchema = z.object({
  id: z.string(),
  format: z.enum(importFormats),
  fileName: z.string(),
  counts: importCountsSchema,
  /** The first IMPORT_LIMITS.previewRows rows in file order. */
  rows: z.array(importRowSchema),
});
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

/** An import as its owner sees it after applying or undoing it. */
export const importSchema = z.object({
  id: z.string(),
  format: z.enum(importFormats),
  fileName: z.string(),
  status: z.enum(importStatuses),
  /** What the import wrote (and, once undone, what it removed). */
  added: z.object({ reviews: z.number().int(), want: z.number().int() }),
  appliedAt: z.string().nullable(),
});
export type ImportDto = z.infer<typeof importSchema>;

/** GET /api/imports/latest: the caller's newest applied import still in place, or null. */
export const latestImportSchema = z.object({ import: importSchema.nullable() });
export type LatestImportDto = z.infer<typeof latestImportSchema>;
