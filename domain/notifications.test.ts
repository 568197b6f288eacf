import { describe, expect, it } from "vitest";
import {
  type NotificationGroupDto,
  notificationSentence,
  parseNotificationGroupKey,
} from "./notifications.ts";
import { notificationSentenceParts } from "./notifications-rules.ts";

const person = (fullName: string | null, username = fullName?.toLowerCase() ?? "anon") => ({
  id: `id-${username}`,
  username,
  slug: username,
  fullName,
  avatarUrl: null,
});
const ana = person("Ana");
const ben = person("Ben");
const cai = person(null, "cai_eats");
const khaoSoi = {
  kind: "review",
  id: "r1",
  title: "Khao Soi",
  reviewType: "dish",
  restaurantName: null,
} as const;

function group(
  type: NotificationGroupDto["type"],
  actors: NotificationGroupDto["actors"],
  actorCount = actors.length,
) {
  return {
    type,
    item: type === "new_follower" ? null : khaoSoi,
    hidden: null,
    mentionIn: type === "new_mention" ? ("comment" as const) : null,
    actors,
    actorCount,
  };
}

describe("notificationSentence", () => {
  it("names one person", () => {
    expect(notificationSentence(group("new_like", [ana]))).toBe("Ana liked your Khao Soi");
    expect(notificationSentence(group("new_comment", [ana]))).toBe(
      "Ana commented on your Khao Soi",
    );
    expect(notificationSentence(group("new_follower", [ana]))).toBe("Ana started following you");
  });

  it("says where a mention is: a comment, or the item's own text", () => {
    expect(notificationSentence(group("new_mention", [ana]))).toBe(
      "Ana mentioned you in a comment on Khao Soi",
    );
    expect(notificationSentence({ ...group("new_mention", [ana]), mentionIn: "text" })).toBe(
      "Ana mentioned you in their review Khao Soi",
    );
  });

  it("names both of two people", () => {
    expect(notificationSentence(group("new_like", [ana, ben]))).toBe(
      "Ana and Ben liked your Khao Soi",
    );
    expect(notificationSentence(group("new_follower", [ana, cai]))).toBe(
      "Ana and cai_eats started following you",
    );
  });

  it("names the newest and counts the others from three people on", () => {
    expect(notificationSentence(group("new_like", [ana, ben, cai], 5))).toBe(
      "Ana and 4 others liked your Khao Soi",
    );
    expect(notificationSentence(group("new_comment", [ana, ben, cai]))).toBe(
      "Ana and 2 others commented on your Khao Soi",
    );
    expect(notificationSentence(group("new_follower", [ana, ben, cai], 4))).toBe(
      "Ana and 3 others started following you",
    );
  });

  it("counts one other when the second person cannot be named", () => {
    expect(notificationSentence(group("new_like", [ana], 2))).toBe(
      "Ana and 1 other liked your Khao Soi",
    );
  });

  it("keeps the people, the action and the title apart for the screen", () => {
    expect(notificationSentenceParts(group("new_like", [ana, ben, cai], 5))).toEqual({
      people: "Ana and 4 others",
      action: "liked your",
      title: "Khao Soi",
    });
    expect(notificationSentenceParts(group("new_follower", [ana]))).toEqual({
      people: "Ana",
      action: "started following you",
      title: null,
    });
  });

  it("names the restaurant of a new deal at a followed place, not its author", () => {
    const oysters = {
      kind: "deal",
      id: "d1",
      title: "Half-price oysters",
      reviewType: null,
      restaurantName: "Corner Tap",
    } as const;
    const deal = { ...group("new_deal", [ana]), item: oysters };
    expect(notificationSentence(deal)).toBe("Corner Tap has a new deal");
    expect(notificationSentenceParts(deal)).toEqual({
      people: "Corner Tap",
      action: "has a new deal",
      title: null,
    });
  });

  it("says a moderator hid the review, post or comment, never naming the moderator", () => {
    const hidden = (item: NotificationGroupDto["item"], what: "item" | "comment") => ({
      type: "content_hidden" as const,
      item,
      hidden: what,
      mentionIn: null,
      actors: [],
      actorCount: 0,
    });
    const brunch = {
      kind: "post",
      id: "p1",
      title: "Brunch",
      reviewType: null,
      restaurantName: null,
    } as const;
    expect(notificationSentence(hidden(khaoSoi, "item"))).toBe(
      "A moderator hid your review Khao Soi",
    );
    expect(notificationSentence(hidden(brunch, "item"))).toBe("A moderator hid your post Brunch");
    expect(notificationSentence(hidden(brunch, "comment"))).toBe(
      "A moderator hid your comment on Brunch",
    );
  });

  it("says the recipient's deal was reported gone, naming no voter", () => {
    const oysters = {
      kind: "deal",
      id: "d1",
      title: "Oyster hour",
      reviewType: null,
      restaurantName: "Corner Tap",
    } as const;
    const group = {
      type: "deal_gone" as const,
      item: oysters,
      hidden: null,
      mentionIn: null,
      actors: [],
      actorCount: 0,
    };
    expect(notificationSentence(group)).toBe("Your deal was reported gone: Oyster hour");
  });
});

describe("parseNotificationGroupKey", () => {
  const id = "0b7c6a52-2f8e-4c8f-9d43-5a0f7c1e2d3b";

  it("reads the keys the server makes", () => {
    expect(parseNotificationGroupKey(`like.review.${id}`)).toEqual({
      type: "new_like",
      kind: "review",
      itemId: id,
    });
    expect(parseNotificationGroupKey(`comment.post.${id}`)).toEqual({
      type: "new_comment",
      kind: "post",
      itemId: id,
    });
    expect(parseNotificationGroupKey("follow.2026-02-28")).toEqual({
      type: "new_follower",
      day: "2026-02-28",
    });
    expect(parseNotificationGroupKey(`deal.deal.${id}`)).toEqual({
      type: "new_deal",
      kind: "deal",
      itemId: id,
    });
    expect(parseNotificationGroupKey(`hidden.${id}`)).toEqual({
      type: "content_hidden",
      notificationId: id,
    });
    expect(parseNotificationGroupKey(`gone.${id}`)).toEqual({
      type: "deal_gone",
      notificationId: id,
    });
  });

  it("refuses everything else", () => {
    for (const key of [
      "",
      "like",
      `like.review.${id}.x`,
      `share.review.${id}`,
      `like.list.${id}`,
      "like.review.not-a-uuid",
      `follow.2026-02-28.${id}`,
      "follow.2026-02-30",
      "follow.2026-13-01",
      "follow.0000-01-01",
      "follow.26-1-1",
      `like.review.${id}\u0000`,
      "hidden.not-a-uuid",
      `hidden.review.${id}`,
      `gone.deal.${id}`,
      `follow.${"9".repeat(100)}`,
    ]) {
      expect(parseNotificationGroupKey(key), key).toBeNull();
    }
  });
});
