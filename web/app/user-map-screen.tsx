import { useParams } from "react-router";
import { UserMapPage } from "#web/features/food-map/components/food-map-page.tsx";
import { useProfileByHandle } from "#web/features/profile/api/profile-queries.ts";
import { UserNotFound } from "#web/features/profile/components/user-not-found.tsx";

/**
 * /user/:handle/map: someone's food map, with the person read and the profile's own "not found"
 * page for an unknown handle (composed here: the map never reaches into the profile feature).
 */
export function UserMapScreen() {
  const { handle = "" } = useParams();
  const profile = useProfileByHandle(handle);
  return <UserMapPage profile={profile} notFound={<UserNotFound />} />;
}
