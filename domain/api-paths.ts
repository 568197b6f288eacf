import type { FollowListKind } from "#domain/follows.ts";
import { type ItemKind, itemCollections } from "#domain/item-kinds.ts";
import type { HideableType } from "#domain/moderation.ts";
import type { ExploreTab } from "#domain/search.ts";
import { yearCardPath } from "#domain/year-card-path.ts";

const segment = (value: string) => encodeURIComponent(value);
const item = (kind: ItemKind, id: string) => `/api/${itemCollections[kind]}/${segment(id)}`;
/** `path?params`, or the bare path when there are none (a first page has no cursor). */
const withQuery = (path: string, params: URLSearchParams) =>
  params.size > 0 ? `${path}?${params}` : path;
/** A read about a position: `path?lat=…&lng=…`. */
const atPin = (path: string) => (pin: { lat: number; lng: number }) =>
  `${path}?${new URLSearchParams({ lat: String(pin.lat), lng: String(pin.lng) })}`;

/**
 * Every JSON API address the web app calls. better-auth's /api/auth/* is its client's job, but
 * for the session read every page makes (web/lib/session-store.ts). The server builds a
 * screen's first reads with the same addresses (server/http/first-reads.ts).
 */
export const apiPaths = {
  me: "/api/me",
  /** better-auth's session read: `{ user, session }`, or null when nobody is signed in. */
  session: "/api/auth/get-session",
  /** POST schedules the signed-in account's deletion. */
  accountDeletion: "/api/account/deletion",
  accountDeletionCode: "/api/account/deletion/code",
  config: "/api/config",
  profile: "/api/profile",
  avatar: "/api/profile/avatar",
  /** PUT places a ranked dish in its category. */
  rank: (reviewId: string) => `/api/reviews/${segment(reviewId)}/rank`,
  rankings: (profileId: string) => `/api/profiles/${segment(profileId)}/rankings`,
  ownCategories: "/api/profile/categories",
  /** The signed-in person's reviews by date visited. */
  diary: (params: URLSearchParams) => withQuery("/api/profile/diary", params),
  usernameAvailability: (username: string) =>
    `/api/profiles/username-availability?username=${segment(username)}`,
  /** A profile page's header by username, slug or id. */
  profilePage: (handle: string) => `/api/profiles/${segment(handle)}`,
  profileItems: (profileId: string, params: URLSearchParams) =>
    `/api/profiles/${segment(profileId)}/items?${params}`,
  /** PUT follows, DELETE unfollows. */
  follow: (profileId: string) => `/api/profiles/${segment(profileId)}/follow`,
  /** People the signed-in person may want to follow. */
  suggestedPeople: "/api/people/suggested",
  /** The signed-in person's follow requests waiting, newest first. */
  followRequests: (params: URLSearchParams) => withQuery("/api/follow-requests", params),
  followRequestAnswer: (requesterId: string, answer: "accept" | "decline") =>
    `/api/follow-requests/${segment(requesterId)}/${answer}`,
  privacy: "/api/profile/privacy",
  followList: (profileId: string, kind: FollowListKind, params: URLSearchParams) =>
    `/api/profiles/${segment(profileId)}/${kind}?${params}`,
  /** PUT blocks, DELETE unblocks. */
  block: (profileId: string) => `/api/profiles/${segment(profileId)}/block`,
  /** PUT mutes, DELETE unmutes. */
  mute: (profileId: string) => `/api/profiles/${segment(profileId)}/mute`,
  /** The signed-in person's blocked accounts, newest first. */
  blocks: (params: URLSearchParams) => withQuery("/api/blocks", params),
  /** The signed-in person's muted accounts, newest first. */
  mutes: (params: URLSearchParams) => withQuery("/api/mutes", params),
  notifications: "/api/notifications",
  unreadNotificationCount: "/api/notifications/unread-count",
  notificationGroupRead: (key: string) => `/api/notifications/groups/${segment(key)}/read`,
  notificationGroupPeople: (key: string, params: URLSearchParams) =>
    `/api/notifications/groups/${segment(key)}/people?${params}`,
  allNotificationsRead: "/api/notifications/read-all",
  /** GET, and PUT with the fields to change. */
  notificationSettings: "/api/notification-settings",
  pushPublicKey: "/api/push/public-key",
  /** POST this browser's subscription; DELETE { endpoint } removes it. */
  pushSubscriptions: "/api/push/subscriptions",
  /** The signed-in user's Server-Sent Events stream. */
  events: "/api/events",
  feed: (params: URLSearchParams) => `/api/feed?${params}`,
  /** POST a new review or post. */
  items: (kind: ItemKind) => `/api/${itemCollections[kind]}`,
  item,
  itemLike: (kind: ItemKind, id: string) => `${item(kind, id)}/like`,
  /** PUT { vote } says "Still on" or "Gone"; DELETE takes the vote back. */
  dealVote: (id: string) => `${item("deal", id)}/vote`,
  itemComments: (kind: ItemKind, id: string, params?: URLSearchParams) =>
    `${item(kind, id)}/comments${params ? `?${params}` : ""}`,
  comment: (kind: ItemKind, commentId: string) => `/api/comments/${kind}/${segment(commentId)}`,
  mentionSuggestions: (params: URLSearchParams) => `/api/mentions/suggestions?${params}`,
  commentReplies: (kind: ItemKind, commentId: string, params: URLSearchParams) =>
    `/api/comments/${kind}/${segment(commentId)}/replies?${params}`,
  reviewBySlug: (type: string, slug: string) =>
    `/api/reviews/by-slug/${segment(type)}/${segment(slug)}`,
  restaurant: (idOrSlug: string) => `/api/restaurants/${segment(idOrSlug)}`,
  /** PUT gives a restaurant its address and pin (its creator, a moderator). */
  restaurantLocation: (restaurantId: string) =>
    `/api/restaurants/${segment(restaurantId)}/location`,
  /** POST shares a deal. */
  restaurantDeals: (restaurantId: string, params: URLSearchParams) =>
    withQuery(`/api/restaurants/${segment(restaurantId)}/deals`, params),
  restaurantItems: (restaurantId: string, params: URLSearchParams) =>
    `/api/restaurants/${segment(restaurantId)}/items?${params}`,
  /** PUT follows a restaurant, DELETE unfollows it. */
  restaurantFollow: (restaurantId: string) => `/api/restaurants/${segment(restaurantId)}/follow`,
  /** Reviews of this restaurant by people the signed-in viewer follows. */
  restaurantFollowedReviews: (restaurantId: string) =>
    `/api/restaurants/${segment(restaurantId)}/followed-reviews`,
  /** The signed-in person's Want to try list, one half (`status`) a page at a time. */
  wantToTry: (params: URLSearchParams) => withQuery("/api/want-to-try", params),
  /** PUT sets who may count the signed-in person's saves. */
  wantToTryVisibility: "/api/want-to-try/visibility",
  /** What the signed-in person has saved and not yet tried, as keys for the Save toggles. */
  wantToTryKeys: "/api/want-to-try/keys",
  /** PUT saves a restaurant to Want to try, DELETE unsaves it. */
  restaurantWantToTry: (restaurantId: string) =>
    `/api/restaurants/${segment(restaurantId)}/want-to-try`,
  /** PUT saves the dish a dish review names, DELETE unsaves it. */
  reviewWantToTry: (reviewId: string) => `${item("review", reviewId)}/want-to-try`,
  /** DELETE removes one entry of the list. */
  wantToTryEntry: (entryId: string) => `/api/want-to-try/${segment(entryId)}`,
  /** The signed-in person's food map: places tried and wanted. */
  ownMap: "/api/map",
  /** A person's food map: the places they tried. */
  profileMap: (profileId: string) => `/api/profiles/${segment(profileId)}/map`,
  /** A person's stats over a year or the last 12 months (`?year=`). */
  profileStats: (profileId: string, params: URLSearchParams) =>
    `/api/profiles/${segment(profileId)}/stats?${params}`,
  /** A person's first-times timeline (`?year=&cursor=`). */
  profileStatsFirsts: (profileId: string, params: URLSearchParams) =>
    `/api/profiles/${segment(profileId)}/stats/firsts?${params}`,
  /** Whether the signed-in person's stats show on their profile. */
  statsVisibility: "/api/profile/stats-visibility",
  /** A person's Year in Food: the years one may open, one year, its share card. */
  profileYears: (profileId: string) => `/api/profiles/${segment(profileId)}/years`,
  profileYear: (profileId: string, year: number) =>
    `/api/profiles/${segment(profileId)}/years/${year}`,
  yearCard: yearCardPath,
  /** POST makes a list. */
  lists: "/api/lists",
  /** GET reads a list (`key`: a link list's share key), PATCH edits it, DELETE deletes it. */
  list: (listId: string, key?: string | null) =>
    `/api/lists/${segment(listId)}${key ? `?key=${segment(key)}` : ""}`,
  /** POST gives a list a new share key; the old link stops working. */
  listShareKey: (listId: string) => `/api/lists/${segment(listId)}/share-key`,
  /** POST adds a restaurant or a review to a list. */
  listEntries: (listId: string) => `/api/lists/${segment(listId)}/entries`,
  /** DELETE takes one entry out of a list. */
  listEntry: (listId: string, entryId: string) =>
    `/api/lists/${segment(listId)}/entries/${segment(entryId)}`,
  /** PUT every entry id of a list in its new order. */
  listOrder: (listId: string) => `/api/lists/${segment(listId)}/order`,
  /** PUT follows a list (with a link list's key), DELETE unfollows it. */
  listFollow: (listId: string) => `/api/lists/${segment(listId)}/follow`,
  /** The lists the signed-in person follows and may still see. */
  followedLists: "/api/lists/following",
  /** The signed-in person's lists for the Add to list picker, marking those holding `params`' target. */
  myLists: (params: URLSearchParams) => withQuery("/api/lists/mine", params),
  /** The lists of a person the viewer may see without a key. */
  profileLists: (profileId: string) => `/api/profiles/${segment(profileId)}/lists`,
  /** Explore: one tab's results for `q` (newest first without it). */
  search: (tab: ExploreTab, params: URLSearchParams) => `/api/search/${tab}?${params}`,
  /** The signed-in person's picks (Explore's For you), and "Not interested" in one. */
  forYou: "/api/for-you",
  forYouDismissals: "/api/for-you/dismissals",
  /** Restaurants around a position (Explore's Nearby). */
  nearby: atPin("/api/nearby"),
  /** The active deals around a position (Nearby's Deals switch). */
  nearbyDeals: atPin("/api/nearby/deals"),
  /** The address at a pin, where the place provider can tell. */
  placeReverse: atPin("/api/places/reverse"),
  placeSearch: (params: URLSearchParams) => `/api/places/search?${params}`,
  photoUploads: "/api/uploads/images",
  /** POST: report a review, post, comment or person. */
  reports: "/api/reports",
  adminStats: "/api/admin/stats",
  adminReports: (params: URLSearchParams) => withQuery("/api/admin/reports", params),
  /** PATCH a pending report's status. */
  adminReport: (reportId: string) => `/api/admin/reports/${segment(reportId)}`,
  /** PUT { hidden } hides or unhides content. */
  contentHidden: (type: HideableType, id: string) =>
    `/api/admin/content/${type}/${segment(id)}/hidden`,
  adminActivity: (params: URLSearchParams) => withQuery("/api/admin/activity", params),
  adminTeam: "/api/admin/team",
  /** PUT { role } makes a person a moderator or a plain user again. */
  userRole: (userId: string) => `/api/admin/users/${segment(userId)}/role`,
  /** POST starts "Download my data" (or answers with the one under way). */
  dataExports: "/api/exports",
  latestDataExport: "/api/exports/latest",
} as const;
