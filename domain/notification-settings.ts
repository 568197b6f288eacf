import { z } from "zod";
import type { ItemKind } from "./item-kinds.ts";
import { mentionMessages } from "./mentions-rules.ts";
import { notificationMessages } from "./notifications-rules.ts";
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

export const notificationSettingsMessages = {
  title: "Notification Settings",
  push: "Push Notifications",
  pushHint: "Get notified on this device when the app is closed",
  pushUnsupported: "This browser can't show push notifications. Install the app to get them.",
  pushUnavailable: "Push notifications aren't set up on this server.",
  pushDenied:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  pushFailed: "Couldn't turn on push notifications. Please try again.",
  pushPromptTitle: "Get notified on this device?",
  pushPromptText: "Turn on push notifications to hear about likes, comments and new followers.",
  pushPromptAccept: "Turn on",
  pushPromptDismiss: "Not now",
  email: "Email Notifications",
  emailHint: "A weekly summary of what you missed",
  emailUnavailable: "Confirm an email address to get the weekly summary.",
  emailWeeklyRequiresEmail: "Confirm an email address before turning on the weekly email",
  newFollowers: "New Followers",
  newFollowersHint: "When someone starts following you or asks to",
  commentsAndLikes: "Comments & Likes",
  commentsAndLikesHint: "When someone likes or comments on your reviews and posts",
  dealsAtFollowed: "Deals at places you follow",
  dealsAtFollowedHint: "When someone shares a deal at a restaurant you follow",
  saved: "Notification settings saved",
  failed: "Couldn't save your notification settings. Please try again.",
  loadFailed: "Couldn't load your notification settings.",
  retry: "Retry",
  /** The weekly digest email. */
  digestSubject: (count: number) =>
    `Your week on Tasted: ${count} new notification${count === 1 ? "" : "s"}`,
  digestIntro: "Here's what you missed on Tasted this week:",
  digestKind: {
    new_follower: (count: number) => `${count} new follower${count === 1 ? "" : "s"}`,
    new_like: (count: number) => `${count} new like${count === 1 ? "" : "s"}`,
    new_comment: (count: number) => `${count} new comment${count === 1 ? "" : "s"}`,
    new_reply: (count: number) => `${count} new repl${count === 1 ? "y" : "ies"}`,
    new_mention: (count: number) => `${count} new mention${count === 1 ? "" : "s"}`,
    new_deal: (count: number) => `${count} new deal${count === 1 ? "" : "s"} at places you follow`,
    follow_request: (count: number) => `${count} follow request${count === 1 ? "" : "s"}`,
  },
  digestTopItems: "Most active:",
  digestTopItem: (title: string, count: number) => `${title}: ${count} new`,
  digestOpen: (url: string) => `See them all: ${url}`,
  digestFooter:
    "You get this weekly summary because you turned on Email Notifications. Turn it off in your profile's Settings.",
  /** A push notification's text. */
  pushText: {
    new_follower: (actor: string) => `${actor} started following you`,
    new_like: (actor: string, title: string) => `${actor} liked your ${title}`,
    new_comment: (actor: string, title: string) => `${actor} commented on your ${title}`,
    new_reply: (actor: string, title: string) => `${actor} replied to your comment on ${title}`,
    new_mention: (actor: string, title: string) =>
      `${actor} mentioned you in a comment on ${title}`,
    /** A new deal names its restaurant, not its author. */
    new_deal: (restaurant: string) => `${restaurant} ${notificationMessages.hasNewDeal}`,
    follow_request: (actor: string) => `${actor} ${notificationMessages.requestedToFollow}`,
  },
  /** A push about a mention in a review's or a post's own text. */
  mentionInText: (actor: string, kind: ItemKind, title: string) =>
    `${actor} ${mentionMessages.mentionedYouIn(kind)} ${title}`,
} as const;

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
