import { z } from "zod";

/** Sign-in and sign-up rules with the exact messages users see. */
export const PASSWORD_MIN_LENGTH = 6;
/** better-auth's default ceiling; longer inputs only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
const PHONE_MIN_LENGTH = 10;
const PHONE_MAX_LENGTH = 16;
/** E.164: a plus, a digit 1-9, then 1-14 digits. */
const INTERNATIONAL_PHONE = /^\+[1-9]\d{1,14}$/;

export const authMessages = {
  imageNotAccepted: "A profile photo is set from your profile",
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDoNotMatch: "Passwords do not match",
  phoneFormat: "Phone must be in international format",
  phoneTooShort: "Phone number is too short",
  phoneTooLong: "Phone number is too long",
  otpFormat: "Enter the 6-digit code",
} as const;

export const emailInput = z.string().trim().toLowerCase().pipe(z.email(authMessages.invalidEmail));

export const passwordInput = z
  .string()
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const emailSignInInput = z.object({
  email: emailInput,
  password: passwordInput,
});

export const emailSignUpInput = z
  .object({
    email: emailInput,
    password: passwordInput,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** A phone number as sent to the server: already normalized (see normalizePhoneInput). */
export const phoneInput = z
  .string()
  .trim()
  .min(PHONE_MIN_LENGTH, authMessages.phoneTooShort)
  .max(PHONE_MAX_LENGTH, authMessages.phoneTooLong)
  .regex(INTERNATIONAL_PHONE, authMessages.phoneFormat);

export const otpCodeInput = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), authMessages.otpFormat);

/** True when `phone` passes every phone rule (the server's check before sending a code). */
export function isValidPhone(phone: string): boolean {
  return phoneInput.safeParse(phone).success;
}

/**
 * The one form of a phone number the server keys everything on (quota, text, account): E.164,
 * "+12025550123". Spaces, dashes, dots and parentheses people type between digits are dropped;
 * anything else that is not a single international number gives null.
 */
export function toE164(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-.()]/g, "");
  return isValidPhone(compact) ? compact : null;
}

/**
 * What the phone field does while typing: keep only digits, and when the value has no leading
 * plus put the selected country code (e.g. "+1") in front.
 */
export function normalizePhoneInput(raw: string, countryCode: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 0) return raw.trim().startsWith("+") ? "+" : "";
  if (raw.trim().startsWith("+")) return `+${digits}`;
  const code = countryCode.replace(/\D/g, "");
  return `+${code}${digits}`;
}

/**
 * Phone sign-ups get a placeholder email (better-auth requires one). The reserved .invalid TLD
 * guarantees nothing is ever delivered there; the API reports such accounts as having no email,
 * and nobody may sign up or change to an address in this domain.
 */
export const PHONE_PLACEHOLDER_EMAIL_DOMAIN = "phone.tasted.invalid";

export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return (
    typeof email === "string" &&
    email.trim().toLowerCase().endsWith(`@${PHONE_PLACEHOLDER_EMAIL_DOMAIN}`)
  );
}
