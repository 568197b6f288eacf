// No zod here: screens read these without loading the schemas (issue 26).

export const postMessages = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  contentTooLong: "Content must be less than 2000 characters",
  // Toasts.
  created: "Post created successfully!",
  createFailed: "Failed to create post",
  // Posts can be edited and deleted too; worded like the review's messages.
  updated: "Post updated successfully!",
  saveFailed: "Failed to save post",
  deleteTitle: "Delete Post",
  deleteConfirm: "Are you sure you want to delete this post? This action cannot be undone.",
  deleted: "Post deleted successfully!",
  deleteFailed: "Failed to delete post",
  signInToPost: "Please sign in to create a post",
} as const;
