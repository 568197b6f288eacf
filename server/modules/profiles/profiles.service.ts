import {
  fullName,
  isReservedUsername,
  type MeDto,
  type ProfileDto,
  type ProfileSetupValues,
  type Role,
  type SessionUser,
} from "#domain/profile.ts";
import { profileMessages } from "#domain/profile-rules.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Profile } from "#server/db/schema/profiles.ts";
import { ApiError } from "#server/http/errors.ts";
import { encodeUploadedImage } from "#server/http/upload-body.ts";
import type { ImageJobs } from "#server/media/images.ts";
import { randomName, type Storage } from "#server/media/storage.ts";
import {
  type AccountIdentity,
  ensureCallerProfile,
  isAdminIdentity,
  provisionAccount,
} from "#server/modules/shared/accounts.ts";
import { claimAvatarUpload, recordAvatarUpload } from "#server/modules/shared/avatar-uploads.ts";
import {
  findRole,
  promoteToAdmin,
  slugTakenByOther,
  updateProfileRow,
  usernameOwner,
} from "./profiles.queries.ts";

export interface ProfileContext {
  db: Database;
  user: SessionUser;
  adminEmails: readonly string[];
  storage: Storage;
  images: ImageJobs;
  log: { warn(obj: object, msg: string): void };
}

function toProfileDto(profile: Profile): ProfileDto {
  return {
    id: profile.id,
    username: profile.username,
    slug: profile.slug,
    fullName: profile.fullName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio,
    avatarUrl: profile.avatarUrl,
    location: profile.location,
    isPrivate: profile.isPrivate,
  };
}

/** After an email is verified: an ADMIN_EMAILS address becomes admin. */
export async function promoteVerifiedAdmin(
  db: Database,
  user: AccountIdentity,
  adminEmails: readonly string[],
): Promise<void> {
  if (!isAdminIdentity({ ...user, emailVerified: true }, adminEmails)) return;
  await provisionAccount(db, { ...user, emailVerified: true }, adminEmails);
  await promoteToAdmin(db, user.id);
}

/** A person's role; someone without a role row is a plain user. */
export async function findUserRole(db: Executor, userId: string): Promise<Role> {
  return (await findRole(db, userId)) ?? "user";
}

/** What a role may do: admins can do everything moderators can. */
export function roleFlags(role: Role): { isAdmin: boolean; isModerator: boolean } {
  return { isAdmin: role === "admin", isModerator: role === "admin" || role === "moderator" };
}

/** /api/me but for `accountRestored`, which its route adds (account-deletion's restoredStatus). */
export async function getMe(ctx: ProfileContext): Promise<Omit<MeDto, "accountRestored">> {
  const profile = await ensureCallerProfile(ctx.db, ctx.user, ctx.adminEmails);
  const role = await findUserRole(ctx.db, ctx.user.id);
  return { user: ctx.user, profile: toProfileDto(profile), role, ...roleFlags(role) };
}

/** `username` is already validated and lower-cased. Your own username counts as available. */
export async function isUsernameAvailable(
  db: Database,
  username: string,
  currentUserId: string | undefined,
): Promise<boolean> {
  const owner = await usernameOwner(db, username);
  // A reserved name reads as taken, except to someone who already holds it.
  if (isReservedUsername(username)) return owner !== undefined && owner === currentUserId;
  return owner === undefined || owner === currentUserId;
}

/** The user slug is the username; -2, -3 … only if another profile holds it. */
async function uniqueSlug(db: Database, username: string, userId: string): Promise<string> {
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? username : `${username}-${suffix}`;
    if (!(await slugTakenByOther(db, candidate, userId))) return candidate;
  }
}

export async function updateProfile(
  ctx: ProfileContext,
  input: ProfileSetupValues,
): Promise<ProfileDto> {
  const current = await ensureCallerProfile(ctx.db, ctx.user, ctx.adminEmails);
  let newAvatarKey: string | undefined;
  if (input.avatarUrl !== null && input.avatarUrl !== current.avatarUrl) {
    const key = ctx.storage.keyFromUrl(input.avatarUrl);
    // Only a picture this user uploaded: a body never points the avatar at someone else's
    // file or at another site.
    if (!key?.startsWith(`avatars/${ctx.user.id}/`)) throw invalidAvatar();
    newAvatarKey = key;
  }
  const usernameChanged = input.username !== current.username;
  if (usernameChanged && isReservedUsername(input.username)) {
    throw ApiError.conflict(profileMessages.usernameTaken, "USERNAME_TAKEN");
  }
  let updated: Profile | undefined;
  for (let attempt = 0; ; attempt++) {
    const slug = usernameChanged
      ? await uniqueSlug(ctx.db, input.username, ctx.user.id)
      : current.slug;
    try {
      updated = await ctx.db.transaction(async (tx) => {
        // The new picture leaves the pending uploads with the save, so the sweep of unsaved
        // avatars never takes a saved one; one no longer pending was swept with its file.
        if (newAvatarKey && !(await claimAvatarUpload(tx, ctx.user.id, newAvatarKey))) {
          throw invalidAvatar();
        }
        return updateProfileRow(tx, ctx.user.id, {
          username: input.username,
          slug,
          firstName: input.firstName,
          lastName: input.lastName,
          fullName: fullName(input.firstName, input.lastName),
          bio: input.bio,
          avatarUrl: input.avatarUrl,
          location: input.location,
        });
      });
      break;
    } catch (error) {
      if (isUniqueViolation(error, "profiles_username_unique")) {
        throw ApiError.conflict(profileMessages.usernameTaken, "USERNAME_TAKEN");
      }
      // Someone took the slug between the check and the write: pick again.
      if (isUniqueViolation(error, "profiles_slug_unique") && attempt < 3) continue;
      throw error;
    }
  }
  if (!updated) throw ApiError.notFound("Profile not found");
  if (current.avatarUrl && current.avatarUrl !== updated.avatarUrl) {
    await deleteOwnAvatar(ctx, current.avatarUrl);
  }
  return toProfileDto(updated);
}

const invalidAvatar = () => ApiError.badRequest("Avatar must be uploaded first", "INVALID_AVATAR");

async function deleteOwnAvatar(ctx: ProfileContext, url: string): Promise<void> {
  const key = ctx.storage.keyFromUrl(url);
  if (!key?.startsWith(`avatars/${ctx.user.id}/`)) return;
  await ctx.storage.delete(key).catch((error: unknown) => {
    ctx.log.warn({ err: error, key }, "deleting the previous avatar failed");
  });
}

/**
 * Stores a new avatar and returns its address. The profile keeps its old picture until
 * PUT /api/profile saves the new address.
 */
export async function uploadAvatar(
  ctx: ProfileContext,
  file: Buffer,
): Promise<{ avatarUrl: string }> {
  const encoded = await encodeUploadedImage(
    () => ctx.images.encodeAvatar(file),
    profileMessages.avatarInvalidType,
  );
  const key = `avatars/${ctx.user.id}/${randomName()}.webp`;
  // Recorded before the file is written, so no file is left that no row names: an avatar never
  // saved is swept with its file, and an erasure finds it meanwhile.
  await recordAvatarUpload(ctx.db, ctx.user.id, key);
  const { url } = await ctx.storage.put(key, encoded.data, encoded.contentType);
  return { avatarUrl: url };
}
