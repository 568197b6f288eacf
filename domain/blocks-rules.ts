// No zod here: screens read these without loading the schemas (issue 26).

export const blockMessages = {
  block: "Block",
  unblock: "Unblock",
  mute: "Mute",
  unmute: "Unmute",
  blockTitle: (name: string) => `Block ${name}?`,
  blockConfirm:
    "Neither of you will see the other's profile, reviews, posts or comments. Follows between you, and your likes and comments on each other's posts, are removed. They won't be told.",
  muteTitle: (name: string) => `Mute ${name}?`,
  muteConfirm:
    "Their reviews and posts leave your feed and their activity leaves your notifications. They won't be told, and you can still visit their profile.",
  blocked: (name: string) => `You blocked ${name}`,
  unblocked: (name: string) => `You unblocked ${name}`,
  muted: (name: string) => `You muted ${name}`,
  unmuted: (name: string) => `You unmuted ${name}`,
  failed: "Something went wrong. Please try again.",
  cannotBlockSelf: "You cannot block yourself",
  cannotMuteSelf: "You cannot mute yourself",
  signIn: "Please sign in to block or mute people",
  /** The blocked person's profile, as the blocker sees it. */
  blockedProfileTitle: "You blocked this account",
  blockedProfileText:
    "You don't see each other's profile, reviews or posts. Unblock to see them again.",
  blockedListTitle: "Blocked accounts",
  blockedListEmpty: "You haven't blocked anyone.",
  mutedListTitle: "Muted accounts",
  mutedListEmpty: "You haven't muted anyone.",
} as const;
