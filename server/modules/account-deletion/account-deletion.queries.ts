import { sql } from "drizzle-orm";
import { ACCOUNT_DELETION_GRACE_DAYS, ERASED_SUBJECT_LABELS } from "#domain/account-deletion.ts";
import type { Executor } from "#server/db/client.ts";

/** The stored password hash of an account that signs in with one, else null. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const result = await db.execute<{ password: string }>(sql`
    select password from account
     where user_id = ${userId} and provider_id = 'credential' and password is not null
     limit 1`);
  return result.rows[0]?.password ?? null;
}

/**
 * Schedules the erasure (a request while one is pending keeps the first date) and ends every
 * session of the account; returns the erasure time.
 */
export async function scheduleDeletion(tx: Executor, userId: string): Promise<Date> {
  // "Do update" to the value it has, not "do nothing": a request racing another waits for the
  // other's row and then returns it, where a second read would miss it (its snapshot predates
  // the other's commit).
  const result = await tx.execute<{ erase_after: Date | string }>(sql`
    insert into account_deletions (user_id, erase_after)
    values (${userId}, now() + make_interval(days => ${ACCOUNT_DELETION_GRACE_DAYS}))
    on conflict (user_id) do update set erase_after = account_deletions.erase_after
    returning erase_after`);
  await tx.execute(sql`delete from session where user_id = ${userId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`no deletion row for ${userId}`);
  return new Date(row.erase_after);
}

/** Cancels a pending deletion still within its grace; whether there was one. */
export async function cancelDeletion(db: Executor, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    delete from account_deletions where user_id = ${userId} and erase_after > now()
    returning user_id`);
  return result.rows.length > 0;
}

/** Accounts whose grace has run out, the longest overdue first. */
export async function findDueAccounts(db: Executor, limit: number): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    select user_id from account_deletions where erase_after <= now()
     order by erase_after limit ${limit}`);
  return result.rows.map((row) => row.user_id);
}

/**
 * Takes a due account for erasure inside the caller's transaction. Skip locked: an account
 * another instance is erasing (or a sign-in is restoring) is left to it, so nobody erases twice.
 */
export async function lockDueAccount(
  tx: Executor,
  userId: string,
): Promise<{ email: string; phoneNumber: string | null; createdAt: Date } | null> {
  const locked = await tx.execute(sql`
    select user_id from account_deletions
     where user_id = ${userId} and erase_after <= now()
       for update skip locked`);
  if (locked.rows.length === 0) return null;
  const result = await tx.execute<{
    email: string;
    phone_number: string | null;
    created_at: Date | string;
  }>(sql`select email, phone_number, created_at from "user" where id = ${userId}`);
  const row = result.rows[0];
  if (!row) return null;
  return { email: row.email, phoneNumber: row.phone_number, createdAt: new Date(row.created_at) };
}

export interface AccountFiles {
  imageUrls: string[];
  avatarUrl: string | null;
  /** Avatars uploaded and never saved to the profile. */
  unsavedAvatarKeys: string[];
  exportKeys: string[];
}

/**
 * Every stored file of the account: photo addresses, the avatar's, unsaved avatars' and export
 * files' keys.
 */
export async function findAccountFiles(tx: Executor, userId: string): Promise<AccountFiles> {
  const images = await tx.execute<{ image_url: string }>(sql`
    select ri.image_url from review_images ri join reviews r on r.id = ri.review_id
     where r.user_id = ${userId}
    union all
    select pi.image_url from post_images pi join posts p on p.id = pi.post_id
     where p.user_id = ${userId}
    union all
    select di.image_url from deal_images di join deals d on d.id = di.deal_id
     where d.user_id = ${userId}
    union all
    select image_url from image_uploads where user_id = ${userId}`);
  const avatar = await tx.execute<{ avatar_url: string | null }>(sql`
    select avatar_url from profiles where id = ${userId}`);
  const exports = await tx.execute<{ file_key: string }>(sql`
    select file_key from data_exports where user_id = ${userId} and file_key is not null`);
  const unsaved = await tx.execute<{ key: string }>(sql`
    select key from avatar_uploads where user_id = ${userId}`);
  return {
    imageUrls: images.rows.map((row) => row.image_url),
    avatarUrl: avatar.rows[0]?.avatar_url ?? null,
    unsavedAvatarKeys: unsaved.rows.map((row) => row.key),
    exportKeys: exports.rows.map((row) => row.file_key),
  };
}

/**
 * What moderation keeps about the account once it is gone: reports about the person or their
 * content are deleted (nothing is left to act on); reports they filed about others stay for the
 * moderators, without their free text (what they wrote is theirs, and goes with them; the
 * reporter is cleared by the foreign key); earlier Activity Log entries about them keep their
 * action but lose the label and the id, which would still name them.
 */
export async function forgetModerationSubjects(tx: Executor, userId: string): Promise<void> {
  const subjects = sql`
    select 'user' as type, ${userId}::text as id
    union all select 'review', id::text from reviews where user_id = ${userId}
    union all select 'post', id::text from posts where user_id = ${userId}
    union all select 'deal', id::text from deals where user_id = ${userId}
    union all select 'comment', id::text from comments where user_id = ${userId}
    union all select 'post_comment', id::text from post_comments where user_id = ${userId}
    union all select 'deal_comment', id::text from deal_comments where user_id = ${userId}`;
  await tx.execute(sql`
    delete from user_reports
     where (reported_type, reported_id) in (select type, id from (${subjects}) s)`);
  await tx.execute(sql`update user_reports set details = null where reporter_id = ${userId}`);
  await tx.execute(sql`
    update moderation_actions
       set subject_label = case when subject_type = 'user' then ${ERASED_SUBJECT_LABELS.account}
                                else ${ERASED_SUBJECT_LABELS.content} end,
           subject_id = gen_random_uuid()::text
     where (subject_type, subject_id) in (select type, id from (${subjects}) s)`);
}

/**
 * Deletes the account. The user row's cascades remove the profile, content, likes, follows,
 * lists, sessions and everything else that points at it; what names the account without a
 * foreign key (throttle counters, sign-in failures, pending codes and tokens) goes here too.
 */
export async function deleteAccountRows(
  tx: Executor,
  account: { userId: string; email: string; phoneNumber: string | null },
): Promise<void> {
  const { userId, email, phoneNumber } = account;
  const subjects = [userId, email, ...(phoneNumber ? [phoneNumber] : [])];
  await tx.execute(sql`
    delete from action_limits where subject in (${sql.join(
      subjects.map((subject) => sql`${subject}`),
      sql`, `,
    )})`);
  await tx.execute(sql`delete from sign_in_failures where email = ${email.toLowerCase()}`);
  await tx.execute(sql`
    delete from verification
     where identifier in (${sql.join(
       subjects.map((subject) => sql`${subject}`),
       sql`, `,
     )}) or strpos(value, ${userId}) > 0`);
  await tx.execute(sql`delete from "user" where id = ${userId}`);
}

/** The Activity Log's one entry for an erasure: no actor, an opaque subject, a neutral label. */
export async function logErasure(tx: Executor, label: string): Promise<void> {
  await tx.execute(sql`
    insert into moderation_actions (actor_id, action, subject_type, subject_id, subject_label)
    values (null, 'account_deleted', 'user', gen_random_uuid()::text, ${label})`);
}

export interface CodeDestinations extends Record<string, unknown> {
  email: string;
  email_verified: boolean;
  phone_number: string | null;
  phone_number_verified: boolean | null;
}

/** The account's addresses a deletion code may go to, with whether each is confirmed. */
export async function findCodeDestinations(
  db: Executor,
  userId: string,
): Promise<CodeDestinations | undefined> {
  const result = await db.execute<CodeDestinations>(sql`
    select email, email_verified, phone_number, phone_number_verified
      from "user" where id = ${userId}`);
  return result.rows[0];
}
