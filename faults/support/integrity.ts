// What must hold in a database and its photo storage after any crash: counters equal the rows
// they count, no item is half-made, and every stored file is named by a row.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { imageVariantUrls } from "#server/media/photo-files.ts";

/** Items whose like or comment count differs from their likes and visible comments. */
export async function itemsWithWrongCounters(db: Database): Promise<string[]> {
  const wrong: string[] = [];
  for (const [items, likes, comments, key] of [
    ["reviews", "likes", "comments", "review_id"],
    ["posts", "post_likes", "post_comments", "post_id"],
  ] as const) {
    const { rows } = await db.execute<{ id: string }>(
      sql.raw(`
        select i.id from ${items} i
         where i.like_count <> (select count(*) from ${likes} l where l.${key} = i.id)
            or i.comment_count <> (select count(*) from ${comments} c
                                    where c.${key} = i.id and not c.is_hidden)`),
    );
    wrong.push(...rows.map((row) => `${items} ${row.id}`));
  }
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id from profiles p
     where p.follower_count <> (select count(*) from follows f where f.following_id = p.id)
        or p.following_count <> (select count(*) from follows f where f.follower_id = p.id)`);
  return [...wrong, ...rows.map((row) => `profile ${row.id}`)];
}

/** Dish reviews without a photo: a review is created with its photos in one transaction. */
export async function dishReviewsWithoutPhotos(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select r.id from reviews r
     where r.review_type = 'dish'
       and not exists (select 1 from review_images i where i.review_id = r.id)`);
  return rows.map((row) => row.id);
}

/** Every image address a row holds: pending uploads, item photos and avatars. */
async function referencedImageUrls(db: Database): Promise<Set<string>> {
  const { rows } = await db.execute<{ url: string }>(sql`
    select image_url as url from image_uploads
    union all select image_url from review_images
    union all select image_url from post_images
    union all select avatar_url from profiles where avatar_url is not null`);
  return new Set(rows.flatMap(({ url }) => imageVariantUrls(url)));
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Files in the disk storage (DATA_DIR/uploads, served at /uploads) that no row names, as
 * paths relative to the storage root.
 */
export async function orphanedFiles(db: Database, dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "uploads");
  const referenced = await referencedImageUrls(db);
  return (await filesUnder(root))
    .map((file) => path.relative(root, file))
    .filter((key) => !referenced.has(`/uploads/${key}`));
}

/** Every stored image address whose file is missing (a row naming nothing). */
export async function missingFiles(db: Database, dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "uploads");
  const present = new Set(
    (await filesUnder(root)).map((file) => `/uploads/${path.relative(root, file)}`),
  );
  const { rows } = await db.execute<{ url: string }>(sql`
    select image_url as url from review_images
    union all select image_url from post_images`);
  return rows.flatMap(({ url }) => imageVariantUrls(url)).filter((url) => !present.has(url));
}
