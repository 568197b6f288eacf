import { YEAR_CARD_SIZE, type YearInFoodDto, yearInFoodMessages } from "#domain/year-in-food.ts";
import { NOT_IN_CARD_FONTS } from "#server/media/card-fonts.ts";
import type { CardChild, CardNode } from "#server/media/image-work.ts";
import type { ImageJobs } from "#server/media/images.ts";

// The year's share card, drawn as satori's element objects (no JSX on the server). Every text
// is cut to a bounded length before layout, so a card costs the same whatever people typed.

const TEXT_MAX = 48;
const CARD_PADDING = 56;
/** A line that ends in "…" where it meets the edge of its box. */
const ONE_LINE = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" };
const INK = "#2b1d16";
const MUTED = "#7a5f52";
const ACCENT = "#c2410c";

/** `text` on one line, without what the fonts cannot draw, at most `max` characters. */
function cut(text: string, max = TEXT_MAX): string {
  const line = text.normalize("NFC").replace(NOT_IN_CARD_FONTS, "").replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

function box(style: Record<string, string | number>, children: CardChild | CardChild[]): CardNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}

function stat(value: number, label: string): CardNode {
  return box({ flexDirection: "column", marginRight: 36, whiteSpace: "nowrap" }, [
    box({ fontFamily: "Fraunces", fontSize: 60, color: ACCENT, lineHeight: 1 }, String(value)),
    box({ fontSize: 24, color: MUTED, marginTop: 8 }, label),
  ]);
}

function cardTree(recap: YearInFoodDto): CardNode {
  const messages = yearInFoodMessages;
  const name = cut(recap.person.fullName ?? "", 32) || `@${recap.person.username}`;
  const dishes = recap.topDishes.map((dish, index) =>
    box({ alignItems: "baseline", marginBottom: 16 }, [
      box(
        { fontFamily: "Fraunces", fontSize: 30, color: ACCENT, width: 40, flexShrink: 0 },
        `${index + 1}`,
      ),
      box({ flexDirection: "column", flexGrow: 1, flexShrink: 1, minWidth: 0 }, [
        // A name written only in a script the fonts lack leaves its restaurant's line to tell.
        box({ ...ONE_LINE, fontSize: 28, fontWeight: 600, color: INK }, cut(dish.title) || "…"),
        box(
          { ...ONE_LINE, fontSize: 20, color: MUTED },
          `${messages.cardRating(dish.rating)} · ${cut(dish.restaurant.name)}`,
        ),
      ]),
    ]),
  );
  return box(
    {
      // satori sizes boxes without their padding: the padding is taken off so the card fits.
      width: YEAR_CARD_SIZE.width - 2 * CARD_PADDING,
      height: YEAR_CARD_SIZE.height - 2 * CARD_PADDING,
      padding: CARD_PADDING,
      fontFamily: "Inter",
      color: INK,
      backgroundImage: "linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #fed7aa 100%)",
    },
    [
      box({ flexDirection: "column", width: 600, flexShrink: 0, justifyContent: "space-between" }, [
        box({ flexDirection: "column" }, [
          box({ fontSize: 28, fontWeight: 600, color: ACCENT }, messages.cardBrand),
          box(
            { fontFamily: "Fraunces", fontSize: 150, lineHeight: 1, marginTop: 16 },
            String(recap.year),
          ),
          box(
            { ...ONE_LINE, fontSize: 38, fontWeight: 600, marginTop: 12 },
            messages.cardSubtitle(name),
          ),
        ]),
        box({}, [
          stat(recap.counts.reviews, messages.reviews),
          stat(recap.counts.dishes, messages.dishes),
          stat(recap.counts.restaurants, messages.restaurants),
          stat(recap.counts.newPlaces, messages.newPlaces),
        ]),
      ]),
      box(
        {
          flexDirection: "column",
          flexGrow: 1,
          marginLeft: 40,
          padding: "32px 36px",
          minWidth: 0,
          borderRadius: 28,
          backgroundColor: "rgba(255, 255, 255, 0.72)",
        },
        [
          box(
            { fontSize: 26, fontWeight: 600, color: MUTED, marginBottom: 24 },
            messages.topDishes,
          ),
          ...(dishes.length > 0
            ? dishes
            : [box({ fontSize: 24, color: MUTED }, messages.noDishes)]),
        ],
      ),
    ],
  );
}

/** The year's card as a PNG of YEAR_CARD_SIZE, drawn by the image worker. */
export function drawYearCard(images: ImageJobs, recap: YearInFoodDto): Promise<Buffer> {
  return images.renderCard(cardTree(recap), YEAR_CARD_SIZE);
}
