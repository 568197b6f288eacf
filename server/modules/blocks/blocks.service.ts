import type { BlockState, MuteState, RestrictedAccountPage } from "#domain/blocks.ts";
import { blockMessages } from "#domain/blocks-rules.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { authorFields } from "#server/modules/items/items.mapper.ts";
import { decodePersonCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import {
  lockProfilesInOrder,
  profileNotFound,
  visibleProfileExists,
} from "#server/modules/shared/people.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";
import type { EventBus } from "#server/realtime/event-bus.ts";
import {
  deleteRestriction,
  insertRestriction,
  type RestrictedAccountRow,
  type Restriction,
  restrictedAccountsSql,
} from "./blocks.queries.ts";

export interface BlockContext {
  db: Database;
  user: SessionUser;
  events: EventBus;
  /** Every kind of contact between people (`app.personTies`): what a block ends. */
  ties: readonly PersonTies[];
}

const selfMessages: Record<Restriction, string> = {
  block: blockMessages.cannotBlockSelf,
  mute: blockMessages.cannotMuteSelf,
};

/** The person to block or mute must be someone else with a profile that is not being deleted. */
async function checkTarget(db: Executor, kind: Restriction, me: string, personId: string) {
  if (personId === me) throw ApiError.badRequest(selfMessages[kind]);
  if (!(await visibleProfileExists(db, personId, undefined, "person"))) throw profileNotFound();
}

/**
 * PUT (blocked = true) or DELETE /api/profiles/:id/block. Idempotent: only a block row actually
 * added severs the ties, in the same transaction, with both profiles locked first (in id order)
 * so a follow racing the block either lands before it and is removed, or sees it and is
 * refused. After commit both people's open pages are told to refetch their counts and
 * notifications. Unblocking removes the block row only; nothing severed comes back.
 */
export async function setBlocked(
  ctx: BlockContext,
  personId: string,
  blocked: boolean,
): Promise<BlockState> {
  const me = ctx.user.id;
  if (!blocked) {
    await checkTarget(ctx.db, "block", me, personId);
    await deleteRestriction(ctx.db, "block", me, personId);
    return { blocked };
  }
  const added = await ctx.db.transaction(async (tx) => {
    await lockProfilesInOrder(tx, [me, personId], "update");
    await checkTarget(tx, "block", me, personId);
    const inserted = await insertRestriction(tx, "block", me, personId);
    // Everything between the two ends with the block: the follows both ways, each one's likes
    // and comments on the other's items, the notifications either got from the other and each
    // one's follows of the other's lists, every counter moved as undoing each would. Want to
    // try entries stay: they are one's own notes, not contact.
    if (inserted) for (const kind of ctx.ties) await kind.deleteBetween?.(tx, me, personId);
    return inserted;
  });
  if (added) {
    const event = { type: "follow", followerId: me, followingId: personId } as const;
    for (const id of [me, personId]) {
      await ctx.events.publish(id, event);
      await ctx.events.publish(id, { type: "notification" });
    }
  }
  return { blocked };
}

/** PUT (muted = true) or DELETE /api/profiles/:id/mute: the row alone, idempotent. */
export async function setMuted(
  ctx: Pick<BlockContext, "db" | "user">,
  personId: string,
  muted: boolean,
): Promise<MuteState> {
  const me = ctx.user.id;
  await checkTarget(ctx.db, "mute", me, personId);
  if (muted) await insertRestriction(ctx.db, "mute", me, personId);
  else await deleteRestriction(ctx.db, "mute", me, personId);
  return { muted };
}

/** GET /api/blocks or /api/mutes: the caller's own, newest first, keyset paged. */
export async function listRestricted(
  ctx: Pick<BlockContext, "db" | "user">,
  kind: Restriction,
  query: PageQuery,
): Promise<RestrictedAccountPage> {
  const limit = pageLimit(query);
  const after = query.cursor ? decodePersonCursor(query.cursor, [kind]) : undefined;
  const result = await ctx.db.execute<RestrictedAccountRow>(
    restrictedAccountsSql({ kind, ownerId: ctx.user.id, after, limit: limit + 1 }),
  );
  const page = keysetPage(result.rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.user_id,
    kind,
  }));
  return {
    items: page.rows.map((row) => ({
      person: authorFields(row).author,
      since: new Date(row.created_at_text).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
