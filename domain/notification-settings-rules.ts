// No zod here: screens read these without loading the schemas (issue 26).

import type { ItemKind } from "./item-kinds.ts";
import { mentionMessages } from "./mentions-rules.ts";
import { notificationMessages } from "./notifications-rules.ts";

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
