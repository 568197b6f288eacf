import { z } from "zod";
import { authMessages, otpCodeInput, PASSWORD_MAX_LENGTH } from "./auth.ts";
import { hasNoNul } from "./text-input.ts";

/**
 * "Delete account": the owner asks, after proving it is them (their password, or a sign-in
 * within the last few minutes for accounts without one). The account is then deactivated for
 * the grace period (signed out everywhere, nobody sees its profile or content) and any sign-in
 * during it restores everything. After it, the account is erased: profile, content, photos,
 * likes, follows and sessions; restaurants it added stay, since they are shared places.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** An account without a password proves it is its owner by a sign-in at most this recent. */
export const REAUTHENTICATION_MAX_AGE_MINUTES = 10;

/** A deletion code lives this long, and dies after this many wrong tries. */
export const DELETION_CODE_LIMITS = { expiresInMinutes: 5, attempts: 3 } as const;

/**
 * POST /api/account/deletion: the current password, required of accounts that have one; for
 * accounts without one, the code POST /api/account/deletion/code sent, unless they signed in
 * within the last few minutes.
 */
export const accountDeletionInput = z.object({
  password: z
    .string()
    .refine(hasNoNul, "Text must not contain NUL characters")
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong)
    .optional(),
  code: otpCodeInput.optional(),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionInput>;

/**
 * POST /api/account/deletion/code: where the code went, partly hidden ("a•••@example.com",
 * "•••0123"), for the dialog to say.
 */
export const accountDeletionCodeSchema = z.object({ sentTo: z.string() });
export type AccountDeletionCodeDto = z.infer<typeof accountDeletionCodeSchema>;

/** The 202 answer: when the account will be erased unless its owner signs in before. */
export const accountDeletionSchema = z.object({ eraseAfter: z.string() });
export type AccountDeletionDto = z.infer<typeof accountDeletionSchema>;

/** "14 December 2026", the same for everyone (UTC), as the toast and the dialog say it. */
function formatEraseDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** What the Activity Log calls an erased account: no name, no content, only when it began. */
export function erasedAccountLabel(createdAt: Date): string {
  const month = createdAt.toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return `an account created in ${month}`;
}

/**
 * Replace the labels of earlier Activity Log entries about an erased account or its content,
 * which would still name them: "made an erased account a moderator", "hid the review of an
 * erased account". The log shows them as they are, unquoted.
 */
export const ERASED_SUBJECT_LABELS = {
  account: "an erased account",
  content: "of an erased account",
} as const;

export function isErasedSubjectLabel(label: string): boolean {
  return label === ERASED_SUBJECT_LABELS.account || label === ERASED_SUBJECT_LABELS.content;
}

export const accountDeletionMessages = {
  sectionTitle: "Delete account",
  sectionText: `Deleting your account signs you out everywhere and hides your profile, reviews, posts, comments and lists at once. If you sign in within ${ACCOUNT_DELETION_GRACE_DAYS} days, everything comes back. After that, your account is erased for good.`,
  button: "Delete account",
  dialogTitle: "Delete your account?",
  consequences: [
    "Your profile, reviews, posts, photos, comments and lists disappear for everyone.",
    "Your likes and follows are removed; restaurants you added stay for others.",
    "You are signed out on every device.",
  ],
  restoreHint: `Changed your mind? Sign in within ${ACCOUNT_DELETION_GRACE_DAYS} days and your account is restored as it was.`,
  passwordLabel: "Your password",
  passwordHint: "Enter your current password to confirm it's you.",
  confirm: "Delete my account",
  cancel: "Cancel",
  passwordRequired: "Enter your current password to delete your account.",
  wrongPassword: "That password is not right. Please try again.",
  signInAgain: `For your security, please sign out and sign in again, then delete your account within ${REAUTHENTICATION_MAX_AGE_MINUTES} minutes.`,
  /** A password-less account's older session: the dialog then sends a code. */
  codeRequired: "For your security, confirm it's you with a code we send you.",
  codeLabel: "Code",
  codeSent: (sentTo: string) => `We sent a 6-digit code to ${sentTo}.`,
  sendAgain: "Send a new code",
  wrongCode: "That code is not right or has expired. Ask for a new one.",
  codeHasPassword: "Your account has a password: confirm with it instead.",
  /** No confirmed email or phone number to send a code to: signing in again is the only way. */
  noCodeDestination: `Your account has no confirmed email or phone number. Please sign out and sign in again, then delete your account within ${REAUTHENTICATION_MAX_AGE_MINUTES} minutes.`,
  codeEmailSubject: "Your Tasted account deletion code",
  codeText: (code: string) =>
    `Your Tasted code to delete your account is ${code}. It expires in ${DELETION_CODE_LIMITS.expiresInMinutes} minutes. If you did not ask for it, change nothing and ignore this message.`,
  failed: "Your account could not be deleted. Please try again.",
  scheduled: "Your account is scheduled for deletion",
  scheduledText: (eraseAfter: string) =>
    `It will be erased on ${formatEraseDate(eraseAfter)}. Sign in before then to restore it.`,
  restored: "Welcome back — your account will not be deleted",
} as const;
