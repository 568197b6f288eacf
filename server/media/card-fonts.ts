import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** A font as satori takes it. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 600 | 700;
  style: "normal";
}

// Static .woff files of the fonts the web app uses (satori reads woff, not woff2). This file
// and the server's bundle (build/server/main.js) both sit two levels below the project root,
// so one relative address finds node_modules from either.
const FONT_FILES: Array<{ name: string; file: string; weight: CardFont["weight"] }> = [
  { name: "Inter", file: "inter/files/inter-latin-400-normal.woff", weight: 400 },
  { name: "Inter", file: "inter/files/inter-latin-600-normal.woff", weight: 600 },
  { name: "Fraunces", file: "fraunces/files/fraunces-latin-700-normal.woff", weight: 700 },
];

let loading: Promise<CardFont[]> | undefined;

/** The card fonts, read from disk once, with the first card. */
export function loadCardFonts(): Promise<CardFont[]> {
  loading ??= Promise.all(
    FONT_FILES.map(async ({ name, file, weight }) => ({
      name,
      weight,
      style: "normal" as const,
      data: await readFile(
        fileURLToPath(new URL(`../../node_modules/@fontsource/${file}`, import.meta.url)),
      ),
    })),
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
