// No zod here: screens read these without loading the schemas (issue 26).

/** The toasts and refusals of following, with the exact words people see. */
export const followMessages = {
  followedTitle: "Followed",
  /** The toast title after a follow from an explore user card, whose button then reads so. */
  followingTitle: "Following",
  followed: (name: string) => `You are now following ${name}`,
  unfollowedTitle: "Unfollowed",
  unfollowed: (name: string) => `You are no longer following ${name}`,
  signInTitle: "Authentication required",
  signIn: "Please sign in to follow users",
  failed: "Failed to update follow status",
  cannotFollowSelf: "You cannot follow yourself",
  /** A private account's Follow button once pressed; pressing it again withdraws the request. */
  requested: "Requested",
  requestSentTitle: "Requested",
  requestSent: (name: string) => `${name} will see your request to follow them`,
  requestNotFound: "Follow request not found",
} as const;

/** What a private account's profile shows to those who may not see its content. */
export const privateProfileMessages = {
  notice: "This account is private",
  hint: "Follow this account to see their reviews and posts",
  setting: "Private Profile",
  settingHint: "Only approved followers can see your posts",
  failed: "Failed to update privacy",
  answerFailed: "Failed to answer the follow request",
} as const;

/** A new account's empty feed: people to follow and a first review to post. */
export const suggestedPeopleMessages = {
  title: "Suggested people",
  listLabel: "Suggested people to follow",
  firstReview: "Post your first review",
  firstReviewHint: "What did you eat lately? Rate it and it starts your diary.",
} as const;
