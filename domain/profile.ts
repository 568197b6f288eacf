import { z } from "zod";
import { viewerRelationSchema } from "./blocks.ts";
import { itemSorts } from "./item-lists.ts";
import { itemSchema } from "./items.ts";
import { pageQuery, pageSchema } from "./paging.ts";
import {
  isTemporaryUsername,
  PROFILE_LIMITS,
  profileMessages,
  profileTabs,
} from "./profile-rules.ts";
import { optionalText, requiredText, searchText } from "./text-input.ts";

/**
 * Invisible and text-direction control characters: in a name they could make one person look
 * like another or reverse what follows them on screen (zero-width spaces and joiners, bidi
 * marks, embeddings, overrides and isolates, soft hyphen, filler characters, BOM).
 */
const HIDDEN_CHARACTERS =
  /[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/u;

/**
 * Usernames that would let someone pass as the service or its staff. Nobody can take them
 * (they read as taken), nor any username that starts with "tasted".
 */
const RESERVED_USERNAMES = new Set([
  "admin",
  "administrator",
  "api",
  "help",
  "mod",
  "moderator",
  "moderators",
  "official",
  "root",
  "security",
  "staff",
  "support",
  "system",
  "team",
]);

export function isReservedUsername(username: string): boolean {
  const name = username.toLowerCase();
  return RESERVED_USERNAMES.has(name) || name.startsWith("tasted");
}

/** A first or last name: required, at most 50 characters, nothing hidden in it. */
function nameInput(messages: { required: string; tooLong: string }) {
  return requiredText(PROFILE_LIMITS.nameMax, messages).refine(
    (value) => !HIDDEN_CHARACTERS.test(value),
    profileMessages.nameHiddenCharacters,
  );
}

/** Trimmed and lower-cased before the checks: usernames are stored lower case. */
export const usernameInput = z
  .string({ error: profileMessages.usernameTooShort })
  .trim()
  .toLowerCase()
  .min(PROFILE_LIMITS.usernameMin, profileMessages.usernameTooShort)
  .max(PROFILE_LIMITS.usernameMax, profileMessages.usernameTooLong)
  .regex(/^[a-z0-9_]+$/, profileMessages.usernameFormat);

export const profileSetupInput = z.object({
  firstName: nameInput({
    required: profileMessages.firstNameRequired,
    tooLong: profileMessages.firstNameTooLong,
  }),
  lastName: nameInput({
    required: profileMessages.lastNameRequired,
    tooLong: profileMessages.lastNameTooLong,
  }),
  username: usernameInput,
  bio: optionalText(PROFILE_LIMITS.bioMax, profileMessages.bioTooLong),
  /** An address returned by the avatar upload; null removes the picture. */
  avatarUrl: z
    .string()
    .trim()
    .max(2048)
    .nullish()
    .transform((value) => (value ? value : null)),
  location: optionalText(PROFILE_LIMITS.locationMax, profileMessages.locationTooLong),
});

export type ProfileSetupInput = z.input<typeof profileSetupInput>;

export type ProfileSetupValues = z.output<typeof profileSetupInput>;

/** full_name is first and last name joined by a space. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** After sign-in, /setup while full_name is empty or the username is still temporary. */
export function needsProfileSetup(profile: {
  fullName: string | null;
  username: string | null;
}): boolean {
  return !profile.fullName?.trim() || isTemporaryUsername(profile.username);
}

export const roles = ["admin", "moderator", "user"] as const;

export type Role = (typeof roles)[number];

/** A person's public profile; `GET /api/me` and `PUT /api/profile` answer with it. */
export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string(),
  fullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  /** Private Profile: only approved followers see what they write. */
  isPrivate: z.boolean(),
});

export type ProfileDto = z.infer<typeof profileSchema>;

/** Account facts of the signed-in person (not part of the public profile). */
const sessionUserSchema = z.object({
  id: z.string(),
  /** null for phone accounts (they only have a placeholder address). */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/me: who is signed in, their profile and role. */
export const meSchema = z.object({
  user: sessionUserSchema,
  profile: profileSchema,
  role: z.enum(roles),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  /** True once, on the first answer after a sign-in cancelled the account's deletion. */
  accountRestored: z.boolean(),
});

export type MeDto = z.infer<typeof meSchema>;

export const usernameAvailabilitySchema = z.object({ available: z.boolean() });

export type UsernameAvailabilityDto = z.infer<typeof usernameAvailabilitySchema>;

/** POST /api/profile/avatar: the stored picture's address, applied by the next profile save. */
export const avatarUploadSchema = z.object({ avatarUrl: z.string() });

export type AvatarUploadDto = z.infer<typeof avatarUploadSchema>;

/** The counts a profile header shows; reviews are dish + restaurant reviews. Hidden items never count. */
const profileCountsSchema = z.object({
  reviews: z.number().int(),
  dishReviews: z.number().int(),
  restaurantReviews: z.number().int(),
  posts: z.number().int(),
  /** Their deals, ended and reported gone ones included (the profile still shows those). */
  deals: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
});

export type ProfileCounts = z.infer<typeof profileCountsSchema>;

/**
 * GET /api/profiles/:handle (username, slug or id; a leading @ is dropped): a profile page's
 * header.
 */
export const profilePageSchema = z.object({
  profile: profileSchema,
  counts: profileCountsSchema,
  /** Whether the signed-in viewer follows them; null for visitors and on your own profile. */
  followedByMe: z.boolean().nullable(),
  isOwn: z.boolean(),
  /** Block and mute between the viewer and this person; null for visitors and yourself. */
  viewerRelation: viewerRelationSchema.nullable(),
  /** Whether the owner shows their Stats tab to others (the owner always sees it). */
  statsPublic: z.boolean(),
  /**
   * Whether the viewer may see what the person writes: false for a private account to anyone
   * but its owner and approved followers, whose page then shows only name, photo and counts.
   */
  contentVisible: z.boolean(),
  /** Whether the viewer's request to follow this private account waits; null for visitors and yourself. */
  requestedByMe: z.boolean().nullable(),
});

export type ProfilePageDto = z.infer<typeof profilePageSchema>;

export type ProfileTab = (typeof profileTabs)[number];

/**
 * GET /api/profiles/:id/items: one tab of a profile, keyset paged. `q` searches the tab's titles
 * and texts (reviews: dish or restaurant name and review; posts: title and content; deals: what
 * the deal is and its details). Deals that ended or were reported gone are still listed here.
 */
export const profileItemsQuery = pageQuery.extend({
  tab: z.enum(profileTabs),
  sort: z.enum(itemSorts).default("recent"),
  q: searchText,
});

/** A page of one profile tab: reviews for dishes and restaurants, posts for posts, deals. */
export const profileItemsPageSchema = pageSchema(itemSchema);

export type ProfileItemsPage = z.infer<typeof profileItemsPageSchema>;
