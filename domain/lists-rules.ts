// No zod here: screens read these without loading the schemas (issue 26).

import type { ListVisibility } from "./lists.ts";

/**
 * Named lists ("Best ramen in Brooklyn"): a person's ordered picks of restaurants and reviews,
 * with a description and a visibility of their own. Who may see a list:
 * - its owner, always;
 * - `followers`: people who follow the owner (it shows on the owner's profile for them);
 * - `link`: anyone holding the list's share key (an unguessable token in the link), and anyone
 *   who followed the list with it. Making a new link drops those follows: the old link is dead.
 * - `private`: nobody else.
 * Anyone who can see a list may follow it; it then shows among the lists they follow and on the
 * owner's profile for them. Only the owner edits it. A list nobody may see answers 404, never
 * 403, so its existence is not told either.
 */
export const listVisibilities = ["private", "followers", "link"] as const;

export const LIST_LIMITS = {
  nameMax: 80,
  descriptionMax: 500,
  /** Restaurants and reviews one list holds; the list page shows them all, in order. */
  entriesMax: 200,
  /** Lists one person may own. */
  listsMax: 100,
  /** Length of the share key in the link (base64url of 18 random bytes). */
  shareKeyLength: 24,
} as const;

export const listMessages = {
  nameRequired: "List name is required",
  nameTooLong: `List name must be at most ${LIST_LIMITS.nameMax} characters`,
  descriptionTooLong: `Description must be at most ${LIST_LIMITS.descriptionMax} characters`,
  notFound: "List not found",
  notFoundHint: "It may be private, or the link may be out of date.",
  entryNotFound: "That is not in this list",
  full: `A list holds at most ${LIST_LIMITS.entriesMax} places and reviews. Remove one first.`,
  tooManyLists: `You can have at most ${LIST_LIMITS.listsMax} lists. Delete one first.`,
  /** Reordering with a set of entries that is no longer the list's (changed elsewhere). */
  orderOutdated: "This list changed somewhere else. Reload it and try again.",
  /** Adding a review that is hidden or gone, or a restaurant that does not exist. */
  targetNotFound: "That restaurant or review no longer exists",
  ownListFollow: "You cannot follow your own list",
  signInToFollow: "Please sign in to follow lists",
  signInToAdd: "Please sign in to make lists",
  tabLabel: "Lists",
  newList: "New list",
  editList: "Edit list",
  addToList: "Add to list",
  created: "List created",
  saved: "List saved",
  deleted: "List deleted",
  deleteTitle: "Delete list",
  deleteConfirm:
    "Delete this list? The restaurants and reviews in it stay; only the list goes. This cannot be undone.",
  added: (listName: string) => `Added to ${listName}`,
  removed: (listName: string) => `Removed from ${listName}`,
  updateFailed: "Failed to update the list",
  copyLink: "Copy link",
  linkCopied: "Link copied",
  newLink: "Make a new link",
  newLinkConfirm:
    "Make a new link? The current link stops working and people who followed the list through it lose it.",
  newLinkMade: "New link made. The old link no longer works.",
  follow: "Follow list",
  unfollow: "Following",
  emptyOwn: "This list is empty. Use Add to list on a restaurant or a review to fill it.",
  empty: "This list is empty.",
  noListsOwn: "No lists yet. Make one for the places you would send a friend to.",
  noLists: "No lists to show",
  followedLists: "Lists you follow",
  noFollowedLists: "You do not follow any lists yet.",
  visibilityLabels: {
    private: "Private",
    followers: "Followers",
    link: "Anyone with the link",
  } satisfies Record<ListVisibility, string>,
  visibilityHints: {
    private: "Only you can see it.",
    followers: "People who follow you can see and follow it; it shows on your profile for them.",
    link: "Anyone with the link can see and follow it. It is not shown on your profile.",
  } satisfies Record<ListVisibility, string>,
  entryCount: (count: number) => (count === 1 ? "1 place" : `${count} places`),
  followerCount: (count: number) => (count === 1 ? "1 follower" : `${count} followers`),
} as const;
