import { constantTimeEqual, generateRandomString } from "better-auth/crypto";
import {
  type AccountDeletionCodeDto,
  type AccountDeletionDto,
  type AccountDeletionInput,
  accountDeletionMessages,
  DELETION_CODE_LIMITS,
  erasedAccountLabel,
  REAUTHENTICATION_MAX_AGE_MINUTES,
} from "#domain/account-deletion.ts";
import { isPlaceholderEmail, OTP_LENGTH } from "#domain/auth.ts";
import type { Auth } from "#server/auth/auth.ts";
import type { EmailSender } from "#server/auth/senders/email.ts";
import type { SmsSender } from "#server/auth/senders/sms.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { deleteImageFiles, type Logger } from "#server/media/photo-files.ts";
import type { Storage } from "#server/media/storage.ts";
import type { PersonTies } from "#server/modules/shared/person-ties.ts";
import {
  type AccountFiles,
  cancelDeletion,
  deleteAccountRows,
  findAccountFiles,
  findCodeDestinations,
  findDueAccounts,
  findPasswordHash,
  forgetModerationSubjects,
  lockDueAccount,
  logErasure,
  scheduleDeletion,
} from "./account-deletion.queries.ts";

/**
 * Set on the answer of a sign-in that cancelled a pending deletion and read (then cleared) by
 * the next GET /api/me, which tells the person once. Every sign-in method (password, phone code,
 * Google's redirect) ends in a session, so a cookie reaches the app whichever way it came back.
 */
export const RESTORED_COOKIE = "tasted.account_restored";
const RESTORED_COOKIE_PATH = "/api/me";

export interface DeletionRequestContext {
  db: Database;
  auth: Auth;
  userId: string;
  /** When the current session began: a sign-in that recent proves a password-less owner. */
  sessionCreatedAt: Date;
}

/** Where deletion codes go: the senders better-auth's own codes and emails use. */
export interface DeletionCodeSenders {
  sms: SmsSender;
  email: EmailSender;
}

/** better-auth's verification store keeps one pending deletion code per account. */
const codeIdentifier = (userId: string) => `account-deletion:${userId}`;

/** "ann@example.com" → "a•••@example.com", "+12025550123" → "•••0123". */
function partlyHidden(destination: { kind: "email" | "phone"; to: string }): string {
  if (destination.kind === "phone") return `•••${destination.to.slice(-4)}`;
  const [name = "", domain = ""] = destination.to.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
}

/**
 * Sends a password-less owner a one-time code that proves it is them, to their confirmed phone
 * number, else their confirmed (real) email address. Stored in better-auth's verification
 * table as the phone-number plugin stores its codes (`code:attempts`), replacing any earlier
 * one. Accounts with a password confirm with it instead (400); an account with neither address
 * confirmed can only sign in again (409).
 */
export async function sendDeletionCode(
  ctx: Pick<DeletionRequestContext, "db" | "auth" | "userId">,
  senders: DeletionCodeSenders,
): Promise<AccountDeletionCodeDto> {
  if ((await findPasswordHash(ctx.db, ctx.userId)) !== null) {
    throw new ApiError(400, "PASSWORD_ACCOUNT", accountDeletionMessages.codeHasPassword);
  }
  const found = await findCodeDestinations(ctx.db, ctx.userId);
  const destination =
    found?.phone_number && found.phone_number_verified
      ? { kind: "phone" as const, to: found.phone_number }
      : found?.email_verified && !isPlaceholderEmail(found.email)
        ? { kind: "email" as const, to: found.email }
        : undefined;
  if (!destination) {
    throw new ApiError(409, "NO_CODE_DESTINATION", accountDeletionMessages.noCodeDestination);
  }
  const code = generateRandomString(OTP_LENGTH, "0-9");
  const { internalAdapter } = await ctx.auth.$context;
  const identifier = codeIdentifier(ctx.userId);
  await internalAdapter.deleteVerificationByIdentifier(identifier);
  await internalAdapter.createVerificationValue({
    identifier,
    value: `${code}:0`,
    expiresAt: new Date(Date.now() + DELETION_CODE_LIMITS.expiresInMinutes * 60 * 1000),
  });
  const text = accountDeletionMessages.codeText(code);
  if (destination.kind === "phone") await senders.sms.send(destination.to, text);
  else {
    await senders.email.send({
      to: destination.to,
      subject: accountDeletionMessages.codeEmailSubject,
      text,
    });
  }
  return { sentTo: partlyHidden(destination) };
}

/**
 * Whether `code` is the account's pending deletion code. A wrong try counts against it, and
 * the code dies after DELETION_CODE_LIMITS.attempts of them or once used (consumed atomically,
 * so one code never confirms two requests).
 */
async function checkDeletionCode(ctx: DeletionRequestContext, code: string): Promise<boolean> {
  const { internalAdapter } = await ctx.auth.$context;
  const identifier = codeIdentifier(ctx.userId);
  const stored = await internalAdapter.findVerificationValue(identifier);
  if (!stored || stored.expiresAt.getTime() < Date.now()) return false;
  const [expected = "", triesText = "0"] = stored.value.split(":");
  const tries = Number(triesText);
  if (!constantTimeEqual(expected, code)) {
    if (tries + 1 >= DELETION_CODE_LIMITS.attempts) {
      await internalAdapter.deleteVerificationByIdentifier(identifier);
    } else {
      await internalAdapter.updateVerificationByIdentifier(identifier, {
        value: `${expected}:${tries + 1}`,
      });
    }
    return false;
  }
  return (await internalAdapter.consumeVerificationValue(identifier)) !== null;
}

/**
 * Re-authenticates the owner, then schedules the erasure and ends every session of the account
 * in one transaction. An account with a password must send it (checked by better-auth's own
 * verifier); one without sends the code sendDeletionCode sent, unless it signed in within the
 * last few minutes.
 */
export async function requestAccountDeletion(
  ctx: DeletionRequestContext,
  input: AccountDeletionInput,
): Promise<AccountDeletionDto> {
  const hash = await findPasswordHash(ctx.db, ctx.userId);
  if (hash !== null) {
    if (!input.password) {
      throw new ApiError(403, "PASSWORD_REQUIRED", accountDeletionMessages.passwordRequired);
    }
    const { password } = await ctx.auth.$context;
    if (!(await password.verify({ hash, password: input.password }))) {
      throw new ApiError(403, "WRONG_PASSWORD", accountDeletionMessages.wrongPassword);
    }
  } else if (input.code !== undefined) {
    if (!(await checkDeletionCode(ctx, input.code))) {
      throw new ApiError(403, "WRONG_CODE", accountDeletionMessages.wrongCode);
    }
  } else {
    const ageMs = Date.now() - ctx.sessionCreatedAt.getTime();
    if (ageMs > REAUTHENTICATION_MAX_AGE_MINUTES * 60 * 1000) {
      throw new ApiError(403, "REAUTHENTICATION_REQUIRED", accountDeletionMessages.codeRequired);
    }
  }
  const eraseAfter = await ctx.db.transaction((tx) => scheduleDeletion(tx, ctx.userId));
  return { eraseAfter: eraseAfter.toISOString() };
}

/** A session was just created for the account: a deletion still within its grace is cancelled. */
export async function restoreOnSignIn(db: Database, userId: string): Promise<boolean> {
  return cancelDeletion(db, userId);
}

/** The cookie a restoring sign-in sets (httpOnly: only the server reads it). */
export function restoredCookie(secure: boolean) {
  return {
    name: RESTORED_COOKIE,
    value: "1",
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      secure,
      path: RESTORED_COOKIE_PATH,
      maxAge: 24 * 60 * 60,
    },
  };
}

/**
 * Whether a sign-in just restored the account, for /api/me: true once, since the answer that
 * says so also clears the cookie (`clearCookie`, a Set-Cookie value).
 */
export function restoredStatus(
  cookieHeader: string | undefined,
  secure: boolean,
): { accountRestored: boolean; clearCookie: string | null } {
  const accountRestored = (cookieHeader ?? "")
    .split(";")
    .some((part) => part.trim() === `${RESTORED_COOKIE}=1`);
  return {
    accountRestored,
    clearCookie: accountRestored
      ? `${RESTORED_COOKIE}=; Path=${RESTORED_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`
      : null,
  };
}

export interface EraserContext {
  db: Database;
  storage: Storage;
  log: Logger & { error(obj: object, msg: string): void };
  /** Every kind of contact between people (`app.personTies`): whose counters erasure releases. */
  ties: readonly PersonTies[];
}

/** How many due accounts one run takes; the next run (hourly) continues. */
const ERASE_BATCH = 100;

/**
 * Erases every account whose grace has run out, each in its own transaction: counters first,
 * then the files are listed, the rows deleted and the Activity Log told; the files go after the
 * commit (best effort, logged), so a rollback never leaves rows pointing at deleted files.
 * Returns how many accounts this run erased.
 */
export async function eraseDueAccounts(ctx: EraserContext): Promise<number> {
  let erased = 0;
  for (const userId of await findDueAccounts(ctx.db, ERASE_BATCH)) {
    try {
      const files = await ctx.db.transaction(async (tx) => {
        const account = await lockDueAccount(tx, userId);
        if (!account) return null;
        // Counters first: every kind of contact takes the account's rows off everyone else's
        // counters, exactly as removing each row would; its own items and lists go with it.
        for (const kind of ctx.ties) await kind.releaseCountsOf?.(tx, userId);
        const found = await findAccountFiles(tx, userId);
        await forgetModerationSubjects(tx, userId);
        await deleteAccountRows(tx, { userId, ...account });
        await logErasure(tx, erasedAccountLabel(account.createdAt));
        return found;
      });
      if (!files) continue;
      erased++;
      await deleteAccountFiles(ctx, userId, files);
    } catch (error) {
      ctx.log.error({ err: error, userId }, "erasing an account failed");
    }
  }
  return erased;
}

async function deleteAccountFiles(
  ctx: EraserContext,
  userId: string,
  files: AccountFiles,
): Promise<void> {
  await deleteImageFiles(ctx.storage, ctx.log, files.imageUrls);
  const avatarKey = files.avatarUrl ? ctx.storage.keyFromUrl(files.avatarUrl) : undefined;
  // Only the account's own pictures: a profile never points at another's file, but the check
  // costs nothing and a wrong delete could not be undone.
  const avatarKeys = [...(avatarKey ? [avatarKey] : []), ...files.unsavedAvatarKeys].filter((key) =>
    key.startsWith(`avatars/${userId}/`),
  );
  const logFailure = (key: string) => (error: unknown) => {
    ctx.log.warn({ err: error, key }, "deleting an erased account's file failed");
  };
  await Promise.all([
    ...avatarKeys.map((key) => ctx.storage.delete(key).catch(logFailure(key))),
    ...files.exportKeys.map((key) => ctx.storage.deletePrivate(key).catch(logFailure(key))),
  ]);
  // Their folders go too, once empty: a folder named by their id would outlive them.
  await Promise.all(
    (
      [
        [`photos/${userId}`, "public"],
        [`avatars/${userId}`, "public"],
        [`exports/${userId}`, "private"],
      ] as const
    ).map(([folder, area]) =>
      ctx.storage.removeEmptyFolder(folder, area).catch(logFailure(folder)),
    ),
  );
}
