// People for moderation tests: one of each role, signed in.
import type { FastifyInstance } from "fastify";
import { type SignedIn, signUpWithProfile } from "./auth-helpers.ts";
import { setRole } from "./factories.ts";

export interface Staff {
  /** A signed-in person without a role. */
  user: SignedIn;
  moderator: SignedIn;
  admin: SignedIn;
}

/** Signs up a plain user (@plain), a moderator (@maria) and an admin (@alex), profiles set up. */
export async function signUpStaff(app: FastifyInstance): Promise<Staff> {
  const user = await signUpWithProfile(app, { username: "plain" });
  const moderator = await signUpWithProfile(app, { username: "maria" });
  const admin = await signUpWithProfile(app, { username: "alex" });
  await setRole(app.database.db, moderator.userId, "moderator");
  await setRole(app.database.db, admin.userId, "admin");
  return { user, moderator, admin };
}
