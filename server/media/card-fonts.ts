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
// Inter in every script it covers (satori falls back through the list glyph by glyph);
// Fraunces draws the year and the numbers only.
const INTER_SUBSETS = ["latin", "latin-ext", "cyrillic", "greek", "vietnamese"];
const FONT_FILES: Array<{ name: string; file: string; weight: CardFont["weight"] }> = [
  ...INTER_SUBSETS.flatMap((subset) =>
    ([400, 600] as const).map((weight) => ({
      name: "Inter",
      file: `inter/files/inter-${subset}-${weight}-normal.woff`,
      weight,
    })),
  ),
  { name: "Fraunces", file: "fraunces/files/fraunces-latin-700-normal.woff", weight: 700 },
];

/**
 * Characters outside the scripts of the card fonts (emoji, CJK …, control characters), which
 * would be drawn as empty boxes: the card leaves them out. Text is NFC-normalised first, so
 * accented letters arrive composed, within these ranges.
 */
export const NOT_IN_CARD_FONTS =
  /[^\u0020-\u007E\u00A0-\u024F\u0370-\u03FF\u0400-\u04FF\u1E00-\u1EFF\u2000-\u206F\u20A0-\u20CF]/gu;

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
