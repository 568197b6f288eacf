// No zod here: screens read these without loading the schemas (issue 26).

export const likeMessages = {
  signInRequired: "Please sign in to like posts",
  updateFailed: "Failed to update like",
} as const;
