// No zod here: screens read these without loading the schemas (issue 26).

import { DEAL_CARD_TEXT } from "./deal-when.ts";
import type { AuthorNames } from "./items.ts";
import { authorDisplayName } from "./items-rules.ts";
import { mentionMessages } from "./mentions-rules.ts";
import type {
  ItemActivityType,
  NotificationItemDto,
  NotificationSentence,
  NotificationType,
  SentenceGroup,
} from "./notifications.ts";

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
