import { z } from "zod";
import { isUuid } from "./ids-rules.ts";
import { type ItemKind, isItemKind, itemKinds } from "./item-kinds.ts";
import { authorSchema, reviewTypes } from "./items.ts";
import { notificationMessages, notificationSentenceParts } from "./notifications-rules.ts";
import { pageSchema } from "./paging.ts";

/**
 * What people do that the recipient hears of (the notification switches, push and the weekly
 * email are about these), `content_hidden`: a moderator hid the recipient's review, post or
 * comment (the moderator is never named: the notice is the moderators' as a group), and
 * `follow_request`: someone asks to follow the recipient's private account, a notice that lives
 * exactly as long as the request waits (accepting, declining or withdrawing it removes it), and
 * `deal_gone`: the recipient's deal became "Reported gone" (its actor, the voter who tipped it,
 * is never shown: the notice is about the deal, not about one person).
 */
export const socialNotificationTypes = [
  "new_follower",
  "new_comment",
  "new_like",
  /** Someone answered the recipient's comment (a reply is also a comment on the item). */
  "new_reply",
  /** Someone's comment names the recipient with "@" (docs/decisions/0032). */
  "new_mention",
  /** A deal was shared at a restaurant the recipient follows; the actor is its author. */
  "new_deal",
] as const;

export type SocialNotificationType = (typeof socialNotificationTypes)[number];

export const notificationTypes = [
  ...socialNotificationTypes,
  "content_hidden",
  "follow_request",
  "deal_gone",
] as const;

export type NotificationType = (typeof notificationTypes)[number];

/**
 * What leaves the app, as push and in the weekly email: what people do, and follow requests,
 * which reach the owner as a follow does (the New Followers switch governs them there; the
 * request's own notice is written whatever it says, since it needs an answer). A moderator's
 * notice waits in the app (docs/decisions/0017).
 */
export const deliveredNotificationTypes = [...socialNotificationTypes, "follow_request"] as const;

export type DeliveredNotificationType = (typeof deliveredNotificationTypes)[number];

/** The notifications screen fetches this many groups, newest first. */
export const NOTIFICATIONS_FETCHED = 50;

/**
 * Groups are made from the recipient's newest this-many notifications they may see, so a list,
 * its counts of people and a group's people page are all bounded reads.
 */
export const NOTIFICATIONS_GROUPED = 500;

/** A group shows the avatars of its newest this-many people. */
export const GROUP_ACTORS_SHOWN = 3;

/** The notifications about an item, grouped by it: each key rule's type. */
const itemActivityRules = {
  like: "new_like",
  comment: "new_comment",
  reply: "new_reply",
  mention: "new_mention",
  deal: "new_deal",
} as const satisfies Record<string, NotificationType>;

type ItemActivityRule = keyof typeof itemActivityRules;

export type ItemActivityType = (typeof itemActivityRules)[ItemActivityRule];

const isItemActivityRule = (rule: string | undefined): rule is ItemActivityRule =>
  rule !== undefined && Object.hasOwn(itemActivityRules, rule);

/** What a group key names: its type and its item, or the day of a followers group. */
export type NotificationGroupRef =
  | { type: ItemActivityType; kind: ItemKind; itemId: string }
  | { type: "new_follower"; day: string }
  | { type: NoticeType; notificationId: string };

/** The notifications that are each a group of their own, by their key's rule. */
const noticeRules = {
  hidden: "content_hidden",
  request: "follow_request",
  gone: "deal_gone",
} as const satisfies Record<string, NotificationType>;

type NoticeType = (typeof noticeRules)[keyof typeof noticeRules];

const isNoticeRule = (rule: string | undefined): rule is keyof typeof noticeRules =>
  rule !== undefined && Object.hasOwn(noticeRules, rule);

const KEY_MAX = 64;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a group key; null for anything that is not one (a wrong shape, an impossible day). */
export function parseNotificationGroupKey(key: string): NotificationGroupRef | null {
  if (key.length > KEY_MAX) return null;
  const [rule, first, second, ...rest] = key.split(".");
  if (rest.length > 0) return null;
  if (rule === "follow" && first !== undefined && second === undefined && DAY.test(first)) {
    const at = Date.parse(`${first}T00:00:00Z`);
    // Rejects month 13 and February 30 as well as year 0, which PostgreSQL does not have.
    if (Number.isNaN(at) || first.startsWith("0000")) return null;
    if (new Date(at).toISOString().slice(0, 10) !== first) return null;
    return { type: "new_follower", day: first };
  }
  if (isNoticeRule(rule) && first !== undefined && second === undefined) {
    if (!isUuid(first)) return null;
    return { type: noticeRules[rule], notificationId: first };
  }
  if (isItemActivityRule(rule) && isItemKind(first)) {
    if (second === undefined || !isUuid(second)) return null;
    return { type: itemActivityRules[rule], kind: first, itemId: second };
  }
  return null;
}

/** A group key in a path: bounded, and a 400 unless it is one. */
export const notificationGroupKeyParam = z
  .string()
  .max(KEY_MAX, { error: notificationMessages.invalidGroup })
  .refine((key) => parseNotificationGroupKey(key) !== null, {
    error: notificationMessages.invalidGroup,
  });

/** The item a like or comment group is about. */
const notificationItemSchema = z.object({
  kind: z.enum(itemKinds),
  id: z.string(),
  title: z.string(),
  /** dish or restaurant for reviews; null for posts and deals. */
  reviewType: z.enum(reviewTypes).nullable(),
  /** A deal's restaurant, which a new deal's sentence names; null for reviews and posts. */
  restaurantName: z.string().nullable(),
});

export type NotificationItemDto = z.infer<typeof notificationItemSchema>;

/** What a moderator hid: the item itself, or the recipient's comment on it. */
const hiddenContentKinds = ["item", "comment"] as const;

/**
 * One row of the screen: everyone who liked an item, commented on it, replied to the
 * recipient's comments on it, or followed on a day.
 */
const notificationGroupSchema = z.object({
  key: z.string(),
  type: z.enum(notificationTypes),
  /** null for followers (the row opens the list of them). */
  item: notificationItemSchema.nullable(),
  /** content_hidden: whether the item or the recipient's comment on it was hidden; else null. */
  hidden: z.enum(hiddenContentKinds).nullable(),
  /** new_mention: whether the newest mention is in a comment or in the item's own text. */
  mentionIn: z.enum(["comment", "text"]).nullable(),
  /** The newest GROUP_ACTORS_SHOWN people, newest first; none for content_hidden, deal_gone. */
  actors: z.array(authorSchema),
  /** How many different people the group holds. */
  actorCount: z.number().int(),
  /** false while any of the group's notifications is unread. */
  isRead: z.boolean(),
  /** The time of its newest notification. */
  latestAt: z.string(),
  /**
   * Comment, reply and mention groups: the newest comment's text (if still shown), or the
   * item's own for a mention in it; else null.
   */
  text: z.string().nullable(),
  /** A followers row of one person the recipient does not follow: it offers "Follow back". */
  followBack: z.boolean(),
  /** The item's first photo, small; null for followers and items without one. */
  thumbnailUrl: z.string().nullable(),
});

export type NotificationGroupDto = z.infer<typeof notificationGroupSchema>;

/**
 * GET /api/notifications: the newest NOTIFICATIONS_FETCHED groups, and how many are unread.
 * Follow requests are in neither: GET /api/follow-requests lists them (the badge's
 * unread-count counts both).
 */
export const notificationListSchema = z.object({
  items: z.array(notificationGroupSchema),
  unreadCount: z.number().int(),
});

export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/notifications/unread-count: the navigation badge, in groups. */
export const unreadCountSchema = z.object({ count: z.number().int() });

export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** One person of a group, with whether the recipient follows them (for "Follow back"). */
const notificationPersonSchema = authorSchema.extend({
  followedByMe: z.boolean(),
  /** When they last did what the group is about. */
  at: z.string(),
});

export type NotificationPersonDto = z.infer<typeof notificationPersonSchema>;

/** GET /api/notifications/groups/:key/people: newest first, keyset paged. */
export const notificationPeoplePageSchema = pageSchema(notificationPersonSchema);

export type NotificationPeoplePage = z.infer<typeof notificationPeoplePageSchema>;

/** A group's sentence in parts, so a screen can set the names and the title apart. */
export interface NotificationSentence {
  /** "Ana", "Ana and Ben", "Ana and 4 others", "A moderator", "Your deal". */
  people: string;
  /**
   * "liked your", "commented on your", "replied to your comment on", "started following you",
   * "requested to follow you", "hid your post", "was reported gone:".
   */
  action: string;
  /** The item's title; null for followers. */
  title: string | null;
}

export type SentenceGroup = Pick<
  NotificationGroupDto,
  "type" | "item" | "hidden" | "mentionIn" | "actors" | "actorCount"
>;

/** "Ana and 4 others liked your Khao Soi": the whole sentence, as a screen reader hears it. */
export function notificationSentence(group: SentenceGroup): string {
  const { people, action, title } = notificationSentenceParts(group);
  return title === null ? `${people} ${action}` : `${people} ${action} ${title}`;
}
