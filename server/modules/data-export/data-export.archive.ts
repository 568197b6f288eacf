import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipArchive } from "archiver";
import type { Executor } from "#server/db/client.ts";
import { originalImageUrl } from "#server/media/photo-files.ts";
import { type Storage, StoredFileMissingError } from "#server/media/storage.ts";
import {
  readAccount,
  readComments,
  readDeals,
  readFollowedRestaurants,
  readFollows,
  readForYouDismissals,
  readItemImages,
  readLikes,
  readLists,
  readNotificationSettings,
  readPosts,
  readRestrictions,
  readReviews,
  readWantToTry,
} from "./data-export.queries.ts";

interface Logger {
  warn(obj: object, msg: string): void;
}

/** One photo to copy into the zip: where it goes and the stored addresses to try, best first. */
interface PhotoJob {
  /** Zip path without extension; the stored file's own extension is added. */
  name: string;
  urls: string[];
}

const README = `Your Tasted data
================

This archive holds everything you put into Tasted, as it was when the export was made.

profile.json      your account (email, phone number) and profile (username, names, bio,
                  location, avatar)
reviews.json      your dish and restaurant reviews, each with its restaurant and photos
posts.json        your posts, each with the restaurant it mentions and its photos
deals.json        your deals, each with its restaurant, when it runs and its photos
comments.json     the comments you wrote, with the review, post or deal each is on
likes.json        the reviews, posts and deals you liked
follows.json      the people you follow, the people who follow you and the restaurants
                  you follow
lists.json        your lists with their entries, and the lists you follow
want-to-try.json  the restaurants and dishes you saved, and when you tried them
not-interested.json  the restaurants and dishes you said "Not interested" to in For you
blocks.json       the people you blocked
mutes.json        the people you muted
notification-settings.json  what you get notified about, and the browsers push is on in
photos/           every photo you uploaded, at the resolution it was kept (the original for
                  photos uploaded since originals are kept, else 1280 pixels wide): review
                  photos in photos/reviews/<review id>/, post photos in photos/posts/<post id>/,
                  deal photos in photos/deals/<deal id>/, numbered in their display order, and
                  your avatar. The "file" of each photo in reviews.json, posts.json and
                  deals.json names its file here.

Dates are in UTC (ISO 8601). Ids are the ones Tasted uses in its addresses: a review opens
at /view/dish/<id> or /view/restaurant/<id> (by its reviewType), a post at /view/post/<id>,
a deal at /view/deal/<id>.
A deal's weekDays hold bit d - 1 for day d (Monday 1 ... Sunday 7), and startsMinute and
endsMinute are minutes after midnight in its timeZone.
`;

/** The stored addresses of a photo, original first (older photos have only the large variant). */
function photoUrls(imageUrl: string): string[] {
  const original = originalImageUrl(imageUrl);
  return original ? [original, imageUrl] : [imageUrl];
}

/**
 * Writes the person's zip to `file`, streaming: photos are copied one at a time straight from
 * storage (one open file at a time, stored without recompression), and `onProgress` hears the
 * share of entries written (0–1). Returns the zip's size.
 */
export async function writeDataArchive(options: {
  db: Executor;
  storage: Storage;
  log: Logger;
  userId: string;
  file: string;
  onProgress: (share: number) => void;
}): Promise<number> {
  const { db, storage, log, userId } = options;
  const [account, reviewRows, reviewImages, postRows, postImages, dealRows, dealImages] =
    await Promise.all([
      readAccount(db, userId),
      readReviews(db, userId),
      readItemImages(db, "review", userId),
      readPosts(db, userId),
      readItemImages(db, "post", userId),
      readDeals(db, userId),
      readItemImages(db, "deal", userId),
    ]);
  const [
    comments,
    likes,
    follows,
    followedRestaurants,
    lists,
    wantToTry,
    dismissals,
    restrictions,
    notificationSettings,
  ] = await Promise.all([
    readComments(db, userId),
    readLikes(db, userId),
    readFollows(db, userId),
    readFollowedRestaurants(db, userId),
    readLists(db, userId),
    readWantToTry(db, userId),
    readForYouDismissals(db, userId),
    readRestrictions(db, userId),
    readNotificationSettings(db, userId),
  ]);
  if (!account) throw new Error("the account of a data export is gone");

  const photoJobs: PhotoJob[] = [];
  /** Each photo row's file in the zip, without its extension. */
  const photoName = new Map<object, string>();
  const addItemPhotos = (
    folder: string,
    rows: Array<{ itemId: string; imageUrl: string; displayOrder: number }>,
  ) => {
    const countByItem = new Map<string, number>();
    for (const row of rows) {
      const number = (countByItem.get(row.itemId) ?? 0) + 1;
      countByItem.set(row.itemId, number);
      const name = `photos/${folder}/${row.itemId}/${number}`;
      photoName.set(row, name);
      photoJobs.push({ name, urls: photoUrls(row.imageUrl) });
    }
  };
  addItemPhotos("reviews", reviewImages);
  addItemPhotos("posts", postImages);
  addItemPhotos("deals", dealImages);
  if (account.avatarUrl) photoJobs.push({ name: "photos/avatar", urls: [account.avatarUrl] });

  // The photos, the thirteen JSON files and README.txt.
  const entriesTotal = photoJobs.length + 14;
  let entriesDone = 0;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  zip.on("warning", (error) => log.warn({ err: error }, "data export zip warning"));
  zip.on("entry", () => {
    entriesDone += 1;
    options.onProgress(entriesDone / entriesTotal);
  });
  const written = pipeline(zip, createWriteStream(options.file, { mode: 0o600 }));
  // A failure of the zip or the file settles `written` early; every wait below races it.
  let finishing = false;
  const failed = written.then(() => {
    if (!finishing) throw new Error("the data export zip ended early");
  });
  failed.catch(() => {});

  const stored = new Map<string, string>();
  for (const job of photoJobs) {
    const opened = await openFirst(storage, job.urls);
    if (!opened) {
      log.warn({ userId, photo: job.name }, "a photo of a data export has no stored file");
      continue;
    }
    const name = `${job.name}${opened.extension}`;
    stored.set(job.name, name);
    zip.append(opened.stream, { name, store: true });
    // One photo at a time: wait until archiver has copied it before opening the next.
    await Promise.race([once(zip, "entry"), failed]);
  }

  const photosOf = (
    itemId: string,
    rows: Array<{ itemId: string; displayOrder: number; altText: string | null }>,
  ) =>
    rows
      .filter((row) => row.itemId === itemId)
      .map((row) => {
        const name = photoName.get(row);
        return {
          file: name ? (stored.get(name) ?? null) : null,
          alt: row.altText,
          displayOrder: row.displayOrder,
        };
      });
  const restaurant = (row: {
    restaurantId: string | null;
    restaurantName: string | null;
    restaurantAddress: string | null;
  }) =>
    row.restaurantId === null
      ? null
      : { id: row.restaurantId, name: row.restaurantName, address: row.restaurantAddress };

  const files: Array<[string, unknown]> = [
    [
      "profile.json",
      {
        id: userId,
        email: account.email,
        emailVerified: account.emailVerified,
        phoneNumber: account.phoneNumber,
        username: account.username,
        fullName: account.fullName,
        firstName: account.firstName,
        lastName: account.lastName,
        bio: account.bio,
        location: account.location,
        avatarUrl: account.avatarUrl,
        avatarFile: stored.get("photos/avatar") ?? null,
        createdAt: account.accountCreatedAt,
      },
    ],
    [
      "reviews.json",
      reviewRows.map(({ restaurantId, restaurantName, restaurantAddress, ...review }) => ({
        ...review,
        restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
        photos: photosOf(review.id, reviewImages),
      })),
    ],
    [
      "posts.json",
      postRows.map(({ restaurantId, restaurantName, restaurantAddress, ...post }) => ({
        ...post,
        restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
        photos: photosOf(post.id, postImages),
      })),
    ],
    [
      "deals.json",
      dealRows.map(({ restaurantId, restaurantName, restaurantAddress, ...deal }) => ({
        ...deal,
        restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
        photos: photosOf(deal.id, dealImages),
      })),
    ],
    ["comments.json", comments],
    ["likes.json", likes],
    [
      "follows.json",
      {
        ...follows,
        restaurants: followedRestaurants.map(({ since, ...place }) => ({
          restaurant: restaurant(place),
          since,
        })),
      },
    ],
    [
      "lists.json",
      {
        lists: lists.own.map((list) => ({
          ...list,
          entries: lists.entries
            .filter((entry) => entry.listId === list.id)
            .map(({ listId: _listId, restaurantId, restaurantName, restaurantAddress, ...e }) => ({
              ...e,
              restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
            })),
        })),
        following: lists.followed,
      },
    ],
    [
      "want-to-try.json",
      wantToTry.map(({ restaurantId, restaurantName, restaurantAddress, ...entry }) => ({
        ...entry,
        restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
      })),
    ],
    [
      "not-interested.json",
      dismissals.map(({ restaurantId, restaurantName, restaurantAddress, dishKey, ...entry }) => ({
        dish: dishKey || null,
        ...entry,
        restaurant: restaurant({ restaurantId, restaurantName, restaurantAddress }),
      })),
    ],
    ["blocks.json", restrictions.blocked],
    ["mutes.json", restrictions.muted],
    ["notification-settings.json", notificationSettings],
  ];
  for (const [name, content] of files) {
    zip.append(`${JSON.stringify(content, null, 2)}\n`, { name });
  }
  zip.append(README, { name: "README.txt" });
  finishing = true;
  await Promise.race([zip.finalize(), failed]);
  await written;
  return (await stat(options.file)).size;
}

/** The first of `urls` that has a stored file, opened for reading, with its extension. */
async function openFirst(
  storage: Storage,
  urls: readonly string[],
): Promise<{ stream: Readable; extension: string } | undefined> {
  for (const url of urls) {
    const key = storage.keyFromUrl(url);
    if (!key) continue;
    try {
      return { stream: await storage.read(key), extension: path.extname(key) };
    } catch (error) {
      if (!(error instanceof StoredFileMissingError)) throw error;
    }
  }
  return undefined;
}
