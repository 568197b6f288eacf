import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import type { MentionDto } from "#domain/items.ts";
import { mentionedHandles } from "#domain/mentions.ts";
import type { Executor } from "#server/db/client.ts";
import { posts } from "#server/db/schema/posts.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { postMentions, reviewMentions } from "#server/db/schema/social.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";
import { notifyAboutComment } from "./item-activity.ts";
import { type AuthorColumns, authorFields, itemKey } from "./items.mapper.ts";

// "@handle" in a review's or a post's own text (docs/decisions/0032): the same parser, rules and
// notification as a comment's mentions, with rows per item that an edit adds to and never
// takes from, so a person named once is notified once.

/**
 * The kinds whose own text takes mentions, with that text and the rows of whom it named. A
 * deal's details do not (yet): its dialog has no "@" field.
 */
const textMentions = {
  review: { items: reviews, body: reviews.description, mentions: reviewMentions },
  post: { items: posts, body: posts.content, mentions: postMentions },
} as const;
type TextMentionKind = keyof typeof textMentions;
const takesMentions = (kind: ItemKind): kind is TextMentionKind =>
  Object.hasOwn(textMentions, kind);

export interface Mentionable {
  id: string;
  username: string;
}

/**
 * The people `handles` name whom a new text mentions: those the writer may see (not themselves)
 * who may see the item, by its author `itemAuthorId`; with their usernames.
 */
export async function findMentionable(
  db: Executor,
  handles: readonly string[],
  writerId: string,
  itemAuthorId: string,
): Promise<Mentionable[]> {
  if (handles.length === 0) return [];
  const result = await db.execute<{ id: string; username: string }>(sql`
    select p.id, p.username from profiles p
     where p.username in (${sql.join(
       handles.map((handle) => sql`${handle}`),
       sql`, `,
     )})
       and p.id <> ${writerId} and ${visibleAuthorSql(writerId, sql`p.id`, "person")}
       and ${visibleAuthorSql(sql`p.id`, sql`${itemAuthorId}::text`)}`);
  return result.rows;
}

/**
 * Records whom the item's text (as it is now, inside the writing transaction) mentions and
 * notifies those it names for the first time ("mentioned you in"). A handle that now names
 * someone else than before points at them from here on. Returns the notifications written.
 */
export async function mentionInItemText(
  tx: Executor,
  kind: ItemKind,
  itemId: string,
  authorId: string,
): Promise<{ id: string; recipientId: string }[]> {
  if (!takesMentions(kind)) return [];
  const { items, body, mentions } = textMentions[kind];
  const mentionItemId = mentions.itemId;
  const [row] = await tx.select({ body }).from(items).where(eq(items.id, itemId));
  const handles = mentionedHandles(row?.body ?? "");
  const people = await findMentionable(tx, handles, authorId, authorId);
  if (people.length === 0) return [];
  await tx.delete(mentions).where(
    and(
      eq(mentionItemId, itemId),
      inArray(mentions.handle, handles),
      notInArray(
        mentions.userId,
        people.map((person) => person.id),
      ),
    ),
  );
  const recorded = await tx
    .insert(mentions)
    .values(people.map((person) => ({ itemId, userId: person.id, handle: person.username })))
    .onConflictDoUpdate({
      target: [mentionItemId, mentions.userId],
      set: { handle: sql`excluded.handle` },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated: named before.
    .returning({ userId: mentions.userId, isNew: sql<boolean>`xmax = 0` });
  const notified: { id: string; recipientId: string }[] = [];
  for (const { userId, isNew } of recorded) {
    if (!isNew) continue;
    const id = await notifyAboutComment(tx, {
      type: "new_mention",
      actorId: authorId,
      recipientId: userId,
      kind,
      itemId,
      itemAuthorId: authorId,
    });
    if (id) notified.push({ id, recipientId: userId });
  }
  return notified;
}

interface ItemMentionRow extends AuthorColumns, Record<string, unknown> {
  kind: ItemKind;
  item_id: string;
  handle: string;
}

/** Whom a handle names, as a text's link shows them. */
export function toMentionDto(row: AuthorColumns & { handle: string }): MentionDto {
  const { userName, userHandler } = authorFields(row);
  return { handle: row.handle, userName, userHandler };
}

/**
 * The mentions of items whose text has an "@handle", of people `viewerId` may see, keyed by
 * itemKey; only the handles the text still holds (an edit may have dropped one). No statement
 * when no text mentions anyone.
 */
export async function mentionsOfItems(
  db: Executor,
  items: readonly { kind: ItemKind; id: string; body: string | null }[],
  viewerId: string | undefined,
): Promise<Map<string, MentionDto[]>> {
  const byItem = new Map<string, MentionDto[]>();
  const inText = new Map<string, ReadonlySet<string>>();
  for (const item of items) {
    const handles = takesMentions(item.kind) ? mentionedHandles(item.body ?? "") : [];
    if (handles.length > 0) inText.set(itemKey(item.kind, item.id), new Set(handles));
  }
  if (inText.size === 0) return byItem;
  const selects = (Object.keys(textMentions) as TextMentionKind[]).flatMap((kind) => {
    const ids = items.filter((item) => item.kind === kind && inText.has(itemKey(kind, item.id)));
    if (ids.length === 0) return [];
    const { mentions } = textMentions[kind];
    const mentionItemId = mentions.itemId;
    return [
      sql`select ${kind}::text as kind, m.${sql.identifier(mentionItemId.name)} as item_id,
                 m.handle, p.id as user_id, p.username as author_username,
                 p.full_name as author_full_name, p.slug as author_slug,
                 p.avatar_url as author_avatar_url
            from ${mentions} m
            join profiles p on p.id = m.user_id
           where m.${sql.identifier(mentionItemId.name)} in (${sql.join(
             ids.map((item) => sql`${item.id}::uuid`),
             sql`, `,
           )})
             and ${visibleAuthorSql(viewerId, sql`p.id`, "person")}`,
    ];
  });
  const result = await db.execute<ItemMentionRow>(sql.join(selects, sql` union all `));
  for (const row of result.rows) {
    const key = itemKey(row.kind, row.item_id);
    if (!inText.get(key)?.has(row.handle)) continue;
    byItem.set(key, [...(byItem.get(key) ?? []), toMentionDto(row)]);
  }
  return byItem;
}
