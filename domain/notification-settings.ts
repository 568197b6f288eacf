import { z } from "zod";
import { hasNoNul } from "./text-input.ts";

/**
 * What a person wants to hear about. New followers, comments & likes and deals at places they
 * follow are on until switched off; off means such notifications are not written for them from then on (so no push or
 * digest either). New Followers also governs whether follow requests are pushed and emailed
 * (their notice in the app stays: it needs an answer). The weekly email digest is off until switched on, and only an account with a
 * confirmed email address can have it. Push is per browser: turning it on subscribes the
 * browser it was turned on in.
 */

const emailDigestFrequencies = ["weekly", "off"] as const;

/** GET and PUT /api/notification-settings. */
export const notificationSettingsSchema = z.object({
  newFollowers: z.boolean(),
  commentsAndLikes: z.boolean(),
  dealsAtFollowed: z.boolean(),
  emailDigest: z.enum(emailDigestFrequencies),
  /** Whether the account has a confirmed email address the digest can go to. */
  emailDigestAvailable: z.boolean(),
});

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notification-settings: only the fields sent change. */
export const updateNotificationSettingsSchema = z.object({
  newFollowers: z.boolean().optional(),
  commentsAndLikes: z.boolean().optional(),
  dealsAtFollowed: z.boolean().optional(),
  emailDigest: z.enum(emailDigestFrequencies).optional(),
});

export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

const PUSH_LIMITS = {
  /** Push services' endpoints are well under this (FCM's about 200 characters). */
  endpointMax: 1000,
} as const;

export const pushMessages = {
  invalidEndpoint: "The push endpoint must be an https address of a push service",
  invalidKeys: "The push subscription's keys are not valid",
  notFound: "Push subscription not found",
} as const;

/** base64url without padding, as PushSubscription.toJSON() writes its keys. */
const base64UrlOfBytes = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), pushMessages.invalidKeys)
    .regex(/^[A-Za-z0-9_-]+$/, pushMessages.invalidKeys);

const endpointSchema = z
  .string()
  .min(1)
  .max(PUSH_LIMITS.endpointMax)
  .refine(hasNoNul, pushMessages.invalidEndpoint);

/** GET /api/push/public-key: the VAPID key browsers subscribe with; null when push is off. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });

export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST /api/push/subscriptions: PushSubscription.toJSON() of this browser. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes. */
    p256dh: base64UrlOfBytes(65),
    /** The shared auth secret: 16 bytes. */
    auth: base64UrlOfBytes(16),
  }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: the browser's endpoint (only the caller's own is deleted). */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

/** What the service worker receives and shows (public/push-handler.js reads it). */
const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Per item and kind (or follower), so a newer one replaces the older on screen. */
  tag: z.string(),
  /** The app path a click opens. */
  url: z.string(),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;
