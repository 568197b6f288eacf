import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { getTestDatabase, resetDatabase } from "#server/test/database.ts";
import { createPost, createReview, createUser } from "#server/test/factories.ts";
import { notifyItemActivity } from "./item-activity.ts";

let db: Database;

beforeEach(async () => {
  db = (await getTestDatabase()).db;
  await resetDatabase(db);
});

describe("notifyItemActivity", () => {
  it("records likes and comments for the item's author with the right target", async () => {
    const author = await createUser(db);
    const actor = await createUser(db);
    const review = await createReview(db, { userId: author.id });
    const post = await createPost(db, { userId: author.id });
    const base = { actorId: actor.id, recipientId: author.id };
    expect(
      await notifyItemActivity(db, {
        ...base,
        type: "new_like",
        kind: "review",
        itemId: review.id,
      }),
    ).toEqual(expect.any(String));
    expect(
      await notifyItemActivity(db, { ...base, type: "new_comment", kind: "post", itemId: post.id }),
    ).toEqual(expect.any(String));
    const rows = await db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.type === "new_like")).toMatchObject({
      actorId: actor.id,
      reviewId: review.id,
      postId: null,
      isRead: false,
    });
    expect(rows.find((row) => row.type === "new_comment")).toMatchObject({
      reviewId: null,
      postId: post.id,
    });
  });

  it("never notifies about your own items", async () => {
    const author = await createUser(db);
    const review = await createReview(db, { userId: author.id });
    for (const type of ["new_like", "new_comment"] as const) {
      expect(
        await notifyItemActivity(db, {
          type,
          actorId: author.id,
          recipientId: author.id,
          kind: "review",
          itemId: review.id,
        }),
      ).toBeUndefined();
    }
    expect(await db.select().from(notifications)).toEqual([]);
  });

  it("keeps one unread like notification per actor and item; comments always notify", async () => {
    const author = await createUser(db);
    const actor = await createUser(db);
    const other = await createUser(db);
    const review = await createReview(db, { userId: author.id });
    const like = {
      type: "new_like",
      recipientId: author.id,
      kind: "review",
      itemId: review.id,
    } as const;
    expect(await notifyItemActivity(db, { ...like, actorId: actor.id })).toEqual(
      expect.any(String),
    );
    expect(await notifyItemActivity(db, { ...like, actorId: actor.id })).toBeUndefined();
    // Another person's like is separate news.
    expect(await notifyItemActivity(db, { ...like, actorId: other.id })).toEqual(
      expect.any(String),
    );
    // Read: a new like notifies again.
    await db.update(notifications).set({ isRead: true });
    expect(await notifyItemActivity(db, { ...like, actorId: actor.id })).toEqual(
      expect.any(String),
    );

    const comment = { ...like, type: "new_comment", actorId: actor.id } as const;
    expect(await notifyItemActivity(db, comment)).toEqual(expect.any(String));
    expect(await notifyItemActivity(db, comment)).toEqual(expect.any(String));
    expect(await db.select().from(notifications)).toHaveLength(5);
  });
});
