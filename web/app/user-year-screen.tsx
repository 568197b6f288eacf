import { UserNotFound } from "#web/features/profile/components/user-not-found.tsx";
import { YearInFoodPage } from "#web/features/year-in-food/components/year-in-food-page.tsx";

/**
 * /user/:handle/year/:year: a person's Year in Food, with the profile's own "not found" page for
 * an unknown handle (composed here: one feature never shows another's components).
 */
export function UserYearScreen() {
  return <YearInFoodPage notFound={<UserNotFound />} />;
}
