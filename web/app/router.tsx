import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { screenRoutes } from "#domain/screen-paths.ts";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { LandingPage } from "#web/features/landing/components/landing-page.tsx";
import { appConfigQuery } from "#web/lib/app-config.ts";
import { queryClient } from "#web/lib/query-client.ts";
import { RequireAuth, RequireModerator } from "./guards.tsx";
import { RootRoute } from "./root-route.tsx";
import { RouteErrorPage } from "./route-error-page.tsx";
import { loadScreenStyles } from "./screen-styles.ts";

type Access = "public" | "signed-in" | "moderator";

/**
 * A screen loaded on demand behind its guard. Only the landing page ships in the first bundle
 * (budget: 180 kB gzip JS, 40 kB gzip CSS); every other screen is its own chunk, fetched when
 * first visited, with the Mantine styles the landing page does without asked for first.
 */
function screen(load: () => Promise<ComponentType>, access: Access = "public") {
  return async () => {
    const styles = loadScreenStyles();
    const Screen = await load();
    await styles;
    if (access === "public") return { Component: Screen };
    const Guard = access === "moderator" ? RequireModerator : RequireAuth;
    return {
      Component: () => (
        <Guard>
          <Screen />
        </Guard>
      ),
    };
  };
}

/**
 * The route table (domain/screen-paths.ts, which the server reads too). Public pages stand alone; in-app screens share the
 * navigation frame. /feed is public and read-only for visitors (docs/decisions/0003). The
 * browser's router is made from it in main.tsx, the build's prerendered landing page in
 * prerender.tsx.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: screenRoutes.landing, element: <LandingPage /> },
      {
        path: screenRoutes.auth,
        // Which sign-in methods exist is known before the card renders, so it never jumps. A
        // failed read is not fatal: the page then offers email and phone only.
        loader: () => queryClient.ensureQueryData(appConfigQuery).catch(() => null),
        lazy: screen(
          async () => (await import("#web/features/auth/components/auth-page.tsx")).AuthPage,
        ),
      },
      {
        path: screenRoutes.authCallback,
        lazy: screen(
          async () =>
            (await import("#web/features/auth/components/auth-callback-page.tsx")).AuthCallbackPage,
        ),
      },
      {
        path: screenRoutes.resetPassword,
        lazy: screen(
          async () =>
            (await import("#web/features/auth/components/reset-password-page.tsx"))
              .ResetPasswordPage,
        ),
      },
      {
        path: screenRoutes.terms,
        lazy: screen(
          async () => (await import("#web/features/legal/components/terms-page.tsx")).TermsPage,
        ),
      },
      {
        path: screenRoutes.install,
        lazy: screen(
          async () =>
            (await import("#web/features/install/components/install-page.tsx")).InstallPage,
        ),
      },
      {
        path: screenRoutes.setup,
        lazy: screen(
          async () => (await import("#web/features/profile/components/setup-page.tsx")).SetupPage,
          "signed-in",
        ),
      },
      {
        path: screenRoutes.admin,
        lazy: screen(
          async () => (await import("#web/features/admin/components/admin-page.tsx")).AdminPage,
          "moderator",
        ),
      },
      {
        // The navigation frame is no part of the landing page's first bundle either.
        lazy: screen(async () => (await import("./app-layout.tsx")).AppLayout),
        children: [
          {
            path: screenRoutes.feed,
            lazy: screen(
              async () => (await import("#web/features/feed/components/feed-page.tsx")).FeedPage,
            ),
          },
          {
            path: screenRoutes.explore,
            lazy: screen(
              async () =>
                (await import("#web/features/explore/components/explore-page.tsx")).ExplorePage,
            ),
          },
          ...[screenRoutes.userProfile, screenRoutes.profileByHandle].map((path) => ({
            path,
            lazy: screen(
              async () =>
                (await import("#web/features/profile/components/profile-page.tsx")).ProfilePage,
            ),
          })),
          ...[screenRoutes.restaurant, screenRoutes.restaurantBySlug].map((path) => ({
            path,
            lazy: screen(
              async () =>
                (await import("#web/features/restaurants/components/restaurant-page.tsx"))
                  .RestaurantPage,
            ),
          })),
          {
            path: screenRoutes.list,
            lazy: screen(
              async () =>
                (await import("#web/features/list-page/components/list-page.tsx")).ListPage,
            ),
          },
          {
            path: screenRoutes.ownProfile,
            lazy: screen(
              async () =>
                (await import("#web/features/profile/components/profile-page.tsx")).ProfilePage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.ownMap,
            lazy: screen(
              async () =>
                (await import("#web/features/food-map/components/food-map-page.tsx")).OwnMapPage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.userMap,
            lazy: screen(async () => (await import("./user-map-screen.tsx")).UserMapScreen),
          },
          {
            path: screenRoutes.userYear,
            lazy: screen(async () => (await import("./user-year-screen.tsx")).UserYearScreen),
          },
          {
            path: screenRoutes.newReview,
            lazy: screen(
              async () =>
                (await import("#web/features/reviews/components/new-review-page.tsx"))
                  .NewReviewPage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.view,
            lazy: screen(
              async () =>
                (await import("#web/features/items/components/view-item-page.tsx")).ViewItemPage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.notifications,
            lazy: screen(
              async () =>
                (await import("#web/features/notifications/components/notifications-page.tsx"))
                  .NotificationsPage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.security,
            lazy: screen(
              async () =>
                (await import("#web/features/settings/components/security-page.tsx")).SecurityPage,
              "signed-in",
            ),
          },
          {
            path: screenRoutes.privacy,
            lazy: screen(
              async () =>
                (await import("#web/features/settings/components/privacy-page.tsx")).PrivacyPage,
              "signed-in",
            ),
          },
        ],
      },
      {
        path: "*",
        lazy: screen(
          async () =>
            (await import("#web/features/not-found/components/not-found-page.tsx")).NotFoundPage,
        ),
      },
    ],
  },
];
