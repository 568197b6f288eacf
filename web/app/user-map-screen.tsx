import { UserMapPage } from "#web/features/food-map/components/food-map-page.tsx";
import { UserNotFound } from "#web/features/profile/components/user-not-found.tsx";

/**
 * /user/:handle/map: someone's food map, with the profile's own "not found" page for an unknown
 * handle (composed here: one feature never shows another's components).
 */
export function UserMapScreen() {
  return <UserMapPage notFound={<UserNotFound />} />;
}
