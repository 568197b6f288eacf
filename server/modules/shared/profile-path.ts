import { z } from "zod";
import { pathSegment } from "#domain/text-input.ts";
import { ApiError } from "#server/http/errors.ts";

// A person named in a path, as every module answering about someone's profile takes it.

/**
 * A profile id in a path (ids are the auth service's text ids, not UUIDs); anything unknown is a
 * 404 like a missing profile.
 */
export const profileIdParams = z.object({ id: pathSegment });

const USER_NOT_FOUND_MESSAGE = "User not found";

/**
 * The one answer for a person the caller may not see: unknown, in a block with them or waiting
 * to be deleted all look the same.
 */
export function profileNotFound(): ApiError {
  return ApiError.notFound(USER_NOT_FOUND_MESSAGE);
}
