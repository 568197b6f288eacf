import type { YearCardFormat } from "#domain/year-card-path.ts";
import { YEAR_CARD_SIZE, YEAR_STORY_SIZE, type YearInFoodDto } from "#domain/year-in-food.ts";
import { yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import { NOT_IN_CARD_FONTS } from "#server/media/card-fonts.ts";
import type { CardChild, CardNode } from "#server/media/image-work.ts";
import type { ImageJobs } from "#server/media/images.ts";

// The year's share card, drawn as satori's element objects (no JSX on the server). Every text
// is cut to a bounded length before layout, so a card costs the same whatever people typed.

const TEXT_MAX = 48;
/** A line that ends in "…" where it meets the edge of its box. */
const ONE_LINE = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" };
const INK = "#2b1d16";
const MUTED = "#7a5f52";
const ACCENT = "#c2410c";

/** Each format's size and type scale: the story is the card upright, its type larger. */
const LOOKS = {
  card: {
    size: YEAR_CARD_SIZE,
    padding: 56,
    brand: 28,
    year: 150,
    subtitle: 38,
    statValue: 60,
    statLabel: 24,
    panelTitle: 26,
    rank: 30,
    dish: 28,
    dishLine: 20,
    dishGap: 16,
  },
  story: {
    size: YEAR_STORY_SIZE,
    padding: 88,
    brand: 40,
    year: 240,
    subtitle: 52,
    statValue: 96,
    statLabel: 34,
    panelTitle: 38,
    rank: 56,
    dish: 48,
    dishLine: 34,
    dishGap: 44,
  },
} as const satisfies Record<YearCardFormat, unknown>;
type Look = (typeof LOOKS)[YearCardFormat];

/** `text` on one line, without what the fonts cannot draw, at most `max` characters. */
function cut(text: string, max = TEXT_MAX): string {
  const line = text.normalize("NFC").replace(NOT_IN_CARD_FONTS, "").replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

function box(style: Record<string, string | number>, children: CardChild | CardChild[]): CardNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}

function stat(look: Look, value: number, label: string): CardNode {
  return box({ flexDirection: "column", marginRight: 36, marginTop: 24, whiteSpace: "nowrap" }, [
    box(
      { fontFamily: "Fraunces", fontSize: look.statValue, color: ACCENT, lineHeight: 1 },
      `${value}`,
    ),
    box({ fontSize: look.statLabel, color: MUTED, marginTop: 8 }, label),
  ]);
}

/** The brand, the year and whose year it is. */
function heading(look: Look, recap: YearInFoodDto): CardNode {
  const messages = yearInFoodMessages;
  const name = cut(recap.person.fullName ?? "", 32) || `@${recap.person.username}`;
  return box({ flexDirection: "column" }, [
    box({ fontSize: look.brand, fontWeight: 600, color: ACCENT }, messages.cardBrand),
    box(
      { fontFamily: "Fraunces", fontSize: look.year, lineHeight: 1, marginTop: 16 },
      `${recap.year}`,
    ),
    box(
      { ...ONE_LINE, fontSize: look.subtitle, fontWeight: 600, marginTop: 12 },
      messages.cardSubtitle(name),
    ),
  ]);
}

function stats(look: Look, recap: YearInFoodDto): CardNode {
  const messages = yearInFoodMessages;
  return box({ flexWrap: "wrap" }, [
    stat(look, recap.counts.reviews, messages.reviews),
    stat(look, recap.counts.dishes, messages.dishes),
    stat(look, recap.counts.restaurants, messages.restaurants),
    stat(look, recap.counts.newPlaces, messages.newPlaces),
  ]);
}

/** The top dishes on a light panel, ranked. */
function topDishes(look: Look, recap: YearInFoodDto, style: Record<string, string | number>) {
  const messages = yearInFoodMessages;
  const dishes = recap.topDishes.map((dish, index) =>
    box({ alignItems: "baseline", marginBottom: look.dishGap }, [
      box(
        {
          fontFamily: "Fraunces",
          fontSize: look.rank,
          color: ACCENT,
          width: look.rank * 1.4,
          flexShrink: 0,
        },
        `${index + 1}`,
      ),
      box({ flexDirection: "column", flexGrow: 1, flexShrink: 1, minWidth: 0 }, [
        // A name written only in a script the fonts lack leaves its restaurant's line to tell.
        box(
          { ...ONE_LINE, fontSize: look.dish, fontWeight: 600, color: INK },
          cut(dish.title) || "…",
        ),
        box(
          { ...ONE_LINE, fontSize: look.dishLine, color: MUTED },
          `${messages.cardRating(dish.rating)} · ${cut(dish.restaurant.name)}`,
        ),
      ]),
    ]),
  );
  return box(
    {
      flexDirection: "column",
      minWidth: 0,
      padding: "32px 36px",
      borderRadius: 28,
      backgroundColor: "rgba(255, 255, 255, 0.72)",
      ...style,
    },
    [
      box(
        { fontSize: look.panelTitle, fontWeight: 600, color: MUTED, marginBottom: 24 },
        messages.topDishes,
      ),
      ...(dishes.length > 0
        ? dishes
        : [box({ fontSize: look.dishLine + 4, color: MUTED }, messages.noDishes)]),
    ],
  );
}

function cardTree(format: YearCardFormat, recap: YearInFoodDto): CardNode {
  const look = LOOKS[format];
  const frame = {
    // satori sizes boxes without their padding: the padding is taken off so the card fits.
    width: look.size.width - 2 * look.padding,
    height: look.size.height - 2 * look.padding,
    padding: look.padding,
    fontFamily: "Inter",
    color: INK,
    backgroundImage: "linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #fed7aa 100%)",
  };
  if (format === "story") {
    // Upright: the heading, the counts and the dishes spread down the screen.
    return box({ ...frame, flexDirection: "column", justifyContent: "space-between" }, [
      heading(look, recap),
      stats(look, recap),
      topDishes(look, recap, { padding: "48px 52px" }),
    ]);
  }
  return box(frame, [
    box({ flexDirection: "column", width: 600, flexShrink: 0, justifyContent: "space-between" }, [
      heading(look, recap),
      stats(look, recap),
    ]),
    topDishes(look, recap, { flexGrow: 1, marginLeft: 40 }),
  ]);
}

/** The year's card or story as a PNG of its size, drawn by the image worker. */
export function drawYearCard(
  images: ImageJobs,
  recap: YearInFoodDto,
  format: YearCardFormat,
): Promise<Buffer> {
  return images.renderCard(cardTree(format, recap), LOOKS[format].size);
}
