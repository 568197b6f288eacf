import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type ItemKind, itemKinds } from "#domain/item-kinds.ts";
import type { Executor } from "#server/db/client.ts";
import { dataExports } from "#server/db/schema/account-data.ts";
import { user } from "#server/db/schema/auth.ts";
import { deals } from "#server/db/schema/deals.ts";
import { forYouDismissals } from "#server/db/schema/for-you.ts";
import { listEntries, listFollows, lists } from "#server/db/schema/lists.ts";
import {
  notificationSettings,
  pushSubscriptions,
} from "#server/db/schema/notification-settings.ts";
import { posts } from "#server/db/schema/posts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { restaurantFollows, restaurants } from "#server/db/schema/restaurants.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { userBlocks, userMutes } from "#server/db/schema/safety.ts";
import { follows } from "#server/db/schema/social.ts";
import { wantToTry } from "#server/db/schema/want-to-try.ts";
import { itemTables } from "#server/modules/items/item-tables.ts";

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * A `building` row whose worker gave no sign of life for this long is taken again: that worker
 * died (each progress write refreshes started_at, so a slow build is never taken from a live one).
 */
const STALE_BUILD_MINUTES = 10;

/** The person's export that is still on its way, if any. */
export async function findOpenExport(
  db: Executor,
  userId: string,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.userId, userId), inArray(dataExports.status, ["pending", "building"])),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

export async function insertExport(db: Executor, userId: string): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  if (!row) throw new Error("data export was not inserted");
  return row;
}

export async function findLatestExport(
  db: Executor,
  userId: string,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function findExport(db: Executor, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/**
 * Takes the oldest pending export, or a building one whose worker died, marking it building.
 * SKIP LOCKED lets workers of several processes claim at once without taking the same row.
 */
export async function claimNextExport(db: Executor): Promise<DataExportRow | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    update data_exports set status = 'building', started_at = now(), progress = 0
    where id = (
      select id from data_exports
      where status = 'pending'
         or (status = 'building'
             and started_at < now() - make_interval(mins => ${STALE_BUILD_MINUTES}))
      order by created_at
      limit 1
      for update skip locked)
    returning id`);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : findExport(db, id);
}

/** Moves a build's progress and refreshes its sign of life. */
export async function setExportProgress(db: Executor, id: string, progress: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ progress, startedAt: sql`now()` })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, "building")));
}

/** Marks a build ready; false when the row is gone (its owner's account went meanwhile). */
export async function markExportReady(
  db: Executor,
  id: string,
  values: { fileKey: string; sizeBytes: number; lifetimeDays: number },
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({
      status: "ready",
      progress: 100,
      fileKey: values.fileKey,
      sizeBytes: values.sizeBytes,
      completedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${values.lifetimeDays})`,
    })
    .where(eq(dataExports.id, id))
    .returning();
  return row;
}

export async function markExportFailed(db: Executor, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "failed", completedAt: sql`now()` })
    .where(eq(dataExports.id, id));
}

/** Deletes exports whose time is up and returns their file keys. */
export async function deleteExpiredExports(
  db: Executor,
  now: Date,
): Promise<Array<{ fileKey: string | null }>> {
  return db
    .delete(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lt(dataExports.expiresAt, now)))
    .returning({ fileKey: dataExports.fileKey });
}

/**
 * The account's confirmed email, for the "ready" message: the link opens the export without
 * signing in, so it never goes to an address nobody proved is theirs (a typo, someone else's).
 */
export async function findConfirmedEmail(
  db: Executor,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
  return row?.email;
}

/* The person's own data, each read scoped to their id. */

export async function readAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      phoneNumber: user.phoneNumber,
      accountCreatedAt: user.createdAt,
      username: profiles.username,
      fullName: profiles.fullName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      bio: profiles.bio,
      location: profiles.location,
      avatarUrl: profiles.avatarUrl,
      profileCreatedAt: profiles.createdAt,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row;
}

const restaurantColumns = {
  restaurantId: restaurants.id,
  restaurantName: restaurants.name,
  restaurantAddress: restaurants.address,
};

export async function readReviews(db: Executor, userId: string) {
  return db
    .select({
      id: reviews.id,
      reviewType: reviews.reviewType,
      title: reviews.title,
      description: reviews.description,
      rating: reviews.rating,
      cost: reviews.cost,
      visitedOn: reviews.visitedOn,
      category: reviews.category,
      isHidden: reviews.isHidden,
      likeCount: reviews.likeCount,
      commentCount: reviews.commentCount,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      ...restaurantColumns,
    })
    .from(reviews)
    .innerJoin(restaurants, eq(restaurants.id, reviews.restaurantId))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
}

/** The photos of the person's items of `kind`, by item and in their order. */
export async function readItemImages(db: Executor, kind: ItemKind, userId: string) {
  const { items, images, imageItemId } = itemTables[kind];
  return db
    .select({
      itemId: imageItemId,
      imageUrl: images.imageUrl,
      altText: images.altText,
      displayOrder: images.displayOrder,
    })
    .from(images)
    .innerJoin(items, eq(items.id, imageItemId))
    .where(eq(items.userId, userId))
    .orderBy(asc(imageItemId), asc(images.displayOrder), asc(images.id));
}

export async function readPosts(db: Executor, userId: string) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      isHidden: posts.isHidden,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      restaurantAddress: restaurants.address,
    })
    .from(posts)
    .leftJoin(restaurants, eq(restaurants.id, posts.restaurantId))
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt), asc(posts.id));
}

/** The person's deals with their restaurant and when they run (minutes in their zone). */
export async function readDeals(db: Executor, userId: string) {
  return db
    .select({
      id: deals.id,
      title: deals.title,
      details: deals.details,
      timeZone: deals.timeZone,
      endsAt: deals.endsAt,
      weekDays: deals.weekDays,
      startsMinute: deals.startsMinute,
      endsMinute: deals.endsMinute,
      lastDay: deals.lastDay,
      isHidden: deals.isHidden,
      likeCount: deals.likeCount,
      commentCount: deals.commentCount,
      createdAt: deals.createdAt,
      updatedAt: deals.updatedAt,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      restaurantAddress: restaurants.address,
    })
    .from(deals)
    .innerJoin(restaurants, eq(restaurants.id, deals.restaurantId))
    .where(eq(deals.userId, userId))
    .orderBy(asc(deals.createdAt), asc(deals.id));
}

/** Rows read once per item kind, each marked with its kind, oldest first across all. */
async function ofEveryKind<Row extends { createdAt: Date }>(
  read: (kind: ItemKind) => Promise<Row[]>,
): Promise<(Row & { itemType: ItemKind })[]> {
  const perKind = await Promise.all(
    itemKinds.map(async (kind) => (await read(kind)).map((row) => ({ ...row, itemType: kind }))),
  );
  return perKind.flat().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The person's comments on items of every kind, oldest first, with what they are on. */
export function readComments(db: Executor, userId: string) {
  return ofEveryKind((kind) => {
    const { comments, commentItemId } = itemTables[kind];
    return db
      .select({
        id: comments.id,
        itemId: commentItemId,
        content: comments.content,
        isHidden: comments.isHidden,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(eq(comments.userId, userId));
  });
}

/** The items of every kind the person liked, oldest like first. */
export function readLikes(db: Executor, userId: string) {
  return ofEveryKind((kind) => {
    const { items, likes, likeItemId } = itemTables[kind];
    return db
      .select({ itemId: likeItemId, title: items.title, createdAt: likes.createdAt })
      .from(likes)
      .innerJoin(items, eq(items.id, likeItemId))
      .where(eq(likes.userId, userId));
  });
}

/** Whom the person follows and who follows them: each other person by id and username. */
export async function readFollows(db: Executor, userId: string) {
  const person = (column: typeof follows.followerId | typeof follows.followingId) =>
    db
      .select({ id: profiles.id, username: profiles.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(profiles, eq(profiles.id, column))
      .orderBy(asc(follows.createdAt));
  const [following, followers] = await Promise.all([
    person(follows.followingId).where(eq(follows.followerId, userId)),
    person(follows.followerId).where(eq(follows.followingId, userId)),
  ]);
  return { following, followers };
}

/** The restaurants the person follows, oldest follow first. */
export async function readFollowedRestaurants(db: Executor, userId: string) {
  return db
    .select({ since: restaurantFollows.createdAt, ...restaurantColumns })
    .from(restaurantFollows)
    .innerJoin(restaurants, eq(restaurants.id, restaurantFollows.restaurantId))
    .where(eq(restaurantFollows.userId, userId))
    .orderBy(asc(restaurantFollows.createdAt), asc(restaurantFollows.restaurantId));
}

export async function readLists(db: Executor, userId: string) {
  const [own, entries, followed] = await Promise.all([
    db
      .select({
        id: lists.id,
        name: lists.name,
        description: lists.description,
        visibility: lists.visibility,
        createdAt: lists.createdAt,
        updatedAt: lists.updatedAt,
      })
      .from(lists)
      .where(eq(lists.ownerId, userId))
      .orderBy(asc(lists.createdAt), asc(lists.id)),
    db
      .select({
        listId: listEntries.listId,
        position: listEntries.position,
        reviewId: listEntries.reviewId,
        reviewTitle: reviews.title,
        addedAt: listEntries.addedAt,
        ...restaurantColumns,
      })
      .from(listEntries)
      .innerJoin(lists, eq(lists.id, listEntries.listId))
      .innerJoin(restaurants, eq(restaurants.id, listEntries.restaurantId))
      .leftJoin(reviews, eq(reviews.id, listEntries.reviewId))
      .where(eq(lists.ownerId, userId))
      .orderBy(asc(listEntries.listId), asc(listEntries.position)),
    db
      .select({ id: lists.id, name: lists.name, since: listFollows.createdAt })
      .from(listFollows)
      .innerJoin(lists, eq(lists.id, listFollows.listId))
      .where(eq(listFollows.userId, userId))
      .orderBy(asc(listFollows.createdAt)),
  ]);
  return { own, entries, followed };
}

export async function readWantToTry(db: Executor, userId: string) {
  return db
    .select({
      id: wantToTry.id,
      kind: wantToTry.kind,
      dishName: wantToTry.dishName,
      savedAt: wantToTry.createdAt,
      triedAt: wantToTry.triedAt,
      ...restaurantColumns,
    })
    .from(wantToTry)
    .innerJoin(restaurants, eq(restaurants.id, wantToTry.restaurantId))
    .where(eq(wantToTry.userId, userId))
    .orderBy(asc(wantToTry.createdAt), asc(wantToTry.id));
}

/** What the person said "Not interested" to in For you: a restaurant, or a dish there by its key. */
export async function readForYouDismissals(db: Executor, userId: string) {
  return db
    .select({
      dishKey: forYouDismissals.dishKey,
      dismissedAt: forYouDismissals.createdAt,
      ...restaurantColumns,
    })
    .from(forYouDismissals)
    .innerJoin(restaurants, eq(restaurants.id, forYouDismissals.restaurantId))
    .where(eq(forYouDismissals.userId, userId))
    .orderBy(asc(forYouDismissals.createdAt), asc(forYouDismissals.restaurantId));
}

/** The people the person blocked and muted (never who blocked or muted them: not their data). */
export async function readRestrictions(db: Executor, userId: string) {
  const [blocked, muted] = await Promise.all([
    db
      .select({ id: profiles.id, username: profiles.username, since: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(profiles, eq(profiles.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(asc(userBlocks.createdAt)),
    db
      .select({ id: profiles.id, username: profiles.username, since: userMutes.createdAt })
      .from(userMutes)
      .innerJoin(profiles, eq(profiles.id, userMutes.mutedId))
      .where(eq(userMutes.muterId, userId))
      .orderBy(asc(userMutes.createdAt)),
  ]);
  return { blocked, muted };
}

/** The person's notification settings (defaults when never changed) and push subscriptions. */
export async function readNotificationSettings(db: Executor, userId: string) {
  const [[settings], subscriptions] = await Promise.all([
    db
      .select({
        newFollowers: notificationSettings.newFollowers,
        commentsAndLikes: notificationSettings.commentsAndLikes,
        dealsAtFollowed: notificationSettings.dealsAtFollowed,
        emailDigest: notificationSettings.emailDigest,
        lastDigestAt: notificationSettings.lastDigestAt,
      })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId)),
    db
      .select({ endpoint: pushSubscriptions.endpoint, since: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
  ]);
  return {
    ...(settings ?? {
      newFollowers: true,
      commentsAndLikes: true,
      dealsAtFollowed: true,
      emailDigest: "off",
      lastDigestAt: null,
    }),
    pushSubscriptions: subscriptions,
  };
}
