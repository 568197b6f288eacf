// No zod here: screens read these without loading the schemas (issue 26).

/** Profile rules with the exact messages users see. */
export const PROFILE_LIMITS = {
  nameMax: 50,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 500,
  /** The settings panel's counter; the server keeps the 500 rule so a longer bio written at
   * setup is never cut. */
  bioPanelMax: 150,
  locationMax: 100,
  avatarMaxBytes: 5 * 1024 * 1024,
} as const;

export const TEMPORARY_USERNAME_PREFIX = "user_";

export const profileMessages = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name is too long",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name is too long",
  usernameTooShort: "Username must be at least 3 characters",
  usernameTooLong: "Username must be less than 30 characters",
  usernameFormat: "Username can only contain letters, numbers, and underscores",
  usernameTaken: "Username is already taken",
  bioTooLong: "Bio must be less than 500 characters",
  locationTooLong: "Location must be less than 100 characters",
  avatarInvalidTypeTitle: "Invalid file type",
  avatarInvalidType: "Please upload an image file",
  avatarTooLargeTitle: "File too large",
  avatarTooLarge: "Avatar image must be less than 5MB",
  nameHiddenCharacters: "Names cannot contain invisible or text-direction characters",
} as const;

export function isTemporaryUsername(username: string | null | undefined): boolean {
  return !username || username.startsWith(TEMPORARY_USERNAME_PREFIX);
}

export const profileNotFoundMessages = {
  title: "User Not Found",
  text: "The user you're looking for doesn't exist.",
} as const;

/** A profile's tabs: posts, dish reviews, restaurant reviews, deals. */
export const profileTabs = ["posts", "dishes", "restaurants", "deals"] as const;

/** What each tab says while loading, when empty, and when a search matches nothing. */
export const profileListMessages = {
  loading: "Loading...",
  loadingPosts: "Loading posts...",
  loadingReviews: "Loading reviews...",
  noPosts: "No posts yet",
  loadingDeals: "Loading deals...",
  noDeals: "No deals yet",
  noDishes: "No dish reviews yet",
  noRestaurants: "No restaurant reviews yet",
  noDishMatches: "No dishes found matching your search",
  noRestaurantMatches: "No restaurants found matching your search",
  searchDishes: "Search dish reviews...",
  searchRestaurants: "Search restaurants...",
} as const;

export const profileEditMessages = {
  savedTitle: "Profile Updated",
  saved: "Your profile has been successfully updated!",
  saveFailed: "Failed to update profile",
  avatarUploadedTitle: "Avatar Uploaded",
  avatarUploaded: "Your avatar has been uploaded. Click 'Save Changes' to apply.",
  avatarFailed: "Failed to upload avatar",
  loggedOutTitle: "Logged Out",
  loggedOut: "You have been successfully logged out.",
} as const;
