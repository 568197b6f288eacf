import { useParams } from "react-router";
import { useProfileByHandle } from "#web/features/profile/api/profile-queries.ts";
import { UserNotFound } from "#web/features/profile/components/user-not-found.tsx";
import { YearInFoodPage } from "#web/features/year-in-food/components/year-in-food-page.tsx";

/**
 * /user/:handle/year/:year: a person's Year in Food, with the person read and the profile's own
 * "not found" page for an unknown handle (composed here: the profile composes Year in Food, so
 * Year in Food never reaches into the profile feature).
 */
export function UserYearScreen() {
  const { handle = "" } = useParams();
  const profile = useProfileByHandle(handle);
  return <YearInFoodPage profile={profile} notFound={<UserNotFound />} />;
}
