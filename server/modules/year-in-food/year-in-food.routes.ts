import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { type YearCardFormat, yearCardFormats } from "#domain/year-card-path.ts";
import { yearInFoodSchema, yearListSchema, yearParam } from "#domain/year-in-food.ts";
import { getSessionUser } from "#server/auth/session.ts";
import { consumeActionQuota } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { drawYearCard } from "./year-card.ts";
import {
  getYear,
  getYearCard,
  getYears,
  type YearCard,
  type YearContext,
} from "./year-in-food.service.ts";

const tags = ["year-in-food"];
const yearParams = profileIdParams.extend({ year: yearParam });
/** Cards change as people review; a short life keeps shared previews close to the data. */
const CARD_MAX_AGE_SECONDS = 300;
/** Cards kept drawn, by ETag: about 100 KB each, so a few megabytes at most. */
const CARD_CACHE_ENTRIES = 64;

export const yearInFoodRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Drawn cards by ETag (a hash of everything the card shows), so each version is drawn once
   * however many ask: concurrent requests share the drawing in progress, and a change of the
   * year makes a new ETag, which draws anew.
   */
  const cards = new LRUCache<string, Promise<Buffer>>({ max: CARD_CACHE_ENTRIES });
  const drawnCard = async (request: FastifyRequest, reply: FastifyReply, card: YearCard) => {
    const cached = cards.get(card.etag);
    if (cached) return cached;
    // Only a card not drawn yet counts against the address.
    await consumeActionQuota(
      app.database.db,
      "year-card",
      request.ip,
      app.config.contentRateLimits.cardDraws,
      reply,
    );
    // Another request may have started the drawing while this one was counted.
    let png = cards.get(card.etag);
    if (!png) {
      png = drawYearCard(app.images, card.recap, card.format);
      cards.set(card.etag, png);
      // A failed drawing (a full image queue) is not kept: the next request tries again.
      png.catch(() => cards.delete(card.etag));
    }
    return png;
  };
  const context = async (request: FastifyRequest, reply: FastifyReply): Promise<YearContext> => ({
    db: app.database.db,
    viewerId: (await getSessionUser(request, reply))?.id,
    now: app.clock(),
  });

  app.get(
    "/profiles/:id/years",
    {
      schema: {
        summary: "The years of a person's Year in Food one may open",
        description:
          "From the year of their first visible review up to the last finished year, plus the " +
          "current year from December 1 (UTC). The owner always; others while the owner's " +
          "stats are public and no block stands between them, else 404.",
        tags,
        params: profileIdParams,
        response: { 200: yearListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => getYears(await context(request, reply), request.params.id),
  );

  app.get(
    "/profiles/:id/years/:year",
    {
      schema: {
        summary: "One year of a person's Year in Food",
        description:
          "Counts, top five dishes, the year's places and its most liked review, from visible " +
          "reviews of that year (UTC). 404 for a year not open (before the first review, or " +
          "the current year before December) and as GET …/years.",
        tags,
        params: yearParams,
        response: { 200: yearInFoodSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      getYear(await context(request, reply), request.params.id, request.params.year),
  );

  const formatText = {
    card: {
      summary: "One year's share card (1200×630 PNG)",
      text: "The year's name, counts and top dishes",
    },
    story: {
      summary: "One year's story image (1080×1920 PNG)",
      text: "The share card upright, for apps that take stories: the year's name, counts and top dishes",
    },
  } satisfies Record<YearCardFormat, unknown>;
  for (const format of yearCardFormats) {
    app.get(
      `/profiles/:id/years/:year/${format}.png`,
      {
        schema: {
          summary: formatText[format].summary,
          description:
            `${formatText[format].text}, drawn on the server once per version of what it shows ` +
            "and kept by its ETag (If-None-Match → 304). Drawing is limited per address (429 " +
            "with Retry-After); a full image queue answers 503 with Retry-After. Visible as " +
            "GET …/years/:year.",
          tags,
          params: yearParams,
          produces: ["image/png"],
          response: {
            200: z.string().describe("The PNG image"),
            304: z.null().describe("Not modified: no body"),
            ...errorResponses(400, 404, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const card = await getYearCard(
          await context(request, reply),
          request.params.id,
          request.params.year,
          format,
        );
        reply
          .header("etag", card.etag)
          .header(
            "cache-control",
            `${card.isPublic ? "public" : "private"}, max-age=${CARD_MAX_AGE_SECONDS}`,
          )
          .header("vary", "cookie");
        if (request.headers["if-none-match"] === card.etag) {
          // Not modified: the client's copy stands, so nothing is drawn and no body is sent.
          // Sent without a payload, so nothing is serialized (null would be written as "null").
          return reply.code(304).send(undefined as unknown as null);
        }
        const png = await drawnCard(request, reply, card);
        // A Buffer is sent as it is; the 200 schema only documents the body for OpenAPI.
        return reply.type("image/png").send(png as unknown as string);
      },
    );
  }
};
