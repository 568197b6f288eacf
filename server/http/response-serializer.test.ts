import { describe, expect, it } from "vitest";
import { type FeedPage, feedPageSchema } from "#domain/feed.ts";
import type { DealDto, PostDto, ReviewDto } from "#domain/items.ts";
import { responseJsonSchema, responseSerializerCompiler } from "./response-serializer.ts";

const author = { id: "u1", username: "ann", slug: "ann", fullName: null, avatarUrl: null };
const base = {
  id: "i1",
  title: 'Tonkotsu "ramen" ✓',
  author,
  userName: "ann",
  userHandler: "ann",
  likeCount: 2,
  commentCount: 0,
  mentions: [],
  likedByMe: null,
  isOwner: false,
  isHidden: false,
  createdAt: "2024-03-01T00:00:00.000001Z",
  updatedAt: "2024-03-01T00:00:00.000001Z",
};
const review: ReviewDto = {
  ...base,
  itemType: "review",
  reviewType: "dish",
  description: null,
  rating: 4,
  cost: 12.5,
  visitedOn: "2024-02-29",
  category: "Ramen",
  score: 7.5,
  images: [
    {
      id: "p1",
      url: "/uploads/a.webp",
      url480: "/uploads/a-480.webp",
      url1280: "/uploads/a-1280.webp",
      width: 800,
      height: 600,
      placeholder: null,
      alt: "Broth",
      displayOrder: 0,
    },
  ],
  restaurant: { id: "r1", name: "Ramen House", address: null, slug: "ramen-house", priceLevel: 2 },
};
const post: PostDto = {
  ...base,
  id: "i2",
  itemType: "post",
  content: "Line one\nline two",
  images: [],
  restaurant: null,
};

const deal: DealDto = {
  ...base,
  id: "i3",
  itemType: "deal",
  details: null,
  images: [],
  restaurant: { id: "r1", name: "Ramen House", address: null, slug: "ramen-house", priceLevel: 2 },
  timeZone: "Europe/London",
  schedule: { kind: "weekly", days: [1, 2, 3], from: "16:00", to: "19:00", lastDay: null },
  isOnNow: false,
  hasEnded: false,
  myVote: null,
  stillOnCount: 0,
  goneCount: 0,
  reportedGone: false,
};

const writeFeedPage = responseSerializerCompiler({
  schema: feedPageSchema,
  method: "GET",
  url: "/api/feed",
  httpStatus: "200",
});

describe("response serializer", () => {
  it("writes what zod's parse would, for each kind of a discriminated union", () => {
    const page: FeedPage = { items: [review, post, deal], nextCursor: null };
    const written = writeFeedPage(page);
    expect(JSON.parse(written)).toEqual(feedPageSchema.parse(page));
    // Each kind keeps its own fields: the post's null restaurant, the review's rating, the
    // deal's schedule (itself a union).
    expect(written).toBe(JSON.stringify(feedPageSchema.parse(page)));
  });

  it("leaves out every field the schema does not declare", () => {
    const leaky = {
      items: [{ ...review, author: { ...author, email: "ann@example.com" }, secret: 1 }],
      nextCursor: "c",
      debug: true,
    };
    const written = writeFeedPage(leaky);
    expect(written).not.toMatch(/email|secret|debug/);
    expect(JSON.parse(written)).toEqual(feedPageSchema.parse(leaky));
  });

  it("picks a union's option by its discriminator, without validating the whole value", () => {
    const item = (
      responseJsonSchema(feedPageSchema) as { properties: { items: { items: object } } }
    ).properties.items.items;
    expect(item).toMatchObject({
      if: { properties: { itemType: { const: "review" } }, required: ["itemType"] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise.
      then: { properties: { itemType: { enum: ["review"] } } },
      // The next option is tried only when the first's discriminator did not match, and so on.
      else: {
        if: { properties: { itemType: { const: "post" } }, required: ["itemType"] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise.
        then: { properties: { itemType: { enum: ["post"] } } },
        else: { properties: { itemType: { enum: ["deal"] } } },
      },
    });
    expect(item).not.toHaveProperty("oneOf");
  });
});
