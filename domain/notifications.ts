import { z } from "zod";
import { DEAL_CARD_TEXT } from "./deal-when.ts";
import { isUuid } from "./ids-rules.ts";
import { type ItemKind, isItemKind, itemKinds } from "./item-kinds.ts";
import { type AuthorNames, authorSchema, reviewTypes } from "./items.ts";
import { authorDisplayName } from "./items-rules.ts";
import { mentionMessages } from "./mentions-rules.ts";
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

export const notificationMessages = {
  markAllRead: "Mark all as read",
  empty: "No notifications yet",
  emptyHint: "When someone follows you, comments, or likes your reviews, you'll see it here",
  noUnread: "No unread notifications",
  notFound: "Notification not found",
  invalidGroup: "Invalid notification group",
  seeAll: "See all",
  /** The See all button's full name, which starts with what it shows. */
  seeAllPeople: (count: number) => `See all ${count} people`,
  peopleFailed: "We couldn't load these people",
  requestedToFollow: "requested to follow you",
  /** A reply's notification, before the item's title. */
  repliedToYourComment: "replied to your comment on",
  /** A new deal's sentence after the restaurant's name: "Joe's has a new deal". */
  hasNewDeal: "has a new deal",
  /** The top section gathering the follow requests waiting for an answer. */
  followRequests: "Follow requests",
  accept: "Accept",
  decline: "Decline",
  /** The Follow button in a list of new followers. */
  followBack: "Follow back",
  /** Who a content_hidden notification says acted: the moderators, never one by name. */
  moderator: "A moderator",
  /** A deal_gone notification's sentence: "Your deal was reported gone: Oyster hour". */
  yourDeal: "Your deal",
  wasReportedGone: "was reported gone:",
} as const;

/** The title of a group's people list, by what they did. */
export const notificationPeopleTitles: Record<NotificationType, string> = {
  new_like: "Liked by",
  new_comment: "Commented by",
  new_reply: "Replied by",
  new_mention: "Mentioned by",
  new_follower: "New followers",
  new_deal: "Shared by",
  content_hidden: "Hidden by a moderator",
  follow_request: "Follow requests",
  deal_gone: DEAL_CARD_TEXT.reportedGone,
};

/*
 * How notifications group. Likes of one review or post form one group, comments on one
 * item another, replies to the recipient's comments on one item a third, and comments on one
 * item that mention the recipient a fourth. New followers group by the calendar day (UTC) they followed on: "Ana and 3
 * others started following you" is that day's news, and yesterday's followers stay yesterday's
 * row instead of being pulled up into today's. A group's key names its rule and target
 * (`like.review.<id>`, `comment.post.<id>`, `reply.post.<id>`, `follow.2026-11-24`); clients treat it as opaque.
 * A new deal at a followed restaurant is a group of its own (`deal.deal.<id>`): one deal, one author.
 * Each moderator's hide is a row of its own, keyed by the notification (`hidden.<id>`), and so
 * is each follow request (`request.<id>`), which the screen gathers at its top to answer, and
 * each deal reported gone (`gone.<id>`).
 */

/** The notifications about an item, grouped by it: each key rule's type. */
const itemActivityRules = {
  like: "new_like",
  comment: "new_comment",
  reply: "new_reply",
  mention: "new_mention",
  deal: "new_deal",
} as const satisfies Record<string, NotificationType>;
type ItemActivityRule = keyof typeof itemActivityRules;
type ItemActivityType = (typeof itemActivityRules)[ItemActivityRule];
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
type NotificationItemDto = z.infer<typeof notificationItemSchema>;

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

/** Names the people of a group: one, two by name, or the newest and how many others. */
function groupPeople(actors: readonly AuthorNames[], actorCount: number): string {
  const [first, second] = actors;
  // A group always has someone in it; "Anonymous" only if its newest person could not be named.
  const name = authorDisplayName(first ?? { username: null, fullName: null, slug: null });
  if (actorCount <= 1) return name;
  if (actorCount === 2 && second) return `${name} and ${authorDisplayName(second)}`;
  const others = actorCount - 1;
  return `${name} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** "review", "post" or "deal": how a sentence names an item. */
const itemNoun = (item: NotificationItemDto) => item.kind;

type SentenceGroup = Pick<
  NotificationGroupDto,
  "type" | "item" | "hidden" | "mentionIn" | "actors" | "actorCount"
>;

/** What the people of an item's group did, before its title. */
const itemActions: Record<Exclude<ItemActivityType, "new_deal">, string> = {
  new_like: "liked your",
  new_comment: "commented on your",
  new_reply: notificationMessages.repliedToYourComment,
  new_mention: mentionMessages.mentionedYou,
};

export function notificationSentenceParts(group: SentenceGroup): NotificationSentence {
  if (group.type === "content_hidden" && group.item) {
    // "A moderator hid your post Brunch", "A moderator hid your comment on Brunch".
    const action =
      group.hidden === "comment" ? "hid your comment on" : `hid your ${itemNoun(group.item)}`;
    return { people: notificationMessages.moderator, action, title: group.item.title };
  }
  if (group.type === "deal_gone" && group.item) {
    const { yourDeal, wasReportedGone } = notificationMessages;
    return { people: yourDeal, action: wasReportedGone, title: group.item.title };
  }
  const people = groupPeople(group.actors, group.actorCount);
  if (group.type === "follow_request") {
    return { people, action: notificationMessages.requestedToFollow, title: null };
  }
  // A moderator's notice always has its item; without one only the followers' sentence fits.
  if (
    group.type === "new_follower" ||
    group.type === "content_hidden" ||
    group.type === "deal_gone" ||
    !group.item
  ) {
    return { people, action: "started following you", title: null };
  }
  if (group.type === "new_deal") {
    // "Joe's has a new deal": the place is the news, its author is in the row's avatar.
    const place = group.item.restaurantName ?? group.item.title;
    return { people: place, action: notificationMessages.hasNewDeal, title: null };
  }
  if (group.type === "new_mention" && group.mentionIn === "text") {
    // "Ana mentioned you in their post Brunch at Joe's".
    const action = mentionMessages.mentionedYouIn(itemNoun(group.item));
    return { people, action, title: group.item.title };
  }
  return { people, action: itemActions[group.type], title: group.item.title };
}

/** "Ana and 4 others liked your Khao Soi": the whole sentence, as a screen reader hears it. */
export function notificationSentence(group: SentenceGroup): string {
  const { people, action, title } = notificationSentenceParts(group);
  return title === null ? `${people} ${action}` : `${people} ${action} ${title}`;
}
