import { PageHeader } from "#web/components/page-header.tsx";
import { UserNotFound } from "./user-not-found.tsx";

/**
 * Public profile at /user/{handle} and /profile/{handleOrId}, and the own profile at /profile
 * (spec 2 "Profile"). Profiles are looked up once accounts exist; until then none can be found.
 */
export function ProfilePage() {
  return (
    <>
      <PageHeader title="Profile" />
      <UserNotFound />
    </>
  );
}
